/**
 * Analytics at scale (issue 31): the rollups against the naive recount, and what the rollups cost
 * the order path.
 *
 *   pnpm build && node bench/analytics.mjs [--orders N] [--requests N] [--naive-requests N]
 *     [--order-rounds N] [--orders-per-round N] [--trigger-rounds N] [--concurrency N]
 *     [--seed triggers|rebuild] [--dir PATH] [--keep]        (--help: the options and their defaults)
 *
 * `--seed triggers` (the default) inserts the orders with the analytics triggers firing, as the
 * service's own writes do, then folds. `--seed rebuild` inserts them with every trigger skipped
 * (`session_replication_role = replica`: the analytics triggers and the foreign-key checks; every
 * reference is valid by construction), then calls `analytics_rebuild()`, which recomputes every
 * rollup from the raw tables: the same rollups, much faster to build at 1M orders on 2 cores.
 * `--dir PATH` keeps the cluster in PATH (never deleted) and reuses a seeded `bench` database found
 * there (no seeding), so bench/dashboard-pages.mjs can run on the same data afterwards.
 *
 * One embedded PostgreSQL (temporary folder, free port, the scale bench's settings), migrated. One
 * provider team with 20 offers and one reseller team with a storefront and 5 links; `--orders`
 * (default 1,000,000) orders spread over 2025 (one item each, every fifth order two; 2 % training,
 * statuses cycling, accepted items with a time to accept), inserted set-based with the analytics
 * triggers on, then folded into the rollups; half as many outbound clicks.
 *
 * 1. Analytics: the use cases in process (server time without HTTP), a one-year range, p50/p99
 *    over `--requests` calls each after warm-up: provider by day in UTC, New York, Kathmandu
 *    (+5:45), Kolkata (+5:30), Adelaide (+9:30/+10:30, DST) and by month in New York; reseller by
 *    day in New York and Kathmandu. The cases are called in turn (interleaved: a load that drifts
 *    weighs on every case alike). Two more read the Kathmandu series through the repository alone,
 *    once with the UTC-aligned cover (as before migration 0032) and once with the shifted days
 *    (ADR-0078). Beside each use case, the naive recount (the property test's plain SQL over orders
 *    and order_items, grouped by local day) over `--naive-requests` calls.
 * 2. The order path (bench/analytics-order-path.mjs): `orders.place` in process with
 *    `--concurrency` callers, `--order-rounds` pairs of rounds of `--orders-per-round` orders
 *    alternating the analytics triggers on and off (`alter table … disable trigger`): per order,
 *    the wall time and the PostgreSQL processes' CPU time (/proc schedstat of the backends, and of
 *    every server process), each side's median and spread, and the paired ratio (median, p25–p75).
 * 3. The insert trigger alone (same module): one connection inserts an order with 3 items in one
 *    statement, rolled back, `--trigger-rounds` ABBA pairs of 500 with the trigger on and off, and
 *    that backend's CPU per insert: the trigger's own cost, beside the whole order's CPU of part 2.
 */

import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import pg from "pg";
import { measureOrderPath, measureTriggerStatement } from "./analytics-order-path.mjs";
import { seedOrders } from "./analytics-seed.mjs";
import { isMain, PG_SETTINGS, SETTINGS, values } from "./analytics-settings.mjs";
import { freePort, machine, percentile, postgresLogger, progressFrom, root, round } from "./util.mjs";

const progress = progressFrom(Date.now());
/** The property test's plain recount of a provider's figures by local day (no rollups). */
const NAIVE_PROVIDER = `
  select (o.created_at at time zone $2)::date as day, count(*)::int as received,
    (count(*) filter (where i.accepted_at is not null))::int as accepted,
    (count(*) filter (where i.status = 'rejected'))::int as rejected,
    (count(*) filter (where i.status = 'completed'))::int as completed,
    (count(*) filter (where i.status = 'cancelled'))::int as cancelled,
    coalesce(sum((i.offer_snapshot->>'monthlyPrice')::numeric) filter (where i.accepted_at is not null), 0) as monthly,
    coalesce(sum(i.commission_amount), 0) as commission,
    percentile_disc(0.5) within group (order by i.accepted_at - o.created_at) as median
  from order_items i join orders o on o.id = i.order_id
  where i.provider_team_id = $1 and not o.is_training and o.deleted_at is null
    and (o.created_at at time zone $2)::date between $3::date and $4::date
  group by 1`;

