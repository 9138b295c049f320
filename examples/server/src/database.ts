import { createDatabase, createPool, migrateToLatest } from "@marketplace/adapters-postgres";
import type { Logger } from "@marketplace/core";
import { migrateWorkerSchema } from "@marketplace/worker";
import pg from "pg";
import type { ServerConfig } from "./config.ts";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./embedded-postgres.ts";

/** The database the embedded server holds the marketplace in. */
export const EMBEDDED_DATABASE = "marketplace";

/** An open, migrated database. */
export interface OpenDatabase {
  pool: pg.Pool;
  db: ReturnType<typeof createDatabase>;
  embedded: EmbeddedPostgres | null;
  /** Closes the pool, then stops the embedded server if this process owns it. */
  close(): Promise<void>;
}

/**
 * Connects to DATABASE_URL, or starts the embedded server (creating the `marketplace` database),
 * then applies the schema and graphile-worker's migrations.
 */
export async function openDatabase(
  config: ServerConfig,
  logger: Logger,
  options: { whenRunning?: "own" | "share"; applicationName?: string } = {},
): Promise<OpenDatabase> {
  let embedded: EmbeddedPostgres | null = null;
  let url = config.databaseUrl;
  if (url === null) {
    embedded = await startEmbeddedPostgres({
      dir: config.dataDir,
      port: config.embeddedPort,
      logger,
      whenRunning: options.whenRunning ?? "own",
    });
    try {
      await ensureDatabase(embedded.connectionString(), EMBEDDED_DATABASE);
    } catch (error) {
      await embedded.stop();
      throw error;
    }
    url = embedded.connectionString(EMBEDDED_DATABASE);
  }
  const pool = createPool({
    connectionString: url,
    max: config.poolSize,
    logger,
    applicationName: options.applicationName,
  });
  const db = createDatabase(pool);
  const close = async () => {
    await db.destroy(); // ends the pool
    await embedded?.stop();
  };
  try {
    await migrateToLatest(db, { logger });
    await migrateWorkerSchema({ pgPool: pool, logger });
  } catch (error) {
    await close();
    throw error;
  }
  return { pool, db, embedded, close };
}

/**
 * A pool the caller owns (an embedding service's): migrated like `openDatabase`'s, and never ended
 * here (`close` does nothing; the caller ends its pool after the host stopped).
 */
export async function adoptDatabase(
  pool: pg.Pool,
  db: ReturnType<typeof createDatabase>,
  logger: Logger,
): Promise<OpenDatabase> {
  await migrateToLatest(db, { logger });
  await migrateWorkerSchema({ pgPool: pool, logger });
  return { pool, db, embedded: null, close: async () => {} };
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } catch (error) {
    if ((error as { code?: string }).code !== "42P04") throw error; // created concurrently
  } finally {
    await client.end();
  }
}
