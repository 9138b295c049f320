import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const READY_INTERNET = {
  name: "Fiber 500",
  serviceType: "internet",
  monthlyPrice: "49.99",
  internet: { downloadSpeedMbps: 500, uploadSpeedMbps: 500, connectionType: "fiber" },
};

async function create(key: string, body: Record<string, unknown>) {
  const res = await t.request("POST", "/provider/offers", { key, body: { sku: `SKU-${randomUUID()}`, ...body } });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

async function insertBrand(teamId: string, name: string) {
  const id = randomUUID();
  const now = new Date();
  await t.database.db
    .insertInto("brands")
    .values({
      id,
      team_id: teamId,
      name,
      logo_url: "https://cdn.example.com/logo.png",
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

async function insertMarket(teamId: string, name: string) {
  const id = randomUUID();
  const now = new Date();
  await t.database.db
    .insertInto("markets")
    .values({ id, team_id: teamId, name, created_at: now, updated_at: now })
    .execute();
  return id;
}

describe("PATCH /provider/offers/{id}", () => {
  it("changes only the fields sent, clears with null, and merges nested details", async () => {
    const { apiKey } = await t.createTeam("provider");
    const offer = await create(apiKey, { ...READY_INTERNET, description: "Fast fiber", commission: "25" });
    const res = await t.request("PATCH", `/provider/offers/${offer.id}`, {
      key: apiKey,
      body: { description: null, internet: { dataCapGb: 1200 }, promoMonthlyPrice: "39.99", promoDurationMonths: 6 },
    });
    expect(res.status).toBe(200);
    const updated = await res.json();
    expect(updated).toEqual({
      ...offer,
      description: null,
      promoMonthlyPrice: "39.99",
      promoDurationMonths: 6,
      internet: { ...offer.internet, dataCapGb: 1200 },
      updatedAt: expect.any(String),
    });
    expect(updated.commission).toBe("25.00");
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(offer.updatedAt));
    const fetched = await t.request("GET", `/provider/offers/${offer.id}`, { key: apiKey });
    expect(await fetched.json()).toEqual(updated);
  });

  it("rejects the offer sent back as is: read-only fields are unknown properties", async () => {
    const { apiKey } = await t.createTeam("provider");
    const offer = await create(apiKey, { name: "Echo", serviceType: "tv" });
    const res = await t.request("PATCH", `/provider/offers/${offer.id}`, { key: apiKey, body: offer });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      message: [
        "property id should not exist",
        "property status should not exist",
        "property brand should not exist",
        "property createdAt should not exist",
        "property updatedAt should not exist",
        "property publishedAt should not exist",
      ],
      error: "Bad Request",
    });
  });

  it("rejects unknown nested properties with their dotted path", async () => {
    const { apiKey } = await t.createTeam("provider");
    const offer = await create(apiKey, READY_INTERNET);
    const res = await t.request("PATCH", `/provider/offers/${offer.id}`, {
      key: apiKey,
      body: { internet: { downloadSpeedMbps: 10, turbo: true }, partnerSignup: { kind: "lead_gen", extra: 1 } },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      message: ["property partnerSignup.extra should not exist", "property internet.turbo should not exist"],
      error: "Bad Request",
    });
  });

  it("rejects details of another service type, and wrong enum and range values, field first", async () => {
    const { apiKey } = await t.createTeam("provider");
    const tv = await create(apiKey, { name: "TV", serviceType: "tv" });
    const wrongType = await t.request("PATCH", `/provider/offers/${tv.id}`, {
      key: apiKey,
      body: { internet: { downloadSpeedMbps: 10 } },
    });
    expect(await wrongType.json()).toEqual({
      statusCode: 400,
      message: ["internet is only allowed when serviceType is internet"],
      error: "Bad Request",
    });
    const internet = await create(apiKey, READY_INTERNET);
    const bad = await t.request("PATCH", `/provider/offers/${internet.id}`, {
      key: apiKey,
      body: { internet: { connectionType: "carrier_pigeon", downloadSpeedMbps: 0 }, promoDurationMonths: 61 },
    });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.message).toEqual([
      "promoDurationMonths must not be greater than 60",
      "internet.downloadSpeedMbps must not be less than 1",
      "internet.connectionType must be one of the following values: fiber, cable, dsl, fixed_wireless, satellite, 5g_home",
    ]);
  });

  it("switches service type: the old details disappear and the new ones start empty", async () => {
    const { apiKey } = await t.createTeam("provider");
    const offer = await create(apiKey, READY_INTERNET);
    const res = await t.request("PATCH", `/provider/offers/${offer.id}`, {
      key: apiKey,
      body: { serviceType: "electricity" },
    });
    const updated = await res.json();
    expect(updated).not.toHaveProperty("internet");
    expect(updated.electricity).toEqual({ ratePerKwh: null, rateType: null, renewablePercent: null, termMonths: null });
  });

  it("answers 409 for a SKU taken by another offer of the team, and 404 across teams", async () => {
    const { apiKey } = await t.createTeam("provider");
    const a = await create(apiKey, { name: "A", serviceType: "tv", sku: "TAKEN" });
    const b = await create(apiKey, { name: "B", serviceType: "tv" });
    const res = await t.request("PATCH", `/provider/offers/${b.id}`, { key: apiKey, body: { sku: "TAKEN" } });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      statusCode: 409,
      message: "An offer with sku TAKEN already exists",
      error: "Conflict",
    });
    // Saving an offer with its own SKU is no conflict.
    expect((await t.request("PATCH", `/provider/offers/${a.id}`, { key: apiKey, body: { sku: "TAKEN" } })).status).toBe(
      200,
    );
    const other = await t.createTeam("provider");
    const foreign = await t.request("PATCH", `/provider/offers/${a.id}`, { key: other.apiKey, body: { name: "Mine" } });
    expect(foreign.status).toBe(404);
    expect((await t.request("GET", `/provider/offers/${a.id}`, { key: apiKey }).then((r) => r.json())).name).toBe("A");
  });

  it("lets exactly one of several concurrent renames to one SKU win", async () => {
    const { apiKey } = await t.createTeam("provider");
    const offers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(apiKey, { name: `O${i}`, serviceType: "tv" })),
    );
    const results = await Promise.all(
      offers.map((o) => t.request("PATCH", `/provider/offers/${o.id}`, { key: apiKey, body: { sku: "RACE" } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it("links the team's brand and markets, and refuses another team's", async () => {
    const { apiKey, teamId } = await t.createTeam("provider");
    const brandId = await insertBrand(teamId, "Acme Fiber");
    const marketId = await insertMarket(teamId, "Austin");
    const offer = await create(apiKey, { ...READY_INTERNET, brandId, marketIds: [marketId] });
    expect(offer.brand).toEqual({ id: brandId, name: "Acme Fiber", logoUrl: "https://cdn.example.com/logo.png" });
    expect(offer.marketIds).toEqual([marketId]);

    // A rename shows at once on every offer displaying the brand.
    await t.database.db.updateTable("brands").set({ name: "Acme Gigabit" }).where("id", "=", brandId).execute();
    const fetched = await (await t.request("GET", `/provider/offers/${offer.id}`, { key: apiKey })).json();
    expect(fetched.brand.name).toBe("Acme Gigabit");

    const other = await t.createTeam("provider");
    const foreignBrand = await insertBrand(other.teamId, "Theirs");
    const foreignMarket = await insertMarket(other.teamId, "Theirs");
    const res = await t.request("PATCH", `/provider/offers/${offer.id}`, {
      key: apiKey,
      body: { brandId: foreignBrand, marketIds: [marketId, foreignMarket] },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      message: [
        "brandId must reference one of the team's brands",
        "marketIds.1 must reference one of the team's markets",
      ],
      error: "Bad Request",
    });
    const cleared = await t.request("PATCH", `/provider/offers/${offer.id}`, {
      key: apiKey,
      body: { brandId: null, marketIds: [] },
    });
    expect(await cleared.json()).toMatchObject({ brandId: null, brand: null, marketIds: [] });
  });
});

describe("POST /provider/offers/{id}/publish", () => {
  it("answers 400 with exactly the publish body: every unmet rule, by section, no statusCode", async () => {
    const { apiKey } = await t.createTeam("provider");
    const res = await t.request("POST", "/provider/offers", {
      key: apiKey,
      body: { name: "Bare", serviceType: "internet", partnerSignup: { kind: "lead_gen" } },
    });
    const offer = await res.json();
    const publish = await t.request("POST", `/provider/offers/${offer.id}/publish`, { key: apiKey });
    expect(publish.status).toBe(400);
    const sku = { section: "general", field: "sku", message: "sku is required to publish" };
    const price = { section: "pricing", field: "monthlyPrice", message: "monthlyPrice is required to publish" };
    const speed = {
      section: "internetDetails",
      field: "internet.downloadSpeedMbps",
      message: "internet.downloadSpeedMbps is required to publish",
    };
    const connection = {
      section: "internetDetails",
      field: "internet.connectionType",
      message: "internet.connectionType is required to publish",
    };
    const signup = {
      section: "partnerSignup",
      field: "partnerSignup.signupUrlTemplate",
      message: "partnerSignup.signupUrlTemplate is required for a lead_gen offer",
    };
    expect(await publish.json()).toEqual({
      error: "Bad Request",
      message: "Offer is not ready to publish",
      validationErrors: [sku, price, speed, connection, signup],
      sections: { general: [sku], pricing: [price], internetDetails: [speed, connection], partnerSignup: [signup] },
    });
    const unchanged = await (await t.request("GET", `/provider/offers/${offer.id}`, { key: apiKey })).json();
    expect(unchanged.status).toBe("draft");
  });

  it("activates a ready offer, and re-publishing re-validates and keeps the first publishedAt", async () => {
    const { apiKey } = await t.createTeam("provider");
    const offer = await create(apiKey, READY_INTERNET);
    const first = await t.request("POST", `/provider/offers/${offer.id}/publish`, { key: apiKey });
    expect(first.status).toBe(200);
    const active = await first.json();
    expect(active).toMatchObject({ id: offer.id, status: "active", publishedAt: expect.any(String) });
    const again = await t.request("POST", `/provider/offers/${offer.id}/publish`, { key: apiKey });
    expect(again.status).toBe(200);
    expect((await again.json()).publishedAt).toBe(active.publishedAt);
  });

  it("answers 404 for another team's offer and for a deleted one", async () => {
    const { apiKey } = await t.createTeam("provider");
    const offer = await create(apiKey, READY_INTERNET);
    const other = await t.createTeam("provider");
    expect((await t.request("POST", `/provider/offers/${offer.id}/publish`, { key: other.apiKey })).status).toBe(404);
    await t.request("DELETE", `/provider/offers/${offer.id}`, { key: apiKey });
    expect((await t.request("POST", `/provider/offers/${offer.id}/publish`, { key: apiKey })).status).toBe(404);
  });

  it("refuses an edit that would leave an active offer unpublishable, writing nothing", async () => {
    const { apiKey } = await t.createTeam("provider");
    const offer = await create(apiKey, READY_INTERNET);
    await t.request("POST", `/provider/offers/${offer.id}/publish`, { key: apiKey });
    const res = await t.request("PATCH", `/provider/offers/${offer.id}`, {
      key: apiKey,
      body: { monthlyPrice: null, name: "Renamed" },
    });
    expect(res.status).toBe(400);
    const problem = { section: "pricing", field: "monthlyPrice", message: "monthlyPrice is required to publish" };
    expect(await res.json()).toEqual({
      error: "Bad Request",
      message: "Offer is not ready to publish",
      validationErrors: [problem],
      sections: { pricing: [problem] },
    });
    const after = await (await t.request("GET", `/provider/offers/${offer.id}`, { key: apiKey })).json();
    expect(after).toMatchObject({ name: "Fiber 500", monthlyPrice: "49.99", status: "active" });
    // An edit that keeps it publishable goes through.
    const ok = await t.request("PATCH", `/provider/offers/${offer.id}`, {
      key: apiKey,
      body: { monthlyPrice: "44.99" },
    });
    expect(await ok.json()).toMatchObject({ monthlyPrice: "44.99", status: "active" });
  });
});

describe("DELETE /provider/offers/{id}", () => {
  it("answers 200 with no body; the offer is gone from reads and lists, and deleting again is 404", async () => {
    const { apiKey } = await t.createTeam("provider");
    const keep = await create(apiKey, { name: "Keep", serviceType: "tv", sku: "REUSED" });
    const res = await t.request("DELETE", `/provider/offers/${keep.id}`, { key: apiKey });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    expect((await t.request("GET", `/provider/offers/${keep.id}`, { key: apiKey })).status).toBe(404);
    expect(await (await t.request("GET", "/provider/offers", { key: apiKey })).json()).toEqual([]);
    const again = await t.request("DELETE", `/provider/offers/${keep.id}`, { key: apiKey });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ statusCode: 404, message: `Offer ${keep.id} not found`, error: "Not Found" });
    // The SKU of a deleted offer is free again.
    expect(
      (
        await t.request("POST", "/provider/offers", {
          key: apiKey,
          body: { name: "New", serviceType: "tv", sku: "REUSED" },
        })
      ).status,
    ).toBe(201);
  });

  it("answers 404 for another team's offer and leaves it in place", async () => {
    const { apiKey } = await t.createTeam("provider");
    const offer = await create(apiKey, { name: "Mine", serviceType: "tv" });
    const other = await t.createTeam("provider");
    expect((await t.request("DELETE", `/provider/offers/${offer.id}`, { key: other.apiKey })).status).toBe(404);
    expect((await t.request("GET", `/provider/offers/${offer.id}`, { key: apiKey })).status).toBe(200);
  });
});

