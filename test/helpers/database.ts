import { randomBytes } from "node:crypto";
import { createDatabase, createPool, type Database } from "@marketplace/adapters-postgres";
import type { Kysely } from "kysely";
import type pg from "pg";
import pgLib from "pg";
import { inject } from "vitest";

/** A database of a test file's own, cloned from the migrated template. */
export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  db: Kysely<Database>;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/**
 * Creates a fresh migrated database (a clone of the template: milliseconds, not a migration run).
 *
 * @example
 * let database: TestDatabase;
 * beforeAll(async () => { database = await createTestDatabase(); });
 * afterAll(() => database.drop());
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject("databaseAdminUrl");
  const template = inject("templateDatabase");
  const name = `marketplace_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name} template ${template}`);
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  const pool = createPool({ connectionString: url, max: 5 });
  const db = createDatabase(pool);
  return {
    url,
    pool,
    db,
    async drop() {
      await db.destroy();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pgLib.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
