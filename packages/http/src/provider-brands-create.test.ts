import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  type BrandBody,
  badRequest,
  conflict,
  createBrand,
  expectJson,
  ISO,
  LOGO,
  setupBrandsApp,
  t,
  UUID_V4,
} from "../../../test/helpers/http/provider-brands.ts";

setupBrandsApp();

describe("POST /provider/brands", () => {
  it("creates a brand and answers 201 with exactly the brand", async () => {
    const { apiKey } = await t.createTeam("provider");
    const before = Date.now();
    const res = await t.request("POST", "/provider/brands", {
      key: apiKey,
      body: { name: "Acme Fiber", logoUrl: LOGO },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const brand = await res.json();
    expect(brand).toEqual({
      id: expect.stringMatching(UUID_V4),
      name: "Acme Fiber",
      logoUrl: LOGO,
      createdAt: expect.stringMatching(ISO),
      updatedAt: brand.createdAt,
    });
    expect(Date.parse(brand.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(brand.createdAt)).toBeLessThanOrEqual(Date.now() + 1000);

    await expectJson(await t.request("GET", `/provider/brands/${brand.id}`, { key: apiKey }), 200, brand);
  });

  it("trims the name and stores null for an omitted or null logo", async () => {
    const { apiKey } = await t.createTeam("provider");
    expect(await createBrand(apiKey, { name: "  Padded  " })).toMatchObject({ name: "Padded", logoUrl: null });
    expect(await createBrand(apiKey, { name: "Null logo", logoUrl: null })).toMatchObject({ logoUrl: null });
  });

  it("lets a hybrid team create brands", async () => {
    const { apiKey } = await t.createTeam("hybrid");
    expect(await createBrand(apiKey, { name: "Hybrid brand" })).toMatchObject({ name: "Hybrid brand" });
  });

  it("answers 409 for a duplicate name in the team, whatever its case or padding", async () => {
    const { apiKey } = await t.createTeam("provider");
    await createBrand(apiKey, { name: "Acme" });
    for (const name of ["Acme", "ACME", "acme", "  aCmE  "]) {
      const res = await t.request("POST", "/provider/brands", { key: apiKey, body: { name } });
      await expectJson(res, 409, conflict(`A brand named ${name.trim()} already exists`));
    }
    const list = await (await t.request("GET", "/provider/brands", { key: apiKey })).json();
    expect(list.map((brand: BrandBody) => brand.name)).toEqual(["Acme"]);
  });

  it("allows the same name in another team", async () => {
    const first = await t.createTeam("provider");
    const second = await t.createTeam("provider");
    await createBrand(first.apiKey, { name: "Shared" });
    expect(await createBrand(second.apiKey, { name: "Shared" })).toMatchObject({ name: "Shared" });
  });

  it("creates exactly one brand out of 10 concurrent requests with one name", async () => {
    const { teamId, apiKey } = await t.createTeam("provider");
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.request("POST", "/provider/brands", { key: apiKey, body: { name: i % 2 ? "Race" : "RACE" } }),
      ),
    );
    expect(responses.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const rows = await t.database.db.selectFrom("brands").select("id").where("team_id", "=", teamId).execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    ["http://cdn.example.com/acme.png"],
    ["ftp://cdn.example.com/acme.png"],
    ["cdn.example.com/acme.png"],
    ["not a url"],
    ["javascript:alert(1)"],
    [""],
  ])("answers 400 for the logo URL %j", async (logoUrl) => {
    const { apiKey } = await t.createTeam("provider");
    const res = await t.request("POST", "/provider/brands", { key: apiKey, body: { name: "Acme", logoUrl } });
    await expectJson(res, 400, badRequest("logoUrl must be an https URL"));
  });

  it("accepts a logo URL of 2048 characters and refuses 2049", async () => {
    const { apiKey } = await t.createTeam("provider");
    const base = "https://cdn.example.com/";
    const longest = base + "a".repeat(2048 - base.length);
    expect(await createBrand(apiKey, { name: "Long logo", logoUrl: longest })).toMatchObject({ logoUrl: longest });
    const res = await t.request("POST", "/provider/brands", {
      key: apiKey,
      body: { name: "Too long", logoUrl: `${longest}a` },
    });
    await expectJson(res, 400, badRequest("logoUrl must be at most 2048 characters"));
  });

  it.each([
    [{}, ["name is required"]],
    [{ name: "" }, ["name must not be empty"]],
    [{ name: "   " }, ["name must not be empty"]],
    [{ name: "a".repeat(201) }, ["name must be at most 200 characters"]],
    [{ name: "Ac\u0000me" }, ["name must not contain NUL characters"]],
    [{ name: 42 }, ["name must be a string"]],
    [{ name: null }, ["name must be a string"]],
    [{ name: "Acme", logoUrl: 42 }, ["logoUrl must be a string"]],
    [{ name: "Acme", color: "red" }, ["property color should not exist"]],
    [
      { id: randomUUID(), name: "Acme", logoUrl: null, createdAt: "2026-01-01T00:00:00.000Z" },
      ["property id should not exist", "property createdAt should not exist"],
    ],
  ])("answers 400 for %j", async (body, message) => {
    const { apiKey } = await t.createTeam("provider");
    await expectJson(await t.request("POST", "/provider/brands", { key: apiKey, body }), 400, badRequest(...message));
  });

  it("accepts a name of exactly 200 characters", async () => {
    const { apiKey } = await t.createTeam("provider");
    expect(await createBrand(apiKey, { name: "b".repeat(200) })).toMatchObject({ name: "b".repeat(200) });
  });

  it("answers 400 for an unknown query parameter", async () => {
    const { apiKey } = await t.createTeam("provider");
    const res = await t.request("POST", "/provider/brands?dryRun=true", { key: apiKey, body: { name: "Acme" } });
    await expectJson(res, 400, badRequest("property dryRun should not exist"));
  });

  it("answers 400 for malformed JSON and 415 for another content type", async () => {
    const { apiKey } = await t.createTeam("provider");
    const malformed = await t.request("POST", "/provider/brands", { key: apiKey, body: "{name:" });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ statusCode: 400, error: "Bad Request" });
    const text = await t.request("POST", "/provider/brands", {
      key: apiKey,
      body: "name=Acme",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ statusCode: 415, error: "Unsupported Media Type" });
  });

  it("answers 401 without a key and 403 for a reseller key, before validating", async () => {
    const missing = await t.request("POST", "/provider/brands", { body: { name: "Acme" } });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ statusCode: 401, error: "Unauthorized" });

    const { apiKey } = await t.createTeam("reseller");
    const forbidden = {
      statusCode: 403,
      message: "A reseller team cannot call provider endpoints",
      error: "Forbidden",
    };
    await expectJson(await t.request("POST", "/provider/brands", { key: apiKey, body: { foo: 1 } }), 403, forbidden);
    await expectJson(await t.request("GET", "/provider/brands", { key: apiKey }), 403, forbidden);
    await expectJson(await t.request("GET", `/provider/brands/${randomUUID()}`, { key: apiKey }), 403, forbidden);
    await expectJson(
      await t.request("PATCH", `/provider/brands/${randomUUID()}`, { key: apiKey, body: {} }),
      403,
      forbidden,
    );
    await expectJson(await t.request("DELETE", `/provider/brands/${randomUUID()}`, { key: apiKey }), 403, forbidden);
  });
});
