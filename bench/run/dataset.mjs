/** `pnpm bench` (bench/run.mjs): the schema, the seed, the scenarios' inputs and the project's SQL. */

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { captureProjectSql } from "../capture.mjs";
import { BROAD_TERM, SELECTIVE_TERM, seed } from "../seed.mjs";
import { progress, SETTINGS } from "./settings.mjs";

export async function prepareDataset({ tmp, databaseUrl, cleanups, adapters, worker }) {
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
  return { pool, seeded, cursorOfferId, randomIds, orderOfferIds, zipCode, filters, captured };
}
