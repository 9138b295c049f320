/**
 * The dashboard's pages, one by one: server time (in process, the app's `fetch` and the body read,
 * no HTTP or browser) p50/p99 and the HTML's size of each page, for a signed-in member.
 *
 *   pnpm build && node bench/dashboard-pages.mjs [--requests N] [--warmup N] [--dir PATH] [--only a,b] [--offers N]
 *     [--deliveries N] [--audit N] [--dump DIR]        (--help: the options and their defaults)
 *
 * Without `--dir`: a fresh embedded PostgreSQL (temporary folder), migrated, with a provider team
 * "Bench Fiber" and a reseller team "Bench Shop" and nothing else. With `--dir PATH`: the cluster
 * bench/analytics.mjs left there (`node bench/analytics.mjs --dir PATH …`, its `bench` database
 * with up to a million orders over 2025), so the analytics pages read real rollups.
 *
 * A member is added through the use cases (an operator's invite, then accepting it through the
 * dashboard's own form, so the session cookie is the real one): an owner of each team (an owner
 * sees every page). Each page is requested `--warmup` times, then `--requests` times one after
 * another; every answer must be 200 with HTML. Other pages are added to PAGES as features land.
 *
 * `--dump DIR` writes each page's last HTML to DIR (one file a page), to see where its bytes go.
 *
 * `--offers N` gives the provider team N offers first (those missing, written by one SQL statement:
 * every sixth service type, one in ten published, names with "Fiber" in one of three), for the
 * offers table at scale.
 *
 * `--deliveries N` gives the provider team three webhooks and N delivery attempts first (those
 * missing, in batches of 200,000, written as bench/webhooks-portal.mjs writes them: one event per ten
 * attempts about an order, spread over 25 days, 15 % failed, triggers mixed), all the measured
 * team's: the webhooks pages and every page beside them at that log size.
 *
 * `--audit N` gives the provider team N audit-log entries first (those missing, in batches of
 * 1,000,000 by SQL): one every 250 ms going back from a fixed instant, every fifth paired with a
 * second entry of the same millisecond (a join and its sign-in), mixed actions and actors; the
 * audit-log page's first page and a page of a rare filter at that size.
 */

import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import pg from "pg";
import { readArgs } from "./args.mjs";
import { seedDeliveryLog } from "./delivery-log-seed.mjs";
import { freePort, importBuilds, machine, percentile, postgresLogger, progressFrom, round } from "./util.mjs";

const { values } = readArgs({
  command: "bench/dashboard-pages.mjs",
  usage: `The dashboard's pages one by one, in process over the build (run pnpm build first): server time
p50/p99 and HTML size of each page for a signed-in owner, on a fresh embedded PostgreSQL or, with
--dir, on the cluster bench/analytics.mjs --dir left there (its analytics pages then read real
rollups). Each page is requested --warmup times, then --requests times.`,
  options: {
    requests: { type: "integer", description: "measured requests per page", default: 200 },
    warmup: { type: "integer", description: "warm-up requests per page", default: 10 },
    dir: { type: "string", placeholder: "PATH", description: "the cluster bench/analytics.mjs --dir PATH left" },
    only: { type: "list", description: "only the pages whose name starts with one of these", defaultText: "all" },
    offers: { type: "integer", description: "give the provider team N offers first", default: 0 },
    deliveries: { type: "integer", description: "give the provider team N delivery attempts first", default: 0 },
    audit: { type: "integer", description: "give the provider team N audit-log entries first", default: 0 },
    dump: { type: "string", placeholder: "DIR", description: "write each page's last HTML to DIR" },
  },
});
const SETTINGS = {
  requests: values.requests,
  warmup: values.warmup,
  dir: values.dir ?? null,
  only: values.only ?? null,
  offers: values.offers,
  deliveries: values.deliveries,
  audit: values.audit,
  dump: values.dump ?? null,
};
const PASSWORD = "bench tangerine kettle 42";
const progress = progressFrom(Date.now());

/**
 * The pages: a name, the team ("provider" or "reseller") whose owner asks, and the path under the
 * team (or under the dashboard for `account`). Add a line per new page.
 */
