/**
 * `pnpm bench:logging`: what the per-request log line costs. The same reference server is started
 * twice against one seeded database, at `MARKETPLACE_LOG_LEVEL=warn` (no request lines) and at the
 * default `info` (one JSON line per request), and the catalog's first page is loaded on both,
 * runs interleaved so drift hits both; the figure is the ratio info / warn of 2xx throughput (the
 * issue's target: at least 0.95). Not a test: `pnpm test` never runs it.
 *
 *   pnpm bench:logging                  build, then 3 runs of 5 s each (~1.5 minutes)
 *   node bench/logging.mjs [--runs N] [--duration S] [--offers N]     (--help: the options and defaults)
 *
 * The server's stdout goes to a file, as it would to a log collector; writes bench/results/logging.json.
 */

import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { readArgs } from "./args.mjs";
import { seed } from "./seed.mjs";
import { cpuMsOf, freePort, median, postgresLogger, progressFrom, root, round, startReferenceServer } from "./util.mjs";

const { values } = readArgs({
  command: "bench/logging.mjs",
  usage: `What the per-request log line costs: the reference server from the build (run pnpm build first,
as pnpm bench:logging does) started twice on one seeded embedded PostgreSQL, at warn and at info
logging, the catalog's first page loaded on both, runs interleaved; the figure is info / warn of 2xx
throughput (target ≥ 0.95). ~1.5 minutes with the defaults. Writes bench/results/logging.json.`,
  options: {
    runs: { type: "integer", description: "measured runs at each level", default: 3 },
    duration: { type: "number", placeholder: "S", description: "seconds per run", default: 5 },
    offers: { type: "integer", description: "offers seeded", default: 20_000 },
  },
});
const RUNS = values.runs;
const DURATION_S = values.duration;
const OFFERS = values.offers;
const progress = progressFrom(Date.now());
const quiet = postgresLogger(progress);

async function load(server, path, headers, durationS) {
  const before = cpuMsOf(server.pid);
  const result = await autocannon({ url: `${server.url}${path}`, headers, connections: 20, duration: durationS });
  const after = cpuMsOf(server.pid);
  const ok = result["2xx"];
  return {
    rps: ok / result.duration,
    // The server's own CPU per request: steadier than throughput on a machine others load too.
    cpuMsPerRequest: before !== null && after !== null && ok > 0 ? (after - before) / ok : null,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

async function main() {
  if (!existsSync(join(root, "examples/server/dist/main.js"))) throw new Error("run pnpm build first");
  const { startEmbeddedPostgres } = await import(join(root, "examples/server/dist/embedded-postgres.js"));
  const adapters = await import(join(root, "packages/adapters-postgres/dist/index.js"));
  const worker = await import(join(root, "packages/worker/dist/index.js"));
  const tmp = mkdtempSync(join(os.tmpdir(), "marketplace-bench-logging-"));
  chmodSync(tmp, 0o755);
  const postgres = await startEmbeddedPostgres({
    dir: tmp,
    port: await freePort(),
    logger: quiet,
    settings: { shared_buffers: "256MB", fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
  });
  const servers = [];
  try {
    const admin = new pg.Client({ connectionString: postgres.connectionString() });
    await admin.connect();
    await admin.query("create database bench");
    await admin.end();
    const databaseUrl = postgres.connectionString("bench");
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    pool.on("error", () => {});
    const db = adapters.createDatabase(new pg.Pool({ connectionString: databaseUrl, max: 2 }));
    await adapters.migrateToLatest(db);
    await worker.migrateWorkerSchema({ pgPool: pool });
    await db.destroy();
    const client = await pool.connect();
    const seeded = await seed(client, { offers: OFFERS, teams: 100 }).finally(() => client.release());
    await pool.end();
    progress(`seeded ${OFFERS} offers`);

    const warn = await startReferenceServer({ tmp, databaseUrl, label: "warn", env: { MARKETPLACE_WORKER: "false" } });
    servers.push(warn);
    const info = await startReferenceServer({
      tmp,
      databaseUrl,
      label: "info",
      env: { MARKETPLACE_WORKER: "false", MARKETPLACE_LOG_LEVEL: "info" },
    });
    servers.push(info);
    const headers = { "x-api-key": seeded.resellerKey };
    const path = "/reseller/catalog?limit=20";
    // Warm-up: V8's JIT and PostgreSQL's caches, both servers.
    await load(warn, path, headers, 3);
    await load(info, path, headers, 3);
    const runs = { warn: [], info: [] };
    for (let i = 0; i < RUNS; i++) {
      // Alternate which goes first, so a trend in the machine's load does not favour one.
      const order = i % 2 === 0 ? ["warn", "info"] : ["info", "warn"];
      for (const level of order) {
        const server = level === "warn" ? warn : info;
        runs[level].push(await load(server, path, headers, DURATION_S));
      }
      progress(
        `run ${i + 1}/${RUNS}: warn ${Math.round(runs.warn[i].rps)} req/s (${runs.warn[i].cpuMsPerRequest?.toFixed(3)} CPU ms/req), info ${Math.round(runs.info[i].rps)} req/s (${runs.info[i].cpuMsPerRequest?.toFixed(3)} CPU ms/req)`,
      );
    }
    const warnRps = median(runs.warn.map((r) => r.rps));
    const infoRps = median(runs.info.map((r) => r.rps));
    const lines = readFileSync(info.logFile, "utf8")
      .split("\n")
      .filter((l) => l.includes('"msg":"request"')).length;
    const report = {
      scenario: "GET /reseller/catalog?limit=20, 20 connections",
      runs: RUNS,
      durationS: DURATION_S,
      warnRps: round(warnRps),
      infoRps: round(infoRps),
      infoOverWarn: round(infoRps / warnRps, 3),
      warnCpuMsPerRequest: round(median(runs.warn.map((r) => r.cpuMsPerRequest)), 4),
      infoCpuMsPerRequest: round(median(runs.info.map((r) => r.cpuMsPerRequest)), 4),
      target: 0.95,
      requestLinesWritten: lines,
      failures: [...runs.warn, ...runs.info].reduce((sum, r) => sum + r.failures, 0),
      warnP99Ms: median(runs.warn.map((r) => r.p99)),
      infoP99Ms: median(runs.info.map((r) => r.p99)),
    };
    mkdirSync(join(root, "bench/results"), { recursive: true });
    writeFileSync(join(root, "bench/results/logging.json"), `${JSON.stringify(report, null, 2)}\n`);
    report.cpuWarnOverInfo = round(report.warnCpuMsPerRequest / report.infoCpuMsPerRequest, 3);
    progress(
      `info logging / warn: ${report.infoOverWarn.toFixed(3)} of throughput (target ≥ ${report.target}), ${report.cpuWarnOverInfo} by server CPU per request; ${report.infoRps} vs ${report.warnRps} req/s; ${lines} request lines written`,
    );
  } finally {
    for (const server of servers) await server.stop();
    await postgres.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
