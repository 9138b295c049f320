import { type PageRequest, randomUuid } from "@marketplace/core";
import { type CatalogFilters, NO_CATALOG_FILTERS } from "@marketplace/core/catalog";
import { type CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import type { Database } from "../schema.ts";
import { escapeLike, PostgresCatalogRepository, SEARCH_FIRST_WALK_ROWS } from "./postgres-catalog-repository.ts";

// Which way a search page goes (issue 8's trap), checked on what PostgreSQL reads, never on time.
const OFFERS = 3000;
const HISTORY = 20_000;
const FIRST_PAGE: PageRequest = { kind: "page", limit: 20, after: null };

let database: TestDatabase;
let logged: Kysely<Database>;
let last: CompiledQuery | null = null;
let catalog: PostgresCatalogRepository;
/** The newest offer of the history (the first one older than every "Offer i"), as a cursor. */
let historyStart: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // A second Kysely over the same pool, to read the SQL the repository sends (closed with the pool).
  logged = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: database.pool }),
    log: (event) => {
      last = event.query;
    },
  });
  catalog = new PostgresCatalogRepository(logged);
  const [teamId, historyTeamId, burstTeamId, nearMarket, farMarket] = [1, 2, 3, 4, 5].map(() => randomUuid());
  await sql`
    insert into teams (id, name, role, created_at, updated_at) values
      (${teamId}, 'Plans', 'provider', now(), now()),
      (${historyTeamId}, 'History', 'provider', now(), now()),
      (${burstTeamId}, 'Burst', 'provider', now(), now())
  `.execute(database.db);
  // Every second offer says "common"; the three oldest say "rareword"; one minute apart, newest last.
  await sql`
    insert into offers (id, team_id, name, sku, status, service_type, monthly_price, description, created_at, updated_at, published_at)
    select gen_random_uuid(), ${teamId},
      'Offer ' || i || case when i % 2 = 0 then ' common' else '' end || case when i <= 3 then ' rareword' else '' end,
      'SKU-' || i, 'active', 'internet', 10 + i % 90,
      repeat('Filler text about fast reliable service. ', 8),
      timestamptz '2026-01-01' + i * interval '1 minute', now(), now()
    from generate_series(1, ${OFFERS}) as i
  `.execute(database.db);
  // Older, over 400 days, one every 30 minutes (newest first): "sparseterm" in 1 % of them, spread
  // evenly (the benchmark's "vip"), "scarceword" in 4, literal "10%" and "a_b" in a few; every
  // third linked to a market having ZIP 73301, every third (+1) to one that has not; a tenth drafts.
  await sql`
    insert into markets (id, team_id, name, created_at, updated_at) values
      (${nearMarket}, ${historyTeamId}, 'Near', now(), now()),
      (${farMarket}, ${historyTeamId}, 'Far', now(), now())
  `.execute(database.db);
  await sql`
    insert into market_areas (id, market_id, kind, value, created_at) values
      (gen_random_uuid(), ${nearMarket}, 'zip', '73301', now()),
      (gen_random_uuid(), ${farMarket}, 'zip', '99999', now())
  `.execute(database.db);
  await sql`
    insert into offers (id, team_id, name, sku, status, service_type, monthly_price, description, created_at, updated_at, published_at)
    select gen_random_uuid(), ${historyTeamId}, 'History ' || i, 'H-' || i,
      case when i % 10 = 5 then 'draft' else 'active' end,
      case when i % 4 = 0 then 'electricity' else 'internet' end, 10 + i % 90,
      'Plan ' || i || case when i % 100 = 0 then ' with sparseterm support' else '' end
        || case when i % 5000 = 0 then ' scarceword' else '' end
        || case when i % 250 = 0 then ' save 10% now' else '' end
        || case when i % 400 = 0 then ' code a_b' else '' end,
      timestamptz '2025-12-31' - i * interval '30 minutes', now(), now()
    from generate_series(1, ${HISTORY}) as i
  `.execute(database.db);
  await sql`
    insert into offer_markets (offer_id, market_id)
    select o.id, case when split_part(o.name, ' ', 2)::int % 3 = 0 then ${nearMarket}::uuid else ${farMarket}::uuid end
    from offers o where o.team_id = ${historyTeamId} and split_part(o.name, ' ', 2)::int % 3 <> 2
  `.execute(database.db);
  // A bulk upload: 600 offers created at the same instant, "burstword" in every tenth.
  await sql`
    insert into offers (id, team_id, name, sku, status, service_type, monthly_price, description, created_at, updated_at, published_at)
    select gen_random_uuid(), ${burstTeamId}, 'Bulk ' || i, 'B-' || i, 'active', 'internet', 10 + i % 90,
      case when i % 10 = 0 then 'burstword inside' else 'plain' end,
      timestamptz '2025-06-01 12:00', now(), now()
    from generate_series(1, 600) as i
  `.execute(database.db);
  // Settled, as autovacuum leaves a table: statistics, and the trigram index's pending list merged.
  await sql`vacuum analyze`.execute(database.db);
  const history = await sql<{ id: string }>`
    select id from offers where team_id = ${historyTeamId} and status = 'active' order by created_at desc, id desc limit 1
  `.execute(database.db);
  historyStart = history.rows[0]?.id ?? "";
});
afterAll(() => database.drop());

