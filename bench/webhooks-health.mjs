/**
 * The endpoints page's health query at scale: `WebhookLogRepository.health` alone (the SQL and its
 * rows, no page), over the delivery log bench/dashboard-pages.mjs leaves in its `--dir` cluster.
 *
 *   node bench/dashboard-pages.mjs --dir PATH --deliveries 10000000 --only "webhooks (endpoints)"
 *   node bench/webhooks-health.mjs --dir PATH [--build ROOT] [--requests N] [--explain]   (--help)
 *
 * `--build ROOT` imports the builds of another checkout (a worktree at an earlier commit, built), so
 * the same data is read by the query before and after a change; runs of the two are alternated by
 * hand. The team is dashboard-pages' "Bench Fiber" (all the log's attempts, three webhooks). Three
 * windows, p50/p99 over `--requests` calls after warm-up: `since` 24 hours ago (as the page asks,
 * the part of an hour before the first whole one varies with the minute of the run), a millisecond
 * after an hour starts (the longest part: 59:59.999 of the log read), and on the hour (none).
 * `--explain` prints EXPLAIN (ANALYZE, BUFFERS) of the query the build's repository sends, for the
 * longest part.
 */

import { existsSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { readArgs, usageError } from "./args.mjs";
import { freePort, machine, percentile, postgresLogger, progressFrom, root, round } from "./util.mjs";

const SPEC = {
  command: "bench/webhooks-health.mjs",
  usage: `The endpoint list's health query (WebhookLogRepository.health) alone, over the delivery log
bench/dashboard-pages.mjs --deliveries left in its --dir cluster, with the build of this checkout or of
--build ROOT (run pnpm build there first): p50/p99 over --requests calls for three windows.`,
  options: {
    dir: { type: "string", placeholder: "PATH", description: "the cluster dashboard-pages.mjs seeded (required)" },
    build: {
      type: "string",
      placeholder: "ROOT",
      description: "the checkout whose build is imported",
      defaultText: "this one",
    },
    requests: { type: "integer", description: "calls measured per window", default: 200 },
    explain: { type: "boolean", description: "print EXPLAIN (ANALYZE, BUFFERS) of the query for the longest part" },
  },
};
const { values: SETTINGS } = readArgs(SPEC);
const progress = progressFrom(Date.now());

/**
 * The health statement exactly as the build's repository sends it: the pool's clients record the
 * last statement that reads `webhook_health_hourly`, so --explain plans the real query, not a copy
 * that could drift from it.
 */
function recordHealthStatement(pool) {
  const recorded = { text: null, values: null };
  pool.on("connect", (client) => {
    const query = client.query.bind(client);
    client.query = (text, values, ...rest) => {
      if (typeof text === "string" && text.includes("webhook_health_hourly")) Object.assign(recorded, { text, values });
      return query(text, values, ...rest);
    };
  });
  return recorded;
}

async function main() {
  if (!SETTINGS.dir || !existsSync(SETTINGS.dir)) usageError(SPEC, "--dir PATH: a cluster dashboard-pages.mjs seeded");
  const file = (path) => join(SETTINGS.build ?? root, path);
  const adapters = await import(file("packages/adapters-postgres/dist/index.js"));
  const { startEmbeddedPostgres } = await import(file("examples/server/dist/embedded-postgres.js"));
  progress(`settings ${JSON.stringify(SETTINGS)}`);
  const postgres = await startEmbeddedPostgres({
    dir: SETTINGS.dir,
    port: await freePort(),
    logger: postgresLogger(progress),
    settings: { shared_buffers: "512MB", work_mem: "16MB", fsync: "off", synchronous_commit: "off" },
  });
  const pool = new pg.Pool({ connectionString: postgres.connectionString("bench"), max: 4 });
  const healthStatement = recordHealthStatement(pool);
  try {
    const db = adapters.createDatabase(pool);
    const log = new adapters.PostgresUnitOfWork({ db }).repositories.webhookLog;
    const { rows } = await pool.query("select id from teams where name = 'Bench Fiber' limit 1");
    const teamId = rows[0].id;
    const counts = (
      await pool.query(
        `select count(*)::int as deliveries, max(created_at) as newest from webhook_deliveries where team_id = $1`,
        [teamId],
      )
    ).rows[0];
    progress(`team's log: ${JSON.stringify(counts)}`);
    const hourMs = 3_600_000;
    const dayAgo = Date.now() - 24 * hourMs;
    const hourStart = Math.floor(dayAgo / hourMs) * hourMs;
    const windows = [
      ["24 hours ago (as the page)", () => new Date(Date.now() - 24 * hourMs)],
      ["1 ms after the hour (longest part)", () => new Date(hourStart + 1)],
      ["on the hour (no part)", () => new Date(hourStart)],
    ];
    const results = [];
    for (const [name, since] of windows) {
      let answer = [];
      for (let k = 0; k < 10; k++) answer = await log.health(teamId, since());
      const times = [];
      for (let k = 0; k < SETTINGS.requests; k++) {
        const t0 = process.hrtime.bigint();
        answer = await log.health(teamId, since());
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      const attempts = answer.reduce((sum, h) => sum + h.attempts, 0);
      results.push({
        window: name,
        p50: round(percentile(times, 50), 2),
        p99: round(percentile(times, 99), 2),
        attempts,
      });
      progress(JSON.stringify(results.at(-1)));
    }
    if (SETTINGS.explain) {
      await log.health(teamId, new Date(hourStart + 1));
      const plan = await pool.query(
        `explain (analyze, buffers, costs off) ${healthStatement.text}`,
        healthStatement.values,
      );
      process.stdout.write(`${plan.rows.map((r) => r["QUERY PLAN"]).join("\n")}\n`);
    }
    const report = { when: new Date().toISOString(), settings: SETTINGS, machine: machine(), counts, results };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await pool.end();
    await postgres.stop();
  }
}

await main();
