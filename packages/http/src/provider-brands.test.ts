import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const LOGO = "https://cdn.example.com/acme.png";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const badRequest = (...message: string[]) => ({ statusCode: 400, message, error: "Bad Request" });
const notFound = (id: string) => ({ statusCode: 404, message: `Brand ${id} not found`, error: "Not Found" });
const conflict = (message: string) => ({ statusCode: 409, message, error: "Conflict" });

interface BrandBody {
  id: string;
  name: string;
  logoUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

async function createBrand(key: string, body: unknown): Promise<BrandBody> {
  const res = await t.request("POST", "/provider/brands", { key, body });
  expect(res.status).toBe(201);
  return res.json();
}

/** Sends a request and checks status and the exact JSON body. */
async function expectJson(res: Response, status: number, body: unknown): Promise<void> {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await res.json()).toEqual(body);
}

/** An offer of the team written straight to the database (the offer API is not under test here). */
async function insertOffer(teamId: string, brandId: string | null, options: { deleted?: boolean } = {}) {
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
  if (brandId !== null) {
    await t.database.db.updateTable("offers").set({ brand_id: brandId }).where("id", "=", id).execute();
  }
  return id;
}

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

describe("GET /provider/brands", () => {
  it("lists only the team's own brands, newest first, as a plain array", async () => {
    const mine = await t.createTeam("provider");
    const theirs = await t.createTeam("provider");
    const a = await createBrand(mine.apiKey, { name: "A" });
    await createBrand(theirs.apiKey, { name: "Theirs" });
    const b = await createBrand(mine.apiKey, { name: "B", logoUrl: LOGO });
    await expectJson(await t.request("GET", "/provider/brands", { key: mine.apiKey }), 200, [b, a]);
  });

  it("answers an empty array for a team without brands", async () => {
    const { apiKey } = await t.createTeam("provider");
    await expectJson(await t.request("GET", "/provider/brands", { key: apiKey }), 200, []);
  });

  it("paginates with limit and cursor, ending with hasMore false", async () => {
    const { apiKey } = await t.createTeam("provider");
    const created: BrandBody[] = [];
    for (let i = 0; i < 5; i++) created.push(await createBrand(apiKey, { name: `Brand ${i}` }));
    const all = await (await t.request("GET", "/provider/brands", { key: apiKey })).json();
    expect(all.map((b: BrandBody) => b.id).sort()).toEqual(created.map((b) => b.id).sort());

    const first = await (await t.request("GET", "/provider/brands?limit=2", { key: apiKey })).json();
    expect(first).toEqual({ data: all.slice(0, 2), hasMore: true, nextCursor: expect.any(String) });
    const second = await (
      await t.request("GET", `/provider/brands?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`, { key: apiKey })
    ).json();
    expect(second).toEqual({ data: all.slice(2, 4), hasMore: true, nextCursor: expect.any(String) });
    const third = await (
      await t.request("GET", `/provider/brands?limit=2&cursor=${encodeURIComponent(second.nextCursor)}`, {
        key: apiKey,
      })
    ).json();
    expect(third).toEqual({ data: all.slice(4), hasMore: false, nextCursor: null });

    await expectJson(await t.request("GET", "/provider/brands?limit=10", { key: apiKey }), 200, {
      data: all,
      hasMore: false,
      nextCursor: null,
    });
  });

  it("answers 400 for a bad limit, another list's cursor and an unknown parameter", async () => {
    const { apiKey } = await t.createTeam("provider");
    for (const limit of ["0", "101", "abc"]) {
      await expectJson(
        await t.request("GET", `/provider/brands?limit=${limit}`, { key: apiKey }),
        400,
        badRequest("limit must be an integer from 1 to 100"),
      );
    }
    await createBrand(apiKey, { name: "One" });
    await createBrand(apiKey, { name: "Two" });
    const markets = await t.request("POST", "/provider/markets", { key: apiKey, body: { name: "M1" } });
    expect(markets.status).toBe(201);
    await t.request("POST", "/provider/markets", { key: apiKey, body: { name: "M2" } });
    const marketPage = await (await t.request("GET", "/provider/markets?limit=1", { key: apiKey })).json();
    await expectJson(
      await t.request("GET", `/provider/brands?cursor=${encodeURIComponent(marketPage.nextCursor)}`, { key: apiKey }),
      400,
      badRequest("cursor is invalid: pass back nextCursor from a previous response unmodified"),
    );
    await expectJson(
      await t.request("GET", "/provider/brands?name=One", { key: apiKey }),
      400,
      badRequest("property name should not exist"),
    );
  });
});

