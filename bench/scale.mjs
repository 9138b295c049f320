/**
 * `pnpm bench --scale` (or `node bench/scale.mjs` after a build): the cost of each read as the data
 * grows. Not a test: `pnpm test` never runs it.
 *
 *   node bench/scale.mjs [--sizes 10000,100000,1000000] [--log-sizes 100000,1000000,10000000]
 *                        [--duration S] [--connections N] [--quick] [--out NAME] [--write-docs] [--keep]
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

import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { captureProjectSql } from "./capture.mjs";
import { p99Plot } from "./scale-plot.mjs";
import { createLogWebhooks, growLog, LOG_WEBHOOKS } from "./scale-seed.mjs";
import { BROAD_TERM, growOffers, makeApiKey, SELECTIVE_TERM, seed } from "./seed.mjs";
import {
  freePort,
  MB,
  machine,
  postgresLogger,
  progressFrom,
  root,
  round,
  rssSampler,
  startBareServer,
  startReferenceServer,
} from "./util.mjs";

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const sizes = (text) => text.split(",").filter(Boolean).map(Number);
const QUICK = flag("--quick");
const SETTINGS = {
  catalogSizes: sizes(option("--sizes", QUICK ? "10000,50000" : "10000,100000,1000000")),
  logSizes: sizes(option("--log-sizes", QUICK ? "10000,100000" : "100000,1000000,10000000")),
  teams: 500,
  connections: Number(option("--connections", 10)),
  durationS: Number(option("--duration", QUICK ? 2 : 5)),
  warmupS: 1,
  /** A cursor this many pages (of 20) in, for the deep pages. */
  deepPages: 1000,
  /** Connections (and seconds) for the in-database comparison of search and naive query. */
  dbClients: 4,
  dbSeconds: QUICK ? 2 : 5,
  /**
   * bench/results/<out>.json; the plot (docs/scale-p99.svg) is written for "scale" only, which is not
   * the default of a quick run (its small sizes would replace the committed plot).
   */
  out: option("--out", QUICK ? "scale-quick" : "scale"),
};
/** The bench's cluster settings (bench/run.mjs), with more memory for building indexes. */
const PG_SETTINGS = {
  shared_buffers: "1GB",
  work_mem: "16MB",
  maintenance_work_mem: "512MB",
  max_connections: "200",
  fsync: "off",
  synchronous_commit: "off",
  full_page_writes: "off",
  max_wal_size: "16GB",
  checkpoint_timeout: "60min",
  // Server time per statement (planning and execution) of the searches under load: what the
  // database does, apart from the HTTP server, the driver and the load generator.
  shared_preload_libraries: "pg_stat_statements",
  "pg_stat_statements.track_planning": "on",
  // Each growth ends with VACUUM ANALYZE: no autovacuum worker may land in a measured run.
  autovacuum: "off",
};
/** Growth targets (p99 at 1M ÷ p99 at 100k): keyed reads and searches. */
const KEYED_GROWTH_TARGET = 1.5;
const SEARCH_GROWTH_TARGET = 2;

const started = Date.now();
const progress = progressFrom(started);
const pgLogger = postgresLogger(progress);

/** Warm-up, then one measured run: p50, p99, req/s (2xx only), the server's peak RSS. */
async function measure(name, target, sampler, { warmupS = SETTINGS.warmupS } = {}) {
  const options = { connections: SETTINGS.connections, ...target.options };
  await autocannon({ url: target.url, ...options, duration: warmupS });
  sampler?.reset();
  const result = await autocannon({ url: target.url, ...options, duration: SETTINGS.durationS });
  const figure = {
    name,
    rps: round(result["2xx"] / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    peakRssMb: sampler ? round(sampler.peak() / MB, 1) : null,
  };
  if (figure.failed && !target.options?.requests) {
    // Show why: one request, its status and the start of its body.
    const res = await fetch(target.url, { headers: target.options?.headers });
    figure.failure = `HTTP ${res.status} ${(await res.text()).slice(0, 200)}`;
    progress(`  ${name}: ${figure.failure}`);
  }
  progress(
    `  ${name}: ${figure.rps} req/s, p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms${figure.failed ? `, ${figure.failed} FAILED` : ""}${figure.peakRssMb ? `, peak RSS ${figure.peakRssMb} MB` : ""}`,
  );
  return figure;
}

/** A statement executed back to back from `clients` connections for `seconds`: statements/s. */
async function dbThroughput(databaseUrl, statement, clients, seconds) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: clients });
  pool.on("error", () => {});
  try {
    // Warm-up (and a plan cached per connection where the statement has one).
    await Promise.all(Array.from({ length: clients }, () => pool.query(statement.sql, statement.params)));
    let count = 0;
    const until = performance.now() + seconds * 1000;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        const client = await pool.connect();
        try {
          while (performance.now() < until) {
            await client.query(statement.sql, statement.params);
            count += 1;
          }
        } finally {
          client.release();
        }
      }),
    );
    return round(count / ((performance.now() - t0) / 1000));
  } finally {
    await pool.end();
  }
}

