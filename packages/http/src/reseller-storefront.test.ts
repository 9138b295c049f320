import { randomUUID } from "node:crypto";
import { renderDisclosure } from "@marketplace/core/consents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { createPublicApp, type PublicApp, publishOffer } from "../../../test/helpers/public-app.ts";

let t: TestApp;
let pub: PublicApp;
beforeAll(async () => {
  t = await createTestApp();
  pub = createPublicApp(t);
});
afterAll(async () => {
  await pub.close();
  await t.close();
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("/reseller/storefront", () => {
  it("is 404 until created; PUT creates it (201), changes its slug (200), and keeps it when unchanged", async () => {
    const reseller = await t.createTeam("reseller");
    const missing = await t.request("GET", "/reseller/storefront", { key: reseller.apiKey });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      statusCode: 404,
      message: "Storefront of this team not found",
      error: "Not Found",
    });

    const created = await t.request("PUT", "/reseller/storefront", {
      key: reseller.apiKey,
      body: { slug: "acme-deals" },
    });
    expect(created.status).toBe(201);
    const storefront = await created.json();
    expect(storefront).toEqual({
      id: expect.any(String),
      slug: "acme-deals",
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    expect(await (await t.request("GET", "/reseller/storefront", { key: reseller.apiKey })).json()).toEqual(storefront);

    const same = await t.request("PUT", "/reseller/storefront", { key: reseller.apiKey, body: { slug: "acme-deals" } });
    expect(same.status).toBe(200);
    expect(await same.json()).toEqual(storefront);

    const renamed = await t.request("PUT", "/reseller/storefront", { key: reseller.apiKey, body: { slug: "acme-2" } });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: storefront.id, slug: "acme-2", createdAt: storefront.createdAt });
  });

  it("refuses a slug another storefront has (409) and a malformed slug (400)", async () => {
    const a = await t.createTeam("reseller");
    const b = await t.createTeam("hybrid");
    expect(
      (await t.request("PUT", "/reseller/storefront", { key: a.apiKey, body: { slug: "taken-slug" } })).status,
    ).toBe(201);
    const conflict = await t.request("PUT", "/reseller/storefront", { key: b.apiKey, body: { slug: "taken-slug" } });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({
      statusCode: 409,
      message: "A storefront with slug taken-slug already exists",
      error: "Conflict",
    });
    const bad = await t.request("PUT", "/reseller/storefront", {
      key: b.apiKey,
      body: { slug: "Not OK", extra: 1 },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      statusCode: 400,
      message: [
        "slug must be 3 to 63 lowercase letters, digits or hyphens, starting and ending with a letter or digit",
        "property extra should not exist",
      ],
      error: "Bad Request",
    });
  });

  it("is for resellers: 401 without a key, 403 for a provider key", async () => {
    const provider = await t.createTeam("provider");
    expect((await t.request("GET", "/reseller/storefront")).status).toBe(401);
    expect(
      (await t.request("PUT", "/reseller/storefront", { key: provider.apiKey, body: { slug: "abc" } })).status,
    ).toBe(403);
  });
});

