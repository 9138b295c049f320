import type { Logger } from "@marketplace/core";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";
import { typeParsers } from "./timestamps.ts";
import { traceQuery } from "./tracing.ts";

/** The part of pg's Pool that Kysely and the adapters use. */
export type PostgresPool = pg.Pool;

/** Options of `createPool`. */
export interface CreatePoolOptions {
  connectionString: string;
  /** Largest number of connections; default 10. */
  max?: number;
  /** Receives errors of idle clients (a restarted server, a dropped connection). */
  logger?: Logger;
  /** Name shown in pg_stat_activity. */
  applicationName?: string;
}

/**
 * A pg pool whose idle-client errors are logged instead of crashing the process.
 *
 * @example
 * const pool = createPool({ connectionString: "postgres://localhost/marketplace", logger });
 */
export function createPool(options: CreatePoolOptions): pg.Pool {
  if (!options?.connectionString) throw new TypeError("createPool: options.connectionString is required");
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? "marketplace",
    // pg's parsers, timestamptz text parsed without regular expressions (same Dates): timestamps.ts.
    types: typeParsers as pg.CustomTypesConfig,
  });
  const onClientError = (error: Error) => options.logger?.warn("database client failed", { error: error.message });
  pool.on("error", onClientError);
  // A checked-out client's connection can fail too (server restart, network); never crash on it.
  pool.on("connect", (client) => client.on("error", onClientError));
  return pool;
}

/**
 * Kysely over the host's pg pool. Destroying it ends the pool too, so hosts that share the pool
 * with other code should end the pool themselves instead.
 */
export function createDatabase(pool: pg.Pool): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: traceQuery });
}

/** Resolves when the database answers a trivial query within `timeoutMs`; rejects otherwise. */
export async function pingDatabase(db: Kysely<Database>, timeoutMs = 2000): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
