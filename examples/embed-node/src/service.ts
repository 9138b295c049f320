/**
 * A Node service of your own that embeds the marketplace: it owns the pg pool and the HTTP server,
 * serves the marketplace API under `/marketplace` beside its own routes, calls the use cases
 * directly where it needs to, and runs webhook delivery in the same process.
 *
 * Everything used from the marketplace is public API of its packages:
 * - `@marketplace/adapters-postgres`: `createDatabase`, `migrateToLatest`, `PostgresUnitOfWork`, `pingDatabase`
 * - `@marketplace/core`: `createMarketplace` (the use cases) and the `Logger` port
 * - `@marketplace/http`: `createApp` (a Hono app, no server)
 * - `@marketplace/worker`: `migrateWorkerSchema`, `runDeliveryWorker`
 *
 * @module
 */

import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createDatabase, migrateToLatest, PostgresUnitOfWork, pingDatabase } from "@marketplace/adapters-postgres";
import { createMarketplace, type Logger, MarketplaceError } from "@marketplace/core";
import { createApp } from "@marketplace/http";
import { migrateWorkerSchema, runDeliveryWorker } from "@marketplace/worker";
import { Hono } from "hono";
import pg from "pg";

/** Options of `startService`. */
export interface ServiceOptions {
  /** PostgreSQL connection string; the marketplace's tables live beside yours, or in a database of their own. */
  databaseUrl: string;
  /** HTTP port; 0 picks a free one. */
  port: number;
  /** Interface to listen on. */
  host: string;
  logger: Logger;
  /** Development and tests only: webhooks may target http://localhost and loopback addresses. */
  allowLoopbackWebhooks?: boolean;
}

/** A running service. */
export interface RunningService {
  /** e.g. `http://127.0.0.1:3001` */
  url: string;
  /** Stops accepting requests and drains them, stops the worker, then closes the pool. */
  stop(): Promise<void>;
}

/** Where the marketplace API is mounted in this service. */
export const MARKETPLACE_PATH = "/marketplace";

/** Starts the service; whatever started before a failure is stopped again. */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  const { logger } = options;
  // 1. Your pool. The marketplace never ends it; the worker and the use cases share it.
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, application_name: "embed-node" });
  // A dropped connection must not crash the process: handle errors of idle and of checked-out clients.
  const onClientError = (error: Error) => logger.warn("database client failed", { error: error.message });
  pool.on("error", onClientError);
  pool.on("connect", (client) => client.on("error", onClientError));
  const db = createDatabase(pool);
  let stopWorker = async () => {};
  try {
    // 2. Schema: the marketplace's migrations and graphile-worker's (idempotent, safe from many processes).
    await migrateToLatest(db, { logger });
    await migrateWorkerSchema({ pgPool: pool, logger });

    // 3. Delivery in this process. Events are written to an outbox in each use case's transaction;
    //    the nudge hands them to the worker as soon as the transaction commits.
    const worker = await runDeliveryWorker({ pgPool: pool, logger, allowLoopback: options.allowLoopbackWebhooks });
    stopWorker = () => worker.stop();
    const unitOfWork = new PostgresUnitOfWork({ db, onEventsCommitted: () => worker.nudge() });
    const marketplace = createMarketplace({ unitOfWork, logger });

    // 4. The marketplace API, mounted under a prefix of your own server.
    const api = createApp({
      marketplace,
      logger,
      checkHealth: () => pingDatabase(db),
      mountPath: MARKETPLACE_PATH,
      allowLoopbackWebhooks: options.allowLoopbackWebhooks,
      // The API reference (/docs) serves Swagger UI from the installed package, not from a CDN: it works offline.
    });
    const app = new Hono();
    app.mount(MARKETPLACE_PATH, api.fetch);

    // 5. Your own routes beside it. They may call the use cases directly, without HTTP: here, your
    //    onboarding creates a reseller team for a partner (put it behind your own authentication).
    app.get("/", (c) => c.json({ service: "embed-node", marketplace: MARKETPLACE_PATH }));
    app.post("/partners", async (c) => {
      const body = (await c.req.json().catch(() => ({}))) as { name?: unknown };
      try {
        const { team, apiKey } = await marketplace.teams.create({ name: String(body.name ?? ""), role: "reseller" });
        return c.json({ teamId: team.id, apiKey: apiKey.key }, 201);
      } catch (error) {
        if (MarketplaceError.isInstance(error)) return c.json({ error: error.message }, 400);
        throw error;
      }
    });

    const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, () => resolve(s));
      s.once("error", reject);
    });
    const { port } = server.address() as AddressInfo;
    const url = `http://${options.host}:${port}`;
    logger.info("listening", { url, marketplace: `${url}${MARKETPLACE_PATH}` });

    // 6. Shutdown in order: HTTP (drain), worker, pool.
    let stopping: Promise<void> | null = null;
    return {
      url,
      stop() {
        stopping ??= (async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            (server as unknown as import("node:http").Server).closeIdleConnections?.();
          });
          await worker.stop();
          await db.destroy(); // ends the pool
        })();
        return stopping;
      },
    };
  } catch (error) {
    await stopWorker().catch(() => {});
    await db.destroy().catch(() => {});
    throw error;
  }
}
