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

const conflict = (sku: string) => ({
  statusCode: 409,
  message: `An offer with sku ${sku} already exists`,
  error: "Conflict",
});

const createOffer = (key: string, body: unknown) => t.request("POST", "/provider/offers", { key, body });

describe("POST /provider/offers", () => {
  it("creates a draft offer and answers 201 with exactly the offer", async () => {
    const { apiKey } = await t.createTeam("provider");
    const before = Date.now();
    const res = await createOffer(apiKey, {
      name: "Fibre 500",
      sku: "FIB-500",
      serviceType: "internet",
      monthlyPrice: "49.9",
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const offer = await res.json();
    expect(offer).toEqual({
      id: expect.stringMatching(UUID_V4),
      name: "Fibre 500",
      sku: "FIB-500",
      status: "draft",
      serviceType: "internet",
      monthlyPrice: "49.90",
      description: null,
      marketingHeadline: null,
      brandId: null,
      brand: null,
      marketIds: [],
      promoMonthlyPrice: null,
      promoDurationMonths: null,
      contractTermMonths: null,
      commission: null,
      partnerSignup: null,
      submissionUrl: null,
      internet: { downloadSpeedMbps: null, uploadSpeedMbps: null, connectionType: null, dataCapGb: null },
      createdAt: expect.stringMatching(ISO),
      updatedAt: offer.createdAt,
      publishedAt: null,
    });
    const createdAt = Date.parse(offer.createdAt);
    expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(createdAt).toBeLessThanOrEqual(Date.now() + 1000);

    const fetched = await t.request("GET", `/provider/offers/${offer.id}`, { key: apiKey });
    expect(fetched.status).toBe(200);
    expect(await fetched.json()).toEqual(offer);
  });

  it.each([
    ["49.9", "49.90"],
    ["49", "49.00"],
    ["0", "0.00"],
    ["0.5", "0.50"],
    ["9999999999.99", "9999999999.99"],
  ])("normalises monthlyPrice %s to %s", async (input, output) => {
    const { apiKey } = await t.createTeam("provider");
    const res = await createOffer(apiKey, { name: "Price", serviceType: "electricity", monthlyPrice: input });
    expect(res.status).toBe(201);
    expect((await res.json()).monthlyPrice).toBe(output);
  });

  it("stores null for an omitted sku and an omitted price", async () => {
    const { apiKey } = await t.createTeam("provider");
    const res = await createOffer(apiKey, { name: "Bare", serviceType: "natural_gas" });
    expect(res.status).toBe(201);
    const offer = await res.json();
    expect(offer).toEqual({
      id: expect.stringMatching(UUID_V4),
      name: "Bare",
      sku: null,
      status: "draft",
      serviceType: "natural_gas",
      monthlyPrice: null,
      description: null,
      marketingHeadline: null,
      brandId: null,
      brand: null,
      marketIds: [],
      promoMonthlyPrice: null,
      promoDurationMonths: null,
      contractTermMonths: null,
      commission: null,
      partnerSignup: null,
      submissionUrl: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: offer.createdAt,
      publishedAt: null,
    });
  });

  it("accepts explicit nulls for sku and monthlyPrice", async () => {
    const { apiKey } = await t.createTeam("provider");
    const res = await createOffer(apiKey, { name: "Nulls", serviceType: "tv", sku: null, monthlyPrice: null });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ sku: null, monthlyPrice: null });
  });

  it("accepts every service type", async () => {
    const { apiKey } = await t.createTeam("provider");
    for (const serviceType of ["internet", "electricity", "natural_gas", "tv", "mobile", "home_security"]) {
      const res = await createOffer(apiKey, { name: `A ${serviceType} plan`, serviceType });
      expect(res.status, serviceType).toBe(201);
      expect((await res.json()).serviceType).toBe(serviceType);
    }
  });

  it("lets several offers without a sku coexist", async () => {
    const { apiKey } = await t.createTeam("provider");
    for (let i = 0; i < 3; i++) {
      expect((await createOffer(apiKey, { name: `No sku ${i}`, serviceType: "tv" })).status).toBe(201);
    }
  });

  it("answers 409 for a duplicate SKU in the same team", async () => {
    const { apiKey } = await t.createTeam("provider");
    expect((await createOffer(apiKey, { name: "First", sku: "DUP-1", serviceType: "tv" })).status).toBe(201);
    const res = await createOffer(apiKey, { name: "Second", sku: "DUP-1", serviceType: "mobile" });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual(conflict("DUP-1"));

    // The SKU is compared after trimming.
    const padded = await createOffer(apiKey, { name: "Third", sku: "  DUP-1  ", serviceType: "tv" });
    expect(padded.status).toBe(409);
    expect(await padded.json()).toEqual(conflict("DUP-1"));

    const list = await t.request("GET", "/provider/offers", { key: apiKey });
    expect((await list.json()).map((o: { name: string }) => o.name)).toEqual(["First"]);
  });

  it("allows the same SKU in another team", async () => {
    const first = await t.createTeam("provider");
    const second = await t.createTeam("provider");
    expect((await createOffer(first.apiKey, { name: "A", sku: "SHARED-1", serviceType: "tv" })).status).toBe(201);
    const res = await createOffer(second.apiKey, { name: "B", sku: "SHARED-1", serviceType: "tv" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: "B", sku: "SHARED-1" });
  });

  it("treats SKUs case-sensitively", async () => {
    const { apiKey } = await t.createTeam("provider");
    expect((await createOffer(apiKey, { name: "Lower", sku: "case-sku", serviceType: "tv" })).status).toBe(201);
    expect((await createOffer(apiKey, { name: "Upper", sku: "CASE-SKU", serviceType: "tv" })).status).toBe(201);
  });

  it("creates exactly one offer out of 10 concurrent requests with the same SKU", async () => {
    const { teamId, apiKey } = await t.createTeam("provider");
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        createOffer(apiKey, { name: `Race ${i}`, sku: "RACE-1", serviceType: "internet" }),
      ),
    );
    const statuses = responses.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of responses.filter((r) => r.status === 409)) {
      expect(await res.json()).toEqual(conflict("RACE-1"));
    }
    const rows = await t.database.db.selectFrom("offers").select(["id", "sku"]).where("team_id", "=", teamId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sku).toBe("RACE-1");
  });
});

