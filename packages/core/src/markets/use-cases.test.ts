import { describe, expect, it } from "vitest";
import { ConflictError, InvalidInputError, NotFoundError } from "../errors.ts";
import { silentLogger } from "../logger.ts";
import type { Principal } from "../teams/index.ts";
import { scopedUnitOfWork } from "../testing/index.ts";
import type { MarketRepository } from "./ports.ts";
import type { Market } from "./types.ts";
import { marketUseCases, type NewArea, validateArea, validateMarket } from "./use-cases.ts";

const ZIP = "value must be a 5-digit US ZIP code";

/** Input as it may arrive from outside, before types are known to hold. */
function area(input: Record<string, unknown>): NewArea {
  return input as unknown as NewArea;
}

describe("validateMarket", () => {
  it("requires a name on create only", () => {
    expect(validateMarket({ name: "Austin" }, { creating: true })).toEqual([]);
    expect(validateMarket({}, { creating: true })).toEqual(["name is required"]);
    expect(validateMarket({}, { creating: false })).toEqual([]);
  });

  it("applies the name rules", () => {
    expect(validateMarket({ name: "  " }, { creating: false })).toEqual(["name must not be empty"]);
    expect(validateMarket({ name: "a".repeat(201) }, { creating: true })).toEqual([
      "name must be at most 200 characters",
    ]);
    expect(validateMarket({ name: "\u0000" }, { creating: true })).toEqual(["name must not contain NUL characters"]);
  });
});

describe("validateArea", () => {
  it.each(["00501", "78701", "99950", "10001"])("accepts the ZIP %s, with or without kind", (value) => {
    expect(validateArea({ value })).toEqual([]);
    expect(validateArea({ kind: "zip", value })).toEqual([]);
  });

  it.each([
    "7870",
    "787011",
    "78701-1234",
    "7870a",
    "abcde",
    " 78701",
    "78701 ",
    "78701\n",
    "",
    "٧٨٧٠١", // Arabic-Indic digits
    "７８７０１", // full-width digits
  ])("rejects the ZIP %j", (value) => {
    expect(validateArea({ value })).toEqual([ZIP]);
  });

  it("requires a string value", () => {
    expect(validateArea(area({}))).toEqual(["value is required"]);
    expect(validateArea(area({ value: 78701 }))).toEqual(["value must be a string"]);
    expect(validateArea(area({ value: null }))).toEqual(["value must be a string"]);
  });

  it.each(["county", "ZIP", "", null])("rejects the kind %j", (kind) => {
    expect(validateArea(area({ kind, value: "78701" }))).toEqual(["kind must be one of the following values: zip"]);
  });
});

const TEAM = "0b0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21";
const OTHER_TEAM = "1b0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21";
const principal: Principal = { teamId: TEAM, role: "provider", apiKeyId: "2b0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21" };
const T0 = Date.parse("2026-03-01T00:00:00.000Z");

/** Markets in memory, enough to exercise the use cases' rules; `inUse` marks markets offers link to. */
function setup() {
  const rows = new Map<string, Market>();
  const inUse = new Set<string>();
  const calls: string[] = [];
  let now = T0;
  let counter = 0;
  const copy = (market: Market): Market => ({ ...market, areas: market.areas.map((a) => ({ ...a })) });
  const markets: MarketRepository = {
    async insert(market) {
      calls.push("insert");
      rows.set(market.id, copy(market));
    },
    async update(market) {
      calls.push("update");
      rows.set(market.id, copy(market));
    },
    async findById(teamId, id) {
      calls.push("findById");
      const market = rows.get(id);
      return market && market.teamId === teamId ? copy(market) : null;
    },
    async findByIds() {
      return [];
    },
    async findByNames() {
      return [];
    },
    async list(teamId) {
      return [...rows.values()].filter((market) => market.teamId === teamId).map(copy);
    },
    async listNames(teamId) {
      return [...rows.values()]
        .filter((market) => market.teamId === teamId)
        .map(({ id, name }) => ({ id, name }))
        .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
    },
    async delete(teamId, id) {
      calls.push("delete");
      if (rows.get(id)?.teamId !== teamId) return "not_found";
      if (inUse.has(id)) return "in_use";
      rows.delete(id);
      return "deleted";
    },
    async addArea(marketId, newArea) {
      calls.push("addArea");
      const market = rows.get(marketId);
      if (!market) throw new NotFoundError("Market", marketId);
      if (market.areas.some((a) => a.kind === newArea.kind && a.value === newArea.value)) {
        throw new ConflictError(`The market already has ${newArea.kind} area ${newArea.value}`);
      }
      market.areas.push({ ...newArea });
      market.updatedAt = newArea.createdAt;
    },
    async removeArea(marketId, areaId, at) {
      calls.push("removeArea");
      const market = rows.get(marketId);
      const before = market?.areas.length ?? 0;
      if (!market) return false;
      market.areas = market.areas.filter((a) => a.id !== areaId);
      if (market.areas.length === before) return false;
      market.updatedAt = at;
      return true;
    },
  };
  // The use cases name the one repository they use: nothing else needs to be given.
  const unitOfWork = scopedUnitOfWork({ markets });
  const useCases = marketUseCases({
    unitOfWork,
    clock: { now: () => new Date(now) },
    ids: { uuid: () => `${String(++counter).padStart(8, "0")}-5b7a-4c8e-9d7c-2a4b6f1d9e21` },
    logger: silentLogger,
  });
  return { useCases, rows, inUse, calls, tick: (ms: number) => (now += ms) };
}

