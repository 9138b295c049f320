import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const badRequest = (...message: string[]) => ({ statusCode: 400, message, error: "Bad Request" });
const notFound = (id: string, resource = "Market") => ({
  statusCode: 404,
  message: `${resource} ${id} not found`,
  error: "Not Found",
});
const conflict = (message: string) => ({ statusCode: 409, message, error: "Conflict" });

interface AreaBody {
  id: string;
  kind: string;
  value: string;
  createdAt: string;
}
interface MarketBody {
  id: string;
  name: string;
  areas: AreaBody[];
  createdAt: string;
  updatedAt: string;
}

async function createMarket(key: string, body: unknown): Promise<MarketBody> {
  const res = await t.request("POST", "/provider/markets", { key, body });
  expect(res.status).toBe(201);
  return res.json();
}

async function addArea(key: string, marketId: string, body: unknown): Promise<AreaBody> {
  const res = await t.request("POST", `/provider/markets/${marketId}/areas`, { key, body });
  expect(res.status).toBe(201);
  return res.json();
}

async function getMarket(key: string, id: string): Promise<MarketBody> {
  const res = await t.request("GET", `/provider/markets/${id}`, { key });
  expect(res.status).toBe(200);
  return res.json();
}

async function expectJson(res: Response, status: number, body: unknown): Promise<void> {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await res.json()).toEqual(body);
}

async function expectEmpty200(res: Response): Promise<void> {
  expect(res.status).toBe(200);
  expect(await res.text()).toBe("");
}

/** An offer of the team linked to the market, written straight to the database (the offer API is not under test). */
async function insertLinkedOffer(teamId: string, marketId: string, options: { deleted?: boolean } = {}) {
  const id = randomUUID();
  const now = new Date();
  await t.database.db
    .insertInto("offers")
    .values({
      id,
      team_id: teamId,
      name: "Fiber 500",
      status: "draft",
      service_type: "internet",
      created_at: now,
      updated_at: now,
      deleted_at: options.deleted ? now : null,
    })
    .execute();
  await t.database.db.insertInto("offer_markets").values({ offer_id: id, market_id: marketId }).execute();
  return id;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

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

describe("PATCH /provider/markets/{id}", () => {
  const patch = (key: string, id: string, body: unknown) =>
    t.request("PATCH", `/provider/markets/${id}`, { key, body });

  it("renames and keeps the areas", async () => {
    const { apiKey } = await t.createTeam("provider");
    const market = await createMarket(apiKey, { name: "Old" });
    await addArea(apiKey, market.id, { value: "10001" });
    const before = await getMarket(apiKey, market.id);
    await tick();
    const res = await patch(apiKey, market.id, { name: "New" });
    expect(res.status).toBe(200);
    const renamed = await res.json();
    expect(renamed).toEqual({ ...before, name: "New", updatedAt: expect.stringMatching(ISO) });
    expect(Date.parse(renamed.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(await getMarket(apiKey, market.id)).toEqual(renamed);
  });

  it("treats an empty body as a no-op", async () => {
    const { apiKey } = await t.createTeam("provider");
    const market = await createMarket(apiKey, { name: "Same" });
    await expectJson(await patch(apiKey, market.id, {}), 200, market);
  });

  it("answers 409 for another market's name in any case", async () => {
    const { apiKey } = await t.createTeam("provider");
    await createMarket(apiKey, { name: "Taken" });
    const market = await createMarket(apiKey, { name: "Free" });
    await expectJson(
      await patch(apiKey, market.id, { name: "TAKEN" }),
      409,
      conflict("A market named TAKEN already exists"),
    );
    expect(await (await patch(apiKey, market.id, { name: "free" })).json()).toMatchObject({ name: "free" });
  });

  it("answers 400 for an unknown property (areas are managed one by one) and a bad name", async () => {
    const { apiKey } = await t.createTeam("provider");
    const market = await createMarket(apiKey, { name: "Strict" });
    await expectJson(await patch(apiKey, market.id, { areas: [] }), 400, badRequest("property areas should not exist"));
    await expectJson(await patch(apiKey, market.id, { name: " " }), 400, badRequest("name must not be empty"));
    await expectJson(
      await patch(apiKey, market.id, market),
      400,
      badRequest(
        "property id should not exist",
        "property areas should not exist",
        "property createdAt should not exist",
        "property updatedAt should not exist",
      ),
    );
  });

  it("answers 404 for another team's market", async () => {
    const owner = await t.createTeam("provider");
    const stranger = await t.createTeam("provider");
    const market = await createMarket(owner.apiKey, { name: "Owned" });
    await expectJson(await patch(stranger.apiKey, market.id, { name: "Stolen" }), 404, notFound(market.id));
    expect((await getMarket(owner.apiKey, market.id)).name).toBe("Owned");
  });
});

describe("DELETE /provider/markets/{id}", () => {
  const remove = (key: string, id: string) => t.request("DELETE", `/provider/markets/${id}`, { key });

  it("deletes a market and its areas: 200 with no body, then 404", async () => {
    const { apiKey } = await t.createTeam("provider");
    const market = await createMarket(apiKey, { name: "Gone" });
    await addArea(apiKey, market.id, { value: "60601" });
    await expectEmpty200(await remove(apiKey, market.id));
    await expectJson(
      await t.request("GET", `/provider/markets/${market.id}`, { key: apiKey }),
      404,
      notFound(market.id),
    );
    await expectJson(await remove(apiKey, market.id), 404, notFound(market.id));
    const areas = await t.database.db
      .selectFrom("market_areas")
      .select("id")
      .where("market_id", "=", market.id)
      .execute();
    expect(areas).toEqual([]);
  });

  it("answers 409 while an offer links to the market, and 200 once none does", async () => {
    const { teamId, apiKey } = await t.createTeam("provider");
    const market = await createMarket(apiKey, { name: "Busy" });
    const offerId = await insertLinkedOffer(teamId, market.id);
    await expectJson(
      await remove(apiKey, market.id),
      409,
      conflict("Market Busy is linked to one or more offers; remove it from them first"),
    );
    expect(await getMarket(apiKey, market.id)).toEqual(market);
    await t.database.db.updateTable("offers").set({ deleted_at: new Date() }).where("id", "=", offerId).execute();
    await expectEmpty200(await remove(apiKey, market.id));
  });

  it("answers 404 for another team's market", async () => {
    const owner = await t.createTeam("provider");
    const stranger = await t.createTeam("provider");
    const market = await createMarket(owner.apiKey, { name: "Kept" });
    await expectJson(await remove(stranger.apiKey, market.id), 404, notFound(market.id));
    expect(await getMarket(owner.apiKey, market.id)).toEqual(market);
  });
});

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

describe("OpenAPI document", () => {
  it("marks every market and area field required, as a response never omits one", async () => {
    const { apiKey } = await t.createTeam("provider");
    const market = await createMarket(apiKey, { name: "Documented" });
    const area = await addArea(apiKey, market.id, { value: "78701" });
    const doc = await (await t.request("GET", "/openapi.json")).json();
    for (const [name, body] of [
      ["Market", market],
      ["MarketArea", area],
    ] as const) {
      const schema = doc.components.schemas[name];
      expect([...schema.required].sort(), name).toEqual(Object.keys(body).sort());
      expect(Object.keys(schema.properties).sort(), name).toEqual(Object.keys(body).sort());
    }
  });
});