/** What one execution read from each index of `offers`, by index name. */
type Reads = Record<string, { scans: number; read: number }>;

/**
 * Lists through the repository, then runs the same statement again on one connection (once to plan
 * and cache, once counted) and returns what that execution read from the indexes of `offers`.
 */
async function listAndCount(filters: Partial<CatalogFilters>, page: PageRequest = FIRST_PAGE) {
  const entries = await catalog.list({ ...NO_CATALOG_FILTERS, ...filters }, page);
  const query = last as CompiledQuery | null;
  if (!query) throw new Error("no query logged");
  const client = await database.pool.connect();
  // The backend's own counters, which include its statements not yet reported: read before and after.
  const counters = async () => {
    const { rows } = await client.query<{ index: string; scans: string; read: string }>(
      `select c.relname as index, pg_stat_get_xact_numscans(c.oid) as scans,
         pg_stat_get_xact_tuples_returned(c.oid) as read
       from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = 'offers'::regclass`,
    );
    return new Map(rows.map((row) => [row.index, { scans: Number(row.scans), read: Number(row.read) }]));
  };
  try {
    await client.query(query.sql, query.parameters as unknown[]);
    await client.query("begin");
    const before = await counters();
    await client.query(query.sql, query.parameters as unknown[]);
    const after = await counters();
    const reads: Reads = {};
    for (const [index, { scans, read }] of after) {
      const was = before.get(index) ?? { scans: 0, read: 0 };
      reads[index] = { scans: scans - was.scans, read: read - was.read };
    }
    return { entries, reads };
  } finally {
    await client.query("rollback");
    client.release();
  }
}

/** Lists through the repository, then runs the same statement under EXPLAIN ANALYZE. */
async function listAndExplain(filters: Partial<CatalogFilters>, page: PageRequest = FIRST_PAGE) {
  const entries = await catalog.list({ ...NO_CATALOG_FILTERS, ...filters }, page);
  const query = last as CompiledQuery | null;
  if (!query) throw new Error("no query logged");
  const { rows } = await database.pool.query<{ "QUERY PLAN": string }>(
    `explain (analyze, costs off, timing off) ${query.sql}`,
    query.parameters as unknown[],
  );
  return { entries, plan: rows.map((row) => row["QUERY PLAN"]).join("\n") };
}

const TRIGRAM_DAY_INDEX = "offers_catalog_search_days";
const DATE_INDEX = "offers_catalog_created_at_id";

/** Every page of a search, `limit` at a time, through the cursor. */
async function walkPages(filters: Partial<CatalogFilters>, limit: number, after: string | null = null) {
  const walked: string[] = [];
  for (;;) {
    const page = (await catalog.list({ ...NO_CATALOG_FILTERS, ...filters }, { kind: "page", limit, after })).map(
      (entry) => entry.id,
    );
    walked.push(...page.slice(0, limit));
    if (page.length <= limit) return walked;
    after = page[limit - 1] ?? null;
  }
}

