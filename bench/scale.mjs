/**
 * `pnpm bench --scale` (or `node bench/scale.mjs` after a build): the cost of each read as the data
 * grows. Not a test: `pnpm test` never runs it.
 *
 *   node bench/scale.mjs [--sizes 10000,100000,1000000] [--log-sizes 100000,1000000,10000000]
 *                        [--duration S] [--connections N] [--quick] [--out NAME] [--write-docs] [--keep]
 *   node bench/scale.mjs --help   the options and their defaults (scale/settings.mjs declares them)
 *
 * One embedded PostgreSQL (from the build, in a temporary folder on a free port, the bench's
 * settings), one reference server (`examples/server/dist/main.js`, worker off, `warn` logging) and
 * the bare Hono + pg server (bench/bare-server.mjs) for the naive search:
 *
 * 1. The catalog grows through `--sizes` (set-based SQL, bench/seed.mjs; each size adds older
 *    offers, so the newest stay as they were). At each size: first page, deep page (a cursor 1,000
 *    pages in, or the last page when the catalog is smaller), search selective (`vip`, ~1 %) and
 *    broad (`fib`, ~5 %), search + ZIP + price, by id (random ids over the whole catalog); then the
 *    selective search against the naive query, end to end (project vs the bare server running the
 *    naive SQL) and inside PostgreSQL (both statements from 4 connections, no HTTP).
 * 2. With the catalog at its largest, the log grows through `--log-sizes` (events, delivery
 *    attempts, orders; bench/scale-seed.mjs). At each size: a webhook's deliveries, first page and
 *    a cursor 1,000 pages in; provider order items with a status filter; the events list when the
 *    build has one.
 *
 * After each growth: VACUUM ANALYZE (autovacuum is off), CHECKPOINT, and one second of every read.
 * Each read: autocannon, `--connections` connections, 1 s warm-up, one run of `--duration` s; p50,
 * p99, req/s, and the server's peak RSS (sampled from /proc every 100 ms). Growth factors: p99 at
 * 1M over p99 at 100k (catalog offers, log rows). Writes bench/results/scale.json, the SVG plot
 * docs/scale-p99.svg, and with --write-docs the block between `<!-- scale:begin -->` and
 * `<!-- scale:end -->` of docs/performance.md.
 */

import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import pg from "pg";
import { measureCatalog } from "./scale/catalog.mjs";
import { measureLog } from "./scale/log.mjs";
import { buildReport, writeDocs } from "./scale/report.mjs";
import { flag, fmt, PG_SETTINGS, pgLogger, progress, SETTINGS, started } from "./scale/settings.mjs";
import { p99Plot } from "./scale-plot.mjs";
import { seed } from "./seed.mjs";
import { freePort, machine, root, round, rssSampler, startReferenceServer } from "./util.mjs";

