import { describe, expect, it } from "vitest";
import {
  badRequest,
  conflict,
  createBrand,
  expectJson,
  ISO,
  insertOffer,
  LOGO,
  notFound,
  setupBrandsApp,
  t,
} from "../../../test/helpers/http/provider-brands.ts";

setupBrandsApp();

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