/**
 * PostgreSQL's own time for the statements whose text is LIKE `pattern` since the last
 * `pg_stat_statements_reset()`: calls and the mean planning and execution time per call, in ms (a
 * PL/pgSQL function's statements count inside its own). pg_stat_statements keeps a statement's
 * text with its literals replaced by $n, hence a pattern.
 */
async function statementTime(pool, pattern) {
  const { rows } = await pool.query(
    `select sum(calls)::float8 as calls,
       sum(total_plan_time) / nullif(sum(calls), 0) as plan_ms,
       sum(total_exec_time) / nullif(sum(calls), 0) as exec_ms
     from pg_stat_statements where query like $1`,
    [pattern],
  );
  const row = rows[0];
  if (!row?.calls) return null;
  return {
    calls: row.calls,
    planMs: round(row.plan_ms, 3),
    execMs: round(row.exec_ms, 3),
    totalMs: round(row.plan_ms + row.exec_ms, 3),
  };
}

/**
 * After a growth: a checkpoint now rather than in a measured run, then one second of every read, so
 * that none is measured first on freshly written pages (the first read after a growth used to be
 * the slowest of its stage at every size, whatever it was).
 */
async function settle(pool, reads) {
  await pool.query("checkpoint");
  for (const [, target] of reads) {
    await autocannon({ url: target.url, connections: SETTINGS.connections, ...target.options, duration: 1 });
  }
}

