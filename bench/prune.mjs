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
 *
 * The server's own pruning cron is off (`MARKETPLACE_RETENTION_SCHEDULE=off`): this process is the
 * one pruner, as the cron task would be, and the bench checks that every old row is still there
 * after the run without pruning.
 */

import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createLogWebhooks, growLog } from "./scale-seed.mjs";
import { seed } from "./seed.mjs";
import {
  freePort,
  machine,
  pacedOrders,
  percentile,
  postgresLogger,
  progressFrom,
  root,
  round,
  sleep,
  startReceiver,
  startReferenceServer,
  waitFor,
} from "./util.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : fallback;
};
const SETTINGS = {
  rows: option("--rows", 1_000_000),
  seconds: option("--seconds", 60),
  /** Length of each window of the interleaved run, with and without pruning, in seconds. */
  window: option("--window", 15),
  maxSeconds: option("--max-seconds", 900),
  orderRate: option("--order-rate", 20),
  /** pruneOnce's pauseRatio (null: its default); --pause-ratio 0 is the fixed 20 ms pause alone. */
  pauseRatio: option("--pause-ratio", null),
  /**
   * A control run: the interleaved phase lasts this many seconds and nothing is pruned in its "with"
   * windows (0: off). It tells the machine's drift from pruning's after-effects.
   */
  control: option("--control", 0),
  /** pruneOnce's batchSize (null: its default). */
  batchSize: option("--batch", null),
  /** Target: p99 with pruning at most this many times the p99 without. */
  targetRatio: 1.2,
};
/** The throwaway cluster's settings, as `pnpm bench` (bench/run.mjs); autovacuum stays on, as in production. */
const PG_SETTINGS = {
  shared_buffers: "1GB",
  work_mem: "16MB",
  max_connections: "200",
  fsync: "off",
  synchronous_commit: "off",
  full_page_writes: "off",
  max_wal_size: "8GB",
  checkpoint_timeout: "30min",
};
/** Old rows: the seeded log ends at 2026-01-01; anything before now − 30 days is past retention. */
const OLD = "created_at < now() - interval '30 days'";

