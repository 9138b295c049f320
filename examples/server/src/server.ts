/**
 * The reference host: HTTP API and delivery worker in one process, over one pool.
 *
 * @module
 */

import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import {
  createDatabase,
  createPool,
  PostgresApiKeyChangeFeed,
  PostgresUnitOfWork,
  pendingMigrations,
  pingDatabase,
} from "@marketplace/adapters-postgres";
import { createMarketplace, type Logger, type Mailer } from "@marketplace/core";
import { argon2idPasswordHasher, createDashboard, otpauthTotp } from "@marketplace/dashboard";
import { createApp, resolveClientIp, traceUseCases } from "@marketplace/http";
import { type DeliveryWorker, runDeliveryWorker } from "@marketplace/worker";
import type { SpanExporter } from "@opentelemetry/sdk-trace";
import type { ServerConfig } from "./config.ts";
import { type OpenDatabase, openDatabase } from "./database.ts";
import { trackConnections } from "./http-drain.ts";
import { createHostMailer } from "./mailer.ts";
import { createHostMetrics, type MetricsServer, serveMetrics } from "./metrics.ts";
import { resolveSecretKey, sealSecretsAtStart } from "./secret-key.ts";
import { formatSeededKeys, formatSeededKeysFile, seedDemoData } from "./seed.ts";
import { startTracing, type Tracing } from "./tracing.ts";

/** A started host. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:3000`. */
  url: string;
  /** Where the Prometheus metrics are served, e.g. `http://127.0.0.1:9464/metrics`; null when off. */
  metricsUrl: string | null;
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
  /** Sends the dashboard's e-mails instead of the configured one (dev mode: its inbox's mail tab). */
  mailer?: Mailer;
  /**
   * Registers tracing with this exporter (spans sent one by one), whatever the OTEL_* variables say:
   * tests pass an in-memory exporter. The provider is registered globally for the process.
   */
  spanExporter?: SpanExporter;
}

