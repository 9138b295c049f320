import { type CatalogFilters, NO_CATALOG_FILTERS, type PageRequest, randomUuid } from "@marketplace/core";
import { type CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import type { Database } from "../schema.ts";
import { escapeLike, PostgresCatalogRepository } from "./postgres-catalog-repository.ts";

// Which way a search page goes (issue 8's trap), checked on the plan PostgreSQL runs, never on time.
const OFFERS = 3000;
const FIRST_PAGE: PageRequest = { kind: "page", limit: 20, after: null };

let database: TestDatabase;
let logged: Kysely<Database>;
let last: CompiledQuery | null = null;
let catalog: PostgresCatalogRepository;

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
  const teamId = randomUuid();
  await sql`insert into teams (id, name, role, created_at, updated_at) values (${teamId}, 'Plans', 'provider', now(), now())`.execute(
    database.db,
  );
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
  // Settled, as autovacuum leaves a table: statistics, and the trigram index's pending list merged
  // (rows inserted after CREATE INDEX wait there, which the planner rightly prices as slow).
  await sql`vacuum analyze offers`.execute(database.db);
});
afterAll(() => database.drop());

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

describe("PostgresCatalogRepository search plans", () => {
  it("walks the date index for a common term, and never builds the trigram bitmap", async () => {
    const { entries, plan } = await listAndExplain({ search: "COMMON" });
    expect(entries.map((entry) => entry.name)).toEqual(
      Array.from({ length: 21 }, (_, k) => `Offer ${OFFERS - 2 * k} common`),
    );
    expect(plan).toMatch(/CTE Scan on selective \(never executed\)/);
    expect(plan).not.toMatch(/Subquery Scan on walk \(never executed\)/);
    expect(plan).toMatch(/Index Scan using offers_catalog_created_at_id/);
  });

  it("looks a rare term up in the trigram index instead of walking the catalog", async () => {
    const { entries, plan } = await listAndExplain({ search: "rareword" });
    expect(entries.map((entry) => entry.name)).toEqual([
      "Offer 3 rareword",
      "Offer 2 common rareword",
      "Offer 1 rareword",
    ]);
    expect(plan).toMatch(/Subquery Scan on walk \(never executed\)/);
    expect(plan).toMatch(/Bitmap Index Scan on offers_catalog_search(?! \(never executed\))/);
  });

  it("walks for a term with no trigram to look up", async () => {
    // "r 3": the end of "Offer 3", "Offer 30"…, "Offer 3000 common", newest first.
    const { entries, plan } = await listAndExplain({ search: "r 3" });
    expect(entries.map((entry) => entry.name)).toEqual([
      "Offer 3000 common",
      ...Array.from({ length: 20 }, (_, k) => `Offer ${399 - k}${(399 - k) % 2 === 0 ? " common" : ""}`),
    ]);
    expect(plan).toMatch(/One-Time Filter: false/);
    expect(plan).not.toMatch(/Subquery Scan on walk \(never executed\)/);
  });

  it("gives the same answers as the complete list, page after page", async () => {
    for (const search of ["common", "rareword", "offer 29", "r 3", "nothing"]) {
      const complete = (await catalog.list({ ...NO_CATALOG_FILTERS, search }, { kind: "all" })).map((e) => e.id);
      const walked: string[] = [];
      let after: string | null = null;
      for (;;) {
        const page: string[] = (
          await catalog.list({ ...NO_CATALOG_FILTERS, search }, { kind: "page", limit: 50, after })
        ).map((entry) => entry.id);
        walked.push(...page.slice(0, 50));
        if (page.length <= 50) break;
        after = page[49] ?? null;
      }
      expect(walked, search).toEqual(complete);
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

describe("escapeLike", () => {
  it("escapes LIKE's wildcards and its escape character", () => {
    expect(escapeLike("100%_off\\now")).toBe("100\\%\\_off\\\\now");
    expect(escapeLike("plain")).toBe("plain");
  });
});