async function main() {
  const mainJs = join(root, "examples/server/dist/main.js");
  if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run pnpm build (pnpm bench does)`);
  const { startEmbeddedPostgres } = await import(join(root, "examples/server/dist/embedded-postgres.js"));
  const adapters = await import(join(root, "packages/adapters-postgres/dist/index.js"));
  const worker = await import(join(root, "packages/worker/dist/index.js"));
  const core = await import(join(root, "packages/core/dist/index.js"));

  progress(`scale settings: ${JSON.stringify(SETTINGS)}`);
  const tmp = mkdtempSync(join(os.tmpdir(), "marketplace-scale-"));
  chmodSync(tmp, 0o755);
  const postgres = await startEmbeddedPostgres({
    dir: tmp,
    port: await freePort(),
    logger: pgLogger,
    settings: PG_SETTINGS,
  });
  const cleanups = [async () => postgres.stop()];
  let cleaned = null;
  const cleanup = () => {
    cleaned ??= (async () => {
      for (const fn of cleanups.reverse()) await fn().catch(() => {});
      if (!flag("keep")) rmSync(tmp, { recursive: true, force: true });
    })();
    return cleaned;
  };
  // Connections that cleanup ends (the capture's, a server's) must not crash the run.
  process.on("uncaughtException", (error) => {
    if (error?.code === "57P01") return;
    throw error;
  });
  process.once("SIGINT", () => {
    progress("interrupted: stopping");
    cleanup().finally(() => process.exit(130));
  });
  const results = {
    when: null,
    settings: SETTINGS,
    machine: machine(),
    catalog: [],
    log: [],
    seeding: [],
  };
  try {
    const admin = new pg.Client({ connectionString: postgres.connectionString() });
    await admin.connect();
    await admin.query("create database bench");
    results.postgres = (await admin.query("show server_version")).rows[0].server_version;
    await admin.end();
    const databaseUrl = postgres.connectionString("bench");
    progress(`embedded PostgreSQL ${results.postgres} (${tmp})`);

    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    pool.on("error", () => {});
    cleanups.push(async () => pool.end());
    const db = adapters.createDatabase(new pg.Pool({ connectionString: databaseUrl, max: 2 }));
    await adapters.migrateToLatest(db);
    await worker.migrateWorkerSchema({ pgPool: pool });
    await pool.query("create extension if not exists pg_stat_statements");
    await db.destroy();

    // The seeding connection: seed() leaves its team, brand and market tables in this session.
    const seeder = await pool.connect();
    cleanups.push(async () => seeder.release());
    const timed = async (what, rows, work) => {
      const t0 = Date.now();
      const out = await work();
      const seconds = round((Date.now() - t0) / 1000, 1);
      results.seeding.push({ what, rows, seconds });
      progress(`${what}: ${seconds} s`);
      return out;
    };
    const offers = SETTINGS.catalogSizes[0];
    const seeded = await timed(`seed ${fmt(offers)} offers`, offers, () =>
      seed(seeder, { offers, teams: SETTINGS.teams }),
    );
    const counts = seeded.counts;

    const server = await startReferenceServer({
      tmp,
      databaseUrl,
      label: "scale",
      env: { MARKETPLACE_WORKER: "false" },
    });
    cleanups.push(() => server.stop());
    const sampler = rssSampler(server.pid);
    cleanups.push(async () => sampler.stop());
    progress(`reference server ${server.url} (pid ${server.pid})`);
    const reseller = { "x-api-key": seeded.resellerKey };
    const provider = { "x-api-key": seeded.providerKey };
    const at = (path, headers, extra = {}) => ({ url: `${server.url}${path}`, options: { headers, ...extra } });
    const qs = (params) => new URLSearchParams(params).toString();

    await measureCatalog({
      offers,
      counts,
      timed,
      seeder,
      pool,
      databaseUrl,
      tmp,
      seeded,
      core,
      reseller,
      at,
      qs,
      sampler,
      results,
    });

    // ── 2. The log (events, deliveries, orders) at each size, the catalog at its largest ──
    if (SETTINGS.logSizes.length > 0) {
      await measureLog({ server, timed, seeder, pool, seeded, core, reseller, provider, at, qs, sampler, results });
    }

    results.when = new Date().toISOString();
    results.machine = machine(); // the load average at the end of the run
    results.totalSeconds = round((Date.now() - started) / 1000);
    const report = buildReport(results);
    mkdirSync(join(root, "bench/results"), { recursive: true });
    const json = `bench/results/${SETTINGS.out}.json`;
    writeFileSync(join(root, json), `${JSON.stringify({ ...results, report }, null, 2)}\n`);
    if (SETTINGS.out === "scale") writeFileSync(join(root, "docs/scale-p99.svg"), p99Plot(results));
    process.stdout.write(`\n${report}\n`);
    progress(`wrote ${json}${SETTINGS.out === "scale" ? " and docs/scale-p99.svg" : ""}`);
    if (flag("write-docs")) writeDocs(report);
  } catch (error) {
    process.stderr.write(`scale bench failed: ${error?.stack ?? error}\n`);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  process.stderr.write(`scale bench failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