describe("GET /provider/brands/{id}", () => {
  it("answers 404 for another team's brand, with the same body as for a missing one", async () => {
    const owner = await t.createTeam("provider");
    const stranger = await t.createTeam("provider");
    const brand = await createBrand(owner.apiKey, { name: "Mine" });
    await expectJson(
      await t.request("GET", `/provider/brands/${brand.id}`, { key: stranger.apiKey }),
      404,
      notFound(brand.id),
    );
    const missing = randomUUID();
    await expectJson(
      await t.request("GET", `/provider/brands/${missing}`, { key: owner.apiKey }),
      404,
      notFound(missing),
    );
  });

  it.each(["not-a-uuid", "6ba7b810-9dad-11d1-80b4-00c04fd430c8", "1' OR '1'='1"])(
    "answers 404 for the non-UUID-v4 id %j",
    async (id) => {
      const { apiKey } = await t.createTeam("provider");
      await expectJson(
        await t.request("GET", `/provider/brands/${encodeURIComponent(id)}`, { key: apiKey }),
        404,
        notFound(id),
      );
    },
  );

  it("answers 400 for a query parameter", async () => {
    const { apiKey } = await t.createTeam("provider");
    const brand = await createBrand(apiKey, { name: "Q" });
    await expectJson(
      await t.request("GET", `/provider/brands/${brand.id}?expand=offers`, { key: apiKey }),
      400,
      badRequest("property expand should not exist"),
    );
  });
});

describe("PATCH /provider/brands/{id}", () => {
  const patch = (key: string, id: string, body: unknown) => t.request("PATCH", `/provider/brands/${id}`, { key, body });

  it("renames, keeps the logo, and moves updatedAt but not createdAt", async () => {
    const { apiKey } = await t.createTeam("provider");
    const brand = await createBrand(apiKey, { name: "Old", logoUrl: LOGO });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await patch(apiKey, brand.id, { name: "  New  " });
    expect(res.status).toBe(200);
    const updated = await res.json();
    expect(updated).toEqual({ ...brand, name: "New", updatedAt: expect.stringMatching(ISO) });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(brand.updatedAt));
    await expectJson(await t.request("GET", `/provider/brands/${brand.id}`, { key: apiKey }), 200, updated);
  });

  it("changes the logo, and clears it with null", async () => {
    const { apiKey } = await t.createTeam("provider");
    const brand = await createBrand(apiKey, { name: "Logo" });
    const other = "https://cdn.example.com/other.svg";
    expect(await (await patch(apiKey, brand.id, { logoUrl: other })).json()).toMatchObject({
      name: "Logo",
      logoUrl: other,
    });
    expect(await (await patch(apiKey, brand.id, { logoUrl: null })).json()).toMatchObject({
      name: "Logo",
      logoUrl: null,
    });
  });

  it("treats an empty body as a no-op and answers the brand unchanged", async () => {
    const { apiKey } = await t.createTeam("provider");
    const brand = await createBrand(apiKey, { name: "Same", logoUrl: LOGO });
    await expectJson(await patch(apiKey, brand.id, {}), 200, brand);
  });

  it("answers 409 for another brand's name in any case, and allows a change of its own case", async () => {
    const { apiKey } = await t.createTeam("provider");
    await createBrand(apiKey, { name: "Taken" });
    const brand = await createBrand(apiKey, { name: "Free" });
    await expectJson(
      await patch(apiKey, brand.id, { name: "tAkEn" }),
      409,
      conflict("A brand named tAkEn already exists"),
    );
    expect(await (await patch(apiKey, brand.id, { name: "FREE" })).json()).toMatchObject({ name: "FREE" });
  });

  it.each([
    [{ name: "" }, ["name must not be empty"]],
    [{ name: null }, ["name must be a string"]],
    [{ logoUrl: "http://cdn.example.com/a.png" }, ["logoUrl must be an https URL"]],
    [{ logo: LOGO }, ["property logo should not exist"]],
  ])("answers 400 for %j and leaves the brand alone", async (body, message) => {
    const { apiKey } = await t.createTeam("provider");
    const brand = await createBrand(apiKey, { name: "Stable", logoUrl: LOGO });
    await expectJson(await patch(apiKey, brand.id, body), 400, badRequest(...message));
    await expectJson(await t.request("GET", `/provider/brands/${brand.id}`, { key: apiKey }), 200, brand);
  });

  it("answers 400 when the response object is sent back as the body", async () => {
    const { apiKey } = await t.createTeam("provider");
    const brand = await createBrand(apiKey, { name: "Echo" });
    await expectJson(
      await patch(apiKey, brand.id, brand),
      400,
      badRequest(
        "property id should not exist",
        "property createdAt should not exist",
        "property updatedAt should not exist",
      ),
    );
  });

  it("answers 404 for another team's brand and a malformed id, and changes nothing", async () => {
    const owner = await t.createTeam("provider");
    const stranger = await t.createTeam("provider");
    const brand = await createBrand(owner.apiKey, { name: "Owned" });
    await expectJson(await patch(stranger.apiKey, brand.id, { name: "Stolen" }), 404, notFound(brand.id));
    await expectJson(await patch(owner.apiKey, "nope", { name: "X" }), 404, notFound("nope"));
    expect(await (await t.request("GET", `/provider/brands/${brand.id}`, { key: owner.apiKey })).json()).toEqual(brand);
  });
});