describe("GET /provider/offers/{id}", () => {
  it("answers 404 for another team's offer, with the same body as for a missing one", async () => {
    const owner = await t.createTeam("provider");
    const stranger = await t.createTeam("provider");
    const offer = await (await createOffer(owner.apiKey, { name: "Mine", serviceType: "tv" })).json();

    const foreign = await t.request("GET", `/provider/offers/${offer.id}`, { key: stranger.apiKey });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({
      statusCode: 404,
      message: `Offer ${offer.id} not found`,
      error: "Not Found",
    });

    const missingId = randomUUID();
    const missing = await t.request("GET", `/provider/offers/${missingId}`, { key: stranger.apiKey });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      statusCode: 404,
      message: `Offer ${missingId} not found`,
      error: "Not Found",
    });
  });

  it.each([
    ["a word", "not-a-uuid"],
    ["a UUID v1", "6ba7b810-9dad-11d1-80b4-00c04fd430c8"],
    ["a nil UUID", "00000000-0000-0000-0000-000000000000"],
    ["SQL", "1' OR '1'='1"],
  ])("answers 404 for a non-UUID-v4 id (%s)", async (_label, id) => {
    const { apiKey } = await t.createTeam("provider");
    const res = await t.request("GET", `/provider/offers/${encodeURIComponent(id)}`, { key: apiKey });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, message: `Offer ${id} not found`, error: "Not Found" });
  });

  it("answers 404 for a soft-deleted offer", async () => {
    const { apiKey } = await t.createTeam("provider");
    const offer = await (await createOffer(apiKey, { name: "Gone", serviceType: "tv" })).json();
    await t.database.db.updateTable("offers").set({ deleted_at: new Date() }).where("id", "=", offer.id).execute();
    const res = await t.request("GET", `/provider/offers/${offer.id}`, { key: apiKey });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, message: `Offer ${offer.id} not found`, error: "Not Found" });
  });

  it("finds the offer by an upper-case spelling of its id", async () => {
    const { apiKey } = await t.createTeam("provider");
    const offer = await (await createOffer(apiKey, { name: "Case", serviceType: "tv" })).json();
    const res = await t.request("GET", `/provider/offers/${offer.id.toUpperCase()}`, { key: apiKey });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(offer);
  });
});

describe("GET /provider/offers", () => {
  it("lists only the team's own offers", async () => {
    const first = await t.createTeam("provider");
    const second = await t.createTeam("provider");
    const a = await (await createOffer(first.apiKey, { name: "A", serviceType: "tv" })).json();
    const b = await (await createOffer(second.apiKey, { name: "B", serviceType: "tv" })).json();
    expect(await (await t.request("GET", "/provider/offers", { key: first.apiKey })).json()).toEqual([a]);
    expect(await (await t.request("GET", "/provider/offers", { key: second.apiKey })).json()).toEqual([b]);
  });

  it("filters by status, service type, brand, market and search (name or SKU), combined with AND", async () => {
    const { apiKey } = await t.createTeam("provider");
    const brand = await (await t.request("POST", "/provider/brands", { key: apiKey, body: { name: "Acme" } })).json();
    const market = await (
      await t.request("POST", "/provider/markets", { key: apiKey, body: { name: "Austin" } })
    ).json();
    const fiber = await (
      await createOffer(apiKey, {
        name: "Fiber 500",
        sku: "F-500",
        serviceType: "internet",
        brandId: brand.id,
        monthlyPrice: "49.99",
        internet: { downloadSpeedMbps: 500, connectionType: "fiber" },
      })
    ).json();
    const tv = await (await createOffer(apiKey, { name: "TV 100%", serviceType: "tv", marketIds: [market.id] })).json();
    expect((await t.request("POST", `/provider/offers/${fiber.id}/publish`, { key: apiKey })).status).toBe(200);
    const ids = async (query: string) =>
      ((await (await t.request("GET", `/provider/offers?${query}`, { key: apiKey })).json()) as { id: string }[]).map(
        (offer) => offer.id,
      );
    expect(await ids("status=active")).toEqual([fiber.id]);
    expect(await ids("status=draft")).toEqual([tv.id]);
    expect(await ids("serviceType=tv")).toEqual([tv.id]);
    expect(await ids(`brandId=${brand.id}`)).toEqual([fiber.id]);
    expect(await ids(`marketId=${market.id}`)).toEqual([tv.id]);
    expect(await ids("search=FIBER")).toEqual([fiber.id]);
    expect(await ids("search=f-5")).toEqual([fiber.id]);
    expect(await ids("search=100%25")).toEqual([tv.id]);
    expect(await ids("search=10_")).toEqual([]);
    expect(await ids("status=active&serviceType=tv")).toEqual([]);

    const bad = await t.request("GET", "/provider/offers?status=gone&brandId=x", { key: apiKey });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: ["status must be one of the following values: draft, active", "brandId must be a UUID"],
    });
    expect((await t.request("GET", "/provider/offers?search=", { key: apiKey })).status).toBe(400);
  });
});