describe("POST /provider/offers/{id}/duplicate", () => {
  it("creates a draft copy: copy-marked name, no SKU, promotional pricing removed, the rest kept", async () => {
    const { apiKey, teamId } = await t.createTeam("provider");
    const marketId = await insertMarket(teamId, "Dallas");
    const source = await create(apiKey, {
      ...READY_INTERNET,
      promoMonthlyPrice: "29.99",
      promoDurationMonths: 3,
      contractTermMonths: 12,
      commission: "30",
      marketIds: [marketId],
    });
    await t.request("POST", `/provider/offers/${source.id}/publish`, { key: apiKey });
    const res = await t.request("POST", `/provider/offers/${source.id}/duplicate`, { key: apiKey });
    expect(res.status).toBe(201);
    const copy = await res.json();
    expect(copy).toEqual({
      ...source,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Fiber 500 (copy)",
      sku: null,
      status: "draft",
      promoMonthlyPrice: null,
      promoDurationMonths: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      publishedAt: null,
    });
    expect(copy.id).not.toBe(source.id);
    // Duplicating twice gives two drafts (no SKU, so no collision).
    expect((await t.request("POST", `/provider/offers/${source.id}/duplicate`, { key: apiKey })).status).toBe(201);
    const list = await (await t.request("GET", "/provider/offers", { key: apiKey })).json();
    expect(list).toHaveLength(3);
  });

  it("answers 404 for another team's offer", async () => {
    const { apiKey } = await t.createTeam("provider");
    const offer = await create(apiKey, { name: "Mine", serviceType: "tv" });
    const other = await t.createTeam("provider");
    const res = await t.request("POST", `/provider/offers/${offer.id}/duplicate`, { key: other.apiKey });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, message: `Offer ${offer.id} not found`, error: "Not Found" });
  });
});
