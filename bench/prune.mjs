/**
 * `pnpm bench:prune`: does retention pruning slow deliveries (issue 14, item 6; issue 18, item 4)?
 * Runs the reference server from the build (`examples/server/dist/main.js`, its delivery worker on,
 * a local receiver answering 200) on an embedded PostgreSQL of its own in a temporary folder, seeds
 * `--rows` old delivery records (default 1,000,000, each with its event, all created more than 30
 * days ago: bench/scale-seed.mjs), then measures event → first delivery at a paced order rate twice:
 *   1. without pruning (`--seconds`, default 60);
 *   2. while `pruneOnce` (packages/worker, the function the server's cron task runs, with its
 *      defaults: 1000 rows a statement, then a pause of 3 × the statement's time, at least 20 ms) is called in a loop from this
 *      process until nothing old is left; orders go on for at least `--seconds` and until pruning
 *      has finished (at most `--max-seconds`, default 900).
 * Reports p50/p99 of both runs and of the events committed while pruning ran, the ratio of the
 * latter's p99 to the p99 without pruning (target: ≤ 1.2), how many rows pruning deleted during the
 * measured run, and that no old row is left. Latency is from the event's `createdAt`
 * (its commit's clock) to the receiver getting it, as in `pnpm bench`. Not a test: `pnpm test`
 * never runs it. Writes bench/results/prune.json.
 *
 *   node bench/prune.mjs [--rows N] [--seconds S] [--max-seconds S] [--order-rate N] [--pause-ratio R] [--keep]
 *
 * The server's own pruning cron is off (`MARKETPLACE_RETENTION_SCHEDULE=off`): this process is the
 * one pruner, as the cron task would be, and the bench checks that every old row is still there
 * after the run without pruning.
 */

import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createLogWebhooks, growLog } from "./scale-seed.mjs";
import { seed } from "./seed.mjs";
import { freePort, pacedOrders, percentile, progressFrom, round, sleep } from "./util.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : fallback;
};
const SETTINGS = {
  rows: option("--rows", 1_000_000),
  seconds: option("--seconds", 60),
  maxSeconds: option("--max-seconds", 900),
  orderRate: option("--order-rate", 20),
  /** pruneOnce's pauseRatio (null: its default); --pause-ratio 0 is the fixed 20 ms pause alone. */
  pauseRatio: option("--pause-ratio", null),
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
const pgLogger = {
  debug() {},
  info() {},
  warn: (msg, fields) => progress(`postgres: ${msg} ${fields ? JSON.stringify(fields) : ""}`),
  error: (msg, fields) => progress(`postgres: ${msg} ${fields ? JSON.stringify(fields) : ""}`),
};

/** The reference server from the build, its worker on; resolves once /health answers. */
async function startServer(tmp, databaseUrl) {
  const port = await freePort();
  const logFile = join(tmp, "server-prune.log");
  const out = openSync(logFile, "w");
  const child = spawn(process.execPath, [join(root, "examples/server/dist/main.js")], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      MARKETPLACE_SEED: "false",
      MARKETPLACE_LOG_LEVEL: "warn",
      MARKETPLACE_WORKER: "true",
      MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK: "true",
      MARKETPLACE_METRICS_PORT: "off",
      // The bench prunes itself, when it means to: no cron slot may fall in the run without pruning.
      MARKETPLACE_RETENTION_SCHEDULE: "off",
    },
    stdio: ["ignore", out, out],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, sleep(15_000).then(() => child.kill("SIGKILL"))]);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited (${child.exitCode}):\n${readFileSync(logFile, "utf8").slice(-3000)}`);
    }
    const ok = await fetch(`${url}/health`)
      .then(async (res) => {
        await res.arrayBuffer();
        return res.ok;
      })
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server not healthy after 60 s:\n${readFileSync(logFile, "utf8").slice(-3000)}`);
    }
    await sleep(100);
  }
  return { url, pid: child.pid, stop };
}