const NAIVE_RESELLER = `
  select (o.created_at at time zone $2)::date as day, count(distinct o.id)::int as orders,
    (count(*) filter (where i.status = 'accepted'))::int as accepted, sum(o.total_monthly) as ordered,
    coalesce(sum(i.commission_amount), 0) as commission
  from order_items i join orders o on o.id = i.order_id
  where o.reseller_team_id = $1 and not o.is_training and o.deleted_at is null
    and (o.created_at at time zone $2)::date between $3::date and $4::date
  group by 1`;

async function timed(times, fn) {
  const started = process.hrtime.bigint();
  const result = await fn();
  times.push(Number(process.hrtime.bigint() - started) / 1e6);
  return result;
}

async function main() {
  for (const file of ["packages/core/dist/index.js", "packages/adapters-postgres/dist/index.js"]) {
    if (!existsSync(join(root, file))) throw new Error(`${file} is missing: run pnpm build first`);
  }
  const core = await import(join(root, "packages/core/dist/index.js"));
  const analytics = await import(join(root, "packages/core/dist/analytics/index.js"));
  const adapters = await import(join(root, "packages/adapters-postgres/dist/index.js"));
  const { startEmbeddedPostgres } = await import(join(root, "examples/server/dist/embedded-postgres.js"));
  progress(`settings ${JSON.stringify(SETTINGS)}`);
  const tmp = SETTINGS.dir ?? mkdtempSync(join(os.tmpdir(), "marketplace-analytics-"));
  mkdirSync(tmp, { recursive: true });
  chmodSync(tmp, 0o755);
  const postgres = await startEmbeddedPostgres({
    dir: tmp,
    port: await freePort(),
    logger: postgresLogger(progress),
    settings: PG_SETTINGS,
  });
  const pools = [];
  try {
    const admin = new pg.Client({ connectionString: postgres.connectionString() });
    await admin.connect();
    const reuse = (await admin.query("select 1 from pg_database where datname = 'bench'")).rowCount === 1;
    if (!reuse) await admin.query("create database bench");
    const version = (await admin.query("show server_version")).rows[0].server_version;
    await admin.end();
    const url = postgres.connectionString("bench");
    // Connections kept while idle: the order path measures the CPU of the backends that placed orders.
    const pool = new pg.Pool({ connectionString: url, max: SETTINGS.concurrency + 4, idleTimeoutMillis: 0 });
    pool.on("error", () => {});
    pools.push(pool);
    const db = adapters.createDatabase(pool);
    const migrating = Date.now();
    await adapters.migrateToLatest(db); // on a kept database: the migrations it lacks (0032 fills its shifted days)
    const migrateSeconds = (Date.now() - migrating) / 1000;
    progress(`migrated in ${migrateSeconds.toFixed(1)} s`);
    const marketplace = core.createMarketplace({ unitOfWork: new adapters.PostgresUnitOfWork({ db }) });

    let provider;
    let reseller;
    let offers = [];
    let seedSeconds = null;
    let foldSeconds = null;
    let deltas = null;
    if (reuse) {
      // A database seeded by an earlier run in --dir: its teams, offers and rollups as they are.
      const team = async (name) => {
        const { rows } = await pool.query(
          "select t.id, t.role, k.id as key_id from teams t join api_keys k on k.team_id = t.id where t.name = $1 limit 1",
          [name],
        );
        return { teamId: rows[0].id, role: rows[0].role, apiKeyId: rows[0].key_id };
      };
      provider = await team("Bench Fiber");
      reseller = await team("Bench Shop");
      offers = (await pool.query("select id from offers where team_id = $1 order by sku", [provider.teamId])).rows.map(
        (row) => row.id,
      );
      progress(`reusing the seeded database in ${tmp}`);
      // A run stopped during analytics_rebuild() leaves the orders and empty rollups: rebuild them.
      const empty = (await pool.query("select not exists (select 1 from analytics_provider_rollups) as empty")).rows[0];
      if (empty.empty) {
        const started = Date.now();
        const client = await pool.connect();
        try {
          await client.query("analyze orders, order_items, outbound_clicks");
          await client.query("set work_mem = '512MB'");
          deltas = (await client.query("select count(*)::int as n from order_items")).rows[0].n;
          await client.query("select analytics_rebuild()");
        } finally {
          client.release();
        }
        foldSeconds = (Date.now() - started) / 1000;
        await pool.query("vacuum analyze");
        progress(`rebuilt the rollups from ${deltas} items in ${foldSeconds.toFixed(1)} s`);
      }
    } else {
      const made = async (role, name) => {
        const { team, apiKey } = await marketplace.teams.create({ name, role });
        return { teamId: team.id, role, apiKeyId: apiKey.id };
      };
      provider = await made("provider", "Bench Fiber");
      reseller = await made("reseller", "Bench Shop");
      for (let k = 0; k < 20; k++) {
        const offer = await marketplace.offers.create(provider, {
          name: `Bench offer ${k}`,
          sku: `BENCH-${String(k).padStart(2, "0")}`,
          serviceType: "internet",
          monthlyPrice: "49.99",
          commission: "30.00",
          internet: { downloadSpeedMbps: 500, connectionType: "fiber" },
        });
        await marketplace.offers.publish(provider, offer.id);
        offers.push(offer.id);
      }
      const { storefront } = await marketplace.storefronts.putStorefront(reseller, { slug: "bench-shop" });
      const linkIds = [];
      for (let k = 0; k < 5; k++)
        linkIds.push((await marketplace.storefronts.createLink(reseller, { offerIds: offers })).id);

      let started = Date.now();
      await seedOrders(pool, {
        providerTeamId: provider.teamId,
        resellerTeamId: reseller.teamId,
        offers,
        storefrontId: storefront.id,
        linkIds,
        total: SETTINGS.orders,
        withoutTriggers: SETTINGS.seed === "rebuild",
        progress,
      });
      seedSeconds = (Date.now() - started) / 1000;
      started = Date.now();
      const client = await pool.connect();
      try {
        if (SETTINGS.seed === "rebuild") {
          // Statistics first: the tables were empty when last analyzed, and the rebuild's plan (a
          // lookup of each item's earlier items) is a nested loop of sequential scans without them.
          await client.query("analyze orders, order_items, outbound_clicks");
          // One statement over every item and click: room to sort and hash in memory.
          await client.query("set work_mem = '512MB'");
          deltas = (await client.query("select count(*)::int as n from order_items")).rows[0].n;
          await client.query("select analytics_rebuild()");
        } else {
          deltas = (await client.query("select count(*)::int as n from analytics_deltas")).rows[0].n;
          await client.query("select analytics_fold()");
        }
      } finally {
        client.release();
      }
      foldSeconds = (Date.now() - started) / 1000;
      await pool.query("vacuum analyze");
      progress(
        `seeded in ${seedSeconds.toFixed(0)} s (${SETTINGS.seed}); ${SETTINGS.seed === "rebuild" ? "rebuilt the rollups from" : "folded the deltas of"} ${deltas} items in ${foldSeconds.toFixed(1)} s`,
      );
    }
    const sizes = (
      await pool.query(`select
        (select count(*) from orders)::int as orders,
        (select count(*) from order_items)::int as items,
        (select count(*) from analytics_provider_rollups)::int as provider_rows,
        (select count(*) from analytics_reseller_rollups)::int as reseller_rows,
        (select count(*) from analytics_provider_rollups where grain > 3)::int as provider_shifted_rows,
        (select count(*) from analytics_reseller_rollups where grain > 3)::int as reseller_shifted_rows,
        (select count(*) from analytics_accept_histogram)::int as histogram_rows,
        pg_size_pretty(pg_total_relation_size('analytics_provider_rollups') + pg_total_relation_size('analytics_reseller_rollups')
          + pg_total_relation_size('analytics_accept_histogram')) as rollup_size`)
    ).rows[0];
    progress(JSON.stringify(sizes));

    const range = { from: "2025-01-01", to: "2025-12-31" };
    const cases = [
      ["provider", "UTC", "day"],
      ["provider", "America/New_York", "day"],
      ["provider", "Asia/Kathmandu", "day"],
      ["provider", "Asia/Kolkata", "day"],
      ["provider", "Australia/Adelaide", "day"],
      ["provider", "America/New_York", "month"],
      ["reseller", "America/New_York", "day"],
      ["reseller", "Asia/Kathmandu", "day"],
    ].filter(() => SETTINGS.requests > 0); // --requests 0: no analytics reads
    // Every case called in turn (interleaved), so a load that drifts during the run weighs on every
    // case alike; then each case's naive recount.
    const unitOfWork = new adapters.PostgresUnitOfWork({ db });
    const reads = cases.map(([role, timeZone, granularity]) => {
      const principal = role === "provider" ? provider : reseller;
      const query = { ...range, timeZone, granularity };
      return {
        name: `${role} ${timeZone} by ${granularity}`,
        role,
        timeZone,
        principal,
        call: () => marketplace.analytics[role](principal, query),
        times: [],
      };
    });
    // The same series read by the repository alone with the UTC-aligned cover (as before migration
    // 0032) and with the shifted days: the grain's gain, measured side by side.
    for (const timeZone of SETTINGS.requests > 0 ? ["Asia/Kathmandu"] : []) {
      const window = analytics.parseAnalyticsWindow({ ...range, timeZone, granularity: "day" });
      const aligned = [];
      window.value.periods.forEach((period, index) => {
        analytics.coverInto(period.from.getTime(), period.until.getTime(), index, aligned);
      });
      for (const [cover, series] of [
        ["UTC-aligned cover", aligned],
        ["shifted days", window.value.seriesPieces],
      ]) {
        reads.push({
          name: `repository: provider ${timeZone} by day, ${cover}`,
          call: async () => {
            await unitOfWork.repositories.analytics.refresh();
            return unitOfWork.repositories.analytics.providerRollups(
              provider.teamId,
              {},
              { series, range: window.value.rangePieces, topOffers: 10 },
            );
          },
          times: [],
        });
      }
    }
    for (const read of reads) for (let k = 0; k < 5; k++) read.answer = await read.call();
    for (let k = 0; k < SETTINGS.requests; k++) {
      for (const read of reads) read.answer = await timed(read.times, read.call);
    }
    const analytics = [];
    for (const read of reads) {
      const naive = [];
      // --naive-requests 0: the recount is skipped (a re-run of the reads alone).
      if (read.role && SETTINGS.naiveRequests > 0) {
        const naiveSql = read.role === "provider" ? NAIVE_PROVIDER : NAIVE_RESELLER;
        const parameters = [read.principal.teamId, read.timeZone, range.from, range.to];
        await pool.query(naiveSql, parameters);
        for (let k = 0; k < SETTINGS.naiveRequests; k++) await timed(naive, () => pool.query(naiveSql, parameters));
      }
      const row = {
        case: read.name,
        p50: round(percentile(read.times, 50), 1),
        p99: round(percentile(read.times, 99), 1),
        naiveP50: round(percentile(naive, 50), 0),
        naiveP99: round(percentile(naive, 99), 0),
        figure: read.role === "provider" ? read.answer.totals.itemsReceived : read.answer.totals?.ordersPlaced,
      };
      analytics.push(row);
      progress(JSON.stringify(row));
    }

    // The order path, rounds alternating the analytics triggers on and off (bench/analytics-order-path.mjs).
    const body = {
      items: [{ offerId: offers[0] }, { offerId: offers[1] }, { offerId: offers[2] }],
      customer: { name: "Ada", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
      serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
    };
    const orderPath =
      SETTINGS.orderRounds > 0
        ? await measureOrderPath({
            pool,
            place: () => marketplace.orders.place(reseller, body),
            rounds: SETTINGS.orderRounds,
            perRound: SETTINGS.ordersPerRound,
            concurrency: SETTINGS.concurrency,
            progress,
          })
        : null;
    progress(`order path ${JSON.stringify(orderPath)}`);
    const triggerStatement =
      SETTINGS.triggerRounds > 0
        ? await measureTriggerStatement({ pool, rounds: SETTINGS.triggerRounds, perRound: 500, progress })
        : null;
    const foldStarted = Date.now();
    const pending = (await pool.query("select count(*)::int as n from analytics_deltas")).rows[0].n;
    await pool.query("select analytics_fold()");
    const roundsFold = { deltas: pending, ms: Date.now() - foldStarted };
    progress(`folded the ${pending} deltas of the order rounds in ${roundsFold.ms} ms`);

    const m = machine();
    const report = {
      when: new Date().toISOString(),
      settings: SETTINGS,
      postgres: version,
      machine: m,
      seedSeconds,
      foldSeconds,
      migrateSeconds,
      deltas,
      sizes,
      analytics,
      orderPath,
      triggerStatement,
      roundsFold,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    for (const pool of pools) await pool.end().catch(() => {});
    await postgres.stop().catch(() => {});
    if (!values.keep && !SETTINGS.dir) rmSync(tmp, { recursive: true, force: true });
  }
}

if (isMain) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
