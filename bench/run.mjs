/**
 * `pnpm bench`: measures the reference server under load against bare baselines run in the same
 * invocation on the same machine, and reports each figure as a ratio (shared, noisy machines: the
 * absolute numbers drift, the ratios hold). Not a test: `pnpm test` never runs it.
 *
 *   pnpm bench                 build, then the full suite (~8 minutes on 2 cores)
 *   pnpm bench --quick         smaller dataset, one short run per figure (~2 minutes)
 *   pnpm bench --scale         build, then the cost of each read as the data grows (bench/scale.mjs)
 *   node bench/run.mjs [--quick] [--runs N] [--duration S] [--order-rate N] [--write-docs] [--keep]
 *
 * What it does: starts the embedded PostgreSQL (from the build) in a temporary folder on a free port,
 * migrates and seeds it with set-based SQL, captures the SQL the project runs (bench/capture.mjs),
 * starts the reference server (`examples/server/dist/main.js`) and the bare Hono + pg server
 * (bench/bare-server.mjs) as child processes, loads each with autocannon (warm-up, then N runs,
 * project and bare interleaved so drift hits both), samples the server's RSS from /proc every 100 ms,
 * measures webhook delivery with a local receiver and bulk CSV uploads, then prints a table and writes
 * bench/results/latest.json (and, with --write-docs, the figures block of docs/performance.md).
 */

import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { captureProjectSql } from "./capture.mjs";
import { BROAD_TERM, SELECTIVE_TERM, seed } from "./seed.mjs";
import {
  cpuMsOf,
  freePort,
  MB,
  machine,
  median,
  pacedOrders,
  percentile,
  postgresLogger,
  progressFrom,
  root,
  round,
  rssOf,
  rssSampler,
  startBareServer,
  startReceiver,
  startReferenceServer,
  waitFor,
} from "./util.mjs";

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : fallback;
};
const QUICK = flag("--quick");
const PHASES = ["reads", "orders", "logging", "delivery", "bulk"];
const onlyIndex = args.indexOf("--only");
const ONLY = new Set(onlyIndex >= 0 ? (args[onlyIndex + 1] ?? "").split(",") : PHASES);
const phase = (name) => ONLY.has(name);
const matchIndex = args.indexOf("--match");
/** `--match "first page,by id"`: only the read figures whose name contains one of these. */
const MATCH = matchIndex >= 0 ? (args[matchIndex + 1] ?? "").split(",").filter(Boolean) : [];
const matches = (name) => MATCH.length === 0 || MATCH.some((part) => name.includes(part));
/** Extra node arguments for the reference server, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof". */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
/** The reference server from the build, with this run's extra node arguments. */
const startProject = (tmp, databaseUrl, env, label) =>
  startReferenceServer({ tmp, databaseUrl, env, label, nodeArgs: SERVER_NODE_ARGS });
const SETTINGS = {
  offers: QUICK ? 20_000 : 100_000,
  teams: QUICK ? 100 : 500,
  runs: option("--runs", QUICK ? 1 : 3),
  durationS: option("--duration", QUICK ? 3 : 5),
  warmupS: QUICK ? 1 : 2,
  connections: 20,
  /** Event → first delivery is paced at this share of the same run's bare order throughput… */
  orderRateShare: 0.1,
  /** …or at `--order-rate` orders/s (and at this rate when the order phase did not run). */
  orderRate: option("--order-rate", null),
  fallbackOrderRate: 20,
  latencyS: QUICK ? 5 : 10,
  deliveryEvents: QUICK ? 5_000 : 20_000,
  bulkSmallRows: 10_000,
  bulkLargeRows: QUICK ? 20_000 : 100_000,
};
/** PostgreSQL settings of the throwaway benchmark cluster. */
const PG_SETTINGS = {
  shared_buffers: "1GB",
  work_mem: "16MB",
  max_connections: "200",
  // Durability off: the cluster is thrown away, and commit flushes would measure the disk, not the code.
  fsync: "off",
  synchronous_commit: "off",
  full_page_writes: "off",
  // No checkpoint in the middle of a run.
  max_wal_size: "8GB",
  checkpoint_timeout: "30min",
};
/** Targets (issue 18): ratios to bare measured in the same run, and the server's memory. */
const READ_RATIO_TARGET = 0.85;
const ORDER_RATIO_TARGET = 0.7;
const SEARCH_RATIO_TARGET = 2.5;
const RSS_TARGET_MB = 256;

