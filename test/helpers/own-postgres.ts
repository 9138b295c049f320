import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, createPool, type Database, migrateToLatest } from "@marketplace/adapters-postgres";
import { type Logger, silentLogger } from "@marketplace/core";
import { migrateWorkerSchema } from "@marketplace/worker";
import type { Kysely } from "kysely";
import pg from "pg";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "../../examples/server/src/embedded-postgres.ts";
import { freePort } from "./free-port.ts";

export { freePort };

/**
 * A PostgreSQL server of a test's own (embedded, in a temporary folder, on a free port), with the
 * marketplace and graphile-worker schemas migrated: the only kind of server a fault test may stop
 * or restart. Never the machine's shared server, never the run's shared test server.
 */
export interface OwnPostgres {
  /** Connection string of the migrated `marketplace` database. */
  url: string;
  embedded: EmbeddedPostgres;
  /** Restarts the server (`fast`: sessions ended cleanly; `immediate`: a crash and recovery). */
  restart(mode: "fast" | "immediate"): Promise<void>;
  /** Stops the server and deletes its folder. */
  stop(): Promise<void>;
}

/** Starts and migrates a server of the test's own. */
export async function startOwnPostgres(options: { logger?: Logger } = {}): Promise<OwnPostgres> {
  const dir = await mkdtemp(join(tmpdir(), "marketplace-own-pg-"));
  await chmod(dir, 0o755); // the postgres user must reach it
  const embedded = await startEmbeddedPostgres({
    dir,
    port: await freePort(),
    logger: options.logger ?? silentLogger,
    // Durable commits: an immediate shutdown is a crash, and with synchronous_commit off the last
    // committed transactions would be lost by design, which is not what these tests look for.
    settings: { fsync: "off", full_page_writes: "off" },
  });
  try {
    const admin = new pg.Client({ connectionString: embedded.connectionString() });
    await admin.connect();
    await admin.query("create database marketplace");
    await admin.end();
    const url = embedded.connectionString("marketplace");
    const pool = createPool({ connectionString: url, max: 2 });
    const db: Kysely<Database> = createDatabase(pool);
    await migrateToLatest(db);
    await migrateWorkerSchema({ pgPool: pool });
    await db.destroy();
    return {
      url,
      embedded,
      restart: (mode) => embedded.restart({ mode }),
      async stop() {
        await embedded.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await embedded.stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
