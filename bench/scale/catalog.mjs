/** `pnpm bench --scale` (bench/scale.mjs), part 1: the catalog at each size. */

import { captureProjectSql } from "../capture.mjs";
import { BROAD_TERM, growOffers, SELECTIVE_TERM } from "../seed.mjs";
import { round, startBareServer } from "../util.mjs";
import { dbThroughput, measure, settle, statementTime } from "./measure.mjs";
import { fmt, progress, SETTINGS } from "./settings.mjs";

/** Grows the catalog through `--sizes` from `offers` (seeded, `counts`) and measures each read at each size. */
export async function measureCatalog({
  offers,
  counts,
  timed,
  seeder,
  pool,
  databaseUrl,
  tmp,
  seeded,
  core,
  reseller,
  at,
  qs,
  sampler,
  results,
}) {
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
}