describe("/reseller/links", () => {
  it("creates a link with a short non-UUID slug, lists, reads and deletes it", async () => {
    const provider = await t.createTeam("provider", "Fiber Co");
    const reseller = await t.createTeam("reseller");
    const a = await publishOffer(t, provider.apiKey, { name: "Fiber 500" });
    const b = await publishOffer(t, provider.apiKey, { name: "Fiber 1000", monthlyPrice: "69.99" });
    const res = await t.request("POST", "/reseller/links", {
      key: reseller.apiKey,
      body: { offerIds: [b.id, a.id], name: "Spring campaign" },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const link = await res.json();
    expect(link).toEqual({
      id: expect.any(String),
      slug: expect.stringMatching(/^[0-9a-z]{10}$/),
      name: "Spring campaign",
      offerIds: [b.id, a.id],
      createdAt: expect.stringMatching(ISO),
    });
    const second = await (
      await t.request("POST", "/reseller/links", { key: reseller.apiKey, body: { offerIds: [a.id] } })
    ).json();
    expect(second.name).toBeNull();
    expect(second.slug).not.toBe(link.slug);

    const list = await (await t.request("GET", "/reseller/links", { key: reseller.apiKey })).json();
    expect(list.map((l: { id: string }) => l.id)).toEqual([second.id, link.id]);
    const page = await (await t.request("GET", "/reseller/links?limit=1", { key: reseller.apiKey })).json();
    expect(page).toEqual({ data: [second], hasMore: true, nextCursor: expect.any(String) });
    expect(await (await t.request("GET", `/reseller/links/${link.id}`, { key: reseller.apiKey })).json()).toEqual(link);

    const other = await t.createTeam("reseller");
    expect((await t.request("GET", `/reseller/links/${link.id}`, { key: other.apiKey })).status).toBe(404);
    expect((await t.request("DELETE", `/reseller/links/${link.id}`, { key: other.apiKey })).status).toBe(404);

    const deleted = await t.request("DELETE", `/reseller/links/${link.id}`, { key: reseller.apiKey });
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toBe("");
    expect((await t.request("GET", `/reseller/links/${link.id}`, { key: reseller.apiKey })).status).toBe(404);
    expect((await t.request("DELETE", `/reseller/links/${link.id}`, { key: reseller.apiKey })).status).toBe(404);
    const after = await (await t.request("GET", "/reseller/links", { key: reseller.apiKey })).json();
    expect(after.map((l: { id: string }) => l.id)).toEqual([second.id]);
    const gone = await pub.request("GET", `/public/links/${link.slug}`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ statusCode: 404, message: `Link ${link.slug} not found`, error: "Not Found" });
  });

  it("refuses offers that are not active (422) and malformed bodies (400)", async () => {
    const provider = await t.createTeam("provider");
    const reseller = await t.createTeam("reseller");
    const active = await publishOffer(t, provider.apiKey);
    const draft = await (
      await t.request("POST", "/provider/offers", { key: provider.apiKey, body: { name: "Draft", serviceType: "tv" } })
    ).json();
    const unknown = randomUUID();
    for (const id of [draft.id, unknown]) {
      const res = await t.request("POST", "/reseller/links", {
        key: reseller.apiKey,
        body: { offerIds: [active.id, id] },
      });
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        statusCode: 422,
        message: `Offer ${id} is not available`,
        error: "Unprocessable Entity",
        code: "offer_unavailable",
      });
    }
    const bad = await t.request("POST", "/reseller/links", {
      key: reseller.apiKey,
      body: { offerIds: ["nope", active.id, active.id] },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toEqual(["offerIds.0 must be a UUID"]);
    const repeated = await t.request("POST", "/reseller/links", {
      key: reseller.apiKey,
      body: { offerIds: [active.id, active.id] },
    });
    expect(repeated.status).toBe(400);
    expect((await repeated.json()).message).toEqual(["offerIds.1 must not repeat an earlier offer id"]);
    const empty = await t.request("POST", "/reseller/links", { key: reseller.apiKey, body: { offerIds: [] } });
    expect((await empty.json()).message).toEqual(["offerIds must contain at least 1 elements"]);
    expect((await t.request("POST", "/reseller/links", { body: { offerIds: [active.id] } })).status).toBe(401);
    expect(
      (await t.request("POST", "/reseller/links", { key: provider.apiKey, body: { offerIds: [active.id] } })).status,
    ).toBe(403);
  });
});

describe("GET /public/links/{slug}", () => {
  it("shows the link's active offers as catalog entries without commission, and the disclosures to display", async () => {
    const provider = await t.createTeam("provider", "Fiber Co");
    const reseller = await t.createTeam("reseller");
    const brand = await (
      await t.request("POST", "/provider/brands", {
        key: provider.apiKey,
        body: { name: "Zoom Net", logoUrl: "https://cdn.example.com/zoom.png" },
      })
    ).json();
    const branded = await publishOffer(t, provider.apiKey, { name: "Zoom 300", brandId: brand.id });
    const plain = await publishOffer(t, provider.apiKey, {
      name: "Lead Fiber",
      partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://partner.example.com/s?ref={orderItemId}" },
    });
    const leaving = await publishOffer(t, provider.apiKey, { name: "Soon gone" });
    const link = await (
      await t.request("POST", "/reseller/links", {
        key: reseller.apiKey,
        body: { offerIds: [branded.id, leaving.id, plain.id], name: "private label" },
      })
    ).json();
    await t.request("DELETE", `/provider/offers/${leaving.id}`, { key: provider.apiKey });

    const res = await pub.request("GET", `/public/links/${link.slug}`);
    expect(res.status).toBe(200);
    const view = await res.json();
    expect(Object.keys(view).sort()).toEqual(["disclosures", "offers", "slug"]);
    expect(view.slug).toBe(link.slug);
    expect(view.offers.map((o: { id: string }) => o.id)).toEqual([branded.id, plain.id]);
    expect(view.offers[0]).toEqual({
      id: branded.id,
      name: "Zoom 300",
      serviceType: "internet",
      description: null,
      marketingHeadline: null,
      providerName: "Zoom Net",
      brand: { id: brand.id, name: "Zoom Net", logoUrl: "https://cdn.example.com/zoom.png" },
      monthlyPrice: "49.99",
      promoMonthlyPrice: null,
      promoDurationMonths: null,
      contractTermMonths: null,
      partnerSignup: null,
      internet: { downloadSpeedMbps: 500, uploadSpeedMbps: null, connectionType: "fiber", dataCapGb: null },
      publishedAt: expect.stringMatching(ISO),
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    expect(view.offers[1]).toMatchObject({ providerName: "Fiber Co", partnerSignup: { kind: "lead_gen" } });
    expect(JSON.stringify(view)).not.toMatch(/commission|signupUrlTemplate|private label|sku/);
    expect(view.disclosures).toHaveLength(6);
    expect(view.disclosures).toContainEqual({
      providerName: "Zoom Net",
      version: "handoff_contact.v1",
      kind: "order_contact",
      text: renderDisclosure("handoff_contact.v1", "Zoom Net"),
    });
    expect(view.disclosures).toContainEqual({
      providerName: "Fiber Co",
      version: "marketing_calls_texts.v1",
      kind: "marketing_calls_texts",
      text: renderDisclosure("marketing_calls_texts.v1", "Fiber Co"),
    });
  });

  it("answers 404 for unknown and malformed slugs, and needs no key", async () => {
    for (const slug of ["zzzzzzzzzz", "not-a-slug", randomUUID()]) {
      const res = await pub.request("GET", `/public/links/${slug}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ statusCode: 404, message: `Link ${slug} not found`, error: "Not Found" });
    }
    expect((await pub.request("GET", "/public/links/zzzzzzzzzz?x=1")).status).toBe(400);
  });
});