/** The complete list (one plain statement, no search function), from `after` on. */
async function complete(filters: Partial<CatalogFilters>, after: string | null = null) {
  const ids = (await catalog.list({ ...NO_CATALOG_FILTERS, ...filters }, { kind: "all" })).map((entry) => entry.id);
  return after === null ? ids : ids.slice(ids.indexOf(after) + 1);
}

describe("PostgresCatalogRepository search plans", () => {
  it("walks the newest offers for a common term, and never looks it up in the trigram index", async () => {
    const { entries, reads } = await listAndCount({ search: "COMMON" });
    expect(entries.map((entry) => entry.name)).toEqual(
      Array.from({ length: 21 }, (_, k) => `Offer ${OFFERS - 2 * k} common`),
    );
    expect(reads[TRIGRAM_DAY_INDEX]?.scans).toBe(0);
    expect(reads[DATE_INDEX]?.read).toBeLessThanOrEqual(2 * SEARCH_FIRST_WALK_ROWS); // 41 needed
  });

  it("looks a selective term up in windows of days instead of walking the catalog", async () => {
    // From the start of the history, where "sparseterm" is in 1 % of the offers: a walk would read
    // about 2,100 offers for a page; the function walks its first few, then looks up days.
    const page: PageRequest = { kind: "page", limit: 20, after: historyStart };
    const { entries, reads } = await listAndCount({ search: "sparseterm" }, page);
    expect(entries.map((entry) => entry.id)).toEqual(
      (await complete({ search: "sparseterm" }, historyStart)).slice(0, 21),
    );
    expect(reads[TRIGRAM_DAY_INDEX]?.scans).toBeGreaterThanOrEqual(1);
    expect(reads[DATE_INDEX]?.read).toBeLessThanOrEqual(SEARCH_FIRST_WALK_ROWS + 1); // and the oldest day
  });

  it("fetches the few matches of a rare term, fewer than a page", async () => {
    const { entries, reads } = await listAndCount({ search: "scarceword" });
    expect(entries.map((entry) => entry.name)).toEqual([
      "History 5000",
      "History 10000",
      "History 15000",
      "History 20000",
    ]);
    expect(reads[TRIGRAM_DAY_INDEX]?.scans).toBeGreaterThanOrEqual(1);
    expect(reads[DATE_INDEX]?.read).toBeLessThanOrEqual(SEARCH_FIRST_WALK_ROWS + 1);
  });

  it("looks a rare term up in the trigram index instead of walking the catalog", async () => {
    const { entries, reads } = await listAndCount({ search: "rareword" });
    expect(entries.map((entry) => entry.name)).toEqual([
      "Offer 3 rareword",
      "Offer 2 common rareword",
      "Offer 1 rareword",
    ]);
    expect(reads[TRIGRAM_DAY_INDEX]?.scans).toBeGreaterThanOrEqual(1);
    expect(reads[DATE_INDEX]?.read).toBeLessThanOrEqual(SEARCH_FIRST_WALK_ROWS + 1);
  });

  it("walks for a term with no trigram to look up", async () => {
    // "r 3": the end of "Offer 3", "Offer 30"…, "Offer 3000 common", newest first.
    const { entries, reads } = await listAndCount({ search: "r 3" });
    expect(entries.map((entry) => entry.name)).toEqual([
      "Offer 3000 common",
      ...Array.from({ length: 20 }, (_, k) => `Offer ${399 - k}${(399 - k) % 2 === 0 ? " common" : ""}`),
    ]);
    expect(reads[TRIGRAM_DAY_INDEX]?.scans).toBe(0);
  });

  it("gives the same answers as the complete list, page after page", async () => {
    for (const search of ["common", "rareword", "offer 29", "r 3", "nothing", "sparseterm", "scarceword"]) {
      expect(await walkPages({ search }, 50), search).toEqual(await complete({ search }));
    }
  });

  it("pages a selective term through several windows, with the other filters and cursors inside them", async () => {
    const cases: Partial<CatalogFilters>[] = [
      { search: "sparseterm" },
      { search: "SparseTerm", zipCode: "73301" },
      { search: "sparseterm", minPrice: "40.00", maxPrice: "80.00" },
      { search: "sparseterm", category: "electricity" },
      { search: "sparseterm", category: "internet", zipCode: "73301", maxPrice: "60.00" },
      { search: "plan 1" },
      { search: "plan 1", zipCode: "99999", minPrice: "90.00" },
    ];
    for (const filters of cases) {
      expect(await walkPages(filters, 7), JSON.stringify(filters)).toEqual(await complete(filters));
      expect(await walkPages(filters, 20, historyStart), JSON.stringify(filters)).toEqual(
        await complete(filters, historyStart),
      );
    }
  });

  it("pages through offers created at the same instant, in id order", async () => {
    for (const search of ["burstword", "bulk 1", "plain"]) {
      expect(await walkPages({ search }, 20), search).toEqual(await complete({ search }));
    }
  });

  it("matches LIKE's wildcards literally", async () => {
    for (const search of ["10%", "e 10% n", "a_b", "a%b", "10_"]) {
      expect(await walkPages({ search }, 20), search).toEqual(await complete({ search }));
    }
    expect((await walkPages({ search: "10%" }, 20)).length).toBe(HISTORY / 250);
    expect(await walkPages({ search: "a%b" }, 20)).toEqual([]);
  });

  it("ends a cursor walk when the cursor's offer has left the catalog", async () => {
    const [first] = await catalog.list({ ...NO_CATALOG_FILTERS, search: "sparseterm" }, FIRST_PAGE);
    if (!first) throw new Error("no match");
    await sql`update offers set status = 'draft' where id = ${first.id}`.execute(database.db);
    try {
      const page: PageRequest = { kind: "page", limit: 20, after: first.id };
      expect(await catalog.list({ ...NO_CATALOG_FILTERS, search: "sparseterm" }, page)).toEqual([]);
    } finally {
      await sql`update offers set status = 'active' where id = ${first.id}`.execute(database.db);
    }
  });
});