describe("DELETE /provider/brands/{id}", () => {
  const remove = (key: string, id: string) => t.request("DELETE", `/provider/brands/${id}`, { key });

  it("deletes an unused brand: 200 with no body, then 404", async () => {
    const { apiKey } = await t.createTeam("provider");
    const brand = await createBrand(apiKey, { name: "Gone" });
    const res = await remove(apiKey, brand.id);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    await expectJson(await t.request("GET", `/provider/brands/${brand.id}`, { key: apiKey }), 404, notFound(brand.id));
    await expectJson(await remove(apiKey, brand.id), 404, notFound(brand.id));
    // The name is free again.
    expect(await createBrand(apiKey, { name: "gone" })).toMatchObject({ name: "gone" });
  });

  it("answers 409 while an offer references the brand, and 200 once it no longer does", async () => {
    const { teamId, apiKey } = await t.createTeam("provider");
    const brand = await createBrand(apiKey, { name: "Busy" });
    const offerId = await insertOffer(teamId, brand.id);
    await expectJson(
      await remove(apiKey, brand.id),
      409,
      conflict("Brand Busy is used by one or more offers; remove it from them first"),
    );
    await expectJson(await t.request("GET", `/provider/brands/${brand.id}`, { key: apiKey }), 200, brand);

    await t.database.db.updateTable("offers").set({ brand_id: null }).where("id", "=", offerId).execute();
    const res = await remove(apiKey, brand.id);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  it("deletes a brand referenced only by deleted offers", async () => {
    const { teamId, apiKey } = await t.createTeam("provider");
    const brand = await createBrand(apiKey, { name: "Was used" });
    const offerId = await insertOffer(teamId, brand.id, { deleted: true });
    expect((await remove(apiKey, brand.id)).status).toBe(200);
    const row = await t.database.db
      .selectFrom("offers")
      .select("brand_id")
      .where("id", "=", offerId)
      .executeTakeFirst();
    expect(row).toEqual({ brand_id: null });
  });

  it("answers 404 for another team's brand and a malformed id, and keeps the brand", async () => {
    const owner = await t.createTeam("provider");
    const stranger = await t.createTeam("provider");
    const brand = await createBrand(owner.apiKey, { name: "Kept" });
    await expectJson(await remove(stranger.apiKey, brand.id), 404, notFound(brand.id));
    await expectJson(await remove(owner.apiKey, "kept"), 404, notFound("kept"));
    await expectJson(await t.request("GET", `/provider/brands/${brand.id}`, { key: owner.apiKey }), 200, brand);
  });

  it("answers 400 for a query parameter", async () => {
    const { apiKey } = await t.createTeam("provider");
    const brand = await createBrand(apiKey, { name: "Query" });
    await expectJson(
      await t.request("DELETE", `/provider/brands/${brand.id}?force=true`, { key: apiKey }),
      400,
      badRequest("property force should not exist"),
    );
  });
});

describe("OpenAPI document", () => {
  it("marks every brand field required, as a response never omits one", async () => {
    const { apiKey } = await t.createTeam("provider");
    const brand = await createBrand(apiKey, { name: "Documented" });
    const doc = await (await t.request("GET", "/openapi.json")).json();
    const schema = doc.components.schemas.Brand;
    expect([...schema.required].sort()).toEqual(Object.keys(brand).sort());
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(brand).sort());
  });
});
