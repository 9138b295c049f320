/**
 * `pnpm bench:prune`: does retention pruning slow deliveries (issue 14, item 6; issue 18, item 4)?
 * Runs the reference server from the build (`examples/server/dist/main.js`, its delivery worker on,
 * a local receiver answering 200) on an embedded PostgreSQL of its own in a temporary folder, seeds
 * `--rows` old delivery records (default 1,000,000, each with its event, all created more than 30
 * days ago: bench/scale-seed.mjs), then measures event → first delivery at a paced order rate:
 *   1. without pruning (`--seconds`, default 60), as a reference taken before anything is deleted;
 *   2. interleaved, as `pnpm bench` alternates the project and the bare server: windows of
 *      `--window` seconds (default 15) alternate without and with pruning, the orders going on
 *      throughout, until nothing old is left (at most `--max-seconds`, default 900). In the "with"
 *      windows `pruneOnce` (packages/worker, the function the server's cron task runs, with its
 *      defaults: 500 rows a statement, then a pause of 4 × the statement's time, at least 20 ms) is
 *      called in a loop from this process; its pauses wait for the next such window.
 * The target compares the events committed in the "with" windows against those of the "without"
 * windows of the same run: p99 ≤ 1.2 ×. A drift of the machine between two long runs minutes apart
 * then weighs on both sides alike (the three single runs of the first version measured 0.95 × to
 * 1.30 × on the same build). Also reported: the ratio against the "without" windows in which no
 * autovacuum of the pruned tables was seen (the deletes' after-cost lands there too), and against
 * the reference run before any pruning. Latency is from the event's `createdAt` (its commit's
 * clock) to the receiver getting it, as in `pnpm bench`. Not a test: `pnpm test` never runs it.
 * Writes bench/results/prune.json.
 *
 *   node bench/prune.mjs [--rows N] [--seconds S] [--max-seconds S] [--order-rate N] [--window S] [--pause-ratio R] [--batch N] [--control S] [--keep]
 *   node bench/prune.mjs --help   the options and their defaults (prune/settings.mjs declares them)
 *
 * The server's own pruning cron is off (`MARKETPLACE_RETENTION_SCHEDULE=off`): this process is the
 * one pruner, as the cron task would be, and the bench checks that every old row is still there
 * after the run without pruning.
 */

import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import pg from "pg";
import { interleave } from "./prune/interleave.mjs";
import { pacedRunFor } from "./prune/orders.mjs";
import { writeReport } from "./prune/report.mjs";
import { seedOldLog } from "./prune/seed-log.mjs";
import { flag, PG_SETTINGS, pgLogger, progress, SETTINGS } from "./prune/settings.mjs";
import { orderRequestsFor } from "./run/requests.mjs";
import { seed } from "./seed.mjs";
import { freePort, machine, root, startReceiver, startReferenceServer, waitFor } from "./util.mjs";

async function main() {
  const mainJs = join(root, "examples/server/dist/main.js");
  if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run pnpm build (pnpm bench:prune does)`);
  const { startEmbeddedPostgres } = await import(join(root, "examples/server/dist/embedded-postgres.js"));
  const adapters = await import(join(root, "packages/adapters-postgres/dist/index.js"));
  const worker = await import(join(root, "packages/worker/dist/index.js"));

  progress(`settings: ${JSON.stringify(SETTINGS)}`);
  progress(`machine: ${JSON.stringify(machine())}`);
  const tmp = mkdtempSync(join(os.tmpdir(), "marketplace-prune-"));
  chmodSync(tmp, 0o755); // the embedded server runs as the postgres user, which must reach it
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
  process.once("SIGINT", () => {
    progress("interrupted: stopping");
    cleanup().finally(() => process.exit(130));
  });
  try {
    const admin = new pg.Client({ connectionString: postgres.connectionString() });
    await admin.connect();
    await admin.query("create database bench");
    const pgVersion = (await admin.query("show server_version")).rows[0].server_version;
    await admin.end();
    const databaseUrl = postgres.connectionString("bench");
    progress(`embedded PostgreSQL ${pgVersion} (${tmp})`);

    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    pool.on("error", () => {});
    cleanups.push(async () => pool.end());
    const db = adapters.createDatabase(new pg.Pool({ connectionString: databaseUrl, max: 2 }));
    cleanups.push(async () => db.destroy());
    await adapters.migrateToLatest(db);
    await worker.migrateWorkerSchema({ pgPool: pool });

    const seeder = await pool.connect();
    const seeded = await seed(seeder, { offers: 2_000, teams: 20 });
    progress(`catalog seeded: ${JSON.stringify(seeded.counts)}`);

    const server = await startReferenceServer({
      tmp,
      databaseUrl,
      label: "prune",
      env: {
        MARKETPLACE_WORKER: "true",
        MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK: "true",
        MARKETPLACE_METRICS_PORT: "off",
        // The bench prunes itself, when it means to: no cron slot may fall in the run without pruning.
        MARKETPLACE_RETENTION_SCHEDULE: "off",
      },
    });
    cleanups.push(() => server.stop());
    progress(`reference server ${server.url} (pid ${server.pid}), its worker on`);
    const reseller = { "x-api-key": seeded.resellerKey };
    const { rows: everywhere } = await pool.query(
      `select o.id from offers o where o.status = 'active'
         and not exists (select 1 from offer_markets om where om.offer_id = o.id) limit 300`,
    );
    const offerIds = everywhere.map((row) => row.id);
    // The same order bodies as `pnpm bench` (bench/run/requests.mjs), in ZIP 70123.
    const { orderBody } = orderRequestsFor(offerIds, "70123");
    const { logCounts, countOld, oldBefore } = await seedOldLog({ server, reseller, orderBody, pool, seeder, seeded });

    // ── The webhook measured: order.created to the local receiver ──
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const hook = await fetch(`${server.url}/reseller/webhooks`, {
      method: "POST",
      headers: { ...reseller, "content-type": "application/json" },
      body: JSON.stringify({ url: receiver.url, events: ["order.created"] }),
    });
    if (hook.status !== 201) throw new Error(`webhook registration: ${hook.status} ${await hook.text()}`);
    await hook.arrayBuffer().catch(() => {});
    // Warm-up: a few orders, delivered, not counted.
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${server.url}/reseller/orders`, {
        method: "POST",
        headers: { ...reseller, "content-type": "application/json" },
        body: orderBody(),
      });
      await res.arrayBuffer();
    }
    await waitFor(() => receiver.arrivals.size >= 40, 15_000);

    const measure = pacedRunFor({ server, reseller, orderBody, receiver });

    // ── 1. Without pruning ──
    progress(`── event → first delivery at ${SETTINGS.orderRate} orders/s for ${SETTINGS.seconds} s, no pruning`);
    const without = await measure("without pruning");
    delete without.arrivals;
    const oldAfterBaseline = await countOld();
    const baselineClean = oldAfterBaseline.deliveries === oldBefore.deliveries;
    if (!baselineClean) {
      progress(
        `WARNING: old delivery records changed during the run without pruning: ${JSON.stringify(oldAfterBaseline)}`,
      );
    }

    const run = await interleave({ pool, worker, db, measure, countOld, oldAfterBaseline });
    const pass = writeReport({ pgVersion, logCounts, oldBefore, without, baselineClean, run });
    if (!pass) process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  process.stderr.write(`bench:prune failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
