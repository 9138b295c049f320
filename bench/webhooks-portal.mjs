/**
 * The webhooks portal's deliveries page at scale (issue 29): server time of the page, in process
 * (the dashboard's `fetch`, session look-up, the use case, the keyset query and the render; no
 * network), over a delivery log of `--records` attempts.
 *
 *   pnpm build && node bench/webhooks-portal.mjs [--records N] [--requests N]   (--help: the defaults)
 *
 * One embedded PostgreSQL (temporary folder, free port), migrated. Ten provider teams with three
 * webhooks each; `--records` (default 1,000,000) attempts spread over the last 25 days, a tenth of
 * them the measured team's, one event per ten attempts, 15 % failed (500 or no response), triggers
 * mixed; then `vacuum analyze`. For each filter set, p50/p99 over `--requests` page loads after
 * warm-up, the first page and the fifth (cursor walk), and the page's HTML size.
 */

import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import pg from "pg";
import { readArgs } from "./args.mjs";
import { seedDeliveryLog } from "./delivery-log-seed.mjs";
import { freePort, importBuilds, machine, percentile, postgresLogger, progressFrom, round } from "./util.mjs";

const { values: SETTINGS } = readArgs({
  command: "bench/webhooks-portal.mjs",
  usage: `The webhooks portal's deliveries page at scale (issue 29), in process over the build (run pnpm
build first): on an embedded PostgreSQL of its own, --records delivery attempts over ten provider
teams, then p50/p99 of the page's server time over --requests loads for each filter set, the first
page and the fifth, and the page's HTML size.`,
  options: {
    records: { type: "integer", description: "delivery attempts seeded", default: 1_000_000 },
    requests: { type: "integer", description: "page loads measured per figure", default: 50 },
  },
});
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
async function main() {
  const { core, adapters, dashboard, embedded } = await importBuilds({ dashboard: true });
  const { createDashboard, argon2idPasswordHasher } = dashboard;
  const { startEmbeddedPostgres } = embedded;
  progress(`settings ${JSON.stringify(SETTINGS)}`);
  const tmp = mkdtempSync(join(os.tmpdir(), "marketplace-portal-"));
  chmodSync(tmp, 0o755);
  const postgres = await startEmbeddedPostgres({
    dir: tmp,
    port: await freePort(),
    logger: postgresLogger(progress),
    settings: PG_SETTINGS,
  });
  let pool;
  try {
    const admin = new pg.Client({ connectionString: postgres.connectionString() });
    await admin.connect();
    await admin.query("create database bench");
    const version = (await admin.query("show server_version")).rows[0].server_version;
    await admin.end();
    pool = new pg.Pool({ connectionString: postgres.connectionString("bench"), max: 6 });
    pool.on("error", () => {});
    const db = adapters.createDatabase(pool);
    await adapters.migrateToLatest(db);
    const marketplace = core.createMarketplace({
      unitOfWork: new adapters.PostgresUnitOfWork({ db }),
      members: { passwordHasher: argon2idPasswordHasher({ memorySize: 1024, iterations: 1 }) },
    });
    const teams = [];
    const webhooks = [];
    for (let k = 0; k < 10; k++) {
      const { team } = await marketplace.teams.create({ name: `Bench team ${k}`, role: "provider" });
      teams.push(team.id);
      for (let w = 0; w < 3; w++) {
        const webhook = await marketplace.webhookPortal.create(
          team.id,
          { url: `https://hooks${w}.example/h`, events: ["order.item.created"] },
          core.operatorCaller(),
        );
        webhooks.push(webhook.id);
      }
    }
    const started = Date.now();
    await seedDeliveryLog(pool, { progress, teams, webhooks, total: SETTINGS.records });
    await pool.query("vacuum analyze");
    progress(`seeded and analyzed in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const teamId = teams[0];
    const { token } = await marketplace.members.invite(
      teamId,
      { email: "bench@example.com", role: "owner" },
      core.operatorCaller(),
    );
    const signedIn = await marketplace.members.acceptInvite(token, "bench password 0123456789", {
      ip: null,
      userAgent: null,
    });
    const dashboard = createDashboard({ marketplace, secureCookies: false });
    const cookie = `mk_session=${signedIn.token}`;
    const page = async (query) => {
      const response = await dashboard.fetch(
        new Request(`http://127.0.0.1/teams/${teamId}/webhooks/deliveries?${query}`, { headers: { cookie } }),
      );
      if (response.status !== 200) throw new Error(`${query}: ${response.status}`);
      return response.text();
    };
    const orderId = (
      await pool.query(`select data->>'orderId' as id from events where $1 = any(provider_team_ids) limit 1`, [teamId])
    ).rows[0].id;
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 16);
    const cases = [
      ["all", ""],
      ["one endpoint", `webhookId=${webhooks[0]}`],
      ["failed", "outcome=failed"],
      ["status 500, automatic", "statusCode=500&trigger=automatic"],
      ["no response (rare)", "statusCode=0&trigger=manual"],
      ["a day's range", `from=${day}&to=${day.slice(0, 11)}23:59`],
      ["order id", `orderId=${orderId}`],
    ];
    const results = [];
    for (const [name, query] of cases) {
      for (let k = 0; k < 5; k++) await page(query);
      const times = [];
      let html = "";
      for (let k = 0; k < SETTINGS.requests; k++) {
        const t0 = performance.now();
        html = await page(query);
        times.push(performance.now() - t0);
      }
      // The fifth page: follow "Older attempts" four times.
      let cursorQuery = query;
      for (let k = 0; k < 4; k++) {
        const next = /href="[^"]*deliveries\?([^"]*cursor=[^"]*)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
        if (!next) break;
        cursorQuery = next;
        html = await page(cursorQuery);
      }
      const deep = [];
      for (let k = 0; k < SETTINGS.requests; k++) {
        const t0 = performance.now();
        await page(cursorQuery);
        deep.push(performance.now() - t0);
      }
      results.push({
        name,
        p50: round(percentile(times, 50), 1),
        p99: round(percentile(times, 99), 1),
        page5p99: round(percentile(deep, 99), 1),
        htmlKb: round(Buffer.byteLength(html) / 1024, 1),
      });
      progress(`${name}: ${JSON.stringify(results.at(-1))}`);
    }
    console.log(
      JSON.stringify({ machine: machine(), postgres: version, settings: SETTINGS, deliveriesPage: results }, null, 2),
    );
  } finally {
    await pool?.end();
    await postgres.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
