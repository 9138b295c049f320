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
  insertLinkedOffer,
  notFound,
  setupMarketsApp,
  t,
  tick,
} from "../../../test/helpers/http/provider-markets.ts";

setupMarketsApp();

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
