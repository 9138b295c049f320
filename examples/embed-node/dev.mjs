/**
 * Development only, not part of the embedding: runs the service against a throwaway PostgreSQL
 * when you have none (the reference server's embedded-PostgreSQL helper, from its build), in
 * .data/embed-postgres on 127.0.0.1:54330. With DATABASE_URL set, use `pnpm start` instead.
 *
 * pnpm dev   (in examples/embed-node, after `pnpm build` at the root)
 */

import { fileURLToPath } from "node:url";
import pg from "pg";
import { startEmbeddedPostgres } from "../server/dist/embedded-postgres.js";
import { startService } from "./dist/service.js";

const log = (level) => (msg, fields) => console.log(JSON.stringify({ level, msg, ...fields }));
const logger = { debug() {}, info: log("info"), warn: log("warn"), error: log("error") };

const postgres = await startEmbeddedPostgres({
  dir: fileURLToPath(new URL("../../.data/embed-postgres", import.meta.url)),
  port: Number(process.env.EMBEDDED_PG_PORT ?? 54330),
  logger,
});
const admin = new pg.Client({ connectionString: postgres.connectionString() });
await admin.connect();
const { rowCount } = await admin.query("select 1 from pg_database where datname = 'embed'");
if (rowCount === 0) await admin.query("create database embed");
await admin.end();

const service = await startService({
  databaseUrl: postgres.connectionString("embed"),
  port: Number(process.env.PORT ?? 3001),
  host: process.env.HOST ?? "127.0.0.1",
  logger,
  allowLoopbackWebhooks: true,
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    await service.stop();
    await postgres.stop();
    process.exit(0);
  });
}
