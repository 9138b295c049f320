/**
 * Captures the SQL the project runs, by driving its own built use cases and repositories over a
 * Kysely whose `log` records every query (text and parameters). The bare baseline then executes
 * exactly these statements, so project / bare compares frameworks, never two different queries.
 */

import { fileURLToPath } from "node:url";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";

const root = fileURLToPath(new URL("..", import.meta.url));
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** JSON-safe parameters: Dates as ISO strings (what pg sends for them is equivalent for timestamptz). */
function plain(params) {
  return params.map((value) => (value instanceof Date ? value.toISOString() : value));
}

/**
 * @param {string} databaseUrl
 * @param {{ resellerTeamId: string, search: string, zipCode: string, minPrice: string, maxPrice: string,
 *           cursorOfferId: string, byIdOfferId: string, orderOfferIds: string[] }} input
 */
export async function captureProjectSql(databaseUrl, input) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const core = await import(`${root}packages/core/dist/index.js`);
  const adapters = await import(`${root}packages/adapters-postgres/dist/index.js`);
  let log = null;
  const db = new Kysely({
    dialect: new PostgresDialect({ pool }),
    log(event) {
      if (log && event.level === "query")
        log.push({ sql: event.query.sql, params: plain([...event.query.parameters]) });
    },
  });
  const marketplace = core.createMarketplace({ unitOfWork: new adapters.PostgresUnitOfWork({ db }) });
  const principal = {
    teamId: input.resellerTeamId,
    role: "reseller",
    apiKeyId: "00000000-0000-4000-8000-000000000000",
  };
  const capture = async (work) => {
    log = [];
    await work();
    const statements = log;
    log = null;
    return statements;
  };
  const one = async (work) => {
    const statements = await capture(work);
    if (statements.length !== 1) {
      throw new Error(`expected one statement, the project ran ${statements.length}:\n${JSON.stringify(statements)}`);
    }
    return statements[0];
  };
  const page = (query, cursor) =>
    marketplace.catalog.list(
      principal,
      query,
      core.pageRequest(core.CATALOG_LIST ?? "catalog", cursor ? { limit: 20, cursor } : { limit: 20 }),
    );
  const filters = { zipCode: input.zipCode, minPrice: input.minPrice, maxPrice: input.maxPrice };

  const firstPage = await one(() => page({}));
  const deepPage = await one(() => page({}, core.encodeCursor("catalog", input.cursorOfferId)));
  const search = await one(() => page({ search: input.search }));
  const searchFiltered = await one(() => page({ search: input.search, ...filters }));
  const byId = await one(() => marketplace.catalog.get(principal, input.byIdOfferId));
  const idIndex = byId.params.indexOf(input.byIdOfferId);
  if (idIndex < 0) throw new Error("the by-id statement does not take the offer id as a parameter");

  // The naive search, for the search target (≥ 2.5 × naive): the same select list, the filters
  // written plainly, ORDER BY created_at DESC, id DESC LIMIT 21, left to the planner.
  const selectList = firstPage.sql.slice(0, firstPage.sql.search(/ where /i));
  const inCatalog = `"offers"."status" = 'active' and "offers"."deleted_at" is null`;
  const naiveTail = "order by offers.created_at desc, offers.id desc limit 21";
  const naiveSearch = {
    sql: `${selectList} where ${inCatalog} and offers.search_text like '%' || lower($1) || '%' ${naiveTail}`,
    params: [input.search],
  };
  const naiveSearchFiltered = {
    sql: `${selectList} where ${inCatalog} and offers.search_text like '%' || lower($1) || '%'
      and offers.monthly_price >= $2::numeric and offers.monthly_price <= $3::numeric
      and (not exists (select 1 from offer_markets om where om.offer_id = offers.id)
        or exists (select 1 from offer_markets om join market_areas a on a.market_id = om.market_id
                   where om.offer_id = offers.id and a.kind = 'zip' and a.value = $4))
      ${naiveTail}`,
    params: [input.search, input.minPrice, input.maxPrice, input.zipCode],
  };

  // One order: the statements it runs before its transaction (the offer lookup), and those of its
  // transaction (without BEGIN and COMMIT, which the bare server issues itself), so the bare holds a
  // connection in a transaction exactly as long a stretch of the work as the project does.
  // A new customer (e-mail and phone unused), as each order of the bench is.
  const stamp = Date.now();
  const email = `capture-${stamp}@example.com`;
  const phone = `+1512${String(stamp).slice(-7)}`;
  const orderStatements = await capture(() =>
    marketplace.orders.place(principal, {
      items: input.orderOfferIds.map((offerId) => ({ offerId })),
      customer: { name: "Bench Customer", email, phone, kind: "residential" },
      serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: input.zipCode },
    }),
  );
  const beginAt = orderStatements.findIndex((s) => /^begin/i.test(s.sql.trim()));
  if (beginAt < 0) throw new Error("capture: the order ran no BEGIN");
  const beforeTransaction = orderStatements.slice(0, beginAt);
  const inTransaction = orderStatements.slice(beginAt).filter((s) => !/^(begin|commit|rollback)/i.test(s.sql.trim()));
  // Ids the order created (order, items, customer, events): every UUID in the parameters that is not
  // a row that existed before (offers, teams, brands, markets).
  const seen = new Set();
  for (const statement of [...beforeTransaction, ...inTransaction]) {
    for (const value of statement.params)
      if (typeof value === "string") for (const m of value.matchAll(UUID)) seen.add(m[0]);
  }
  const { rows: existing } = await pool.query(
    `select id::text from offers where id = any($1::uuid[]) union select id::text from teams where id = any($1::uuid[])
     union select id::text from brands where id = any($1::uuid[]) union select id::text from markets where id = any($1::uuid[])`,
    [[...seen]],
  );
  const existingIds = new Set(existing.map((row) => row.id));
  const generated = [...seen].filter((id) => !existingIds.has(id));
  // The statement that inserts the order (its items and events are written by the same statement).
  const orderRow = inTransaction.find((s) => /insert into "?orders"?[\s(]/i.test(s.sql));
  const orderNow = orderRow?.params.find((value) => typeof value === "string" && /^\d{4}-\d\d-\d\dT.*Z$/.test(value));
  const orderId = orderRow?.params.find((value) => generated.includes(value));
  // The order's own id first: the bare answers with it.
  generated.sort((a, b) => (a === orderId ? -1 : b === orderId ? 1 : 0));

  await db.destroy(); // ends the pool
  return {
    statements: {
      firstPage,
      deepPage,
      search,
      searchFiltered,
      naiveSearch,
      naiveSearchFiltered,
    },
    byId: { ...byId, idIndex },
    order: { before: beforeTransaction, statements: inTransaction, generated, email, phone, now: orderNow ?? null },
    orderStatementCount: orderStatements.length,
  };
}
