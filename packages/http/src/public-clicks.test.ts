import { randomUUID } from "node:crypto";
import { renderDisclosure } from "@marketplace/core/consents";
import { sql } from "kysely";
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
const PHONE = "+15125550123";
const HANDOFF = { kind: "order_contact", granted: true, disclosureVersion: "handoff_contact.v1" };
const ORDER_CONTACT = { kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" };
const MARKETING = { kind: "marketing_calls_texts", granted: true, disclosureVersion: "marketing_calls_texts.v1" };
const TEMPLATE = "https://partner.example.com/signup?ref={orderItemId}";

async function setup() {
  const provider = await t.createTeam("provider", "Fiber Co");
  const reseller = await t.createTeam("reseller");
  const slug = `clicks-${randomUUID().slice(0, 8)}`;
  expect((await t.request("PUT", "/reseller/storefront", { key: reseller.apiKey, body: { slug } })).status).toBe(201);
  const leadGen = await publishOffer(t, provider.apiKey, {
    name: "Partner Fiber",
    partnerSignup: { kind: "lead_gen", signupUrlTemplate: TEMPLATE },
  });
  const normal = await publishOffer(t, provider.apiKey, { name: "Fiber 500" });
  return { provider, reseller, slug, leadGen, normal };
}

const click = (body: Record<string, unknown>, peer?: string) =>
  pub.request("POST", "/public/shop/clicks", { body, peer, headers: { "user-agent": "ClickBot/1" } });

async function clickRow(id: string) {
  return t.database.db.selectFrom("outbound_clicks").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function consentsOfClick(id: string) {
  return t.database.db
    .selectFrom("consent_records")
    .selectAll()
    .where("click_id", "=", id)
    .orderBy("position")
    .execute();
}

async function eventsOfClick(id: string) {
  const { rows } = await sql<{
    type: string;
    data: Record<string, unknown>;
    provider_team_ids: string[];
    reseller_team_ids: string[];
  }>`
    select type, data, provider_team_ids, reseller_team_ids from events where data->>'clickId' = ${id}
  `.execute(t.database.db);
  return rows;
}

describe("POST /public/shop/clicks", () => {
  it("redirects a lead_gen click to the partner with the phone when handoff_contact.v1 is granted, and records it", async () => {
    const { provider, reseller, slug, leadGen } = await setup();
    const res = await click(
      { storefrontSlug: slug, offerId: leadGen.id, contact: { phone: PHONE }, consents: [HANDOFF, MARKETING] },
      "198.51.100.40",
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      id: expect.any(String),
      offerId: leadGen.id,
      redirectUrl: `https://partner.example.com/signup?ref=${body.id}&phone=%2B15125550123`,
      phoneShared: true,
      createdAt: expect.stringMatching(ISO),
    });
    expect(await clickRow(body.id)).toMatchObject({
      reseller_team_id: reseller.teamId,
      offer_id: leadGen.id,
      provider_team_id: provider.teamId,
      redirect_url: body.redirectUrl,
      phone: PHONE,
      client_ip: "198.51.100.40",
      user_agent: "ClickBot/1",
    });
    const records = await consentsOfClick(body.id);
    expect(records.map((r) => [r.disclosure_version, r.granted, r.phone, r.provider_team_id])).toEqual([
      ["handoff_contact.v1", true, PHONE, provider.teamId],
      ["marketing_calls_texts.v1", true, PHONE, provider.teamId],
    ]);
    expect(records[0]?.disclosure_text).toBe(renderDisclosure("handoff_contact.v1", "Fiber Co"));
    const events = await eventsOfClick(body.id);
    expect(events).toHaveLength(2);
    for (const event of events) {
      expect(event.type).toBe("order.consent_recorded");
      expect(event.provider_team_ids).toEqual([provider.teamId]);
      expect(event.reseller_team_ids).toEqual([]);
      expect(event.data).toMatchObject({ orderId: null, clickId: body.id, phone: PHONE, training: false });
    }
  });

  it("drops the phone without a granted handoff_contact.v1, and the redirect still succeeds", async () => {
    const { slug, leadGen } = await setup();
    const cases = [undefined, [], [ORDER_CONTACT, MARKETING], [{ ...HANDOFF, granted: false }]];
    for (const consents of cases) {
      const res = await click({
        storefrontSlug: slug,
        offerId: leadGen.id,
        contact: { phone: PHONE },
        ...(consents ? { consents } : {}),
      });
      expect(res.status, JSON.stringify(consents)).toBe(201);
      const body = await res.json();
      expect(body).toMatchObject({
        redirectUrl: `https://partner.example.com/signup?ref=${body.id}`,
        phoneShared: false,
      });
      expect(body.redirectUrl).not.toContain("phone");
      expect((await clickRow(body.id)).phone).toBeNull();
      expect(await consentsOfClick(body.id)).toEqual([]);
      expect(await eventsOfClick(body.id)).toEqual([]);
    }
  });

  it("records a click on any other offer with no redirect (the consumer checks out on the storefront)", async () => {
    const { slug, normal } = await setup();
    const res = await click({
      storefrontSlug: slug,
      offerId: normal.id,
      contact: { phone: PHONE },
      consents: [HANDOFF],
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      id: expect.any(String),
      offerId: normal.id,
      redirectUrl: null,
      phoneShared: false,
      createdAt: expect.stringMatching(ISO),
    });
    expect(await clickRow(body.id)).toMatchObject({ redirect_url: null, phone: null });
    expect(await consentsOfClick(body.id)).toEqual([]);
  });

  it("takes clicks through a shareable link for the link's offers only", async () => {
    const { reseller, leadGen, normal } = await setup();
    const link = await (
      await t.request("POST", "/reseller/links", { key: reseller.apiKey, body: { offerIds: [leadGen.id] } })
    ).json();
    const ok = await click({ linkSlug: link.slug, offerId: leadGen.id });
    expect(ok.status).toBe(201);
    expect((await clickRow((await ok.json()).id)).link_id).toBe(link.id);
    const outside = await click({ linkSlug: link.slug, offerId: normal.id });
    expect(outside.status).toBe(422);
    expect(await outside.json()).toEqual({
      statusCode: 422,
      message: `Offer ${normal.id} is not offered through this link`,
      error: "Unprocessable Entity",
      code: "offer_unavailable",
    });
  });

  it("answers 400 for a bad body, 404 for an unknown slug, 422 for an offer it cannot hand off", async () => {
    const { provider, slug, leadGen } = await setup();
    const both = await click({ storefrontSlug: slug, linkSlug: "zzzzzzzzzz", offerId: leadGen.id });
    expect(both.status).toBe(400);
    expect(await both.json()).toEqual({
      statusCode: 400,
      message: ["exactly one of storefrontSlug and linkSlug is required"],
      error: "Bad Request",
    });
    const neither = await click({ offerId: leadGen.id });
    expect((await neither.json()).message).toEqual(["exactly one of storefrontSlug and linkSlug is required"]);
    const badPhone = await click({ storefrontSlug: slug, offerId: leadGen.id, contact: { phone: "512-555-0123" } });
    expect((await badPhone.json()).message).toEqual([
      "contact.phone must be a phone number in E.164 format, e.g. +15125550123",
    ]);
    const badConsent = await click({
      storefrontSlug: slug,
      offerId: leadGen.id,
      consents: [{ kind: "marketing_calls_texts", granted: true, disclosureVersion: "order_contact.v1" }],
    });
    expect((await badConsent.json()).message).toEqual([
      "consents.0.disclosureVersion order_contact.v1 is a disclosure of kind order_contact, not marketing_calls_texts",
    ]);

    const noShop = await click({ storefrontSlug: "nope-shop", offerId: leadGen.id });
    expect(noShop.status).toBe(404);
    expect(await noShop.json()).toEqual({
      statusCode: 404,
      message: "Storefront nope-shop not found",
      error: "Not Found",
    });
    expect((await click({ linkSlug: "zzzzzzzzzz", offerId: leadGen.id })).status).toBe(404);

    const unknownOffer = randomUUID();
    const gone = await click({ storefrontSlug: slug, offerId: unknownOffer });
    expect(gone.status).toBe(422);
    expect(await gone.json()).toEqual({
      statusCode: 422,
      message: `Offer ${unknownOffer} is not available`,
      error: "Unprocessable Entity",
      code: "offer_unavailable",
    });
    const broken = await publishOffer(t, provider.apiKey, { name: "Broken Lead" });
    await t.database.db
      .updateTable("offers")
      .set({ partner_signup: JSON.stringify({ kind: "lead_gen", signupUrlTemplate: null }) })
      .where("id", "=", broken.id)
      .execute();
    const noTemplate = await click({ storefrontSlug: slug, offerId: broken.id });
    expect(noTemplate.status).toBe(422);
    expect(await noTemplate.json()).toEqual({
      statusCode: 422,
      message: `Offer "Broken Lead" (${broken.id}) is a lead_gen offer with no signup template configured`,
      error: "Unprocessable Entity",
      code: "signup_template_missing",
    });
  });
});
