/**
 * The reference host: HTTP API and delivery worker in one process, over one pool.
 *
 * @module
 */

import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import {
  PostgresApiKeyChangeFeed,
  PostgresUnitOfWork,
  pendingMigrations,
  pingDatabase,
} from "@marketplace/adapters-postgres";
import { createMarketplace, type Logger } from "@marketplace/core";
import { createApp } from "@marketplace/http";
import { type DeliveryWorker, runDeliveryWorker } from "@marketplace/worker";
import type { ServerConfig } from "./config.ts";
import { type OpenDatabase, openDatabase } from "./database.ts";
import { trackConnections } from "./http-drain.ts";
import { formatSeededKeys, seedDemoData } from "./seed.ts";

/** A started host. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:3000`. */
  url: string;
  /**
   * Deploy-safe stop: readiness answers 503 at once; after `shutdownDelayMs` the listener closes;
   * requests in flight finish (with `Connection: close`), idle keep-alive sockets close; then the
   * worker hands its jobs back, the pool closes, and the embedded PostgreSQL stops.
   */
  stop(): Promise<void>;
  /** What `/ready` reports now. */
  readiness(): Promise<Readiness>;
}

/** The host's readiness: whether it should be sent traffic, and why not. */
export interface Readiness {
  ready: boolean;
  checks: {
    database: "up" | "down";
    migrations: "current" | "pending" | "unknown";
    worker: "running" | "restarting" | "stopping" | "stopped" | "disabled";
    draining: boolean;
  };
}

/** What `startServer` takes besides the configuration and the logger. */
export interface StartServerOptions {
  version: string;
  /** Where the start banner (the demo keys) goes; default `console.log`. */
  print?: (text: string) => void;
  /**
   * Adds routes to the app before it listens (dev mode mounts its webhook inbox here). Called once,
   * after the API's own routes.
   */
  extendApp?: (
    app: ReturnType<typeof createApp>,
    context: { marketplace: ReturnType<typeof createMarketplace> },
  ) => void | Promise<void>;
}

const SWAGGER_FILES: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