/** A receiver answering 200 at once; the first arrival of each event id, and its `createdAt`. */
function startReceiver() {
  const arrivals = new Map();
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const at = Date.now();
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      try {
        const envelope = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        if (!arrivals.has(envelope.id)) arrivals.set(envelope.id, { at, createdAt: Date.parse(envelope.createdAt) });
      } catch {}
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}/hook`,
        arrivals,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}

async function waitFor(predicate, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await predicate()) return true;
    await sleep(50);
  }
  return false;
}

function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? "unknown",
    memoryGb: round(os.totalmem() / 1024 ** 3, 1),
    loadAverage: os.loadavg().map((l) => round(l, 2)),
    node: process.version,
  };
}

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

    const server = await startServer(tmp, databaseUrl);
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
      if (extra.window) {
        // Only the events committed while pruning ran: the figure the target is about.
        const [start, end] = extra.window();
        const during = fresh.filter((a) => a.createdAt >= start && a.createdAt <= end).map((a) => a.at - a.createdAt);
        figure.whilePruning = {
          seconds: round((end - start) / 1000, 1),
          delivered: during.length,
          p50Ms: percentile(during, 50),
          p99Ms: percentile(during, 99),
          maxMs: during.length ? Math.max(...during) : null,
        };
      }
      progress(`${label}: ${JSON.stringify(figure)}`);
      return figure;
    };

    // ── 1. Without pruning ──
    progress(`── event → first delivery at ${SETTINGS.orderRate} orders/s for ${SETTINGS.seconds} s, no pruning`);
    const without = await measure("without pruning");
    const oldAfterBaseline = await countOld();
    const baselineClean = oldAfterBaseline.deliveries === oldBefore.deliveries;
    if (!baselineClean) {
      progress(
        `WARNING: old delivery records changed during the run without pruning: ${JSON.stringify(oldAfterBaseline)}`,
      );
    }

    // ── 2. While pruneOnce deletes the old rows in a loop ──
    progress(
      `── the same, while pruneOnce (1000 rows a statement, pause ratio ${SETTINGS.pauseRatio ?? "default"}) deletes ${fmt(oldAfterBaseline.deliveries)} old delivery records and their events`,
    );
    const pruned = { deliveries: 0, events: 0, idempotencyKeys: 0, calls: 0 };
    let pruning = true;
    const pruneStarted = Date.now();
    let pruneEnded = null;
    const prunedBy = (async () => {
      try {
        for (;;) {
          const result = await worker.pruneOnce(db, {
            now: new Date(),
            ...(SETTINGS.pauseRatio !== null && { pauseRatio: SETTINGS.pauseRatio }),
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
    const withPruning = await measure("with pruning", {
      until: () => !pruning,
      maxSeconds: SETTINGS.maxSeconds,
      window: () => [pruneStarted, pruneEnded ?? Date.now()],
    });
    const pruneSeconds = await prunedBy; // when orders stopped at --max-seconds, pruning still ends
    const oldAtEnd = await countOld();
    // The target compares the events committed while pruning ran with the run without pruning.
    const during = withPruning.whilePruning;
    const ratio = without.p99Ms && during.p99Ms !== null ? round(during.p99Ms / without.p99Ms, 2) : null;
    const pass =
      baselineClean &&
      ratio !== null &&
      ratio <= SETTINGS.targetRatio &&
      oldAtEnd.deliveries === 0 &&
      withPruning.delivered >= withPruning.orders &&
      without.delivered >= without.orders;
    const report = {
      when: new Date().toISOString(),
      machine: machine(),
      postgres: pgVersion,
      settings: SETTINGS,
      seeded: { ...logCounts, old: oldBefore },
      without,
      withPruning,
      pruning: { ...pruned, seconds: pruneSeconds, oldLeft: oldAtEnd },
      p99Ratio: ratio,
      baselineClean,
      pass,
    };
    mkdirSync(join(root, "bench/results"), { recursive: true });
    writeFileSync(join(root, "bench/results/prune.json"), `${JSON.stringify(report, null, 2)}\n`);
    const row = (f) =>
      `| ${f.label} | ${f.seconds} | ${f.orders} | ${f.delivered} | ${f.p50Ms} | ${f.p99Ms} | ${f.maxMs} |`;
    process.stdout.write(
      `\n| run | s | orders | delivered | p50 ms | p99 ms | max ms |\n|---|---|---|---|---|---|---|\n${row(without)}\n${row(withPruning)}\n` +
        `| events committed while pruning ran | ${during.seconds} | | ${during.delivered} | ${during.p50Ms} | ${during.p99Ms} | ${during.maxMs} |\n\n` +
        `pruned during the run: ${fmt(pruned.deliveries)} delivery records, ${fmt(pruned.events)} events in ${pruneSeconds} s (${pruned.calls} pruneOnce calls); ` +
        `older than 30 days left: ${JSON.stringify(oldAtEnd)}\n` +
        `p99 while pruning / without: ${ratio} (target ≤ ${SETTINGS.targetRatio}): ${pass ? "met" : "MISSED"}\n` +
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