describe("PostgresCatalogRepository zipCode plans", () => {
  it("probes each walked offer's links on a page instead of hashing every link", async () => {
    const { plan } = await listAndExplain({ zipCode: "78701" });
    expect(plan).not.toMatch(/hashed SubPlan/);
    expect(plan).toMatch(/Index Scan using offers_catalog_created_at_id/);
  });
});

describe("PostgresCatalogRepository compiled list statements", () => {
  it("runs each shape's statement, compiled once, with each request's own values", async () => {
    const cursorId = historyStart;
    const pages: PageRequest[] = [{ kind: "all" }, FIRST_PAGE, { kind: "page", limit: 5, after: cursorId }];
    const values = [
      { category: "internet", minPrice: "10.00", maxPrice: "60.00", zipCode: "73301", search: "10%_x" },
      { category: "electricity", minPrice: "20.50", maxPrice: "99.00", zipCode: "99999", search: "a\\b" },
    ] as const;
    for (const page of pages) {
      for (let mask = 0; mask < 32; mask++) {
        if (page.kind === "page" && mask & 16) continue; // a search page goes through catalog_search_entries
        if (page.kind === "all" && ![0, 8, 16, 31].includes(mask)) continue; // the complete list is slow to read
        const shapeSql: string[] = [];
        for (const set of values) {
          const filters: CatalogFilters = {
            category: mask & 1 ? set.category : null,
            minPrice: mask & 2 ? set.minPrice : null,
            maxPrice: mask & 4 ? set.maxPrice : null,
            zipCode: mask & 8 ? set.zipCode : null,
            search: mask & 16 ? set.search : null,
          };
          await catalog.list(filters, page);
          const query = last as CompiledQuery | null;
          if (!query) throw new Error("no query logged");
          shapeSql.push(query.sql);
          const expected = [
            filters.category,
            filters.minPrice,
            filters.maxPrice,
            filters.zipCode,
            filters.search === null ? null : escapeLike(filters.search),
            page.kind === "page" ? page.after : null,
            page.kind === "page" ? page.limit + 1 : null,
          ].filter((value) => value !== null);
          expect([...query.parameters]).toEqual(expected);
        }
        expect(shapeSql[1]).toBe(shapeSql[0]);
      }
    }
  });
});

describe("escapeLike", () => {
  it("escapes LIKE's wildcards and its escape character", () => {
    expect(escapeLike("100%_off\\now")).toBe("100\\%\\_off\\\\now");
    expect(escapeLike("plain")).toBe("plain");
  });
});