const progress = progressFrom(Date.now());
const fmt = (n) => n.toLocaleString("en-US");
const pgLogger = postgresLogger(progress);

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
      if (!args.includes("--keep")) rmSync(tmp, { recursive: true, force: true });
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
    let orderSequence = 0;
    const orderBody = () => {
      orderSequence += 1;
      const pick = (k) => offerIds[(orderSequence * 3 + k) % offerIds.length];
      return JSON.stringify({
        items: [{ offerId: pick(0) }, { offerId: pick(1) }, { offerId: pick(2) }],
        customer: {
          name: `Customer ${orderSequence}`,
          email: `customer-${orderSequence}@example.com`,
          phone: `+1737${String(orderSequence).padStart(7, "0")}`,
          kind: "residential",
        },
        serviceAddress: { line1: `${orderSequence} Congress Ave`, city: "Austin", state: "TX", zipCode: "70123" },
      });
    };

    // ── Seed the old log: one real order is the template of every old event and delivery ──
    const placed = await fetch(`${server.url}/reseller/orders`, {
      method: "POST",
      headers: { ...reseller, "content-type": "application/json" },
      body: orderBody(),
    });
    const template = await placed.json();
    if (placed.status !== 201) throw new Error(`template order: ${placed.status} ${JSON.stringify(template)}`);
    await waitFor(
      async () => Number((await pool.query("select count(*) from event_outbox")).rows[0].count) === 0,
      10_000,
    );
    await createLogWebhooks(seeder, seeded.resellerTeamId);
    const seedStarted = Date.now();
    progress(`seeding ${fmt(SETTINGS.rows)} old delivery records with their events (set-based SQL)…`);
    const logCounts = await growLog(seeder, {
      from: 1,
      to: SETTINGS.rows,
      resellerTeamId: seeded.resellerTeamId,
      providerTeamId: seeded.providerTeamId,
      template: { orderId: template.id },
      batch: 250_000,
      onProgress: (done) => progress(`  ${fmt(done)} of ${fmt(SETTINGS.rows)} rows`),
    });
    seeder.release();
    const countOld = async () => {
      const { rows } = await pool.query(
        `select (select count(*) from webhook_deliveries where ${OLD}) as deliveries,
                (select count(*) from events where ${OLD}) as events`,
      );
      return { deliveries: Number(rows[0].deliveries), events: Number(rows[0].events) };
    };
    const oldBefore = await countOld();
    progress(
      `seeded in ${round((Date.now() - seedStarted) / 1000, 1)} s: ${JSON.stringify(logCounts)}; older than 30 days: ${JSON.stringify(oldBefore)}`,
    );

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

    /** One paced run: event → first delivery of the orders placed in it. */
    const measure = async (label, extra = {}) => {
      receiver.arrivals.clear();
      const from = Date.now();
      const paced = await pacedOrders(`${server.url}/reseller/orders`, reseller, orderBody, {
        rate: SETTINGS.orderRate,
        seconds: SETTINGS.seconds,
        until: extra.until,
        maxSeconds: extra.maxSeconds,
      });
      await waitFor(() => receiver.arrivals.size >= paced.ok, 30_000);
      const fresh = [...receiver.arrivals.values()].filter((a) => a.createdAt >= from);
      const latencies = fresh.map((a) => a.at - a.createdAt);
      const figure = {
        label,
        seconds: round(paced.seconds, 1),
        orders: paced.ok,
        failedOrders: paced.failed,
        delivered: latencies.length,
        p50Ms: percentile(latencies, 50),
        p90Ms: percentile(latencies, 90),
        p99Ms: percentile(latencies, 99),
        maxMs: latencies.length ? Math.max(...latencies) : null,
        orderP50Ms: paced.p50Ms,
        orderP99Ms: paced.p99Ms,
      };
      progress(`${label}: ${JSON.stringify(figure)}`);
      // Each event's commit time and arrival, for the windows of an interleaved run (not reported).
      figure.arrivals = fresh;
      return figure;
    };

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

    // ── 2. Interleaved: windows with and without pruning, until every old row is gone ──
    // As `pnpm bench` alternates the project and the bare server, the run alternates windows of
    // `--window` seconds: pruning runs only in the "with" windows (pruneOnce's pauses wait for the next
    // one), and the orders go on throughout. A drift of the machine's load between two long runs then
    // weighs on both sides alike. Events committed within `GUARD_MS` of a switch count for neither.
    progress(
      `── interleaved: ${SETTINGS.window} s without, ${SETTINGS.window} s with pruneOnce (${SETTINGS.batchSize ?? "default"} rows a statement, pause ratio ${SETTINGS.pauseRatio ?? "default"}), until ${fmt(oldAfterBaseline.deliveries)} old delivery records and their events are gone`,
    );
    const GUARD_MS = 250;
    const windowMs = SETTINGS.window * 1000;
    const interleaveStarted = Date.now();
    const windowAt = (t) => Math.floor((t - interleaveStarted) / windowMs);
    /** Windows alternate, starting without pruning: odd ones prune. */
    const pruningWindow = (t) => windowAt(t) % 2 === 1;
    const untilPruningWindow = async () => {
      for (;;) {
        const now = Date.now();
        if (pruningWindow(now) && now - interleaveStarted - windowAt(now) * windowMs < windowMs - GUARD_MS) return;
        await sleep(Math.max(5, (windowAt(now) + 1) * windowMs + interleaveStarted - now));
      }
    };
    // Autovacuum after a million deletes runs whenever PostgreSQL decides, in either kind of window:
    // sampled every 500 ms, so a "without" window it touched can be told apart (it is pruning's cost).
    const autovacuumSeen = new Set();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { rows } = await pool
          .query("select query from pg_stat_activity where backend_type = 'autovacuum worker'")
          .catch(() => ({ rows: [] }));
        if (rows.some((row) => /webhook_deliveries|events/.test(row.query ?? "")))
          autovacuumSeen.add(windowAt(Date.now()));
        await sleep(500);
      }
    })();
    const pruned = { deliveries: 0, events: 0, idempotencyKeys: 0, calls: 0, statements: 0 };
    let pruning = true;
    const pruneStarted = Date.now();
    let pruneEnded = null;
    const prunedBy = (async () => {
      try {
        if (SETTINGS.control > 0) {
          await sleep(SETTINGS.control * 1000);
          return round((Date.now() - pruneStarted) / 1000, 1);
        }
        for (;;) {
          await untilPruningWindow();
          const result = await worker.pruneOnce(db, {
            now: new Date(),
            ...(SETTINGS.pauseRatio !== null && { pauseRatio: SETTINGS.pauseRatio }),
            ...(SETTINGS.batchSize !== null && { batchSize: SETTINGS.batchSize }),
            // pruneOnce's own pause, then the next window with pruning.
            sleep: async (ms) => {
              pruned.statements += 1;
              await sleep(ms);
              await untilPruningWindow();
            },
          });
          pruned.calls += 1;
          pruned.deliveries += result.deliveries;
          pruned.events += result.events;
          pruned.idempotencyKeys += result.idempotencyKeys;
          progress(`  pruneOnce #${pruned.calls}: ${JSON.stringify(result)}`);
          if (result.deliveries === 0 && result.events === 0) break;
        }
      } finally {
        pruning = false;
        pruneEnded = Date.now();
      }
      return round((Date.now() - pruneStarted) / 1000, 1);
    })();
    // Orders until pruning has ended and the window pair it ended in is complete.
    let endAt = null;
    const interleaved = await measure("interleaved", {
      until: () => {
        if (pruning) return false;
        endAt ??= interleaveStarted + (Math.floor(windowAt(pruneEnded) / 2) + 1) * 2 * windowMs;
        return Date.now() >= endAt;
      },
      maxSeconds: SETTINGS.maxSeconds,
    });
    const pruneSeconds = await prunedBy; // when orders stopped at --max-seconds, pruning still ends
    sampling = false;
    await sampler;
    const oldAtEnd = await countOld();

    const lastWindow = windowAt(endAt ?? Date.now());
    const kinds = { with: [], without: [], withoutNoAutovacuum: [] };
    const perWindow = [];
    for (let w = 0; w < lastWindow; w++) {
      const start = interleaveStarted + w * windowMs;
      const latencies = interleaved.arrivals
        .filter((a) => a.createdAt >= start + GUARD_MS && a.createdAt < start + windowMs - GUARD_MS)
        .map((a) => a.at - a.createdAt);
      const kind = w % 2 === 1 ? "with" : "without";
      kinds[kind].push(...latencies);
      if (kind === "without" && !autovacuumSeen.has(w)) kinds.withoutNoAutovacuum.push(...latencies);
      perWindow.push({
        window: w,
        kind,
        autovacuum: autovacuumSeen.has(w),
        events: latencies.length,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        maxMs: latencies.length ? Math.max(...latencies) : null,
      });
    }
    const summary = (latencies) => ({
      events: latencies.length,
      p50Ms: percentile(latencies, 50),
      p90Ms: percentile(latencies, 90),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies.length ? Math.max(...latencies) : null,
    });
    // The median of the windows' own p99s: one window that the machine stalled (both kinds get
    // some) moves the pooled p99 of its kind, not this.
    const medianWindowP99 = (kind) =>
      percentile(
        perWindow.filter((w) => w.kind === kind && w.p99Ms !== null).map((w) => w.p99Ms),
        50,
      );
    const withWindows = summary(kinds.with);
    const withoutWindows = summary(kinds.without);
    const withoutClean = summary(kinds.withoutNoAutovacuum);
    const ratioOf = (a, b) => (a.p99Ms !== null && b.p99Ms ? round(a.p99Ms / b.p99Ms, 2) : null);
    // The target: the "with" windows against every "without" window of the same run. Also shown:
    // against the "without" windows autovacuum left alone (stricter), and against the run before any
    // pruning (minutes earlier: the machine's drift is in it).
    const ratio = ratioOf(withWindows, withoutWindows);
    const ratioClean = ratioOf(withWindows, withoutClean);
    const ratioBefore = ratioOf(withWindows, without);
    const windowMedians = { with: medianWindowP99("with"), without: medianWindowP99("without") };
    const ratioOfMedians =
      windowMedians.with !== null && windowMedians.without
        ? round(windowMedians.with / windowMedians.without, 2)
        : null;
    const pass =
      baselineClean &&
      ratio !== null &&
      ratio <= SETTINGS.targetRatio &&
      oldAtEnd.deliveries === 0 &&
      interleaved.delivered >= interleaved.orders &&
      without.delivered >= without.orders;
    delete interleaved.arrivals;
    const report = {
      when: new Date().toISOString(),
      machine: machine(),
      postgres: pgVersion,
      settings: SETTINGS,
      seeded: { ...logCounts, old: oldBefore },
      without,
      interleaved,
      windows: {
        seconds: SETTINGS.window,
        guardMs: GUARD_MS,
        with: withWindows,
        without: withoutWindows,
        withoutNoAutovacuum: withoutClean,
        perWindow,
      },
      pruning: { ...pruned, seconds: pruneSeconds, oldLeft: oldAtEnd },
      p99Ratio: ratio,
      p99RatioAgainstWindowsWithoutAutovacuum: ratioClean,
      p99RatioAgainstRunBefore: ratioBefore,
      medianWindowP99: windowMedians,
      medianWindowP99Ratio: ratioOfMedians,
      baselineClean,
      pass,
    };
    mkdirSync(join(root, "bench/results"), { recursive: true });
    writeFileSync(join(root, "bench/results/prune.json"), `${JSON.stringify(report, null, 2)}\n`);
    const row = (label, f) => `| ${label} | ${f.events} | ${f.p50Ms} | ${f.p90Ms ?? ""} | ${f.p99Ms} | ${f.maxMs} |`;
    process.stdout.write(
      `\n| events committed | events | p50 ms | p90 ms | p99 ms | max ms |\n|---|---|---|---|---|---|\n` +
        `${row(`before any pruning (${without.seconds} s)`, { ...without, events: without.delivered })}\n` +
        `${row(`in the ${kinds.without.length ? perWindow.filter((w) => w.kind === "without").length : 0} windows without pruning`, withoutWindows)}\n` +
        `${row("  of which autovacuum left alone", withoutClean)}\n` +
        `${row(`in the ${perWindow.filter((w) => w.kind === "with").length} windows with pruning`, withWindows)}\n\n` +
        `pruned: ${fmt(pruned.deliveries)} delivery records, ${fmt(pruned.events)} events in ${pruneSeconds} s of interleaved run (${pruned.calls} pruneOnce calls, ${pruned.statements} pauses); ` +
        `older than 30 days left: ${JSON.stringify(oldAtEnd)}; windows autovacuum touched: ${[...autovacuumSeen].sort((a, b) => a - b).join(", ") || "none"}\n` +
        `p99 with / without pruning (interleaved ${SETTINGS.window} s windows): ${ratio} (target ≤ ${SETTINGS.targetRatio}): ${pass ? "met" : "MISSED"}; ` +
        `against the windows autovacuum left alone ${ratioClean}; against the run before any pruning ${ratioBefore}\n` +
        `median of the windows' p99: ${windowMedians.with} ms with, ${windowMedians.without} ms without pruning: ${ratioOfMedians}\n` +
        `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown"}, load ${os
          .loadavg()
          .map((l) => round(l, 2))
          .join(" ")}\n\n`,
    );
    progress("wrote bench/results/prune.json");
    if (!pass) process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  process.stderr.write(`bench:prune failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