const fmt = (n) => n.toLocaleString("en-US");
const sizeLabel = (n) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));

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
      if (!flag("--keep")) rmSync(tmp, { recursive: true, force: true });
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
    let offers = SETTINGS.catalogSizes[0];
    const seeded = await timed(`seed ${fmt(offers)} offers`, offers, () =>
      seed(seeder, { offers, teams: SETTINGS.teams }),
    );
    let counts = seeded.counts;

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
    const filters = { zipCode: "70123", minPrice: "30", maxPrice: "80" };
    const rotating = (prefix, ids) => {
      let i = 0;
      return {
        requests: [
          {
            method: "GET",
            setupRequest: (req) => {
              i = (i + 1) % ids.length;
              return { ...req, path: `${prefix}${ids[i]}` };
            },
          },
        ],
      };
    };

    // ── 1. The catalog at each size ──
    for (const size of SETTINGS.catalogSizes) {
      if (size > offers) {
        counts = await timed(`grow the catalog ${fmt(offers)} → ${fmt(size)} offers`, size - offers, () =>
          growOffers(seeder, { from: offers + 1, to: size, teams: SETTINGS.teams }),
        );
        offers = size;
      }
      progress(
        `── catalog at ${fmt(offers)} offers (${fmt(counts.activeOffers)} active; "${SELECTIVE_TERM}" matches ${fmt(counts.selectiveMatches)})`,
      );
      const deepPosition = Math.min(SETTINGS.deepPages * 20, counts.activeOffers - 21);
      const catalogOrder = "status = 'active' and deleted_at is null order by created_at desc, id desc";
      const { rows: cursorRows } = await pool.query(`select id from offers where ${catalogOrder} offset $1 limit 1`, [
        deepPosition - 1,
      ]);
      const cursorOfferId = cursorRows[0].id;
      const { rows: randomRows } = await pool.query(
        "select id from offers where status = 'active' and deleted_at is null order by md5(id::text) limit 5000",
      );
      const randomIds = randomRows.map((row) => row.id);
      const { rows: everywhere } = await pool.query(
        `select o.id from offers o where o.status = 'active'
           and not exists (select 1 from offer_markets om where om.offer_id = o.id) limit 3`,
      );
      const captured = await captureProjectSql(databaseUrl, {
        resellerTeamId: seeded.resellerTeamId,
        search: SELECTIVE_TERM,
        ...filters,
        cursorOfferId,
        byIdOfferId: randomIds[0],
        orderOfferIds: everywhere.map((row) => row.id),
      });
      const bare = await startBareServer({ tmp, config: { databaseUrl, poolSize: 10, ...captured } });
      const cursor = core.encodeCursor("catalog", cursorOfferId);
      const reads = [
        ["first page", at("/reseller/catalog?limit=20", reseller)],
        [`deep page (${fmt(deepPosition)} offers in)`, at(`/reseller/catalog?${qs({ limit: 20, cursor })}`, reseller)],
        [
          `search "${SELECTIVE_TERM}" (selective)`,
          at(`/reseller/catalog?${qs({ search: SELECTIVE_TERM, limit: 20 })}`, reseller),
        ],
        [`search "${BROAD_TERM}" (broad)`, at(`/reseller/catalog?${qs({ search: BROAD_TERM, limit: 20 })}`, reseller)],
        [
          `search "${SELECTIVE_TERM}" + ZIP + price`,
          at(`/reseller/catalog?${qs({ search: SELECTIVE_TERM, ...filters, limit: 20 })}`, reseller),
        ],
        ["by id (random)", at("/reseller/catalog/", reseller, rotating("/reseller/catalog/", randomIds))],
      ];
      const figures = [];
      await settle(pool, reads);
      const selective = reads[2][0];
      let searchServerTime = null;
      for (const [name, target] of reads) {
        if (name === selective) await pool.query("select pg_stat_statements_reset()");
        figures.push(await measure(name, target, sampler));
        if (name === selective) searchServerTime = await statementTime(pool, "select * from catalog_search_entries(%");
      }
      // The selective search against the naive query: end to end, then inside PostgreSQL.
      await pool.query("select pg_stat_statements_reset()");
      const naive = await measure(`naive "${SELECTIVE_TERM}" query, bare server`, { url: `${bare.url}/q/naiveSearch` });
      const naiveServerTime = await statementTime(pool, "%offers.search_text like % lower($1) %");
      await bare.stop();
      const search = figures[2];
      const dbSearch = await dbThroughput(
        databaseUrl,
        captured.statements.search,
        SETTINGS.dbClients,
        SETTINGS.dbSeconds,
      );
      const dbNaive = await dbThroughput(
        databaseUrl,
        captured.statements.naiveSearch,
        SETTINGS.dbClients,
        SETTINGS.dbSeconds,
      );
      const searchVsNaive = {
        endToEnd: { project: search.rps, bareNaive: naive.rps, ratio: round(search.rps / naive.rps, 2) },
        inDatabase: { search: dbSearch, naive: dbNaive, ratio: round(dbSearch / dbNaive, 2) },
        // Under the end-to-end loads above: PostgreSQL's own time per statement (plan + execute).
        serverTime: {
          search: searchServerTime,
          naive: naiveServerTime,
          ratio:
            searchServerTime && naiveServerTime ? round(naiveServerTime.totalMs / searchServerTime.totalMs, 2) : null,
        },
      };
      progress(`  search vs naive: ${JSON.stringify(searchVsNaive)}`);
      results.catalog.push({ size: offers, counts, deepPosition, figures, naive, searchVsNaive });
    }

    // ── 2. The log (events, deliveries, orders) at each size, the catalog at its largest ──
    if (SETTINGS.logSizes.length > 0) {
      // One real order through the API: the template of every seeded event, delivery and order.
      const { rows: everywhere } = await pool.query(
        `select o.id from offers o where o.status = 'active'
           and not exists (select 1 from offer_markets om where om.offer_id = o.id) limit 1`,
      );
      const placed = await fetch(`${server.url}/reseller/orders`, {
        method: "POST",
        headers: { ...reseller, "content-type": "application/json" },
        body: JSON.stringify({
          items: [{ offerId: everywhere[0].id }],
          customer: { name: "Scale Customer", email: "scale@example.com", phone: "+15125550100", kind: "residential" },
          serviceAddress: { line1: "1 Congress Ave", city: "Austin", state: "TX", zipCode: "70123" },
        }),
      });
      const order = await placed.json();
      if (placed.status !== 201) throw new Error(`template order: ${placed.status} ${JSON.stringify(order)}`);
      await pool.query("truncate event_outbox");
      const webhookIds = await createLogWebhooks(seeder, seeded.resellerTeamId);
      const hook = webhookIds[0];
      // A second provider team that sees every 100th event: the events list of a team that is a
      // small part of the log (the bench reseller sees every event, so its list walks the newest).
      const sparse = makeApiKey();
      const { rows: sparseRows } = await pool.query(
        "select id from teams where role = 'provider' and id <> $1 order by id limit 1",
        [seeded.providerTeamId],
      );
      const sparseProviderTeamId = sparseRows[0].id;
      await pool.query(
        `insert into api_keys (id, team_id, name, prefix, key_hash, created_at)
         values (gen_random_uuid(), $1, 'bench sparse', $2, $3, now())`,
        [sparseProviderTeamId, sparse.prefix, sparse.hash],
      );
      const eventsProbe = await fetch(`${server.url}/reseller/events?limit=1`, { headers: reseller });
      await eventsProbe.arrayBuffer();
      const hasEvents = eventsProbe.status === 200;
      if (!hasEvents) progress(`GET /reseller/events: ${eventsProbe.status}; the events list is pending on this build`);
      let rows = 0;
      for (const size of SETTINGS.logSizes) {
        const logCounts = await timed(`grow the log ${fmt(rows)} → ${fmt(size)} rows`, size - rows, () =>
          growLog(seeder, {
            from: rows + 1,
            to: size,
            resellerTeamId: seeded.resellerTeamId,
            providerTeamId: seeded.providerTeamId,
            sparseProviderTeamId,
            template: { orderId: order.id },
            batch: 500_000,
            onProgress: (done) => progress(`  log rows: ${fmt(done)} of ${fmt(size)}`),
          }),
        );
        rows = size;
        progress(`── log at ${fmt(rows)} rows: ${JSON.stringify(logCounts)}`);
        const perHook = Math.floor(rows / LOG_WEBHOOKS);
        const deepPosition = Math.min(SETTINGS.deepPages * 20, perHook - 21);
        const { rows: cursorRows } = await pool.query(
          `select id from webhook_deliveries where webhook_id = $1 order by created_at desc, id desc offset $2 limit 1`,
          [hook, deepPosition - 1],
        );
        const cursor = core.encodeCursor("webhook-deliveries", cursorRows[0].id);
        const reads = [
          ["deliveries, first page", at(`/reseller/webhooks/${hook}/deliveries?limit=20`, reseller)],
          [
            `deliveries, deep page (${fmt(deepPosition)} in)`,
            at(`/reseller/webhooks/${hook}/deliveries?${qs({ limit: 20, cursor })}`, reseller),
          ],
          ["provider orders, status=accepted", at("/provider/orders?status=accepted&limit=20", provider)],
        ];
        if (hasEvents) {
          reads.push(["events list, first page", at("/reseller/events?limit=20", reseller)]);
          reads.push([
            "events list, a team in 1 % of the log",
            at("/provider/events?limit=20", { "x-api-key": sparse.key }),
          ]);
        }
        const figures = [];
        await settle(pool, reads);
        for (const [name, target] of reads) figures.push(await measure(name, target, sampler));
        results.log.push({ size: rows, counts: logCounts, deepPosition, figures, eventsList: hasEvents });
      }
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
    if (flag("--write-docs")) writeDocs(report);
  } catch (error) {
    process.stderr.write(`scale bench failed: ${error?.stack ?? error}\n`);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

/** Figures by read name across the sizes of one series, for the table and the growth factors. */
function series(stages) {
  const byName = new Map();
  for (const stage of stages) {
    for (const figure of stage.figures) {
      // "deep page (20,000 offers in)": one series whatever the position.
      const key = figure.name.replace(/ \([\d,]+ (offers )?in\)$/, "");
      if (!byName.has(key)) byName.set(key, new Map());
      byName.get(key).set(stage.size, figure);
    }
  }
  return byName;
}

/** p99 at `to` ÷ p99 at `from` (null when either was not measured). */
function growth(bySize, from, to) {
  const a = bySize.get(from);
  const b = bySize.get(to);
  return a && b && a.p99Ms > 0 ? round(b.p99Ms / a.p99Ms, 2) : null;
}

function buildReport(results) {
  const m = results.machine;
  const lines = [
    `Run: ${results.when}. Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, Node ${m.node}, PostgreSQL ${results.postgres} (embedded); load average at the end ${m.loadAverage.map((l) => l.toFixed(1)).join(", ")}.`,
    `Load: autocannon, ${SETTINGS.connections} connections, ${SETTINGS.warmupS} s warm-up, one ${SETTINGS.durationS} s run per read and size; p50 / p99 in ms, req/s.`,
    "",
    `Seeding (set-based SQL): ${results.seeding.map((s) => `${s.what} ${s.seconds} s`).join("; ")}. The whole run: ${Math.round(results.totalSeconds / 6) / 10} minutes (\`--sizes ${SETTINGS.catalogSizes.join(",")} --log-sizes ${SETTINGS.logSizes.join(",")}\`).`,
    "",
  ];
  const table = (title, stages, unit, search) => {
    if (stages.length === 0) return;
    const bySeries = series(stages);
    const sizes = stages.map((s) => s.size);
    const growthPair = sizes.includes(100_000) && sizes.includes(1_000_000) ? [100_000, 1_000_000] : null;
    const tail = sizes.length >= 2 ? [sizes.at(-2), sizes.at(-1)] : null;
    const extraGrowth = tail && growthPair && tail[0] !== growthPair[0] ? tail : null;
    lines.push(`**${title}**`, "");
    const head = ["Read", ...sizes.map((s) => `${sizeLabel(s)} ${unit}: p50 / p99 ms, req/s`)];
    if (growthPair) head.push("p99 growth 100k → 1M", "Target");
    if (extraGrowth) head.push(`p99 growth ${sizeLabel(extraGrowth[0])} → ${sizeLabel(extraGrowth[1])}`);
    lines.push(`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`);
    for (const [name, bySize] of bySeries) {
      const cells = sizes.map((s) => {
        const f = bySize.get(s);
        return f ? `${f.p50Ms} / ${f.p99Ms}, ${fmt(f.rps)}${f.failed ? ` (${f.failed} failed)` : ""}` : "—";
      });
      const row = [name, ...cells];
      if (growthPair) {
        const g = growth(bySize, ...growthPair);
        const limit = search(name) ? SEARCH_GROWTH_TARGET : name.startsWith("naive") ? null : KEYED_GROWTH_TARGET;
        row.push(
          g === null ? "—" : `${g} ×`,
          limit === null ? "—" : `≤ ${limit} × ${g === null ? "" : g <= limit ? "✅" : "❌"}`,
        );
      }
      if (extraGrowth) {
        const g = growth(bySize, ...extraGrowth);
        row.push(g === null ? "—" : `${g} ×`);
      }
      lines.push(`| ${row.join(" | ")} |`);
    }
    const peaks = stages.map((s) => `${sizeLabel(s.size)} ${Math.max(...s.figures.map((f) => f.peakRssMb ?? 0))} MB`);
    lines.push("", `Server peak RSS under these loads: ${peaks.join(", ")} (target ≤ 256 MB).`, "");
  };
  table("Catalog", results.catalog, "offers", (name) => name.startsWith("search"));
  if (results.catalog.length > 0) {
    lines.push(
      `**Search "${SELECTIVE_TERM}" against the naive query** (target ≥ 2.5 ×)`,
      "",
      "| Offers | End to end: project / bare naive req/s | Ratio | PostgreSQL's time per statement under those loads (plan + execute): search / naive | Ratio | Through node-postgres, 4 connections, no HTTP: search / naive statements/s | Ratio |",
      "|---|---|---|---|---|---|---|",
      ...results.catalog.map((c) => {
        const v = c.searchVsNaive;
        const time = (t) => (t ? `${t.totalMs} ms (${t.planMs} + ${t.execMs})` : "—");
        return `| ${fmt(c.size)} | ${fmt(v.endToEnd.project)} / ${fmt(v.endToEnd.bareNaive)} | ${v.endToEnd.ratio} × | ${time(v.serverTime?.search)} / ${time(v.serverTime?.naive)} | ${v.serverTime?.ratio ?? "—"} × | ${fmt(v.inDatabase.search)} / ${fmt(v.inDatabase.naive)} | ${v.inDatabase.ratio} × |`;
      }),
      "",
    );
  }
  table(
    "Log (events, delivery attempts; orders a tenth of it), catalog at its largest",
    results.log,
    "rows",
    () => false,
  );
  if (results.log.length > 0 && !results.log[0].eventsList) {
    lines.push("The events list: pending (this build has no `GET /reseller/events`).", "");
  }
  return lines.join("\n");
}

function writeDocs(report) {
  const file = join(root, "docs/performance.md");
  const text = readFileSync(file, "utf8");
  const begin = "<!-- scale:begin -->";
  const end = "<!-- scale:end -->";
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) {
    progress(`docs/performance.md has no ${begin} … ${end} block; not written`);
    return;
  }
  writeFileSync(file, `${text.slice(0, from)}${begin}\n${report}\n${text.slice(to)}`);
  progress("wrote the scale table into docs/performance.md");
}

main().catch((error) => {
  process.stderr.write(`scale bench failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
