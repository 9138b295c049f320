import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  addArea,
  badRequest,
  conflict,
  createMarket,
  expectJson,
  getMarket,
  ISO,
  type MarketBody,
  notFound,
  setupMarketsApp,
  t,
  UUID_V4,
} from "../../../test/helpers/http/provider-markets.ts";

setupMarketsApp();

describe("POST /provider/markets", () => {
  it("creates a market with no areas and answers 201 with exactly the market", async () => {
    const { apiKey } = await t.createTeam("provider");
    const res = await t.request("POST", "/provider/markets", { key: apiKey, body: { name: "  Austin metro  " } });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const market = await res.json();
    expect(market).toEqual({
      id: expect.stringMatching(UUID_V4),
      name: "Austin metro",
      areas: [],
      createdAt: expect.stringMatching(ISO),
      updatedAt: market.createdAt,
    });
    expect(await getMarket(apiKey, market.id)).toEqual(market);
  });

  it("answers 409 for a duplicate name in the team, whatever its case", async () => {
    const { apiKey } = await t.createTeam("provider");
    await createMarket(apiKey, { name: "Austin" });
    for (const name of ["Austin", "AUSTIN", "austin"]) {
      await expectJson(
        await t.request("POST", "/provider/markets", { key: apiKey, body: { name } }),
        409,
        conflict(`A market named ${name} already exists`),
      );
    }
  });

  it("allows the same name in another team", async () => {
    const first = await t.createTeam("provider");
    const second = await t.createTeam("provider");
    await createMarket(first.apiKey, { name: "Dallas" });
    expect(await createMarket(second.apiKey, { name: "Dallas" })).toMatchObject({ name: "Dallas" });
  });

  it.each([
    [{}, ["name is required"]],
    [{ name: "" }, ["name must not be empty"]],
    [{ name: "a".repeat(201) }, ["name must be at most 200 characters"]],
    [{ name: 7 }, ["name must be a string"]],
    [{ name: "Austin", areas: [{ value: "78701" }] }, ["property areas should not exist"]],
  ])("answers 400 for %j", async (body, message) => {
    const { apiKey } = await t.createTeam("provider");
    await expectJson(await t.request("POST", "/provider/markets", { key: apiKey, body }), 400, badRequest(...message));
  });

  it("answers 401 without a key and 403 for a reseller key on every market route", async () => {
    const missing = await t.request("GET", "/provider/markets");
    expect(missing.status).toBe(401);

    const { apiKey } = await t.createTeam("reseller");
    const forbidden = {
      statusCode: 403,
      message: "A reseller team cannot call provider endpoints",
      error: "Forbidden",
    };
    const id = randomUUID();
    const calls: Array<[string, string, unknown]> = [
      ["POST", "/provider/markets", { name: "X" }],
      ["GET", "/provider/markets", undefined],
      ["GET", `/provider/markets/${id}`, undefined],
      ["PATCH", `/provider/markets/${id}`, { name: "X" }],
      ["DELETE", `/provider/markets/${id}`, undefined],
      ["POST", `/provider/markets/${id}/areas`, { value: "78701" }],
      ["DELETE", `/provider/markets/${id}/areas/${randomUUID()}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.request(method, path, body === undefined ? { key: apiKey } : { key: apiKey, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual(forbidden);
    }
  });
});

describe("GET /provider/markets", () => {
  it("lists only the team's markets, newest first, each with its areas ordered by value", async () => {
    const mine = await t.createTeam("provider");
    const theirs = await t.createTeam("provider");
    const a = await createMarket(mine.apiKey, { name: "A" });
    await createMarket(theirs.apiKey, { name: "Theirs" });
    const b = await createMarket(mine.apiKey, { name: "B" });
    for (const value of ["78705", "78701", "78703"]) await addArea(mine.apiKey, a.id, { value });
    const list: MarketBody[] = await (await t.request("GET", "/provider/markets", { key: mine.apiKey })).json();
    expect(list.map((m) => m.id)).toEqual([b.id, a.id]);
    expect(list[0]).toEqual(b);
    expect(list[1]?.areas.map((area) => area.value)).toEqual(["78701", "78703", "78705"]);
    expect(list[1]).toEqual(await getMarket(mine.apiKey, a.id));
  });

  it("paginates with limit and cursor", async () => {
    const { apiKey } = await t.createTeam("provider");
    for (let i = 0; i < 3; i++) await createMarket(apiKey, { name: `Market ${i}` });
    const all = await (await t.request("GET", "/provider/markets", { key: apiKey })).json();
    expect(all).toHaveLength(3);
    const first = await (await t.request("GET", "/provider/markets?limit=2", { key: apiKey })).json();
    expect(first).toEqual({ data: all.slice(0, 2), hasMore: true, nextCursor: expect.any(String) });
    const second = await (
      await t.request("GET", `/provider/markets?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`, {
        key: apiKey,
      })
    ).json();
    expect(second).toEqual({ data: all.slice(2), hasMore: false, nextCursor: null });
  });

  it("answers 400 for a bad limit and an unknown parameter", async () => {
    const { apiKey } = await t.createTeam("provider");
    await expectJson(
      await t.request("GET", "/provider/markets?limit=0", { key: apiKey }),
      400,
      badRequest("limit must be an integer from 1 to 100"),
    );
    await expectJson(
      await t.request("GET", "/provider/markets?zip=78701", { key: apiKey }),
      400,
      badRequest("property zip should not exist"),
    );
  });
});

describe("GET /provider/markets/{id}", () => {
  it("answers 404 for another team's market, a missing one and a malformed id", async () => {
    const owner = await t.createTeam("provider");
    const stranger = await t.createTeam("provider");
    const market = await createMarket(owner.apiKey, { name: "Mine" });
    await expectJson(
      await t.request("GET", `/provider/markets/${market.id}`, { key: stranger.apiKey }),
      404,
      notFound(market.id),
    );
    const missing = randomUUID();
    await expectJson(
      await t.request("GET", `/provider/markets/${missing}`, { key: owner.apiKey }),
      404,
      notFound(missing),
    );
    await expectJson(await t.request("GET", "/provider/markets/abc", { key: owner.apiKey }), 404, notFound("abc"));
  });
});