const started = Date.now();
const progress = progressFrom(started);
const logger = postgresLogger(progress);

/** Server processes that had their first (longer) warm-up. */
const warmedUp = new Set();

/** One autocannon run; throughput counts 2xx responses only. */
async function load(target, durationS, extra = {}) {
  const cpuBefore = target.pid ? cpuMsOf(target.pid) : null;
  const result = await autocannon({
    url: target.url,
    connections: SETTINGS.connections,
    duration: durationS,
    ...target.options,
    ...extra,
  });
  const ok = result["2xx"];
  const cpuAfter = target.pid ? cpuMsOf(target.pid) : null;
  return {
    rps: ok / result.duration,
    cpuMsPerRequest: cpuAfter !== null && cpuBefore !== null && ok > 0 ? (cpuAfter - cpuBefore) / ok : null,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * Warm-up, then `runs` runs of project and bare, interleaved; medians. The project server's peak RSS
 * is sampled through the runs.
 */
async function compare(name, project, bare, sampler) {
  const { runs, durationS } = SETTINGS;
  // The first load of a fresh server also warms V8's JIT: longer.
  const warmupS = warmedUp.has(project.pid) ? SETTINGS.warmupS : SETTINGS.warmupS * 3;
  warmedUp.add(project.pid);
  await load(project, warmupS);
  if (bare) await load(bare, warmupS);
  const p = [];
  const b = [];
  const rssBefore = sampler.reset();
  for (let i = 0; i < runs; i++) {
    const pr = await load(project, durationS);
    p.push(pr);
    let line = `${name}: run ${i + 1}/${runs} project ${Math.round(pr.rps)} req/s (p99 ${pr.p99} ms)`;
    if (pr.non2xx || pr.errors) line += ` [${pr.non2xx} non-2xx, ${pr.errors} errors]`;
    if (bare) {
      const br = await load(bare, durationS);
      b.push(br);
      line += `, bare ${Math.round(br.rps)} req/s (p99 ${br.p99} ms)`;
      if (br.non2xx || br.errors) line += ` [${br.non2xx} non-2xx, ${br.errors} errors]`;
    }
    progress(line);
  }
  const projectRps = median(p.map((r) => r.rps));
  const bareRps = bare ? median(b.map((r) => r.rps)) : null;
  return {
    name,
    projectRps: round(projectRps),
    bareRps: round(bareRps),
    ratio: bareRps ? round(projectRps / bareRps, 2) : null,
    projectP50Ms: median(p.map((r) => r.p50)),
    projectP99Ms: median(p.map((r) => r.p99)),
    bareP50Ms: bare ? median(b.map((r) => r.p50)) : null,
    bareP99Ms: bare ? median(b.map((r) => r.p99)) : null,
    projectCpuMsPerRequest: round(median(p.map((r) => r.cpuMsPerRequest)), 3),
    bareCpuMsPerRequest: bare ? round(median(b.map((r) => r.cpuMsPerRequest)), 3) : null,
    failures: p.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
    bareFailures: b.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
    rssBeforeMb: round(rssBefore / MB, 1),
    peakRssMb: round(sampler.peak() / MB, 1),
    runs: { project: p.map((r) => round(r.rps)), bare: b.map((r) => round(r.rps)) },
  };
}

function csvFile(rows, prefix) {
  const lines = ["sku,name,serviceType,description,monthlyPrice,internet.downloadSpeedMbps"];
  for (let i = 1; i <= rows; i++) {
    lines.push(
      `${prefix}-${i},Fiber Bulk ${i},internet,"Symmetric fiber, no data cap, free installation (row ${i})",${20 + (i % 80)}.99,${[100, 300, 500, 1000][i % 4]}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Uploads a CSV file and measures the time and the server's RSS growth during it. */
async function upload(server, providerKey, csv, sampler) {
  const before = sampler.reset();
  const t0 = performance.now();
  let res;
  try {
    res = await fetch(`${server.url}/provider/offers/bulk-upload`, {
      method: "POST",
      headers: { "x-api-key": providerKey, "content-type": "text/csv" },
      body: csv,
    });
  } catch (error) {
    // The server may answer 413 and close before the client has sent the whole file: the client
    // then sees the connection go, not the answer (a full run at load 12 did).
    const seconds = (performance.now() - t0) / 1000;
    const reason = `connection closed while sending (${error?.cause?.code ?? error?.message ?? error})`;
    return { status: reason, seconds, summary: null, rssBefore: before, peak: sampler.peak(), body: "" };
  }
  const body = await res.text();
  const seconds = (performance.now() - t0) / 1000;
  let summary = null;
  try {
    summary = JSON.parse(body).summary ?? null;
  } catch {}
  return { status: res.status, seconds, summary, rssBefore: before, peak: sampler.peak(), body: body.slice(0, 300) };
}

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
      if (!flag("--keep")) rmSync(tmp, { recursive: true, force: true });
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

    // Schema: the project's migrations and graphile-worker's.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    pool.on("error", () => {});
    cleanups.push(async () => pool.end());
    const db = adapters.createDatabase(new pg.Pool({ connectionString: databaseUrl, max: 2 }));
    await adapters.migrateToLatest(db);
    await worker.migrateWorkerSchema({ pgPool: pool });
    await db.destroy();

    const seedStarted = Date.now();
    const client = await pool.connect();
    let seeded;
    try {
      seeded = await seed(client, { offers: SETTINGS.offers, teams: SETTINGS.teams });
    } finally {
      client.release();
    }
    progress(`seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s: ${JSON.stringify(seeded.counts)}`);

    // Inputs of the scenarios.
    const { rows: catalogIds } = await pool.query(
      `select id from offers where status = 'active' and deleted_at is null order by created_at desc, id desc`,
    );
    const cursorOfferId = catalogIds[Math.floor(catalogIds.length / 2)].id;
    const randomIds = Array.from({ length: 5000 }, (_, i) => catalogIds[(i * 7919) % catalogIds.length].id);
    const { rows: everywhere } = await pool.query(
      `select o.id from offers o where o.status = 'active' and not exists (select 1 from offer_markets om where om.offer_id = o.id) limit 300`,
    );
    const orderOfferIds = everywhere.map((row) => row.id);
    const zipCode = "70123";
    const filters = { zipCode, minPrice: "30", maxPrice: "80" };

    progress("capturing the project's SQL");
    const captured = await captureProjectSql(databaseUrl, {
      resellerTeamId: seeded.resellerTeamId,
      search: SELECTIVE_TERM,
      ...filters,
      cursorOfferId,
      byIdOfferId: randomIds[0],
      orderOfferIds: orderOfferIds.slice(0, 3),
    });
    // The broad term, naive, for reference.
    captured.statements.naiveBroad = { ...captured.statements.naiveSearch, params: [BROAD_TERM] };
    writeFileSync(join(tmp, "captured.json"), JSON.stringify(captured, null, 2));
    progress(
      `captured: ${Object.keys(captured.statements).length} catalog statements, by id, ${captured.order.statements.length} order statements`,
    );

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
    const query = (params) => new URLSearchParams(params).toString();
    const project = (path, options = {}) => ({
      url: `${server.url}${path}`,
      pid: server.pid,
      options: { headers: reseller, ...options },
    });
    const bareAt = (path, options = {}) => ({ url: `${bare.url}${path}`, pid: bare.pid, options });
    const byIdRequests = (prefix) => {
      let i = 0;
      return {
        requests: [
          {
            method: "GET",
            setupRequest: (req) => {
              i = (i + 1) % randomIds.length;
              return { ...req, path: `${prefix}${randomIds[i]}` };
            },
          },
        ],
      };
    };

    if (flag("--serve")) {
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
    const scenarios = [
      ["catalog first page", project("/reseller/catalog?limit=20"), bareAt("/q/firstPage")],
      [
        "catalog deep page (cursor)",
        project(`/reseller/catalog?${query({ limit: 20, cursor })}`),
        bareAt("/q/deepPage"),
      ],
      [
        `search "${SELECTIVE_TERM}" (~1 %) vs naive`,
        project(`/reseller/catalog?${query({ search: SELECTIVE_TERM, limit: 20 })}`),
        bareAt("/q/naiveSearch"),
      ],
      [
        `search "${SELECTIVE_TERM}" + zip + price vs naive`,
        project(`/reseller/catalog?${query({ search: SELECTIVE_TERM, ...filters, limit: 20 })}`),
        bareAt("/q/naiveSearchFiltered"),
      ],
      [
        `search "${SELECTIVE_TERM}": bare with the project's SQL`,
        project(`/reseller/catalog?${query({ search: SELECTIVE_TERM, limit: 20 })}`),
        bareAt("/q/search"),
      ],
      [
        `search "${BROAD_TERM}" (broad) vs naive`,
        project(`/reseller/catalog?${query({ search: BROAD_TERM, limit: 20 })}`),
        bareAt("/q/naiveBroad"),
      ],
      [
        "catalog by id (random ids)",
        project("/reseller/catalog/", byIdRequests(`/reseller/catalog/`)),
        bareAt("/offer/", byIdRequests("/offer/")),
      ],
    ];
    for (const [name, p, b] of phase("reads") ? scenarios.filter(([name]) => matches(name)) : []) {
      progress(`── ${name}`);
      results.scenarios.push(await compare(name, p, b, sampler));
    }

    // Orders: 3 items each, a new customer each, events recorded in the outbox.
    let orderSequence = 0;
    const orderBody = () => {
      orderSequence += 1;
      const pick = (k) => orderOfferIds[(orderSequence * 3 + k) % orderOfferIds.length];
      return JSON.stringify({
        items: [{ offerId: pick(0) }, { offerId: pick(1) }, { offerId: pick(2) }],
        customer: {
          name: `Customer ${orderSequence}`,
          email: `customer-${orderSequence}@example.com`,
          phone: `+1737${String(orderSequence).padStart(7, "0")}`,
          kind: "residential",
        },
        serviceAddress: { line1: `${orderSequence} Congress Ave`, city: "Austin", state: "TX", zipCode },
      });
    };
    const orderRequests = (path, headers, onOrder) => ({
      requests: [
        {
          method: "POST",
          path,
          headers: { "content-type": "application/json", ...headers },
          setupRequest: (req) => ({ ...req, body: orderBody() }),
          ...(onOrder
            ? {
                onResponse: (status, body) => {
                  if (status === 201) onOrder(JSON.parse(body).id, Date.now());
                },
              }
            : {}),
        },
      ],
    });
    if (phase("orders")) progress("── orders (3 items, events in the outbox)");
    if (phase("orders"))
      results.scenarios.push(
        await compare(
          "POST /reseller/orders (3 items)",
          { url: server.url, pid: server.pid, options: orderRequests("/reseller/orders", reseller) },
          { url: bare.url, pid: bare.pid, options: orderRequests("/orders", {}) },
          sampler,
        ),
      );
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
        bareAt("/q/firstPage"),
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
          ...(option("--worker-concurrency", null) !== null
            ? { MARKETPLACE_WORKER_CONCURRENCY: String(option("--worker-concurrency", null)) }
            : {}),
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
        // Paced at a share of what the bare order script sustained in this run, on this machine.
        const bareOrders = results.scenarios.find((s) => s.name.startsWith("POST /reseller/orders"))?.bareRps ?? null;
        const orderRate =
          SETTINGS.orderRate ??
          (bareOrders ? Math.max(5, Math.round(SETTINGS.orderRateShare * bareOrders)) : SETTINGS.fallbackOrderRate);
        const pacing =
          SETTINGS.orderRate !== null
            ? "--order-rate"
            : bareOrders
              ? `${SETTINGS.orderRateShare * 100} % of the bare order throughput of this run, ${Math.round(bareOrders)}/s`
              : "the order phase did not run: fixed rate";
        progress(`── event → first delivery at ${orderRate} orders/s for ${SETTINGS.latencyS} s (${pacing})`);
        sampler.reset();
        // Warm-up: a few orders, delivered, not counted.
        await autocannon({
          url: server.url,
          connections: 4,
          amount: 50,
          ...orderRequests("/reseller/orders", reseller),
        });
        await waitFor(() => receiver.arrivals.size >= 50, 15_000);
        receiver.arrivals.clear();
        const pacedFrom = Date.now();
        // When each order's 201 arrived (after its commit): a lower bound of the commit time.
        const answeredAt = new Map();
        const paced = await pacedOrders(`${server.url}/reseller/orders`, reseller, orderBody, {
          rate: orderRate,
          seconds: SETTINGS.latencyS,
          onOrder: (orderId, at) => answeredAt.set(orderId, at),
        });
        const placed = paced.ok;
        await waitFor(() => receiver.arrivals.size >= placed, 30_000);
        const fresh = [...receiver.arrivals.values()].filter((a) => a.createdAt >= pacedFrom);
        const latencies = fresh.map((a) => a.at - a.createdAt);
        // From the 201 (after commit) to the delivery; negative when the delivery won the race.
        const afterAnswer = fresh
          .filter((a) => answeredAt.has(a.data?.orderId))
          .map((a) => a.at - answeredAt.get(a.data.orderId));
        const latency = {
          targetRate: orderRate,
          pacing,
          ordersPerSecond: round(placed / paced.seconds, 1),
          orders: placed,
          delivered: latencies.length,
          p50Ms: percentile(latencies, 50),
          p99Ms: percentile(latencies, 99),
          afterResponseP50Ms: percentile(afterAnswer, 50),
          afterResponseP99Ms: percentile(afterAnswer, 99),
          maxMs: latencies.length ? Math.max(...latencies) : null,
          orderP50Ms: paced.p50Ms,
          orderP99Ms: paced.p99Ms,
          peakRssMb: round(sampler.peak() / MB, 1),
        };
        progress(`latency: ${JSON.stringify(latency)}`);

        // Throughput: events recorded by another process (like a second HTTP node), relayed by the
        // server's poll, delivered by its one worker.
        progress(`── deliveries per second: ${SETTINGS.deliveryEvents} events, one worker`);
        await waitFor(async () => {
          const { rows } = await pool.query(
            "select (select count(*) from event_outbox) + (select count(*) from graphile_worker._private_jobs) as n",
          );
          return Number(rows[0].n) === 0;
        }, 60_000);
        receiver.arrivals.clear();
        sampler.reset();
        const { rows: sample } = await pool.query("select data from events where type = 'order.created' limit 1");
        await pool.query(
          `with inserted as (
         insert into events (id, type, version, created_at, training, data, provider_team_ids, reseller_team_ids)
         select gen_random_uuid(), 'order.created', 1, now(), false, $1::jsonb, '{}', array[$2::uuid]
         from generate_series(1, $3)
         returning id, created_at
       )
       insert into event_outbox (event_id) select id from inserted order by created_at, id`,
          [JSON.stringify(sample[0].data), seeded.resellerTeamId, SETTINGS.deliveryEvents],
        );
        const t0 = Date.now();
        await waitFor(() => receiver.arrivals.size >= SETTINGS.deliveryEvents, 180_000);
        const times = [...receiver.arrivals.values()].map((a) => a.at).sort((a, b) => a - b);
        const first = times[0] ?? t0;
        const last = times.at(-1) ?? t0;
        const deliveries = {
          events: SETTINGS.deliveryEvents,
          delivered: receiver.arrivals.size,
          seconds: round((last - t0) / 1000, 2),
          perSecond: round(receiver.arrivals.size / Math.max(0.001, (last - first) / 1000)),
          firstArrivalMs: first - t0,
          peakRssMb: round(sampler.peak() / MB, 1),
        };
        progress(`deliveries: ${JSON.stringify(deliveries)}`);
        results.deliveries = { latency, throughput: deliveries };
      }

      // ── Bulk CSV uploads (draft offers for the first provider team) ──
      if (phase("bulk")) {
        progress("── bulk CSV upload");
        const small = await upload(server, seeded.providerKey, csvFile(SETTINGS.bulkSmallRows, "BULK-S"), sampler);
        progress(
          `${SETTINGS.bulkSmallRows} rows: ${small.status} in ${small.seconds.toFixed(2)} s ${JSON.stringify(small.summary)}`,
        );
        const large = [];
        const perFile = Math.min(50_000, SETTINGS.bulkLargeRows);
        const largeBefore = rssOf(server.pid);
        let largePeak = largeBefore;
        for (let done = 0, part = 1; done < SETTINGS.bulkLargeRows; done += perFile, part++) {
          const result = await upload(server, seeded.providerKey, csvFile(perFile, `BULK-L${part}`), sampler);
          largePeak = Math.max(largePeak, result.peak);
          large.push(result);
          progress(
            `${perFile} rows (file ${part}): ${result.status} in ${result.seconds.toFixed(2)} s, peak RSS ${round(result.peak / MB, 1)} MB`,
          );
        }
        const single = await upload(server, seeded.providerKey, csvFile(SETTINGS.bulkLargeRows, "BULK-ONE"), sampler);
        progress(`${SETTINGS.bulkLargeRows} rows in one file: ${single.status} in ${single.seconds.toFixed(2)} s`);
        results.bulk = {
          small: {
            rows: SETTINGS.bulkSmallRows,
            status: small.status,
            seconds: round(small.seconds, 2),
            summary: small.summary,
          },
          large: {
            rows: SETTINGS.bulkLargeRows,
            files: large.length,
            rowsPerFile: perFile,
            statuses: large.map((r) => r.status),
            seconds: round(
              large.reduce((sum, r) => sum + r.seconds, 0),
              2,
            ),
            rssBeforeMb: round(largeBefore / MB, 1),
            peakRssMb: round(largePeak / MB, 1),
            growthMb: round((largePeak - largeBefore) / MB, 1),
          },
          singleFile: {
            rows: SETTINGS.bulkLargeRows,
            status: single.status,
            seconds: round(single.seconds, 2),
            body: single.body,
          },
        };
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
    if (flag("--write-docs")) writeDocs(report);
  } finally {
    await cleanup();
  }
}

function buildReport(results, info) {
  const rows = [];
  const row = (figure, project, bare, ratio, target, pass, notes = "") =>
    rows.push({ figure, project, bare, ratio, target, pass, notes });
  const fmt = (v, unit = "") =>
    v === null || v === undefined ? "—" : `${Math.round(v).toLocaleString("en-US")}${unit}`;
  for (const s of results.scenarios) {
    let target = "—";
    let pass = null;
    let notes = `p99 ${s.projectP99Ms} / ${s.bareP99Ms} ms; server CPU ${s.projectCpuMsPerRequest} / ${s.bareCpuMsPerRequest} ms per request; peak RSS ${s.peakRssMb} MB`;
    if (
      s.name.startsWith("catalog first page") ||
      s.name.startsWith("catalog deep page") ||
      s.name.startsWith("catalog by id")
    ) {
      target = `≥ ${READ_RATIO_TARGET} of bare`;
      pass = s.ratio >= READ_RATIO_TARGET;
    } else if (s.name.includes("vs naive") && s.name.includes(SELECTIVE_TERM)) {
      target = `≥ ${SEARCH_RATIO_TARGET} × naive`;
      pass = s.ratio >= SEARCH_RATIO_TARGET;
    } else if (s.name.startsWith("POST /reseller/orders")) {
      target = `≥ ${ORDER_RATIO_TARGET} of bare`;
      pass = s.ratio >= ORDER_RATIO_TARGET;
    }
    if (s.failures) notes += `; ${s.failures} failed requests`;
    row(s.name, fmt(s.projectRps, " req/s"), fmt(s.bareRps, " req/s"), s.ratio?.toFixed(2) ?? "—", target, pass, notes);
  }
  if (results.logging) {
    const s = results.logging;
    row(
      s.name,
      fmt(s.projectRps, " req/s"),
      fmt(s.bareRps, " req/s"),
      s.ratio?.toFixed(2) ?? "—",
      "(info)",
      null,
      `p99 ${s.projectP99Ms} ms`,
    );
  }
  if (results.deliveries) {
    const { latency, throughput } = results.deliveries;
    row(
      `event → first delivery at ${latency.ordersPerSecond} orders/s`,
      `p50 ${latency.p50Ms} ms, p99 ${latency.p99Ms} ms (from createdAt); p50 ${latency.afterResponseP50Ms} ms, p99 ${latency.afterResponseP99Ms} ms (from the 201)`,
      "—",
      "—",
      "p50 < 10 ms, p99 < 50 ms",
      latency.p50Ms !== null && latency.p50Ms < 10 && latency.p99Ms < 50 && latency.delivered >= latency.orders,
      `paced at ${latency.targetRate}/s (${latency.pacing}); ${latency.delivered}/${latency.orders} delivered; max ${latency.maxMs} ms; order p99 ${latency.orderP99Ms} ms; peak RSS ${latency.peakRssMb} MB`,
    );
    row(
      "deliveries per second, one worker",
      fmt(throughput.perSecond, " /s"),
      "—",
      "—",
      "— (absolute: this machine)",
      null,
      `${throughput.delivered}/${throughput.events} in ${throughput.seconds} s; peak RSS ${throughput.peakRssMb} MB`,
    );
  }
  if (results.bulk) {
    const { small, large, singleFile } = results.bulk;
    row(
      `bulk upload ${small.rows.toLocaleString("en-US")} rows`,
      `${small.seconds} s`,
      "—",
      "—",
      "< 3 s",
      small.status === 200 && small.seconds < 3,
      `HTTP ${small.status}, ${small.summary?.created ?? "?"} created`,
    );
    row(
      `bulk upload ${large.rows.toLocaleString("en-US")} rows (${large.files} × ${large.rowsPerFile.toLocaleString("en-US")})`,
      `${large.seconds} s, +${large.growthMb} MB`,
      "—",
      "—",
      "RSS growth < 100 MB",
      large.statuses.every((s) => s === 200) && large.growthMb < 100,
      `RSS ${large.rssBeforeMb} → ${large.peakRssMb} MB; one ${singleFile.rows.toLocaleString("en-US")}-row file: HTTP ${singleFile.status} in ${singleFile.seconds} s`,
    );
  }

  // Server RSS: the highest peak of any load, and where it was.
  const peaks = [
    ...results.scenarios.map((s) => [s.name, s.peakRssMb]),
    ...(results.logging ? [[results.logging.name, results.logging.peakRssMb]] : []),
    ...(results.deliveries
      ? [
          ["event → first delivery", results.deliveries.latency.peakRssMb],
          ["deliveries per second", results.deliveries.throughput.peakRssMb],
        ]
      : []),
    ...(results.bulk ? [["bulk upload", results.bulk.large.peakRssMb]] : []),
  ].filter(([, mb]) => mb !== null && mb !== undefined);
  if (peaks.length > 0) {
    const [where, highest] = peaks.reduce((a, b) => (b[1] > a[1] ? b : a));
    row(
      "server peak RSS, every load",
      `${highest} MB`,
      "—",
      "—",
      `≤ ${RSS_TARGET_MB} MB`,
      highest <= RSS_TARGET_MB,
      `highest under ${where}; ${peaks.map(([name, mb]) => `${name.split(" (")[0]} ${mb}`).join(", ")} MB`,
    );
  }
  const mark = (pass) => (pass === null ? "" : pass ? "✅ met" : "❌ not met");
  const m = machine();
  const lines = [
    `Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, ${m.platform}, Node ${m.node}, PostgreSQL ${info.postgres} (embedded).`,
    `Dataset: ${info.counts.offers.toLocaleString("en-US")} offers (${info.counts.activeOffers.toLocaleString("en-US")} active) of ${info.counts.teams - 1} teams + 1 reseller, ${info.counts.brands} brands, ${info.counts.markets} markets, ${info.counts.marketAreas.toLocaleString("en-US")} ZIP areas; "${SELECTIVE_TERM}" matches ${info.counts.selectiveMatches} active offers, "${BROAD_TERM}" ${info.counts.broadMatches}.`,
    `Load: autocannon, ${info.settings.connections} connections, ${info.settings.warmupS} s warm-up, median of ${info.settings.runs} × ${info.settings.durationS} s runs, project and bare interleaved.`,
    "",
    "| Figure | Project | Bare | Ratio | Target | Result | Notes |",
    "|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) => `| ${r.figure} | ${r.project} | ${r.bare} | ${r.ratio} | ${r.target} | ${mark(r.pass)} | ${r.notes} |`,
    ),
  ];
  return {
    when: new Date().toISOString(),
    machine: m,
    postgres: info.postgres,
    pgSettings: info.pgSettings,
    settings: info.settings,
    dataset: info.counts,
    results,
    table: rows,
    markdown: lines.join("\n"),
  };
}

function writeDocs(report) {
  const file = join(root, "docs/performance.md");
  const text = readFileSync(file, "utf8");
  const begin = "<!-- bench:begin -->";
  const end = "<!-- bench:end -->";
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) {
    progress(`docs/performance.md has no ${begin} … ${end} block; not written`);
    return;
  }
  const block = `${begin}\nLatest run: ${report.when}${QUICK ? " (--quick)" : ""}.\n\n${report.markdown}\n`;
  writeFileSync(file, text.slice(0, from) + block + text.slice(to));
  progress("wrote the figures into docs/performance.md");
}

if (flag("--scale")) {
  // `pnpm bench --scale`: the scale bench reads the same arguments.
  await import("./scale.mjs");
} else {
  main().catch((error) => {
    process.stderr.write(`bench failed: ${error?.stack ?? error}\n`);
    process.exitCode = 1;
  });
}
