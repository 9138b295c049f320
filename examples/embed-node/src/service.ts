/**
 * A Node service of your own that embeds the marketplace: it owns the pg pool, serves the
 * marketplace under `/marketplace` beside routes of its own, calls the use cases directly where it
 * needs to, and runs webhook delivery in the same process.
 *
 * The marketplace is the reference host's one composition (`createMarketplaceHost` of
 * `@marketplace/example-server/host`, the same as `pnpm start`, `pnpm start:deno` and
 * `pnpm start:bun`): migrations, the delivery worker with consent checkpoints and retention, the
 * consent signing key at start, the API and the dashboard, `/ready` and the drain on stop. This
 * service adds only its pool and its own routes.
 *
 * @module
 */

import { createDatabase } from "@marketplace/adapters-postgres";
import { type Logger, MarketplaceError } from "@marketplace/core";
import { createMarketplaceHost, loadConfig, nodeRuntime } from "@marketplace/example-server/host";
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

/** Where the marketplace is mounted in this service. */
export const MARKETPLACE_PATH = "/marketplace";

/** Starts the service; whatever started before a failure is stopped again. */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  const { logger } = options;
  // Your pool. The marketplace never ends it; the worker and the use cases share it.
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, application_name: "embed-node" });
  // A dropped connection must not crash the process: handle errors of idle and of checked-out clients.
  const onClientError = (error: Error) => logger.warn("database client failed", { error: error.message });
  pool.on("error", onClientError);
  pool.on("connect", (client) => client.on("error", onClientError));

  // The host's settings, as the reference server reads them from its environment (see its README).
  const config = loadConfig({
    PORT: String(options.port),
    HOST: options.host,
    MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK: String(options.allowLoopbackWebhooks ?? false),
    MARKETPLACE_METRICS_PORT: "off",
    MARKETPLACE_SEED: "false",
  });
  try {
    const host = await createMarketplaceHost(config, nodeRuntime, {
      logger,
      version: "embed-node",
      database: { pool, db: createDatabase(pool) },
      // The marketplace under a prefix; every other request goes to your own routes. They may
      // call the use cases directly: here, your onboarding creates a reseller team for a partner
      // (put it behind your own authentication).
      mount: {
        path: MARKETPLACE_PATH,
        beside: ({ marketplace }) => {
          const app = new Hono();
          app.get("/", (c) => c.json({ service: "embed-node", marketplace: MARKETPLACE_PATH }));
          app.post("/partners", async (c) => {
            const body = (await c.req.json().catch(() => ({}))) as { name?: unknown };
            try {
              const name = String(body.name ?? "");
              const { team, apiKey } = await marketplace.teams.create({ name, role: "reseller" });
              return c.json({ teamId: team.id, apiKey: apiKey.key }, 201);
            } catch (error) {
              if (MarketplaceError.isInstance(error)) return c.json({ error: error.message }, 400);
              throw error;
            }
          });
          return app.fetch;
        },
      },
    });
    // Shutdown in order: HTTP (drain), worker; then your pool.
    return {
      url: host.url,
      async stop() {
        await host.stop();
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
}
