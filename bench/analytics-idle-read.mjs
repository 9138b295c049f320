/**
 * Analytics reads with nothing pending, under concurrent readers: every read calls `refresh()`
 * first (ADR-0068), which took the fold's advisory lock even with no delta to fold, so readers
 * queued behind each other's empty folds.
 *
 *   node bench/analytics.mjs --dir PATH --seed rebuild --requests 0 --order-rounds 0 --trigger-rounds 0
 *   node bench/analytics-idle-read.mjs --dir PATH [--build ROOT] [--readers 1,4,8] [--seconds N]   (--help)
 *
 * Reads the cluster bench/analytics.mjs left in `--dir` (its `bench` database: a million orders over
 * 2025 by default). `--build ROOT` imports the builds of another checkout (a worktree at an earlier
 * commit, built), so the same data is read before and after a change; runs are alternated by hand.
 * For each reader count, `--seconds` of: that many callers in a loop, each calling the provider's
 * use case (2025 by day, UTC: `refresh()` then the rollup reads), then the same with `refresh()`
 * alone. No order is written meanwhile (the deltas table is checked empty first): p50/p99 of a call
 * and calls per second.
 */

import { existsSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { readArgs, usageError } from "./args.mjs";
import { freePort, machine, percentile, postgresLogger, progressFrom, root, round } from "./util.mjs";

const SPEC = {
  command: "bench/analytics-idle-read.mjs",
  usage: `Analytics reads with nothing pending under concurrent readers, on the cluster bench/analytics.mjs
left in --dir, with the build of this checkout or of --build ROOT (run pnpm build there first): for
each --readers count, --seconds of the provider use case, then of refresh() alone; p50/p99 and calls
a second.`,
  options: {
    dir: { type: "string", placeholder: "PATH", description: "the cluster analytics.mjs seeded (required)" },
    build: {
      type: "string",
      placeholder: "ROOT",
      description: "the checkout whose build is imported",
      defaultText: "this one",
    },
    readers: { type: "integers", description: "concurrent callers, one case each", default: [1, 4, 8] },
    seconds: { type: "number", placeholder: "S", description: "seconds per case", default: 10 },
  },
};
const { values: SETTINGS } = readArgs(SPEC);
const progress = progressFrom(Date.now());

/** `readers` callers each calling `call` in a loop for `seconds`: every call's milliseconds. */
async function loop(readers, seconds, call) {
  const until = performance.now() + seconds * 1000;
  const times = [];
  await Promise.all(
    Array.from({ length: readers }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await call();
        times.push(performance.now() - t0);
      }
    }),
  );
  return times;
}

async function main() {
  if (!SETTINGS.dir || !existsSync(SETTINGS.dir)) usageError(SPEC, "--dir PATH: a cluster bench/analytics.mjs seeded");
  const file = (path) => join(SETTINGS.build ?? root, path);
  const core = await import(file("packages/core/dist/index.js"));
  const adapters = await import(file("packages/adapters-postgres/dist/index.js"));
  const { startEmbeddedPostgres } = await import(file("examples/server/dist/embedded-postgres.js"));
  progress(`settings ${JSON.stringify(SETTINGS)}`);
  const postgres = await startEmbeddedPostgres({
    dir: SETTINGS.dir,
    port: await freePort(),
    logger: postgresLogger(progress),
    settings: { shared_buffers: "512MB", work_mem: "16MB", fsync: "off", synchronous_commit: "off" },
  });
  const pool = new pg.Pool({
    connectionString: postgres.connectionString("bench"),
    max: Math.max(...SETTINGS.readers) * 3 + 2,
    idleTimeoutMillis: 0,
  });
  try {
    const db = adapters.createDatabase(pool);
    const unitOfWork = new adapters.PostgresUnitOfWork({ db });
    const marketplace = core.createMarketplace({ unitOfWork });
    const { rows } = await pool.query(
      "select t.id, t.role, k.id as key_id from teams t join api_keys k on k.team_id = t.id where t.name = 'Bench Fiber' limit 1",
    );
    const provider = { teamId: rows[0].id, role: rows[0].role, apiKeyId: rows[0].key_id };
    await unitOfWork.repositories.analytics.refresh();
    const counts = (
      await pool.query(`select (select count(*) from orders)::int as orders,
        (select count(*) from analytics_deltas)::int as pending`)
    ).rows[0];
    progress(`database: ${JSON.stringify(counts)}`);
    if (counts.pending !== 0) throw new Error("deltas pending: the reads would not be idle");
    const query = { from: "2025-01-01", to: "2025-12-31", timeZone: "UTC", granularity: "day" };
    const calls = [
      ["use case (provider, 2025 by day)", () => marketplace.analytics.provider(provider, query)],
      ["refresh() alone", () => unitOfWork.repositories.analytics.refresh()],
    ];
    for (const [, call] of calls) for (let k = 0; k < 10; k++) await call();
    const results = [];
    for (const readers of SETTINGS.readers) {
      for (const [name, call] of calls) {
        const times = await loop(readers, SETTINGS.seconds, call);
        results.push({
          call: name,
          readers,
          p50: round(percentile(times, 50), 2),
          p99: round(percentile(times, 99), 2),
          perSecond: round(times.length / SETTINGS.seconds, 0),
        });
        progress(JSON.stringify(results.at(-1)));
      }
    }
    const report = { when: new Date().toISOString(), settings: SETTINGS, machine: machine(), counts, results };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await pool.end();
    await postgres.stop();
  }
}

await main();