/** Starts the host; on a failure halfway, everything started so far is stopped again. */
export async function startServer(
  config: ServerConfig,
  logger: Logger,
  options: StartServerOptions,
): Promise<RunningServer> {
  const database: OpenDatabase = await openDatabase(config, logger, { applicationName: "marketplace-server" });
  let worker: DeliveryWorker | null = null;
  let keyChanges: PostgresApiKeyChangeFeed | null = null;
  try {
    if (config.webhookAllowLoopback) {
      logger.warn(
        "webhooks may target loopback and http://localhost (MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK): development only",
      );
    }
    // The worker starts before the use cases exist; its scheduled checkpoints find them here.
    let checkpointAll: () => Promise<number> = async () => 0;
    if (config.worker) {
      worker = await runDeliveryWorker({
        pgPool: database.pool,
        logger,
        concurrency: config.workerConcurrency,
        allowLoopback: config.webhookAllowLoopback,
        consentCheckpoints: { run: () => checkpointAll(), schedule: config.consentCheckpointSchedule },
      });
    }
    const currentWorker = worker;
    const unitOfWork = new PostgresUnitOfWork({ db: database.db, onEventsCommitted: () => currentWorker?.nudge() });
    // Authenticated keys stay in memory; revocations reach every process through LISTEN/NOTIFY.
    keyChanges =
      config.apiKeyCacheTtlMs > 0 ? await PostgresApiKeyChangeFeed.start({ pool: database.pool, logger }) : null;
    const marketplace = createMarketplace({
      unitOfWork,
      logger,
      ...(keyChanges && { apiKeyCache: { changes: keyChanges, ttlMs: config.apiKeyCacheTtlMs } }),
      ...(config.consentSigningKey && { consentSigningKey: config.consentSigningKey }),
    });
    checkpointAll = () => marketplace.consentEvidence.checkpointAll();
    // The consent signing key exists from the first start on (generated and stored unless configured).
    const signingKey = await marketplace.consentEvidence.ensureSigningKey();
    logger.info("consent signing key", { kid: signingKey.kid, configured: config.consentSigningKey !== null });

    const app = createApp({
      marketplace,
      logger,
      checkHealth: () => pingDatabase(database.db),
      adminToken: config.adminToken,
      service: { name: "marketplace-service", version: options.version },
      apiReference: { assetsUrl: "/docs/assets" },
      allowLoopbackWebhooks: config.webhookAllowLoopback,
      // The socket's peer keys the public rate limits; X-Forwarded-For only over trusted proxy hops.
      clientIp: (c) => getConnInfo(c).remote.address,
      trustProxyHops: config.trustProxyHops,
    });
    const swaggerDir = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
    const assets = new Map<string, Promise<Buffer>>();
    app.get("/docs/assets/:file", async (c) => {
      const file = c.req.param("file");
      const type = SWAGGER_FILES[file];
      if (!type) return c.notFound();
      if (!assets.has(file)) assets.set(file, readFile(join(swaggerDir, file)));
      const body = await (assets.get(file) as Promise<Buffer>);
      return c.body(new Uint8Array(body), 200, { "content-type": type, "cache-control": "public, max-age=86400" });
    });

    await options.extendApp?.(app, { marketplace });

    let draining = false;
    const readiness = async (): Promise<Readiness> => {
      const [databaseState, migrations] = await Promise.all([
        pingDatabase(database.db).then(
          () => "up" as const,
          () => "down" as const,
        ),
        pendingMigrations(database.db).then(
          (pending) => (pending.length === 0 ? ("current" as const) : ("pending" as const)),
          () => "unknown" as const,
        ),
      ]);
      const workerState = worker ? worker.status().state : ("disabled" as const);
      const ready =
        !draining &&
        databaseState === "up" &&
        migrations === "current" &&
        (workerState === "running" || workerState === "disabled");
      return { ready, checks: { database: databaseState, migrations, worker: workerState, draining } };
    };
    // Readiness (for a load balancer or Kubernetes' readinessProbe); /health stays liveness.
    app.get("/ready", async (c) => {
      const report = await readiness();
      return c.json({ status: report.ready ? "ready" : "not_ready", ...report.checks }, report.ready ? 200 : 503, {
        "cache-control": "no-store",
      });
    });

    // Seed before listening: the server takes no request until it is ready.
    const seeded = config.seed ? await seedDemoData(marketplace, database) : null;

    let connections: ReturnType<typeof trackConnections> | null = null;
    const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
      // Before the first connection: every socket and request is tracked for the drain.
      connections = trackConnections(s as unknown as import("node:http").Server);
      s.once("error", reject);
    });
    const drain = connections as unknown as ReturnType<typeof trackConnections>;
    const address = server.address() as AddressInfo;
    const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
    const url = `http://${shownHost}:${address.port}`;
    if (seeded) (options.print ?? console.log)(formatSeededKeys(seeded, url));
    logger.info("listening", {
      url,
      port: address.port,
      worker: config.worker,
      embeddedPostgres: database.embedded !== null,
    });

    let stopping: Promise<void> | null = null;
    const stop = () => {
      stopping ??= (async () => {
        draining = true;
        logger.info("shutting down: readiness answers 503", { shutdownDelayMs: config.shutdownDelayMs });
        // Time for load balancers to see /ready fail and stop sending new connections.
        if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
        const { forced } = await drain.drain(config.shutdownTimeoutMs);
        if (forced > 0) {
          logger.warn("drain timeout: closed connections with requests still in flight", {
            connections: forced,
            timeoutMs: config.shutdownTimeoutMs,
          });
        }
        logger.info("HTTP drained; stopping the delivery worker");
        await worker?.stop();
        await keyChanges?.close();
        await database.close();
        logger.info("stopped");
      })();
      return stopping;
    };
    return { url, stop, readiness };
  } catch (error) {
    await worker?.stop().catch(() => {});
    await keyChanges?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}
