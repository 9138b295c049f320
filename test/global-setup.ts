/**
 * Once per test run: a PostgreSQL server (DATABASE_URL when set, otherwise an embedded one in a
 * temporary folder), and a template database with every migration applied. Each test file clones
 * the template into a database of its own (see helpers/database.ts).
 */

import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, createPool, migrateToLatest } from "@marketplace/adapters-postgres";
import { silentLogger } from "@marketplace/core";
import { migrateWorkerSchema } from "@marketplace/worker";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../examples/server/src/embedded-postgres.ts";
import { freePort } from "./helpers/free-port.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Connection string of a database on the test server with rights to create databases. */
    databaseAdminUrl: string;
    /** Name of the migrated template database. */
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!adminUrl) {
    const dir = await mkdtemp(join(tmpdir(), "marketplace-test-pg-"));
    await chmod(dir, 0o755); // the postgres user must reach it
    const embedded = await startEmbeddedPostgres({
      dir,
      port: await freePort(),
      logger: silentLogger,
      settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
    });
    adminUrl = embedded.connectionString();
    stopEmbedded = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }

  const template = `marketplace_template_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${template}`);
    const templateUrl = withDatabase(adminUrl, template);
    const pool = createPool({ connectionString: templateUrl, max: 2 });
    const db = createDatabase(pool);
    try {
      await migrateToLatest(db);
      await migrateWorkerSchema({ pgPool: pool });
    } finally {
      await db.destroy();
    }
  } catch (error) {
    // A migration that throws (a new one being written) must not leave the embedded server running:
    // vitest never calls the teardown of a setup that failed.
    await admin.end().catch(() => {});
    await stopEmbedded();
    throw error;
  }

  project.provide("databaseAdminUrl", adminUrl);
  project.provide("templateDatabase", template);

  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`).catch(() => {});
    await admin.end();
    await stopEmbedded();
  };
}

/** The same connection string, naming another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