const PAGES = [
  { name: "home", team: "provider", path: "" },
  { name: "api-keys", team: "provider", path: "/api-keys" },
  { name: "members", team: "provider", path: "/members" },
  { name: "audit-log", team: "provider", path: "/audit-log" },
  { name: "audit-log (api keys revoked)", team: "provider", path: "/audit-log?action=api_key.revoked" },
  // With --audit: the page after an entry twelve days back (about half of ten million entries).
  { name: "audit-log (deep page)", team: "provider", path: "/audit-log?cursor=", deepAuditCursor: true },
  { name: "account", team: "provider", path: "/account", outsideTeam: true },
  { name: "analytics (provider, last 30 days by day)", team: "provider", path: "/analytics" },
  {
    name: "analytics (provider, 2025 by month)",
    team: "provider",
    path: "/analytics/provider?from=2025-01-01&to=2025-12-31&granularity=month",
  },
  {
    name: "analytics (provider, 2025 by day)",
    team: "provider",
    path: "/analytics/provider?from=2025-01-01&to=2025-12-31",
  },
  {
    name: "analytics (provider, 2024-2025 by day, the longest range)",
    team: "provider",
    path: "/analytics/provider?from=2024-01-01&to=2025-12-31",
  },
  {
    name: "analytics (reseller, 2025 by day)",
    team: "reseller",
    path: "/analytics/reseller?from=2025-01-01&to=2025-12-31",
  },
  {
    name: "analytics (reseller, 2024-2025 by day, the longest range)",
    team: "reseller",
    path: "/analytics/reseller?from=2024-01-01&to=2025-12-31",
  },
  {
    name: "analytics (reseller, 2025 by month, New York)",
    team: "reseller",
    path: "/analytics/reseller?from=2025-01-01&to=2025-12-31&granularity=month&timeZone=America/New_York",
  },
  { name: "offers (first page)", team: "provider", path: "/provider/offers" },
  { name: "offers (internet)", team: "provider", path: "/provider/offers?serviceType=internet" },
  { name: "offers (published, search)", team: "provider", path: "/provider/offers?status=active&search=fiber" },
  { name: "fulfilment queue", team: "provider", path: "/provider/orders" },
  { name: "fulfilment queue (pending)", team: "provider", path: "/provider/orders?status=pending" },
  { name: "webhooks (endpoints)", team: "provider", path: "/webhooks" },
  { name: "webhooks (deliveries)", team: "provider", path: "/webhooks/deliveries" },
  { name: "webhooks (deliveries, failed)", team: "provider", path: "/webhooks/deliveries?outcome=failed" },
];

/** A cookie jar over the app's `fetch`: keeps cookies, sends Origin on forms. */
function client(app) {
  const cookies = new Map();
  const headers = () => ({
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    "user-agent": "bench/dashboard-pages",
  });
  const send = async (request) => {
    const response = await app.fetch(request);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...rest] = pair.split("=");
      if (rest.join("=") === "" || /max-age=0/i.test(line)) cookies.delete(name.trim());
      else cookies.set(name.trim(), rest.join("="));
    }
    return response;
  };
  return {
    get: (path) => send(new Request(`http://127.0.0.1${path}`, { headers: headers() })),
    post: (path, fields) =>
      send(
        new Request(`http://127.0.0.1${path}`, {
          method: "POST",
          headers: {
            ...headers(),
            "content-type": "application/x-www-form-urlencoded",
            origin: "http://127.0.0.1",
          },
          body: new URLSearchParams(fields).toString(),
        }),
      ),
  };
}

