import {
  ConflictError,
  type Market,
  type MarketArea,
  NotFoundError,
  pageRequest,
  randomUuid,
  toListResult,
} from "@marketplace/core";
import { Kysely, PostgresDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { insertTeam, T0 } from "../../../../test/helpers/fixtures.ts";
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

function aMarket(teamId: string, overrides: Partial<Market> = {}): Market {
  const createdAt = overrides.createdAt ?? new Date(T0);
  return {
    id: randomUuid(),
    teamId,
    name: `Market ${randomUuid().slice(0, 8)}`,
    areas: [],
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

function anArea(value: string, createdAt = new Date(T0)): MarketArea {
  return { id: randomUuid(), kind: "zip", value, createdAt };
}

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

describe("PostgresMarketRepository insert, find and update", () => {
  it("stores a market and reads it back with no areas", async () => {
    const team = await createTeam();
    const market = aMarket(team.id, { name: "Austin", createdAt: new Date(T0 + 12), updatedAt: new Date(T0 + 34) });
    await markets.insert(market);
    expect(await markets.findById(team.id, market.id)).toEqual(market);
  });

  it("stores areas given at insert, in one transaction", async () => {
    const team = await createTeam();
    const market = aMarket(team.id, { areas: [anArea("78702"), anArea("78701")] });
    await markets.insert(market);
    expect((await markets.findById(team.id, market.id))?.areas.map((a) => a.value)).toEqual(["78701", "78702"]);

    const duplicate = aMarket(team.id, { areas: [anArea("10001"), anArea("10001")] });
    await expect(markets.insert(duplicate)).rejects.toBeInstanceOf(ConflictError);
    expect(await markets.findById(team.id, duplicate.id)).toBeNull();
  });

  it("reads areas back with their ids, kinds and timestamps, ordered by value", async () => {
    const team = await createTeam();
    const market = await insertMarket(team.id);
    const areas = [
      anArea("90210", new Date(T0 + 1)),
      anArea("02134", new Date(T0 + 2)),
      anArea("10001", new Date(T0 + 3)),
    ];
    for (const area of areas) await markets.addArea(market.id, area);
    const found = await markets.findById(team.id, market.id);
    expect(found?.areas).toEqual([areas[1], areas[2], areas[0]]);
  });

  it("does not find another team's market", async () => {
    const owner = await createTeam();
    const other = await createTeam();
    const market = await insertMarket(owner.id);
    expect(await markets.findById(other.id, market.id)).toBeNull();
    expect(await markets.findByIds(other.id, [market.id])).toEqual([]);
    expect(await markets.findByNames(other.id, [market.name])).toEqual([]);
    expect(await markets.list(other.id, { kind: "all" })).toEqual([]);
  });

  it("saves the name and updatedAt", async () => {
    const team = await createTeam();
    const market = await insertMarket(team.id, { name: "Before" });
    await markets.addArea(market.id, anArea("73301"));
    const before = await markets.findById(team.id, market.id);
    if (!before) throw new Error("unreachable");
    await markets.update({ ...before, name: "After", updatedAt: new Date(T0 + 9000) });
    expect(await markets.findById(team.id, market.id)).toEqual({
      ...before,
      name: "After",
      updatedAt: new Date(T0 + 9000),
    });
  });

  it("finds markets by ids, skipping unknown, foreign and malformed ids", async () => {
    const team = await createTeam();
    const other = await createTeam();
    const a = await insertMarket(team.id, { createdAt: new Date(T0) });
    const b = await insertMarket(team.id, { createdAt: new Date(T0 + 1000) });
    const foreign = await insertMarket(other.id);
    await markets.addArea(a.id, anArea("11111"));
    const found = await markets.findByIds(team.id, [a.id, b.id, a.id, foreign.id, randomUuid(), "not-a-uuid"]);
    expect(ids(found)).toEqual([b.id, a.id]);
    expect(found[1]?.areas.map((area) => area.value)).toEqual(["11111"]);
    expect(await markets.findByIds(team.id, [])).toEqual([]);
  });

  it("finds markets by names, case-insensitively", async () => {
    const team = await createTeam();
    const austin = await insertMarket(team.id, { name: "Austin Metro", createdAt: new Date(T0) });
    const dallas = await insertMarket(team.id, { name: "Dallas", createdAt: new Date(T0 + 1000) });
    await insertMarket(team.id, { name: "Houston" });
    expect(ids(await markets.findByNames(team.id, ["austin metro", "DALLAS", "Nowhere"]))).toEqual([
      dallas.id,
      austin.id,
    ]);
    expect(await markets.findByNames(team.id, [])).toEqual([]);
  });
});

describe("PostgresMarketRepository name uniqueness", () => {
  it("throws ConflictError for a duplicate name in the team, compared case-insensitively", async () => {
    const team = await createTeam();
    const first = await insertMarket(team.id, { name: "Austin" });
    for (const name of ["Austin", "AUSTIN"]) {
      const error = await markets.insert(aMarket(team.id, { name })).catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(ConflictError);
      expect((error as ConflictError).message).toBe(`A market named ${name} already exists`);
    }
    expect(ids(await markets.list(team.id, { kind: "all" }))).toEqual([first.id]);
  });

  it("allows the same name in another team", async () => {
    const a = await createTeam();
    const b = await createTeam();
    await insertMarket(a.id, { name: "Shared" });
    await expect(markets.insert(aMarket(b.id, { name: "Shared" }))).resolves.toBeUndefined();
  });

  it("throws ConflictError when a rename takes another market's name", async () => {
    const team = await createTeam();
    await insertMarket(team.id, { name: "Taken" });
    const market = await insertMarket(team.id, { name: "Free" });
    const error = await markets.update({ ...market, name: "taken" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toBe("A market named taken already exists");
  });
});

describe("PostgresMarketRepository areas", () => {
  it("throws ConflictError for an area the market already has, and allows it in another market", async () => {
    const team = await createTeam();
    const market = await insertMarket(team.id);
    const other = await insertMarket(team.id);
    await markets.addArea(market.id, anArea("12345", new Date(T0 + 7000)));
    expect((await markets.findById(team.id, market.id))?.updatedAt).toEqual(new Date(T0 + 7000));
    const error = await markets.addArea(market.id, anArea("12345", new Date(T0 + 8000))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toBe("The market already has zip area 12345");
    await expect(markets.addArea(other.id, anArea("12345"))).resolves.toBeUndefined();
    const after = await markets.findById(team.id, market.id);
    expect(after?.areas).toHaveLength(1);
    expect(after?.updatedAt).toEqual(new Date(T0 + 7000));
  });

  it("throws NotFoundError when the market no longer exists", async () => {
    const missing = randomUuid();
    const error = await markets.addArea(missing, anArea("12345")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toBe(`Market ${missing} not found`);
  });

  it("removes an area of the market only", async () => {
    const team = await createTeam();
    const market = await insertMarket(team.id);
    const other = await insertMarket(team.id);
    const area = anArea("54321");
    const kept = anArea("54322", new Date(T0 + 30_000));
    await markets.addArea(market.id, area);
    await markets.addArea(market.id, kept);
    const at = new Date(T0 + 60_000);
    expect(await markets.removeArea(other.id, area.id, at)).toBe(false);
    expect(await markets.removeArea(market.id, randomUuid(), at)).toBe(false);
    expect((await markets.findById(team.id, other.id))?.updatedAt).toEqual(other.updatedAt);
    expect(await markets.removeArea(market.id, area.id, at)).toBe(true);
    expect(await markets.removeArea(market.id, area.id, new Date(T0 + 90_000))).toBe(false);
    expect(await markets.findById(team.id, market.id)).toEqual({ ...market, areas: [kept], updatedAt: at });
  });
});

describe("PostgresMarketRepository.list", () => {
  it("lists newest first with their areas, and walks pages", async () => {
    const team = await createTeam();
    const inserted: Market[] = [];
    for (const s of [0, 1, 1, 2, 3]) inserted.push(await insertMarket(team.id, { createdAt: new Date(T0 + s * 1000) }));
    for (const [i, market] of inserted.entries()) await markets.addArea(market.id, anArea(String(10000 + i)));
    const expected = [...inserted]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((m) => m.id);
    const all = await markets.list(team.id, { kind: "all" });
    expect(ids(all)).toEqual(expected);
    for (const market of all) {
      expect(market.areas.map((a) => a.value)).toEqual([String(10000 + ids(inserted).indexOf(market.id))]);
    }

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 10; guard++) {
      const request = pageRequest("markets", cursor === undefined ? { limit: 2 } : { limit: 2, cursor });
      const page = toListResult("markets", request, await markets.list(team.id, request));
      if (Array.isArray(page)) throw new Error("expected a page");
      seen.push(...ids(page.data));
      if (!page.hasMore) break;
      cursor = page.nextCursor ?? undefined;
    }
    expect(seen).toEqual(expected);
  });

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

  it("returns nothing after a cursor naming another team's market", async () => {
    const team = await createTeam();
    const other = await createTeam();
    await insertMarket(team.id);
    const foreign = await insertMarket(other.id, { createdAt: new Date(T0 + 1_000_000) });
    expect(await markets.list(team.id, { kind: "page", limit: 10, after: foreign.id })).toEqual([]);
  });
});

describe("PostgresMarketRepository.delete", () => {
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

  it("answers not_found for another team's market and keeps it", async () => {
    const owner = await createTeam();
    const other = await createTeam();
    const market = await insertMarket(owner.id);
    expect(await markets.delete(other.id, market.id)).toBe("not_found");
    expect(await markets.findById(owner.id, market.id)).toEqual(market);
  });

  it("refuses while an offer that is not deleted links to the market", async () => {
    const team = await createTeam();
    const market = await insertMarket(team.id);
    const offerId = await insertLinkedOffer(team.id, market.id);
    expect(await markets.delete(team.id, market.id)).toBe("in_use");
    expect(await markets.findById(team.id, market.id)).toEqual(market);

    await database.db.deleteFrom("offer_markets").where("offer_id", "=", offerId).execute();
    expect(await markets.delete(team.id, market.id)).toBe("deleted");
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

describe("PostgresMarketRepository listNames", () => {
  it("lists the team's markets by name, case-insensitively, without their areas and without other teams'", async () => {
    const team = (await createTeam()).id;
    const other = (await createTeam()).id;
    const zeta = await insertMarket(team, { name: "zeta" });
    const alpha = await insertMarket(team, { name: "Alpha" });
    await markets.addArea(alpha.id, anArea("78701"));
    await insertMarket(other, { name: "Beta" });
    expect(await markets.listNames(team)).toEqual([
      { id: alpha.id, name: "Alpha" },
      { id: zeta.id, name: "zeta" },
    ]);
  });
});
