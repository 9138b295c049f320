import { describe, expect, it } from "vitest";
import {
  active,
  brand,
  catalog,
  draft,
  ELECTRICITY,
  entryOf,
  ids,
  type Json,
  newestFirst,
  remove,
  setupCatalogApp,
  TV,
  t,
} from "../../../test/helpers/http/reseller-catalog.ts";

setupCatalogApp();

describe("GET /reseller/catalog", () => {
  it("lists the active offers of every provider, newest first, with exactly the catalog fields", async () => {
    const acme = await t.createTeam("provider", "Acme Networks");
    const volt = await t.createTeam("provider", "Volt Energy");
    const { apiKey } = await t.createTeam("reseller");
    const fiber = await active(acme.apiKey, {
      name: "Fiber 1000",
      description: "Symmetric fiber",
      marketingHeadline: "Fast",
      promoMonthlyPrice: "39.99",
      promoDurationMonths: 6,
      contractTermMonths: 12,
      submissionUrl: "https://acme.example.com/orders",
    });
    const power = await active(volt.apiKey, {
      name: "Green Power",
      monthlyPrice: "80",
      ...ELECTRICITY,
      internet: undefined,
    });
    const leads = await active(acme.apiKey, {
      name: "TV Leads",
      ...TV,
      internet: undefined,
      partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://signup.acme.example.com/?ref={orderItemId}" },
    });
    await draft(acme.apiKey, { name: "Draft" });
    const deleted = await active(volt.apiKey, { name: "Deleted" });
    await remove(volt.apiKey, deleted.id);

    const res = await catalog(apiKey);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json[];
    expect(body).toEqual(
      newestFirst([entryOf(fiber, "Acme Networks"), entryOf(power, "Volt Energy"), entryOf(leads, "Acme Networks")]),
    );
    const fiberEntry = body.find((entry) => entry.id === fiber.id);
    expect(Object.keys(fiberEntry ?? {}).sort()).toEqual(
      [
        "id",
        "name",
        "serviceType",
        "description",
        "marketingHeadline",
        "providerName",
        "brand",
        "monthlyPrice",
        "promoMonthlyPrice",
        "promoDurationMonths",
        "contractTermMonths",
        "commission",
        "partnerSignup",
        "internet",
        "publishedAt",
        "createdAt",
        "updatedAt",
      ].sort(),
    );
    expect(body.find((entry) => entry.id === leads.id)).toMatchObject({ partnerSignup: { kind: "lead_gen" } });
    const text = JSON.stringify(body);
    for (const secret of ["signup.acme.example.com", "acme.example.com/orders", acme.teamId, volt.teamId, "SKU-"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("answers an empty catalog with [] or an empty page", async () => {
    const { apiKey } = await t.createTeam("reseller");
    const provider = await t.createTeam("provider");
    await draft(provider.apiKey);
    expect(await (await catalog(apiKey)).json()).toEqual([]);
    expect(await (await catalog(apiKey, { limit: "5" })).json()).toEqual({
      data: [],
      hasMore: false,
      nextCursor: null,
    });
  });

  it("is for resellers: 401 without a key, 403 for a provider key, 200 for a hybrid key", async () => {
    const provider = await t.createTeam("provider", "Plain Provider");
    const hybrid = await t.createTeam("hybrid", "Both Ways");
    const own = await active(hybrid.apiKey, { name: "Hybrid's own" });
    const other = await active(provider.apiKey, { name: "Provider's" });

    const anonymous = await t.request("GET", "/reseller/catalog");
    expect(anonymous.status).toBe(401);
    const forbidden = {
      statusCode: 403,
      message: "A provider team cannot call reseller endpoints",
      error: "Forbidden",
    };
    for (const path of ["/reseller/catalog", `/reseller/catalog/${other.id}`]) {
      const res = await t.request("GET", path, { key: provider.apiKey });
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual(forbidden);
    }
    const res = await catalog(hybrid.apiKey);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(newestFirst([entryOf(own, "Both Ways"), entryOf(other, "Plain Provider")]));
  });

  it("displays the brand instead of the team name, a rename at once, and the team name without a brand", async () => {
    const provider = await t.createTeam("provider", "Acme Holdings");
    const { apiKey } = await t.createTeam("reseller");
    const fast = await brand(provider.apiKey, "Acme Fiber", "https://cdn.example.com/acme.png");
    const branded = await active(provider.apiKey, { name: "Branded", brandId: fast.id });
    const plain = await active(provider.apiKey, { name: "Plain" });

    const before = (await (await catalog(apiKey)).json()) as Json[];
    expect(before).toEqual(newestFirst([entryOf(branded, "Acme Fiber"), entryOf(plain, "Acme Holdings")]));
    expect(before.find((entry) => entry.id === branded.id)?.brand).toEqual({
      id: fast.id,
      name: "Acme Fiber",
      logoUrl: "https://cdn.example.com/acme.png",
    });

    const renamed = await t.request("PATCH", `/provider/brands/${fast.id}`, {
      key: provider.apiKey,
      body: { name: "Acme Gigabit", logoUrl: null },
    });
    expect(renamed.status).toBe(200);
    const after = await (await t.request("GET", `/reseller/catalog/${branded.id}`, { key: apiKey })).json();
    expect(after).toEqual({
      ...entryOf(branded, "Acme Gigabit"),
      brand: { id: fast.id, name: "Acme Gigabit", logoUrl: null },
    });
    expect(await ids(apiKey, { search: "acme gigabit" })).toEqual([]);
  });

  it("shows an offer's current data: an edit of an active offer, and nothing once deleted", async () => {
    const provider = await t.createTeam("provider", "Edits");
    const { apiKey } = await t.createTeam("reseller");
    const offer = await active(provider.apiKey, { name: "Before" });
    const patched = await t.request("PATCH", `/provider/offers/${offer.id}`, {
      key: provider.apiKey,
      body: { name: "After", monthlyPrice: "59" },
    });
    expect(patched.status).toBe(200);
    expect(await (await catalog(apiKey)).json()).toEqual([entryOf(await patched.json(), "Edits")]);
    expect(await ids(apiKey, { search: "before" })).toEqual([]);
    expect(await ids(apiKey, { search: "after", minPrice: "59" })).toEqual([offer.id]);
    await remove(provider.apiKey, offer.id);
    expect(await ids(apiKey)).toEqual([]);
  });
});
