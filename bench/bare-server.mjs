/**
 * The bare baseline: a minimal Hono + pg server that runs the SQL the project runs (captured from the
 * project's own repositories by run.mjs), with no authentication, validation, logging, use cases or
 * error envelope. Started by run.mjs as its own process:
 *
 *   node bench/bare-server.mjs <config.json>
 *
 * config: { databaseUrl, poolSize, statements: { <name>: { sql, params } }, byId: { sql, params, idIndex },
 *           order: { before: [{ sql, params }], statements: [{ sql, params }], generated: string[], email,
 *                    phone, now } }
 *
 * Routes: GET /q/<name> runs statement <name> with its captured parameters and answers a page
 * (`{data, hasMore}`); GET /offer/<id> runs the by-id statement for that id; POST /orders runs the
 * order (the project's statements before its transaction, then BEGIN, those of its transaction, COMMIT;
 * fresh ids, e-mail, phone and time in each).
 * Prints `{"listening": <port>}` once ready; stops on SIGTERM.
 */

import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import pg from "pg";
import { readArgs } from "./args.mjs";

const {
  positionals: [configFile],
} = readArgs({
  command: "bench/bare-server.mjs",
  usage: `The bare baseline of bench/run.mjs, which starts it as its own process with the config it
captured: a minimal Hono + pg server running the project's SQL on GET /q/<name>, GET /offer/<id> and
POST /orders. Prints {"listening": <port>} once ready; stops on SIGTERM.`,
  options: {},
  positionals: ["config.json"],
});
const config = JSON.parse(readFileSync(configFile, "utf8"));
const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.poolSize ?? 10 });
pool.on("error", () => {});

const app = new Hono();

app.get("/q/:name", async (c) => {
  const statement = config.statements[c.req.param("name")];
  if (!statement) return c.json({ error: "unknown statement" }, 404);
  const { rows } = await pool.query(statement.sql, statement.params);
  const limit = statement.pageSize ?? 20;
  return c.json({ data: rows.slice(0, limit), hasMore: rows.length > limit });
});

app.get("/offer/:id", async (c) => {
  const { sql, params, idIndex } = config.byId;
  const values = [...params];
  values[idIndex] = c.req.param("id");
  const { rows } = await pool.query(sql, values);
  if (rows.length === 0) return c.json({ error: "not found" }, 404);
  return c.json(rows[0]);
});

// The order transaction: every parameter is a template in which the captured generated ids, the
// customer's e-mail and phone, and the captured time are replaced per request.
const order = config.order;
const tokens = [...order.generated, order.email, order.phone, order.now].filter(Boolean);
const tokenPattern = new RegExp(tokens.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
const template = (statement) => ({
  sql: statement.sql,
  params: statement.params.map((value) => {
    if (typeof value !== "string" || !tokenPattern.test(value)) return { fixed: value };
    tokenPattern.lastIndex = 0;
    const parts = [];
    let last = 0;
    for (const match of value.matchAll(tokenPattern)) {
      parts.push(value.slice(last, match.index), match[0]);
      last = match.index + match[0].length;
    }
    parts.push(value.slice(last));
    return { parts };
  }),
});
const before = (order.before ?? []).map(template);
const templates = order.statements.map(template);
let sequence = 0;

app.post("/orders", async (c) => {
  await c.req.json();
  sequence += 1;
  const fresh = new Map(order.generated.map((id) => [id, randomUUID()]));
  const unique = `${process.pid}${sequence}`;
  fresh.set(order.email, `bare-${unique}@example.com`);
  fresh.set(order.phone, `+1512${unique.slice(-7).padStart(7, "0")}`);
  fresh.set(order.now, new Date().toISOString());
  const paramsOf = (statement) =>
    statement.params.map((param) =>
      "fixed" in param ? param.fixed : param.parts.map((part, i) => (i % 2 === 1 ? fresh.get(part) : part)).join(""),
    );
  for (const statement of before) await pool.query(statement.sql, paramsOf(statement));
  const client = await pool.connect();
  try {
    await client.query("begin");
    for (const statement of templates) await client.query(statement.sql, paramsOf(statement));
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    client.release();
    return c.json({ error: String(error) }, 500);
  }
  client.release();
  return c.json({ id: fresh.get(order.generated[0]) }, 201);
});

const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`${JSON.stringify({ listening: info.port })}\n`);
});

process.on("SIGTERM", () => {
  server.close();
  pool.end().finally(() => process.exit(0));
});
