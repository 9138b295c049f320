import { type Market, randomUuid } from "@marketplace/core";
import { Kysely, PostgresDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { insertTeam, T0 } from "../../../../test/helpers/fixtures.ts";
import { aMarket, anArea } from "../../../core/test/contracts/fixtures-offers.ts";
import type { Database } from "../schema.ts";
import { PostgresMarketRepository } from "./postgres-market-repository.ts";

let database: TestDatabase;
let markets: PostgresMarketRepository;

beforeAll(async () => {
  database = await createTestDatabase();
  markets = new PostgresMarketRepository(database.db);
});
afterAll(() => database.drop());

const createTeam = () => insertTeam(database.db);

async function insertMarket(teamId: string, overrides: Partial<Market> = {}): Promise<Market> {
  const market = aMarket(teamId, overrides);
  await markets.insert(market);
  return market;
}

/** An offer row linked to a market, written directly: the offer repository is not under test here. */
async function insertLinkedOffer(teamId: string, marketId: string, deleted = false): Promise<string> {
  const id = randomUuid();
  await database.db
    .insertInto("offers")
    .values({
      id,
      team_id: teamId,
      name: "Offer",
      status: "draft",
      service_type: "internet",
      created_at: new Date(T0),
      updated_at: new Date(T0),
      deleted_at: deleted ? new Date(T0 + 1) : null,
    })
    .execute();
  await database.db.insertInto("offer_markets").values({ offer_id: id, market_id: marketId }).execute();
  return id;
}

const ids = (list: Market[]) => list.map((market) => market.id);

// The generic behaviour (areas, names, pages, deletion) is the contract suite's
// (packages/core/test/contracts/markets.contract.ts, run by ../contracts.test.ts); here, what is
// PostgreSQL's own: one query per read, and the rows a delete cascades to.

describe("PostgresMarketRepository under PostgreSQL", () => {
  it("reads markets and all their areas in a single query (no query per market)", async () => {
    const team = await createTeam();
    for (let i = 0; i < 5; i++) {
      const market = await insertMarket(team.id);
      await markets.addArea(market.id, anArea(String(20000 + i)));
      await markets.addArea(market.id, anArea(String(29999 - i)));
    }
    const statements: string[] = [];
    const counted = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: database.pool }),
      log: (event) => {
        statements.push(event.query.sql);
      },
    });
    const repository = new PostgresMarketRepository(counted);
    const listed = await repository.list(team.id, { kind: "all" });
    expect(listed).toHaveLength(5);
    expect(listed.every((market) => market.areas.length === 2)).toBe(true);
    expect(statements).toHaveLength(1);
    await repository.findByIds(team.id, ids(listed));
    await repository.findById(team.id, listed[0]?.id ?? "");
    expect(statements).toHaveLength(3);
  });

  it("deletes a market with its areas", async () => {
    const team = await createTeam();
    const market = await insertMarket(team.id);
    await markets.addArea(market.id, anArea("33333"));
    expect(await markets.delete(team.id, market.id)).toBe("deleted");
    expect(await markets.findById(team.id, market.id)).toBeNull();
    const areas = await database.db
      .selectFrom("market_areas")
      .select("id")
      .where("market_id", "=", market.id)
      .execute();
    expect(areas).toEqual([]);
    expect(await markets.delete(team.id, market.id)).toBe("not_found");
  });

  it("deletes a market linked only to soft-deleted offers, with those links", async () => {
    const team = await createTeam();
    const market = await insertMarket(team.id);
    const offerId = await insertLinkedOffer(team.id, market.id, true);
    expect(await markets.delete(team.id, market.id)).toBe("deleted");
    const links = await database.db
      .selectFrom("offer_markets")
      .select("market_id")
      .where("offer_id", "=", offerId)
      .execute();
    expect(links).toEqual([]);
  });
});
