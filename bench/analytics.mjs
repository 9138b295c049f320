/**
 * Analytics at scale (issue 31): the rollups against the naive recount, and what the rollups cost
 * the order path.
 *
 *   pnpm build && node bench/analytics.mjs [--orders N] [--requests N] [--naive-requests N]
 *     [--order-rounds N] [--orders-per-round N] [--concurrency N] [--seed triggers|rebuild]
 *     [--dir PATH] [--keep]
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
 *    (+5:45) and by month in New York; reseller by day in New York. Beside each, the naive recount
 *    (the property test's plain SQL over orders and order_items, grouped by local day) over
 *    `--naive-requests` calls.
 * 2. The order path: `orders.place` in process with `--concurrency` callers, rounds of
 *    `--orders-per-round` orders alternating the analytics triggers on and off (`alter table …
 *    disable trigger`), median time per order of each side and the paired ratio.
 */

import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort, importBuilds, machine, median, percentile, postgresLogger, progressFrom, round } from "./util.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const flag = (name) => args.includes(name);
const text = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const SETTINGS = {
  orders: option("--orders", 1_000_000),
  requests: option("--requests", 50),
  naiveRequests: option("--naive-requests", 5),
  orderRounds: option("--order-rounds", 6),
  ordersPerRound: option("--orders-per-round", 400),
  concurrency: option("--concurrency", 4),
  seed: text("--seed", "triggers"),
  dir: text("--dir", null),
};
if (!["triggers", "rebuild"].includes(SETTINGS.seed)) throw new Error("--seed must be triggers or rebuild");
const PG_SETTINGS = {
  shared_buffers: "512MB",
  work_mem: "16MB",
  maintenance_work_mem: "256MB",
  fsync: "off",
  synchronous_commit: "off",
  full_page_writes: "off",
  max_wal_size: "8GB",
};
const progress = progressFrom(Date.now());
const uuidOf = (expr) => `overlay(overlay(md5(${expr}) placing '4' from 13) placing '8' from 17)::uuid`;
const ANALYTICS_TRIGGERS = [
  ["order_items", "order_items_analytics_insert"],
  ["order_items", "order_items_analytics_update"],
  ["orders", "orders_analytics_delete"],
];