describe("market use cases", () => {
  it("creates a market with a trimmed name and no areas", async () => {
    const { useCases } = setup();
    expect(await useCases.create(principal, { name: " Austin " })).toEqual({
      id: "00000001-5b7a-4c8e-9d7c-2a4b6f1d9e21",
      teamId: TEAM,
      name: "Austin",
      areas: [],
      createdAt: new Date(T0),
      updatedAt: new Date(T0),
    });
  });

  it("adds a zip area by default and answers the area", async () => {
    const { useCases, tick } = setup();
    const market = await useCases.create(principal, { name: "Austin" });
    tick(500);
    const added = await useCases.addArea(principal, market.id, { value: "78701" });
    expect(added).toEqual({
      id: "00000002-5b7a-4c8e-9d7c-2a4b6f1d9e21",
      kind: "zip",
      value: "78701",
      createdAt: new Date(T0 + 500),
    });
    expect(await useCases.get(principal, market.id)).toEqual({
      ...market,
      areas: [added],
      updatedAt: new Date(T0 + 500),
    });
  });

  it("validates an area before looking the market up", async () => {
    const { useCases, calls } = setup();
    const error = await useCases.addArea(principal, "not-a-uuid", { value: "1234" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).problems).toEqual([ZIP]);
    expect(calls).toEqual([]);
  });

  it("answers NotFoundError for malformed ids, another team's market and an unknown area", async () => {
    const { useCases } = setup();
    const theirs = await useCases.create({ ...principal, teamId: OTHER_TEAM }, { name: "Theirs" });
    const mine = await useCases.create(principal, { name: "Mine" });
    const cases: Array<[() => Promise<unknown>, string]> = [
      [() => useCases.get(principal, "x"), "Market x not found"],
      [() => useCases.get(principal, theirs.id), `Market ${theirs.id} not found`],
      [() => useCases.update(principal, theirs.id, { name: "Y" }), `Market ${theirs.id} not found`],
      [() => useCases.delete(principal, theirs.id), `Market ${theirs.id} not found`],
      [() => useCases.addArea(principal, theirs.id, { value: "78701" }), `Market ${theirs.id} not found`],
      [() => useCases.removeArea(principal, theirs.id, mine.id), `Market ${theirs.id} not found`],
      [() => useCases.removeArea(principal, mine.id, "y"), "Area y not found"],
      [() => useCases.removeArea(principal, mine.id, theirs.id), `Area ${theirs.id} not found`],
    ];
    for (const [run, message] of cases) {
      const error = await run().catch((e: unknown) => e);
      expect(error, message).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).message).toBe(message);
    }
  });

  it("removes an area and moves updatedAt", async () => {
    const { useCases, tick } = setup();
    const market = await useCases.create(principal, { name: "Austin" });
    const added = await useCases.addArea(principal, market.id, { value: "78701" });
    tick(2000);
    await useCases.removeArea(principal, market.id, added.id);
    expect(await useCases.get(principal, market.id)).toEqual({ ...market, updatedAt: new Date(T0 + 2000) });
  });

  it("renames, and treats an update without changes as a no-op", async () => {
    const { useCases, calls, tick } = setup();
    const market = await useCases.create(principal, { name: "Austin" });
    tick(1000);
    calls.length = 0;
    expect(await useCases.update(principal, market.id, {})).toEqual(market);
    expect(calls).toEqual(["findById"]);
    expect(await useCases.update(principal, market.id, { name: "Austin Metro" })).toEqual({
      ...market,
      name: "Austin Metro",
      updatedAt: new Date(T0 + 1000),
    });
  });

  it("refuses to delete a market offers link to, naming it", async () => {
    const { useCases, inUse, rows } = setup();
    const market = await useCases.create(principal, { name: "Austin" });
    inUse.add(market.id);
    const error = await useCases.delete(principal, market.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toBe(
      "Market Austin is linked to one or more offers; remove it from them first",
    );
    inUse.delete(market.id);
    await useCases.delete(principal, market.id);
    expect(rows.has(market.id)).toBe(false);
  });
});
