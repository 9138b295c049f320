/** `pnpm bench:prune` (bench/prune.mjs): the old log, past retention. */

import { createLogWebhooks, growLog } from "../scale-seed.mjs";
import { round, waitFor } from "../util.mjs";
import { fmt, OLD, progress, SETTINGS } from "./settings.mjs";

/** Seeds `--rows` old delivery records with their events; `countOld` counts what is past retention. */
export async function seedOldLog({ server, reseller, orderBody, pool, seeder, seeded }) {
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
  return { logCounts, countOld, oldBefore };
}