export async function seedOrders(
  pool,
  { providerTeamId, resellerTeamId, offers, storefrontId, linkIds, total, withoutTriggers = false },
) {
  const batch = 100_000;
  const year = 365 * 86_400;
  for (let lo = 1; lo <= total; lo += batch) {
    const hi = Math.min(total, lo + batch - 1);
    const client = await pool.connect();
    try {
      await client.query("begin");
      // Without triggers: neither the analytics deltas nor the foreign-key checks (analytics_rebuild() after).
      if (withoutTriggers) await client.query("set local session_replication_role = replica");
      // Orders: created across 2025 in order of n, 2 % training, every 3rd through a channel.
      await client.query(
        `insert into orders (id, reseller_team_id, customer_id, customer, service_address, is_training, status,
           total_monthly, created_at, updated_at, storefront_id, link_id)
         select ${uuidOf("'o' || n")}, $1::uuid, null, '{"name":"Bench","email":"b@example.com","phone":"+15125550123","kind":"residential"}',
           '{"line1":"1 Main St","city":"Austin","state":"TX","zipCode":"78701"}', n % 50 = 0, 'pending', 49.99,
           timestamptz '2025-01-01' + (n::float8 * $2::float8 / $3::float8) * interval '1 second',
           timestamptz '2025-01-01' + (n::float8 * $2::float8 / $3::float8) * interval '1 second',
           case when n % 3 = 1 then $4::uuid end,
           case when n % 3 = 2 then ($5::uuid[])[1 + n % array_length($5::uuid[], 1)] end
         from generate_series($6::int, $7::int) n`,
        [resellerTeamId, year, total, storefrontId, linkIds, lo, hi],
      );
      // Items: one per order (two for every fifth), statuses cycling; accepted ones after n % 2000 minutes.
      await client.query(
        `insert into order_items (id, order_id, position, provider_team_id, offer_id, status, is_training, offer_snapshot,
           handoff_redirect_url, commission_amount, commission_accrued_at, accepted_at, created_at, updated_at)
         select ${uuidOf("'i' || n || '-' || k")}, o.id, k, $1::uuid, ($2::uuid[])[1 + (n + k) % array_length($2::uuid[], 1)],
           s.status, o.is_training,
           jsonb_build_object('offerId', ($2::uuid[])[1 + (n + k) % array_length($2::uuid[], 1)], 'offerName', 'Bench offer',
             'serviceType', case when (n + k) % 4 = 0 then 'electricity' else 'internet' end,
             'providerTeamId', $1::text, 'providerName', 'Bench', 'monthlyPrice', '49.99', 'commission', '30.00'),
           null,
           case when s.accepted and not o.is_training then 30.00 end,
           case when s.accepted and not o.is_training then o.created_at + (n % 2000) * interval '1 minute' end,
           case when s.accepted then o.created_at + (n % 2000) * interval '1 minute' end,
           o.created_at, o.created_at
         from generate_series($3::int, $4::int) n
         cross join lateral (select ${uuidOf("'o' || n")} as id) oid
         join orders o on o.id = oid.id
         cross join generate_series(0, case when n % 5 = 0 then 1 else 0 end) k
         cross join lateral (
           select (array['pending','accepted','rejected','scheduled','completed','cancelled','accepted'])[1 + (n + k) % 7] as status
         ) st
         cross join lateral (select st.status, st.status in ('accepted', 'scheduled', 'completed') as accepted) s`,
        [providerTeamId, offers, lo, hi],
      );
      // Clicks: half as many, through the storefront and the links.
      await client.query(
        `insert into outbound_clicks (id, reseller_team_id, storefront_id, link_id, offer_id, provider_team_id, redirect_url,
           phone, client_ip, user_agent, created_at)
         select ${uuidOf("'c' || n")}, $1::uuid, case when n % 4 = 0 then $2::uuid end,
           case when n % 4 <> 0 then ($3::uuid[])[1 + n % array_length($3::uuid[], 1)] end,
           ($4::uuid[])[1 + n % array_length($4::uuid[], 1)], $5::uuid, null, null, '203.0.113.1', null,
           timestamptz '2025-01-01' + (n::float8 * $6::float8 / $7::float8) * interval '1 second'
         from generate_series($8::int, $9::int) n where n % 2 = 0`,
        [resellerTeamId, storefrontId, linkIds, offers, providerTeamId, year, total, lo, hi],
      );
      await client.query("commit");
    } finally {
      client.release();
    }
    progress(`seeded ${hi.toLocaleString("en-US")} orders`);
  }
}

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
  const { core, adapters, embedded } = await importBuilds();
  const { startEmbeddedPostgres } = embedded;
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
    const pool = new pg.Pool({ connectionString: url, max: SETTINGS.concurrency + 4 });
    pool.on("error", () => {});
    pools.push(pool);
    const db = adapters.createDatabase(pool);
    await adapters.migrateToLatest(db);
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
      ["provider", "America/New_York", "month"],
      ["reseller", "America/New_York", "day"],
    ];
    const analytics = [];
    for (const [role, timeZone, granularity] of cases) {
      const principal = role === "provider" ? provider : reseller;
      const query = { ...range, timeZone, granularity };
      const call = () => marketplace.analytics[role](principal, query);
      for (let k = 0; k < 5; k++) await call();
      const times = [];
      let answer;
      for (let k = 0; k < SETTINGS.requests; k++) answer = await timed(times, call);
      const naive = [];
      const naiveSql = role === "provider" ? NAIVE_PROVIDER : NAIVE_RESELLER;
      // --naive-requests 0: the recount is skipped (a re-run of the reads alone).
      if (SETTINGS.naiveRequests > 0) await pool.query(naiveSql, [principal.teamId, timeZone, range.from, range.to]);
      for (let k = 0; k < SETTINGS.naiveRequests; k++) {
        await timed(naive, () => pool.query(naiveSql, [principal.teamId, timeZone, range.from, range.to]));
      }
      const row = {
        case: `${role} ${timeZone} by ${granularity}`,
        p50: round(percentile(times, 50), 1),
        p99: round(percentile(times, 99), 1),
        naiveP50: round(percentile(naive, 50), 0),
        naiveP99: round(percentile(naive, 99), 0),
        figure: role === "provider" ? answer.totals.itemsReceived : answer.totals.ordersPlaced,
      };
      analytics.push(row);
      progress(JSON.stringify(row));
    }

    // The order path, rounds alternating the analytics triggers on and off.
    const body = {
      items: [{ offerId: offers[0] }, { offerId: offers[1] }, { offerId: offers[2] }],
      customer: { name: "Ada", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
      serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
    };
    const setTriggers = async (on) => {
      for (const [table, trigger] of ANALYTICS_TRIGGERS) {
        await pool.query(`alter table ${table} ${on ? "enable" : "disable"} trigger ${trigger}`);
      }
    };
    const round_ = async () => {
      let next = 0;
      const started = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: SETTINGS.concurrency }, async () => {
          while (next < SETTINGS.ordersPerRound) {
            next += 1;
            await marketplace.orders.place(reseller, body);
          }
        }),
      );
      return Number(process.hrtime.bigint() - started) / 1e3 / SETTINGS.ordersPerRound;
    };
    if (SETTINGS.orderRounds > 0) await round_(); // warm-up (--order-rounds 0: no order path)
    const on = [];
    const off = [];
    for (let r = 0; r < SETTINGS.orderRounds; r++) {
      for (const enabled of r % 2 === 0 ? [true, false] : [false, true]) {
        await setTriggers(enabled);
        (enabled ? on : off).push(await round_());
      }
    }
    await setTriggers(true);
    const ratios = on.map((value, index) => value / off[index]);
    const orderPath = {
      usPerOrderWithRollups: round(median(on), 0),
      usPerOrderWithout: round(median(off), 0),
      pairedRatioMedian: round(median(ratios), 3),
      rounds: { on: on.map((v) => round(v, 0)), off: off.map((v) => round(v, 0)) },
    };
    progress(`order path ${JSON.stringify(orderPath)}`);
    const foldStarted = Date.now();
    const pending = (await pool.query("select count(*)::int as n from analytics_deltas")).rows[0].n;
    await pool.query("select analytics_fold()");
    progress(`folded the ${pending} deltas of the order rounds in ${Date.now() - foldStarted} ms`);

    const m = machine();
    const report = {
      when: new Date().toISOString(),
      settings: SETTINGS,
      postgres: version,
      machine: m,
      seedSeconds,
      foldSeconds,
      deltas,
      sizes,
      analytics,
      orderPath,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    for (const pool of pools) await pool.end().catch(() => {});
    await postgres.stop().catch(() => {});
    if (!flag("--keep") && !SETTINGS.dir) rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop())) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
