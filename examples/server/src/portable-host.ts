/**
 * The host's core without Node's HTTP server: the marketplace, its app and the delivery worker over
 * DATABASE_URL, for the hosts of other runtimes (examples/deno-server on `Deno.serve`,
 * examples/bun-server on `Bun.serve`). Nothing here is Node-only: the runtime hands its own
 * listener, client address and signals to the caller.
 *
 * Configuration is the reference host's (`loadConfig`), less what needs Node: DATABASE_URL is
 * required (no embedded PostgreSQL), no demo seed. `/docs` serves Swagger UI from the installed
 * swagger-ui-dist on these runtimes too (`createApp` reads it with Deno's or Bun's file API).
 *
 * @module
 */

import {
  createDatabase,
  createPool,
  migrateToLatest,
  PostgresApiKeyChangeFeed,
  PostgresUnitOfWork,
  pingDatabase,
} from "@marketplace/adapters-postgres";
import { createMarketplace, type Logger } from "@marketplace/core";
import { createApp } from "@marketplace/http";
import { type DeliveryWorker, migrateWorkerSchema, runDeliveryWorker } from "@marketplace/worker";
import type { Context } from "hono";
import { loadConfig, type ServerConfig } from "./config.ts";
import { redactFields } from "./redact.ts";
import { resolveSecretKey, sealSecretsAtStart } from "./secret-key.ts";

const LEVELS = ["debug", "info", "warn", "error"] as const;

/**
 * A JSON-lines logger (the reference host's line shape: level, time, service, msg, fields) that
 * writes with `write`, e.g. `console.log`.
 */
export function jsonLinesLogger(level: ServerConfig["logLevel"], write: (line: string) => void): Logger {
  const min = level === "silent" ? LEVELS.length : LEVELS.indexOf(level);
  const at =
    (name: (typeof LEVELS)[number]) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      if (LEVELS.indexOf(name) < min) return;
      const safe = fields && redactFields(fields); // secrets as [Redacted], as the Node host's pino
      write(JSON.stringify({ level: name, time: new Date().toISOString(), service: "marketplace", ...safe, msg }));
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** What a runtime's host supplies. */
export interface PortableHostOptions {
  /** The environment, e.g. `Deno.env.toObject()` or `process.env`. */
  env: Record<string, string | undefined>;
  /** Writes one log line to stdout. */
  write: (line: string) => void;
  /** The service version shown at `/`. */
  version: string;
  /** The socket address of a request's client, from the runtime's server. */
  clientIp: (c: Context) => string | null | undefined;
}

/** A started host core: the app to serve, and how to stop everything behind it. */
export interface PortableHost {
  config: ServerConfig;
  logger: Logger;
  /** The Hono app: hand `app.fetch` to the runtime's server. */
  app: ReturnType<typeof createApp>;
  /** Stops the delivery worker, the key change feed and the pool (after the listener is closed). */
  stop(): Promise<void>;
}

/**
 * Reads the configuration (throws listing every bad variable), migrates the database, starts the
 * delivery worker and builds the app; on a failure halfway, stops what was started.
 *
 * @example
 * const host = await startPortableHost({ env: Deno.env.toObject(), write: console.log, version, clientIp });
 * Deno.serve({ port: host.config.port }, host.app.fetch);
 */
export async function startPortableHost(options: PortableHostOptions): Promise<PortableHost> {
  const config = loadConfig(options.env);
  if (config.databaseUrl === null) {
    throw new Error("invalid configuration:\n  DATABASE_URL: required on this runtime (no embedded PostgreSQL)");
  }
  const logger = jsonLinesLogger(config.logLevel, options.write);
  const secretKeyring = await resolveSecretKey(config, logger);
  const pool = createPool({
    connectionString: config.databaseUrl,
    max: config.poolSize,
    logger,
    applicationName: "marketplace-server",
  });
  const db = createDatabase(pool);
  let worker: DeliveryWorker | null = null;
  let keyChanges: PostgresApiKeyChangeFeed | null = null;
  const stop = async () => {
    await worker?.stop();
    await keyChanges?.close();
    await db.destroy(); // ends the pool
  };
  try {
    await migrateToLatest(db, { logger });
    await migrateWorkerSchema({ pgPool: pool, logger });
    await sealSecretsAtStart(db, secretKeyring, logger);
    if (config.webhookAllowLoopback) {
      logger.warn(
        "webhooks may target loopback and http://localhost (MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK): development only",
      );
    }
    if (config.worker) {
      worker = await runDeliveryWorker({
        pgPool: pool,
        logger,
        concurrency: config.workerConcurrency,
        allowLoopback: config.webhookAllowLoopback,
        secretKeyring,
      });
    }
    const currentWorker = worker;
    const unitOfWork = new PostgresUnitOfWork({ db, secretKeyring, onEventsCommitted: () => currentWorker?.nudge() });
    keyChanges = config.apiKeyCacheTtlMs > 0 ? await PostgresApiKeyChangeFeed.start({ pool, logger }) : null;
    const marketplace = createMarketplace({
      unitOfWork,
      logger,
      ...(keyChanges && { apiKeyCache: { changes: keyChanges, ttlMs: config.apiKeyCacheTtlMs } }),
    });
    const app = createApp({
      marketplace,
      logger,
      checkHealth: () => pingDatabase(db),
      adminToken: config.adminToken,
      service: { name: "marketplace-service", version: options.version },
      allowLoopbackWebhooks: config.webhookAllowLoopback,
      clientIp: options.clientIp,
      trustProxyHops: config.trustProxyHops,
      optInRateLimits: config.optInRateLimits,
      strictTransportSecurity: config.strictTransportSecurity,
    });
    return { config, logger, app, stop };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
