/**
 * `pnpm bench`: measures the reference server under load against bare baselines run in the same
 * invocation on the same machine, and reports each figure as a ratio (shared, noisy machines: the
 * absolute numbers drift, the ratios hold). Not a test: `pnpm test` never runs it.
 *
 *   pnpm bench                 build, then the full suite (~8 minutes on 2 cores)
 *   pnpm bench --quick         smaller dataset, one short run per figure (~2 minutes)
 *   pnpm bench --scale         build, then the cost of each read as the data grows (bench/scale.mjs)
 *   node bench/run.mjs [--quick] [--runs N] [--duration S] [--order-rate N] [--only PHASES]
 *                      [--match NAMES] [--worker-concurrency N] [--write-docs] [--keep] [--serve]
 *   node bench/run.mjs --help  the options and their defaults (run/settings.mjs declares them)
 *
 * Every bench script reads its command line through bench/args.mjs: `--help` prints its options and
 * exits, an unknown option or a bad value stops it with exit code 2, both before anything starts.
 *
 * What it does: starts the embedded PostgreSQL (from the build) in a temporary folder on a free port,
 * migrates and seeds it with set-based SQL, captures the SQL the project runs (bench/capture.mjs),
 * starts the reference server (`examples/server/dist/main.js`) and the bare Hono + pg server
 * (bench/bare-server.mjs) as child processes, loads each with autocannon (warm-up, then N runs,
 * project and bare interleaved so drift hits both), samples the server's RSS from /proc every 100 ms,
 * measures webhook delivery with a local receiver and bulk CSV uploads, then prints a table and writes
 * bench/results/latest.json (and, with --write-docs, the figures block of docs/performance.md).
 */

import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import pg from "pg";
import { measureBulk } from "./run/bulk.mjs";
import { prepareDataset } from "./run/dataset.mjs";
import { measureDelivery } from "./run/delivery.mjs";
import { compare } from "./run/load.mjs";
import { bareTarget, measureReadsAndOrders } from "./run/reads.mjs";
import { buildReport, writeDocs } from "./run/report.mjs";
import { orderRequestsFor } from "./run/requests.mjs";
import {
  flag,
  logger,
  PG_SETTINGS,
  phase,
  progress,
  SCALE,
  SETTINGS,
  startProject,
  WORKER_CONCURRENCY,
} from "./run/settings.mjs";
import { freePort, MB, root, round, rssOf, rssSampler, startBareServer, startReceiver } from "./util.mjs";