/** Starts the host; on a failure halfway, everything started so far is stopped again. */
export async function startServer(
  config: ServerConfig,
  logger: Logger,
  options: StartServerOptions,
): Promise<RunningServer> {
  // Secrets at rest: the key-encryption key, or a warning (a refusal in production) before anything starts.
  const secretKeyring = await resolveSecretKey(config, logger);
  // Before anything runs a query: spans need the provider and the context manager in place.
  const tracingConfig =
    config.tracing ??
    (options.spanExporter
      ? { tracesEndpoint: "", serviceName: "marketplace-service", sampler: "always_on" as const, samplerRatio: 1 }
      : null);
  const tracing: Tracing | null = tracingConfig
    ? startTracing(tracingConfig, options.version, options.spanExporter)
    : null;
  let database: OpenDatabase;
  try {
    database = await openDatabase(config, logger, { applicationName: "marketplace-server" });
  } catch (error) {
    await tracing?.shutdown();
    throw error;
  }
  let worker: DeliveryWorker | null = null;
  let keyChanges: PostgresApiKeyChangeFeed | null = null;
  let metricsServer: MetricsServer | null = null;
  // Catalog and public offer reads on a second pool when DATABASE_READ_URL is set (a replica).
  const readPool = config.databaseReadUrl
    ? createPool({
        connectionString: config.databaseReadUrl,
        max: config.readPoolSize,
        logger,
        applicationName: "marketplace-server-read",
      })
    : null;
  const readDb = readPool ? createDatabase(readPool) : null;
  try {
    const metrics = config.metrics
      ? createHostMetrics({
          db: database.db,
          pool: database.pool,
          pools: { primary: database.pool, ...(readPool && { read: readPool }) },
          logger,
        })
      : null;
    await sealSecretsAtStart(database.db, secretKeyring, logger);
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
        secretKeyring,
        consentCheckpoints: { run: () => checkpointAll(), schedule: config.consentCheckpointSchedule },
        // Events and delivery records kept 30 days (the events API's window), pruned every 10 min
        // by default (MARKETPLACE_RETENTION_SCHEDULE; off: another process prunes, as bench:prune).
        ...(config.retentionSchedule && { retention: { schedule: config.retentionSchedule } }),
        ...(metrics && { observer: metrics.delivery }),
      });
    }
    const currentWorker = worker;
    const unitOfWork = new PostgresUnitOfWork({
      db: database.db,
      secretKeyring,
      ...(readDb && { readDb }),
      onEventsCommitted: () => currentWorker?.nudge(),
    });
    // Authenticated keys stay in memory; revocations reach every process through LISTEN/NOTIFY.
    keyChanges =
      config.apiKeyCacheTtlMs > 0 ? await PostgresApiKeyChangeFeed.start({ pool: database.pool, logger }) : null;
    const untraced = createMarketplace({
      unitOfWork,
      logger,
      ...(keyChanges && { apiKeyCache: { changes: keyChanges, ttlMs: config.apiKeyCacheTtlMs } }),
      ...(config.consentSigningKey && { consentSigningKey: config.consentSigningKey }),
      members: { passwordHasher: argon2idPasswordHasher(), totp: otpauthTotp() },
    });
    // A span per use case call, only when tracing is registered (otherwise the wrapper is pure cost).
    const marketplace = tracing ? traceUseCases(untraced) : untraced;
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
      allowLoopbackWebhooks: config.webhookAllowLoopback,
      // The socket's peer keys the public rate limits; X-Forwarded-For only over trusted proxy hops.
      clientIp: (c) => getConnInfo(c).remote.address,
      trustProxyHops: config.trustProxyHops,
      optInRateLimits: config.optInRateLimits,
      strictTransportSecurity: config.strictTransportSecurity,
      ...(metrics && { observer: metrics.http }),
      ...(config.publicUrl && { dashboardUrl: `${config.publicUrl}/dashboard` }),
    });
    // The team dashboard at /dashboard: its own app (own headers, CSP, log lines without secrets).
    const dashboard = createDashboard({
      marketplace,
      basePath: "/dashboard",
      logger,
      secureCookies: !config.dashboardInsecureCookies,
      ...(config.publicUrl && { publicUrl: config.publicUrl }),
      mailer: options.mailer ?? createHostMailer(config, logger),
      clientIp: (c) =>
        resolveClientIp(c, { clientIp: (cc) => getConnInfo(cc).remote.address, trustProxyHops: config.trustProxyHops }),
    });
    const fetchRequest: typeof app.fetch = (request, ...rest) =>
      isDashboardUrl(request.url) ? dashboard.fetch(request, ...rest) : app.fetch(request, ...rest);

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
    // Demo data only into the embedded database this process runs, unless MARKETPLACE_SEED says so:
    // an empty production DATABASE_URL never gets demo teams with live keys by default.
    const seed = config.seed ?? database.embedded !== null;
    const seeded = seed ? await seedDemoData(marketplace, database, { keysFile: config.demoKeysFile }) : null;

    // Metrics on a listener of their own (loopback by default), never on the API's port.
    metricsServer = metrics && config.metrics ? await serveMetrics(metrics, config.metrics) : null;
    let connections: ReturnType<typeof trackConnections> | null = null;
    // Requests pass the drain's gate: held while a shutdown waits for the wire to be quiet.
    let handle: typeof app.fetch = fetchRequest;
    const fetch: typeof app.fetch = (request, env, ctx) => handle(request, env, ctx);
    const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const s = serve({ fetch, port: config.port, hostname: config.host }, () => resolve(s));
      // Before the first connection: every socket and request is tracked for the drain.
      const tracked = trackConnections(s as unknown as import("node:http").Server);
      connections = tracked;
      handle = tracked.gate(fetchRequest);
      s.once("error", reject);
    });
    const drain = connections as unknown as ReturnType<typeof trackConnections>;
    const address = server.address() as AddressInfo;
    const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
    const url = `http://${shownHost}:${address.port}`;
    // The keys on stdout only with the embedded database (a machine of one's own); otherwise the file.
    if (seeded) {
      (options.print ?? console.log)(
        database.embedded ? formatSeededKeys(seeded, url, config.publicUrl ?? url) : formatSeededKeysFile(seeded),
      );
    }
    logger.info("listening", {
      url,
      port: address.port,
      metricsUrl: metricsServer?.url ?? null,
      worker: config.worker,
      embeddedPostgres: database.embedded !== null,
      readPool: readPool !== null,
      tracing: tracing !== null,
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
        await metricsServer?.close();
        await readDb?.destroy();
        await database.close();
        await tracing?.shutdown();
        logger.info("stopped");
      })();
      return stopping;
    };
    return { url, metricsUrl: metricsServer?.url ?? null, stop, readiness };
  } catch (error) {
    await worker?.stop().catch(() => {});
    await keyChanges?.close().catch(() => {});
    await metricsServer?.close().catch(() => {});
    await readDb?.destroy().catch(() => {});
    await database.close().catch(() => {});
    await tracing?.shutdown();
    throw error;
  }
}

/** True for `/dashboard` and `/dashboard/…` (checked on the URL string: no parse on the API's hot path). */
export function isDashboardUrl(url: string): boolean {
  const path = url.indexOf("/", url.indexOf("//") + 2);
  if (path < 0 || !url.startsWith("/dashboard", path)) return false;
  const next = url.charAt(path + 10);
  return next === "" || next === "/" || next === "?";
}
