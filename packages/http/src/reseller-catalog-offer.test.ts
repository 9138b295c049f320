import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  active,
  badRequest,
  draft,
  ELECTRICITY,
  entryOf,
  type Json,
  notFound,
  remove,
  setupCatalogApp,
  TV,
  t,
} from "../../../test/helpers/http/reseller-catalog.ts";

setupCatalogApp();

describe("GET /reseller/catalog/{id}", () => {
  it("answers an active offer of any provider with its catalog entry", async () => {
    const provider = await t.createTeam("provider", "Detail Co");
    const { apiKey } = await t.createTeam("reseller");
    const offer = await active(provider.apiKey, {
      name: "Detail",
      ...ELECTRICITY,
      internet: undefined,
      partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://signup.example.com/?ref={orderItemId}" },
    });
    const res = await t.request("GET", `/reseller/catalog/${offer.id}`, { key: apiKey });
    expect(res.status).toBe(200);
    const entry = await res.json();
    expect(entry).toEqual(entryOf(offer, "Detail Co"));
    expect(entry.partnerSignup).toEqual({ kind: "lead_gen" });
    expect(entry.electricity).toEqual({
      ratePerKwh: "0.1425",
      rateType: "variable",
      renewablePercent: null,
      termMonths: null,
    });
    expect(entry).not.toHaveProperty("internet");
  });

  it("answers 404 for a draft, a deleted offer, an unknown id and a non-UUID", async () => {
    const provider = await t.createTeam("provider");
    const { apiKey } = await t.createTeam("reseller");
    const drafted = await draft(provider.apiKey);
    const deleted = await active(provider.apiKey);
    await remove(provider.apiKey, deleted.id);
    for (const id of [drafted.id, deleted.id, randomUUID(), "not-a-uuid", "12345"]) {
      const res = await t.request("GET", `/reseller/catalog/${id}`, { key: apiKey });
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual(notFound(id));
    }
  });

  it("rejects query parameters", async () => {
    const provider = await t.createTeam("provider");
    const { apiKey } = await t.createTeam("reseller");
    const offer = await active(provider.apiKey);
    const res = await t.request("GET", `/reseller/catalog/${offer.id}?search=x`, { key: apiKey });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest("property search should not exist"));
  });
});

describe("OpenAPI", () => {
  it("documents the catalog's filters, its pagination and the entry's fields", async () => {
    const doc = await (await t.request("GET", "/openapi.json")).json();
    const parameters = doc.paths["/reseller/catalog"].get.parameters as { in: string; name: string }[];
    expect(parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual(
      ["category", "cursor", "limit", "maxPrice", "minPrice", "search", "zipCode"].map((name) => `query:${name}`),
    );
    const provider = await t.createTeam("provider");
    const { apiKey } = await t.createTeam("reseller");
    const offer = await active(provider.apiKey, { ...TV, internet: undefined });
    const entry = await (await t.request("GET", `/reseller/catalog/${offer.id}`, { key: apiKey })).json();
    const schema = doc.components.schemas.CatalogEntry as { required: string[]; properties: Json };
    // A tv offer has neither details object: they are the only fields a response may leave out.
    expect([...schema.required].sort()).toEqual(Object.keys(entry).sort());
    expect(Object.keys(schema.properties).sort()).toEqual([...Object.keys(entry), "internet", "electricity"].sort());
  });
});