// ─────────────────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const mainJs = join(root, "examples/server/dist/main.js");
  if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run pnpm build (pnpm bench does)`);
  const { startEmbeddedPostgres } = await import(join(root, "examples/server/dist/embedded-postgres.js"));
  const adapters = await import(join(root, "packages/adapters-postgres/dist/index.js"));
  const worker = await import(join(root, "packages/worker/dist/index.js"));
  const core = await import(join(root, "packages/core/dist/index.js"));

  progress(`settings: ${JSON.stringify(SETTINGS)}`);
  const tmp = mkdtempSync(join(os.tmpdir(), "marketplace-bench-"));
  chmodSync(tmp, 0o755);
  const pgPort = await freePort();
  const postgres = await startEmbeddedPostgres({ dir: tmp, port: pgPort, logger, settings: PG_SETTINGS });
  const cleanups = [async () => postgres.stop()];
  let cleaned = null;
  const cleanup = () => {
    cleaned ??= (async () => {
      for (const fn of cleanups.reverse()) await fn().catch(() => {});
      if (!flag("keep")) rmSync(tmp, { recursive: true, force: true });
    })();
    return cleaned;
  };
  // Bounded: whatever happens, everything started here is stopped after 25 minutes.
  const watchdog = setTimeout(
    () => {
      progress("watchdog: the bench ran for 25 minutes; stopping");
      cleanup().finally(() => process.exit(1));
    },
    25 * 60 * 1000,
  );
  watchdog.unref();
  try {
    const admin = new pg.Client({ connectionString: postgres.connectionString() });
    await admin.connect();
    await admin.query("create database bench");
    const { rows: versionRows } = await admin.query("show server_version");
    await admin.end();
    const databaseUrl = postgres.connectionString("bench");
    progress(`embedded PostgreSQL ${versionRows[0].server_version} on port ${pgPort} (${tmp})`);

    const { pool, seeded, cursorOfferId, randomIds, orderOfferIds, zipCode, filters, captured } = await prepareDataset({
      tmp,
      databaseUrl,
      cleanups,
      adapters,
      worker,
    });

    const bare = await startBareServer({ tmp, config: { databaseUrl, poolSize: 10, ...captured } });
    cleanups.push(() => bare.stop());
    const results = { scenarios: [], deliveries: null, bulk: null, logging: null };

    // ── HTTP node: catalog reads and orders (worker off: delivery is measured on its own below) ──
    let server = await startProject(tmp, databaseUrl, { MARKETPLACE_WORKER: "false" }, "http");
    const stopServer = () => server.stop();
    cleanups.push(() => stopServer());
    let sampler = rssSampler(server.pid);
    progress(
      `reference server ${server.url} (pid ${server.pid}, RSS ${round(rssOf(server.pid) / MB, 1)} MB), bare ${bare.url}`,
    );
    const reseller = { "x-api-key": seeded.resellerKey };
    const cursor = core.encodeCursor("catalog", cursorOfferId);

    if (flag("serve")) {
      // Investigation: keep the servers up (at most 20 minutes) and print how to reach them.
      progress(
        `serving: ${JSON.stringify({ project: server.url, bare: bare.url, databaseUrl, resellerKey: seeded.resellerKey, providerKey: seeded.providerKey, cursor, byId: randomIds[0] })}`,
      );
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, 20 * 60 * 1000);
        process.once("SIGINT", () => {
          clearTimeout(timer);
          resolve();
        });
      });
      return;
    }
    const { orderBody, orderRequests } = orderRequestsFor(orderOfferIds, zipCode);
    await measureReadsAndOrders({
      server,
      bare,
      sampler,
      reseller,
      cursor,
      randomIds,
      filters,
      orderRequests,
      results,
    });

    sampler.stop();
    await server.stop();
    // The orders above left their events in the outbox (no relay ran): not for the delivery figures.
    await pool.query("truncate event_outbox");

    // ── Info logging: the first page again with one JSON log line per request ──
    if (phase("logging")) {
      server = await startProject(
        tmp,
        databaseUrl,
        { MARKETPLACE_WORKER: "false", MARKETPLACE_LOG_LEVEL: "info" },
        "info",
      );
      sampler = rssSampler(server.pid);
      progress("── catalog first page with info logging");
      const savedRuns = SETTINGS.runs;
      SETTINGS.runs = Math.min(savedRuns, 2);
      results.logging = await compare(
        "catalog first page, info logging",
        { url: `${server.url}/reseller/catalog?limit=20`, pid: server.pid, options: { headers: reseller } },
        bareTarget(bare, "/q/firstPage"),
        sampler,
      );
      SETTINGS.runs = savedRuns;
      sampler.stop();
      await server.stop();
    }

    // ── Delivery: the server with its worker, a local receiver ──
    if (phase("delivery") || phase("bulk")) {
      const receiver = await startReceiver();
      cleanups.push(() => receiver.close());
      server = await startProject(
        tmp,
        databaseUrl,
        {
          MARKETPLACE_WORKER: "true",
          MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK: "true",
          MARKETPLACE_LOG_LEVEL: process.env.BENCH_DELIVERY_LOG_LEVEL ?? "warn",
          // The host's default concurrency (32: one endpoint may hold a quarter of it in flight,
          // packages/worker's EndpointGate) unless --worker-concurrency says otherwise. The bench used
          // to pass 10, which left its one receiver 2 requests in flight.
          ...(WORKER_CONCURRENCY !== null ? { MARKETPLACE_WORKER_CONCURRENCY: String(WORKER_CONCURRENCY) } : {}),
        },
        "worker",
      );
      sampler = rssSampler(server.pid);
      const hook = await fetch(`${server.url}/reseller/webhooks`, {
        method: "POST",
        headers: { ...reseller, "content-type": "application/json" },
        body: JSON.stringify({ url: receiver.url, events: ["order.created"] }),
      });
      if (hook.status !== 201) throw new Error(`webhook registration: ${hook.status} ${await hook.text()}`);
      await hook.arrayBuffer().catch(() => {});

      if (phase("delivery")) {
        results.deliveries = await measureDelivery({
          server,
          receiver,
          pool,
          sampler,
          reseller,
          seeded,
          results,
          orderBody,
          orderRequests,
        });
      }

      // ── Bulk CSV uploads (draft offers for the first provider team) ──
      if (phase("bulk")) {
        results.bulk = await measureBulk(server, seeded, sampler);
      }

      sampler.stop();
      await server.stop();
    }

    const report = buildReport(results, {
      settings: SETTINGS,
      pgSettings: PG_SETTINGS,
      postgres: versionRows[0].server_version,
      counts: seeded.counts,
    });
    mkdirSync(join(root, "bench/results"), { recursive: true });
    writeFileSync(join(root, "bench/results/latest.json"), `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`\n${report.markdown}\n`);
    progress("wrote bench/results/latest.json");
    if (flag("write-docs")) writeDocs(report);
  } finally {
    await cleanup();
  }
}

if (SCALE) {
  // `pnpm bench --scale`: the scale bench reads the same arguments.
  await import("./scale.mjs");
} else {
  main().catch((error) => {
    process.stderr.write(`bench failed: ${error?.stack ?? error}\n`);
    process.exitCode = 1;
  });
}
