import { randomUUID } from "node:crypto";
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
const ADDRESS = { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" };
const ORDER_CONTACT = { kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" };
const MARKETING = { kind: "marketing_calls_texts", granted: true, disclosureVersion: "marketing_calls_texts.v1" };
const HANDOFF = { kind: "order_contact", granted: true, disclosureVersion: "handoff_contact.v1" };
const ACK = {
  message:
    "Your request has been received. Any consent to be contacted that was given with this phone number or " +
    "e-mail address is withdrawn; providers stop marketing calls and texts to it within ten business days.",
};

let people = 0;
/** A consumer with their own phone and e-mail, who ordered from two providers through a storefront. */
async function setup() {
  people += 1;
  const phone = `+1512555${String(1000 + people).padStart(4, "0")}`;
  const email = `person${people}-${randomUUID().slice(0, 6)}@example.com`;
  const p1 = await t.createTeam("provider", "Fiber Co");
  const p2 = await t.createTeam("provider", "Volt Energy");
  const reseller = await t.createTeam("reseller");
  const slug = `revoke-${randomUUID().slice(0, 8)}`;
  await t.request("PUT", "/reseller/storefront", { key: reseller.apiKey, body: { slug } });
  const o1 = await publishOffer(t, p1.apiKey, {
    partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://partner.example.com/s?ref={orderItemId}" },
  });
  const o2 = await publishOffer(t, p2.apiKey, { name: "Volt 12" });
  const res = await pub.request("POST", "/public/shop/orders", {
    body: {
      storefrontSlug: slug,
      items: [{ offerId: o1.id }, { offerId: o2.id }],
      customer: { name: "Ada", email, phone, kind: "residential" },
      serviceAddress: ADDRESS,
      consents: [ORDER_CONTACT, MARKETING],
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const order = await res.json();
  return { p1, p2, reseller, slug, o1, o2, order, phone, email };
}

async function consentsSeenBy(key: string, itemId: string) {
  const res = await t.request("GET", `/provider/orders/${itemId}`, { key });
  expect(res.status).toBe(200);
  return (await res.json()).order.consents as Array<Record<string, unknown>>;
}

async function revokedEvents(phone: string) {
  const { rows } = await sql<{
    data: Record<string, unknown>;
    provider_team_ids: string[];
    reseller_team_ids: string[];
  }>`
    select data, provider_team_ids, reseller_team_ids from events
    where type = 'order.consent_revoked' and data->>'phone' = ${phone} order by data->>'providerTeamId', data->>'disclosureVersion'
  `.execute(t.database.db);
  return rows;
}

async function customerOf(orderId: string): Promise<string | null> {
  const row = await t.database.db
    .selectFrom("orders")
    .select("customer_id")
    .where("id", "=", orderId)
    .executeTakeFirst();
  return row?.customer_id ?? null;
}

const revoke = (body: unknown) => pub.request("POST", "/public/consent/revoke", { body });

describe("POST /public/consent/revoke", () => {
  it("answers the same 200 for known and unknown identifiers and revokes every matching consent", async () => {
    const { p1, p2, order, phone } = await setup();
    const before = await t.database.db.selectFrom("consent_records").selectAll().orderBy("id").execute();

    const answers = [
      await revoke({ phone: "+15125559999" }),
      await revoke({ email: "nobody@example.com" }),
      await revoke({ phone }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await res.json()).toEqual(ACK);
    }

    for (const [key, itemId] of [
      [p1.apiKey, order.items[0].id],
      [p2.apiKey, order.items[1].id],
    ]) {
      const records = await consentsSeenBy(key, itemId);
      expect(records).toHaveLength(2);
      for (const record of records) {
        expect(record).toMatchObject({ revokedAt: expect.stringMatching(ISO), revokedVia: "web_form" });
        expect(record.granted).toBe(true);
      }
    }
    // The decisions themselves are untouched: the withdrawal is a row of its own.
    expect(await t.database.db.selectFrom("consent_records").selectAll().orderBy("id").execute()).toEqual(before);

    const events = await revokedEvents(phone);
    expect(events).toHaveLength(4);
    for (const event of events) {
      expect(event.reseller_team_ids).toEqual([]);
      expect(event.provider_team_ids).toEqual([event.data.providerTeamId]);
      expect(event.data).toMatchObject({
        orderId: order.id,
        phone,
        granted: true,
        disclosureText: expect.any(String),
        revokedAt: expect.stringMatching(ISO),
        revokedVia: "web_form",
        training: false,
      });
    }
    // The recorded payload plus revokedAt and revokedVia.
    const { rows } = await sql<{ data: Record<string, unknown> }>`
      select data from events where type = 'order.consent_recorded' and data->>'consentId' = ${String(events[0]?.data.consentId)}
    `.execute(t.database.db);
    // Each event about the order has its own data.sequence: the revocation's comes later.
    const { revokedAt: _at, revokedVia: _via, sequence, ...rest } = events[0]?.data ?? {};
    const { sequence: recordedSequence, ...recorded } = rows[0]?.data ?? {};
    expect(rest).toEqual(recorded);
    expect(sequence).toBeGreaterThan(recordedSequence as number);

    // Again: nothing left to revoke, the same answer, no new event.
    const again = await revoke({ phone });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(ACK);
    expect(await revokedEvents(phone)).toHaveLength(4);
  });

  it("matches the e-mail case-insensitively and leaves other people's consents alone", async () => {
    const first = await setup();
    const second = await setup();
    const res = await revoke({ email: `  ${first.email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(ACK);
    expect((await consentsSeenBy(first.p1.apiKey, first.order.items[0].id)).map((r) => r.revokedVia)).toEqual([
      "web_form",
      "web_form",
    ]);
    expect((await consentsSeenBy(second.p1.apiKey, second.order.items[0].id)).map((r) => r.revokedAt)).toEqual([
      null,
      null,
    ]);
  });

  it("answers 400 only for a malformed identifier", async () => {
    const empty = await revoke({});
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      statusCode: 400,
      message: ["phone or email is required"],
      error: "Bad Request",
    });
    const bad = await revoke({ phone: "5125550123", email: "not-an-email" });
    expect((await bad.json()).message).toEqual([
      "phone must be a phone number in E.164 format, e.g. +15125550123",
      "email must be an email",
    ]);
    expect((await revoke({ phone: "+15125550123", note: "x" })).status).toBe(400);
  });

  it("keeps the history append-only: the database refuses to rewrite or delete a decision or a withdrawal", async () => {
    await setup();
    await expect(sql`update consent_records set granted = not granted`.execute(t.database.db)).rejects.toThrow(
      /consent_records is append-only: UPDATE is not allowed/,
    );
    await expect(sql`delete from consent_records`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from consent_revocations`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });
});

describe("POST /provider/customers/{customerId}/consent/revoke", () => {
  it("revokes the consents naming the team, flags the customer for that team only, and tells only that team", async () => {
    const { p1, p2, slug, o1, order, phone } = await setup();
    // A click that passed the same phone to p1 is covered too (matched by phone).
    const clicked = await pub.request("POST", "/public/shop/clicks", {
      body: { storefrontSlug: slug, offerId: o1.id, contact: { phone }, consents: [HANDOFF] },
    });
    expect((await clicked.json()).phoneShared).toBe(true);
    const customerId = await customerOf(order.id);

    const res = await t.request("POST", `/provider/customers/${customerId}/consent/revoke`, { key: p1.apiKey });
    expect(res.status, await res.clone().text()).toBe(200);
    const detail = await res.json();
    expect(detail).toMatchObject({
      id: customerId,
      phone,
      unsubscribed: true,
      unsubscribedAt: expect.stringMatching(ISO),
      items: [expect.objectContaining({ orderId: order.id })],
    });

    expect((await consentsSeenBy(p1.apiKey, order.items[0].id)).map((r) => r.revokedVia)).toEqual([
      "provider_report",
      "provider_report",
    ]);
    expect((await consentsSeenBy(p2.apiKey, order.items[1].id)).map((r) => r.revokedAt)).toEqual([null, null]);
    const { rows: clickRevocations } = await sql<{ revoked_via: string }>`
      select v.revoked_via from consent_records r join consent_revocations v on v.consent_id = r.id
      where r.click_id is not null and r.phone = ${phone}
    `.execute(t.database.db);
    expect(clickRevocations).toEqual([{ revoked_via: "provider_report" }]);

    const events = await revokedEvents(phone);
    expect(events).toHaveLength(3);
    for (const event of events) {
      expect(event.provider_team_ids).toEqual([p1.teamId]);
      expect(event.data).toMatchObject({ providerTeamId: p1.teamId, revokedVia: "provider_report" });
    }

    // The flag shows on the team's customer views, and only on that team's.
    const p1List = await (await t.request("GET", "/provider/customers", { key: p1.apiKey })).json();
    expect(p1List).toEqual([
      expect.objectContaining({ id: customerId, unsubscribed: true, unsubscribedAt: detail.unsubscribedAt }),
    ]);
    const p2Detail = await (await t.request("GET", `/provider/customers/${customerId}`, { key: p2.apiKey })).json();
    expect(p2Detail).toMatchObject({ id: customerId, unsubscribed: false, unsubscribedAt: null });
    const p2List = await (await t.request("GET", "/provider/customers", { key: p2.apiKey })).json();
    expect(p2List).toEqual([expect.objectContaining({ id: customerId, unsubscribed: false })]);

    // A repeat revokes nothing more and keeps the first time.
    const again = await t.request("POST", `/provider/customers/${customerId}/consent/revoke`, { key: p1.apiKey });
    expect(again.status).toBe(200);
    expect((await again.json()).unsubscribedAt).toBe(detail.unsubscribedAt);
    expect(await revokedEvents(phone)).toHaveLength(3);
  });

  it("is 404 for a customer of other teams, 403 for resellers, 401 without a key", async () => {
    const { reseller, order } = await setup();
    const customerId = await customerOf(order.id);
    const stranger = await t.createTeam("provider");
    const res = await t.request("POST", `/provider/customers/${customerId}/consent/revoke`, { key: stranger.apiKey });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      statusCode: 404,
      message: `Customer ${customerId} not found`,
      error: "Not Found",
    });
    expect(
      (await t.request("POST", `/provider/customers/not-a-uuid/consent/revoke`, { key: stranger.apiKey })).status,
    ).toBe(404);
    expect(
      (await t.request("POST", `/provider/customers/${customerId}/consent/revoke`, { key: reseller.apiKey })).status,
    ).toBe(403);
    expect((await t.request("POST", `/provider/customers/${customerId}/consent/revoke`)).status).toBe(401);
  });
});
