import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  addArea,
  badRequest,
  conflict,
  createMarket,
  expectEmpty200,
  expectJson,
  getMarket,
  ISO,
  notFound,
  setupMarketsApp,
  t,
  tick,
  UUID_V4,
} from "../../../test/helpers/http/provider-markets.ts";

setupMarketsApp();

describe("POST /provider/markets/{id}/areas", () => {
  it("adds a zip area (the default kind) and answers 201 with exactly the area", async () => {
    const { apiKey } = await t.createTeam("provider");
    const market = await createMarket(apiKey, { name: "Austin" });
    await tick();
    const res = await t.request("POST", `/provider/markets/${market.id}/areas`, {
      key: apiKey,
      body: { value: "78701" },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const area = await res.json();
    expect(area).toEqual({
      id: expect.stringMatching(UUID_V4),
      kind: "zip",
      value: "78701",
      createdAt: expect.stringMatching(ISO),
    });
    expect(await getMarket(apiKey, market.id)).toEqual({ ...market, areas: [area], updatedAt: area.createdAt });
    expect(Date.parse(area.createdAt)).toBeGreaterThan(Date.parse(market.updatedAt));
  });

  it("accepts an explicit kind zip", async () => {
    const { apiKey } = await t.createTeam("provider");
    const market = await createMarket(apiKey, { name: "Explicit" });
    expect(await addArea(apiKey, market.id, { kind: "zip", value: "00501" })).toMatchObject({
      kind: "zip",
      value: "00501",
    });
  });

  it("answers 409 for an area the market already has, and allows it in another market", async () => {
    const { apiKey } = await t.createTeam("provider");
    const market = await createMarket(apiKey, { name: "Dup" });
    const other = await createMarket(apiKey, { name: "Other" });
    await addArea(apiKey, market.id, { value: "12345" });
    await expectJson(
      await t.request("POST", `/provider/markets/${market.id}/areas`, {
        key: apiKey,
        body: { kind: "zip", value: "12345" },
      }),
      409,
      conflict("The market already has zip area 12345"),
    );
    expect(await addArea(apiKey, other.id, { value: "12345" })).toMatchObject({ value: "12345" });
    expect((await getMarket(apiKey, market.id)).areas).toHaveLength(1);
  });

  it.each([
    [{ value: "1234" }, ["value must be a 5-digit US ZIP code"]],
    [{ value: "123456" }, ["value must be a 5-digit US ZIP code"]],
    [{ value: "12a45" }, ["value must be a 5-digit US ZIP code"]],
    [{ value: "abcde" }, ["value must be a 5-digit US ZIP code"]],
    [{ value: "12345-6789" }, ["value must be a 5-digit US ZIP code"]],
    [{ value: " 12345" }, ["value must be a 5-digit US ZIP code"]],
    [{ value: 12345 }, ["value must be a string"]],
    [{}, ["value is required"]],
    [{ kind: "county", value: "12345" }, ["kind must be one of the following values: zip"]],
    [{ value: "12345", name: "Downtown" }, ["property name should not exist"]],
  ])("answers 400 for %j", async (body, message) => {
    const { apiKey } = await t.createTeam("provider");
    const market = await createMarket(apiKey, { name: "Strict" });
    await expectJson(
      await t.request("POST", `/provider/markets/${market.id}/areas`, { key: apiKey, body }),
      400,
      badRequest(...message),
    );
    expect((await getMarket(apiKey, market.id)).areas).toEqual([]);
  });

  it("answers 404 for another team's market and a malformed id", async () => {
    const owner = await t.createTeam("provider");
    const stranger = await t.createTeam("provider");
    const market = await createMarket(owner.apiKey, { name: "Owned" });
    await expectJson(
      await t.request("POST", `/provider/markets/${market.id}/areas`, {
        key: stranger.apiKey,
        body: { value: "12345" },
      }),
      404,
      notFound(market.id),
    );
    await expectJson(
      await t.request("POST", "/provider/markets/xyz/areas", { key: owner.apiKey, body: { value: "12345" } }),
      404,
      notFound("xyz"),
    );
    expect((await getMarket(owner.apiKey, market.id)).areas).toEqual([]);
  });

  it("answers 415 for a body that is not JSON", async () => {
    const { apiKey } = await t.createTeam("provider");
    const market = await createMarket(apiKey, { name: "Media" });
    const res = await t.request("POST", `/provider/markets/${market.id}/areas`, {
      key: apiKey,
      body: "value=12345",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ statusCode: 415, error: "Unsupported Media Type" });
  });
});

describe("DELETE /provider/markets/{id}/areas/{areaId}", () => {
  const removeArea = (key: string, marketId: string, areaId: string) =>
    t.request("DELETE", `/provider/markets/${marketId}/areas/${areaId}`, { key });

  it("removes the area: 200 with no body; the market keeps the others", async () => {
    const { apiKey } = await t.createTeam("provider");
    const market = await createMarket(apiKey, { name: "Trim" });
    const gone = await addArea(apiKey, market.id, { value: "11111" });
    const kept = await addArea(apiKey, market.id, { value: "22222" });
    await tick();
    await expectEmpty200(await removeArea(apiKey, market.id, gone.id));
    const after = await getMarket(apiKey, market.id);
    expect(after.areas).toEqual([kept]);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(kept.createdAt));
    await expectJson(await removeArea(apiKey, market.id, gone.id), 404, notFound(gone.id, "Area"));
    // The same area can be added again.
    expect(await addArea(apiKey, market.id, { value: "11111" })).toMatchObject({ value: "11111" });
  });

  it("answers 404 for an unknown area, another market's area, and a malformed area id", async () => {
    const { apiKey } = await t.createTeam("provider");
    const market = await createMarket(apiKey, { name: "One" });
    const other = await createMarket(apiKey, { name: "Two" });
    const foreignArea = await addArea(apiKey, other.id, { value: "33333" });
    const unknown = randomUUID();
    await expectJson(await removeArea(apiKey, market.id, unknown), 404, notFound(unknown, "Area"));
    await expectJson(await removeArea(apiKey, market.id, foreignArea.id), 404, notFound(foreignArea.id, "Area"));
    await expectJson(await removeArea(apiKey, market.id, "zzz"), 404, notFound("zzz", "Area"));
    expect((await getMarket(apiKey, other.id)).areas).toEqual([foreignArea]);
  });

  it("answers 404 for another team's market, and keeps its area", async () => {
    const owner = await t.createTeam("provider");
    const stranger = await t.createTeam("provider");
    const market = await createMarket(owner.apiKey, { name: "Owned" });
    const area = await addArea(owner.apiKey, market.id, { value: "44444" });
    await expectJson(await removeArea(stranger.apiKey, market.id, area.id), 404, notFound(market.id));
    expect((await getMarket(owner.apiKey, market.id)).areas).toEqual([area]);
  });

  it("answers 400 for a query parameter", async () => {
    const { apiKey } = await t.createTeam("provider");
    const market = await createMarket(apiKey, { name: "Q" });
    const area = await addArea(apiKey, market.id, { value: "55555" });
    await expectJson(
      await t.request("DELETE", `/provider/markets/${market.id}/areas/${area.id}?all=1`, { key: apiKey }),
      400,
      badRequest("property all should not exist"),
    );
  });
});