/** Gives the team `total` live offers (adds those missing), in one statement. */
async function seedOffers(pool, teamId, total) {
  const have = (
    await pool.query("select count(*)::int as n from offers where team_id = $1 and deleted_at is null", [teamId])
  ).rows[0].n;
  if (have >= total) return;
  const started = Date.now();
  await pool.query(
    `insert into offers (id, team_id, name, sku, status, service_type, monthly_price, created_at, updated_at, published_at)
     select gen_random_uuid(), $1,
       case when i % 3 = 0 then 'Fiber ' || i else 'Plan ' || i end,
       'BENCH-' || i,
       case when i % 10 = 0 then 'active' else 'draft' end,
       (array['internet','electricity','natural_gas','tv','mobile','home_security'])[i % 6 + 1],
       (10 + i % 90)::numeric(12, 2),
       now() - i * interval '1 second', now() - i * interval '1 second',
       case when i % 10 = 0 then now() - i * interval '1 second' end
     from generate_series($2::int + 1, $3::int) as i`,
    [teamId, have, total],
  );
  await pool.query("analyze offers");
  progress(`seeded ${total - have} offers in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** Gives the team three webhooks and `total` delivery attempts (adds those missing). */
async function seedDeliveries(pool, marketplace, teamId, total) {
  const principal = { teamId, role: "provider", apiKeyId: "bench" };
  let { rows: hooks } = await pool.query("select id from webhooks where team_id = $1 order by created_at", [teamId]);
  for (let i = hooks.length; i < 3; i++) {
    await marketplace.webhooks.create(principal, {
      url: `https://hooks.example/bench-${i}`,
      events: ["order.created", "order.item.created", "order.item.status_changed"],
    });
  }
  ({ rows: hooks } = await pool.query("select id from webhooks where team_id = $1 order by created_at limit 3", [
    teamId,
  ]));
  const have = (await pool.query("select count(*)::int as n from webhook_deliveries where team_id = $1", [teamId]))
    .rows[0].n;
  if (have >= total) return;
  const started = Date.now();
  const teams = Array.from({ length: 10 }, () => teamId);
  const webhooks = Array.from({ length: 30 }, (_, i) => hooks[i % 3].id);
  await seedDeliveryLog(pool, { teams, webhooks, total, from: have + 1, progress });
  await pool.query("vacuum analyze webhook_deliveries");
  await pool.query("vacuum analyze events");
  progress(`seeded ${total - have} delivery attempts in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** Gives the team `total` audit-log entries (adds those missing), a million per statement. */
async function seedAuditLog(pool, teamId, total) {
  const have = (await pool.query("select count(*)::int as n from audit_log where team_id = $1", [teamId])).rows[0].n;
  if (have >= total) return;
  const started = Date.now();
  for (let from = have + 1; from <= total; from += 1_000_000) {
    const to = Math.min(total, from + 999_999);
    // Entry i is (i / 5) * 4 + min(i % 5, 3) quarter-seconds before the anchor, so i = 5k + 4 shares the
    // millisecond of 5k + 3: every fifth entry is a second one of the same instant.
    await pool.query(
      `insert into audit_log (id, team_id, created_at, actor_type, actor_id, actor_label, action,
         target_type, target_id, target_label, detail, ip, user_agent)
       select gen_random_uuid(), $1,
         timestamptz '2026-01-01T00:00:00Z' - ((i / 5) * 4 + least(i % 5, 3)) * interval '250 milliseconds',
         case when i % 7 = 0 then 'api_key' when i % 11 = 0 then 'operator' else 'member' end,
         case when i % 11 = 0 and i % 7 <> 0 then null else 'actor-' || (i % 40) end,
         case when i % 7 = 0 then 'mk_' || (i % 40) when i % 11 = 0 then 'operator' else 'member' || (i % 40) || '@example.com' end,
         (array['member.signed_in','member.signed_out','member.sign_in_failed','member.joined','api_key.created',
                'webhook.updated','member.role_changed','order.deleted'])[i % 8 + 1],
         'member', 'target-' || (i % 97), 'member' || (i % 97) || '@example.com',
         case when i % 8 = 6 then 'role: viewer -> developer' end,
         '198.51.100.' || (i % 250), 'Mozilla/5.0 (bench) ' || (i % 13)
       from generate_series($2::int, $3::int) as i`,
      [teamId, from, to],
    );
    progress(`audit log: ${to} of ${total}`);
  }
  // A rarer action: one entry in 1,000 more is a revoked API key, spread over the same span (a
  // page of this filter walks about 50,000 index entries).
  await pool.query(
    `insert into audit_log (id, team_id, created_at, actor_type, actor_id, actor_label, action, target_type,
       target_id, target_label, detail, ip, user_agent)
     select gen_random_uuid(), $1, timestamptz '2026-01-01T00:00:00Z' - i * interval '200 seconds' - interval '1 millisecond',
       'operator', null, 'operator', 'api_key.revoked', 'api_key', 'key-' || i, 'mk_' || i, null, null, null
     from generate_series($2::int / 1000 + 1, $3::int / 1000) as i`,
    [teamId, have, total],
  );
  await pool.query("vacuum analyze audit_log");
  progress(`seeded ${total - have} audit entries in ${Math.round((Date.now() - started) / 1000)} s`);
}

async function main() {
  const { core, adapters, dashboard, embedded } = await importBuilds({ dashboard: true });
  const { startEmbeddedPostgres } = embedded;
  progress(`settings ${JSON.stringify(SETTINGS)}`);
  const tmp = SETTINGS.dir ?? mkdtempSync(join(os.tmpdir(), "marketplace-pages-"));
  mkdirSync(tmp, { recursive: true });
  chmodSync(tmp, 0o755);
  const postgres = await startEmbeddedPostgres({
    dir: tmp,
    port: await freePort(),
    logger: postgresLogger(progress),
    settings: { shared_buffers: "512MB", work_mem: "16MB", fsync: "off", synchronous_commit: "off" },
  });
  let pool;
  try {
    const admin = new pg.Client({ connectionString: postgres.connectionString() });
    await admin.connect();
    const reuse = (await admin.query("select 1 from pg_database where datname = 'bench'")).rowCount === 1;
    if (!reuse) await admin.query("create database bench");
    const version = (await admin.query("show server_version")).rows[0].server_version;
    await admin.end();
    pool = new pg.Pool({ connectionString: postgres.connectionString("bench"), max: 8 });
    pool.on("error", () => {});
    const db = adapters.createDatabase(pool);
    await adapters.migrateToLatest(db);
    const marketplace = core.createMarketplace({
      unitOfWork: new adapters.PostgresUnitOfWork({ db }),
      members: { passwordHasher: dashboard.argon2idPasswordHasher() },
    });
    const app = dashboard.createDashboard({ marketplace, basePath: "/dashboard", secureCookies: false });

    const teamIds = {};
    for (const [side, name] of [
      ["provider", "Bench Fiber"],
      ["reseller", "Bench Shop"],
    ]) {
      const { rows } = await pool.query("select id from teams where name = $1 limit 1", [name]);
      teamIds[side] = rows[0]?.id ?? (await marketplace.teams.create({ name, role: side })).team.id;
    }
    if (SETTINGS.offers > 0) await seedOffers(pool, teamIds.provider, SETTINGS.offers);
    if (SETTINGS.deliveries > 0) await seedDeliveries(pool, marketplace, teamIds.provider, SETTINGS.deliveries);
    if (SETTINGS.audit > 0) await seedAuditLog(pool, teamIds.provider, SETTINGS.audit);
    // An entry twelve days before the seeded log's newest instant, the same id on every run.
    const deep = (
      await pool.query(
        `select id from audit_log where team_id = $1 and created_at <= timestamptz '2025-12-20T00:00:00Z'
         order by created_at desc, id desc limit 1`,
        [teamIds.provider],
      )
    ).rows[0];
    const deepAuditCursor = deep ? core.encodeCursor("audit_log", deep.id) : null;
    const counts = (
      await pool.query(`select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as items,
        (select count(*) from offers)::int as offers,
        (select count(*) from webhook_deliveries)::int as deliveries,
        (select count(*) from audit_log)::int as audit`)
    ).rows[0];
    progress(`database: ${JSON.stringify(counts)}${reuse ? ` (reused from ${tmp})` : ""}`);

    // An owner of each team, through an operator's invite and the dashboard's own form.
    const clients = {};
    for (const side of ["provider", "reseller"]) {
      const email = `bench-${side}-${Date.now()}@example.com`;
      const { token } = await marketplace.members.invite(
        teamIds[side],
        { email, role: "owner" },
        core.operatorCaller(),
      );
      const member = client(app);
      await member.get(`/dashboard/invite/${token}`);
      const accepted = await member.post("/dashboard/invite", { password: PASSWORD, confirm: PASSWORD });
      if (accepted.status !== 303) throw new Error(`invite not accepted: ${accepted.status}`);
      clients[side] = member;
    }

    const results = [];
    for (const page of PAGES) {
      if (SETTINGS.only && !SETTINGS.only.some((name) => page.name.startsWith(name))) continue;
      if (page.deepAuditCursor && !deepAuditCursor) continue;
      const path =
        (page.outsideTeam ? `/dashboard${page.path}` : `/dashboard/teams/${teamIds[page.team]}${page.path}`) +
        (page.deepAuditCursor ? deepAuditCursor : "");
      const member = clients[page.team];
      const once = async () => {
        const started = process.hrtime.bigint();
        const response = await member.get(path);
        const html = await response.text();
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (response.status !== 200 || !html.startsWith("<!doctype html>")) {
          throw new Error(`${page.name}: ${response.status} ${html.slice(0, 200)}`);
        }
        return { ms, bytes: Buffer.byteLength(html), html };
      };
      for (let k = 0; k < SETTINGS.warmup; k++) await once();
      const times = [];
      let bytes = 0;
      let last = "";
      for (let k = 0; k < SETTINGS.requests; k++) {
        const { ms, bytes: size, html } = await once();
        times.push(ms);
        bytes = size;
        last = html;
      }
      if (SETTINGS.dump) {
        mkdirSync(SETTINGS.dump, { recursive: true });
        writeFileSync(join(SETTINGS.dump, `${page.name.replace(/[^a-z0-9]+/gi, "-")}.html`), last);
      }
      const row = {
        page: page.name,
        p50: round(percentile(times, 50), 1),
        p99: round(percentile(times, 99), 1),
        max: round(Math.max(...times), 1),
        htmlKb: round(bytes / 1024, 1),
      };
      results.push(row);
      progress(JSON.stringify(row));
    }
    const report = {
      when: new Date().toISOString(),
      settings: SETTINGS,
      postgres: version,
      machine: machine(),
      counts,
      results,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write("\n| page | p50 | p99 | HTML |\n|---|---|---|---|\n");
    for (const row of results)
      process.stdout.write(`| ${row.page} | ${row.p50} ms | ${row.p99} ms | ${row.htmlKb} KB |\n`);
  } finally {
    await pool?.end().catch(() => {});
    await postgres.stop().catch(() => {});
    if (!SETTINGS.dir) rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
