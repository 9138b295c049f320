import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  ADDRESS,
  activeOffer,
  countRows,
  eventsOf,
  ISO,
  place,
  setup,
  setupOrdersApp,
  t,
} from "../../../test/helpers/http/orders.ts";

setupOrdersApp();

describe("POST /reseller/orders", () => {
  it("places an order: 201 with snapshots, totals and customer, and records order.created + order.item.created", async () => {
    const { provider, reseller } = await setup();
    const a = await activeOffer(provider.apiKey, { name: "Fiber 500", monthlyPrice: "49.99" });
    const b = await activeOffer(provider.apiKey, {
      name: "TV Basic",
      serviceType: "tv",
      monthlyPrice: "20.01",
      internet: undefined,
    });
    const res = await place(reseller.apiKey, [a.id, b.id], {
      moveInDate: "2026-12-01",
      installationDate: "2026-12-03",
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const order = await res.json();
    expect(order).toEqual({
      id: expect.any(String),
      status: "pending",
      isTraining: false,
      totalMonthly: "70.00",
      customer: {
        id: expect.any(String),
        name: "Ada Lovelace",
        email: "ada@example.com",
        phone: "+15125550123",
        kind: "residential",
      },
      serviceAddress: { line1: "1 Main St", line2: null, city: "Austin", state: "TX", zipCode: "78701" },
      moveInDate: "2026-12-01",
      installationDate: "2026-12-03",
      items: [
        expect.objectContaining({
          offerId: a.id,
          offerName: "Fiber 500",
          status: "pending",
          monthlyPrice: "49.99",
          providerName: "Fiber Co",
        }),
        expect.objectContaining({ offerId: b.id, offerName: "TV Basic", status: "pending", monthlyPrice: "20.01" }),
      ],
      handoffs: [],
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    expect(order.items[0]).toEqual({
      id: expect.any(String),
      orderId: order.id,
      status: "pending",
      isTraining: false,
      offerId: a.id,
      offerName: "Fiber 500",
      serviceType: "internet",
      providerName: "Fiber Co",
      providerTeamId: provider.teamId,
      monthlyPrice: "49.99",
      promoMonthlyPrice: null,
      promoDurationMonths: null,
      contractTermMonths: null,
      scheduledDate: null,
      rejectionReason: null,
      metadata: { handoff: null },
      commission: null,
      createdAt: order.createdAt,
      updatedAt: order.createdAt,
    });

    const events = await eventsOf(order.id);
    expect(events.map((e) => e.type)).toEqual(["order.created", "order.item.created", "order.item.created"]);
    const created = events[0];
    expect(created?.provider_team_ids).toEqual([provider.teamId]);
    expect(created?.reseller_team_ids).toEqual([reseller.teamId]);
    expect(created?.data).toMatchObject({
      orderId: order.id,
      resellerTeamId: reseller.teamId,
      training: false,
      totalMonthly: "70.00",
    });
    const itemEvent = events[1]?.data;
    expect(itemEvent).toMatchObject({
      status: "pending",
      providerTeamId: provider.teamId,
      resellerTeamId: reseller.teamId,
      offerName: expect.any(String),
    });
  });

  it("hands the offer's submissionUrl to delivery as a private hint, never in the event payload", async () => {
    const { provider, reseller } = await setup();
    const offer = await activeOffer(provider.apiKey, { submissionUrl: "https://orders.fiber.example.com/in" });
    const order = await (await place(reseller.apiKey, [offer.id])).json();
    const { rows } = await sql<{ type: string; data: Record<string, unknown>; delivery_hints: unknown }>`
      select type, data, delivery_hints from events where data->>'orderId' = ${order.id} order by type
    `.execute(t.database.db);
    expect(rows.map((r) => [r.type, r.delivery_hints])).toEqual([
      ["order.created", null],
      ["order.item.created", { submissionUrl: "https://orders.fiber.example.com/in" }],
    ]);
    expect(JSON.stringify(rows.map((r) => r.data))).not.toContain("orders.fiber.example.com");
  });

  it("keeps the order's prices when the offer's price changes later", async () => {
    const { provider, reseller } = await setup();
    const offer = await activeOffer(provider.apiKey, { monthlyPrice: "49.99" });
    const order = await (await place(reseller.apiKey, [offer.id])).json();
    await t.request("PATCH", `/provider/offers/${offer.id}`, {
      key: provider.apiKey,
      body: { monthlyPrice: "99.99", name: "Renamed" },
    });
    const after = await (await t.request("GET", `/reseller/orders/${order.id}`, { key: reseller.apiKey })).json();
    expect(after.items[0]).toMatchObject({ monthlyPrice: "49.99", offerName: "Fiber 500" });
    expect(after.totalMonthly).toBe("49.99");
  });

  it("turns a lead_gen offer into a handoff item with its signup link, excluded from the total", async () => {
    const { provider, reseller } = await setup();
    const normal = await activeOffer(provider.apiKey, { monthlyPrice: "10.00" });
    const leadGen = await activeOffer(provider.apiKey, {
      name: "Partner Fiber",
      monthlyPrice: "60.00",
      partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://partner.example.com/signup?ref={orderItemId}" },
    });
    const order = await (await place(reseller.apiKey, [normal.id, leadGen.id])).json();
    const handoffItem = order.items[1];
    expect(handoffItem.status).toBe("handoff");
    const redirectUrl = `https://partner.example.com/signup?ref=${handoffItem.id}`;
    expect(handoffItem.metadata).toEqual({ handoff: { redirectUrl } });
    expect(order.handoffs).toEqual([
      {
        orderItemId: handoffItem.id,
        offerId: leadGen.id,
        offerName: "Partner Fiber",
        providerName: "Fiber Co",
        redirectUrl,
      },
    ]);
    expect(order.totalMonthly).toBe("10.00");
    expect(order.status).toBe("pending");
    const events = await eventsOf(order.id);
    expect(events.filter((e) => e.type === "order.item.created").map((e) => e.data.status)).toEqual([
      "pending",
      "handoff",
    ]);
  });

  it("starts a handoff-only order as submitted", async () => {
    const { provider, reseller } = await setup();
    const leadGen = await activeOffer(provider.apiKey, {
      partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://partner.example.com/{orderItemId}" },
    });
    const order = await (await place(reseller.apiKey, [leadGen.id])).json();
    expect(order).toMatchObject({ status: "submitted", totalMonthly: "0.00" });
  });

  it("answers 422 for a lead_gen offer without a signup template and writes nothing", async () => {
    const { provider, reseller } = await setup();
    const offer = await activeOffer(provider.apiKey, { name: "Broken Lead" });
    // Publishing requires a template; an older or imported offer may still lack one.
    await t.database.db
      .updateTable("offers")
      .set({ partner_signup: JSON.stringify({ kind: "lead_gen", signupUrlTemplate: null }) })
      .where("id", "=", offer.id)
      .execute();
    const before = await Promise.all([
      countRows("orders"),
      countRows("order_items"),
      countRows("customers"),
      countRows("events"),
    ]);
    const res = await place(reseller.apiKey, [offer.id]);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      statusCode: 422,
      message: `Offer "Broken Lead" (${offer.id}) is a lead_gen offer with no signup template configured`,
      error: "Unprocessable Entity",
      code: "signup_template_missing",
    });
    const after = await Promise.all([
      countRows("orders"),
      countRows("order_items"),
      countRows("customers"),
      countRows("events"),
    ]);
    expect(after).toEqual(before);
  });

  it("answers 422 naming the offer when it is a draft, deleted, unknown, or not available at the ZIP", async () => {
    const { provider, reseller } = await setup();
    const draft = await (
      await t.request("POST", "/provider/offers", { key: provider.apiKey, body: { name: "Draft", serviceType: "tv" } })
    ).json();
    const unknown = randomUUID();
    for (const id of [draft.id, unknown]) {
      const res = await place(reseller.apiKey, [id]);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        statusCode: 422,
        message: `Offer ${id} is not available`,
        error: "Unprocessable Entity",
        code: "offer_unavailable",
      });
    }
    const local = await activeOffer(provider.apiKey, { name: "Dallas Fiber" });
    const marketId = randomUUID();
    const now = new Date();
    await t.database.db
      .insertInto("markets")
      .values({ id: marketId, team_id: provider.teamId, name: `Dallas ${marketId}`, created_at: now, updated_at: now })
      .execute();
    await t.database.db
      .insertInto("market_areas")
      .values({ id: randomUUID(), market_id: marketId, kind: "zip", value: "75201", created_at: now })
      .execute();
    await t.database.db.insertInto("offer_markets").values({ offer_id: local.id, market_id: marketId }).execute();
    const res = await place(reseller.apiKey, [local.id]);
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe(`Offer "Dallas Fiber" (${local.id}) is not available at ZIP 78701`);
    const ok = await place(reseller.apiKey, [local.id], { serviceAddress: { ...ADDRESS, zipCode: "75201" } });
    expect(ok.status).toBe(201);
  });

  it("validates the body: E.164 phone, e-mail, kind, ZIP, state, calendar dates, items", async () => {
    const { reseller } = await setup();
    const res = await t.request("POST", "/reseller/orders", {
      key: reseller.apiKey,
      body: {
        items: [],
        customer: { name: "X", email: "nope", phone: "512-555-0123", kind: "alien" },
        serviceAddress: { line1: "1 Main", city: "Austin", state: "Texas", zipCode: "7870" },
        moveInDate: "2026-02-30",
      },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toEqual([
      "items must contain at least 1 elements",
      "customer.email must be an email",
      "customer.phone must be a phone number in E.164 format, e.g. +15125550123",
      "customer.kind must be one of the following values: residential, business",
      "serviceAddress.state must be a two-letter US state code",
      "serviceAddress.zipCode must be a 5-digit ZIP code",
      "moveInDate must be a calendar date (YYYY-MM-DD)",
    ]);
  });

  it("is not idempotent: two identical requests create two orders", async () => {
    const { provider, reseller } = await setup();
    const offer = await activeOffer(provider.apiKey);
    const first = await (await place(reseller.apiKey, [offer.id])).json();
    const second = await (await place(reseller.apiKey, [offer.id])).json();
    expect(second.id).not.toBe(first.id);
    // …and both belong to one customer.
    expect(second.customer.id).toBe(first.customer.id);
  });

  it("replays the first response for a retried Idempotency-Key, and 422 when the body differs", async () => {
    const { provider, reseller } = await setup();
    const offer = await activeOffer(provider.apiKey);
    const key = { "idempotency-key": `retry-${randomUUID()}` };
    const first = await place(reseller.apiKey, [offer.id], {}, key);
    expect(first.status).toBe(201);
    const body = await first.json();
    const retry = await place(reseller.apiKey, [offer.id], {}, key);
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(body);
    const list = await (await t.request("GET", "/reseller/orders", { key: reseller.apiKey })).json();
    expect(list).toHaveLength(1);
    const other = await place(reseller.apiKey, [offer.id], { isTraining: true }, key);
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({
      statusCode: 422,
      message: "This Idempotency-Key was already used with a different request body",
      error: "Unprocessable Entity",
      code: "idempotency_key_reused",
    });
    // Concurrent retries of one new key still place one order.
    const raceKey = { "idempotency-key": `race-${randomUUID()}` };
    const race = await Promise.all(Array.from({ length: 5 }, () => place(reseller.apiKey, [offer.id], {}, raceKey)));
    const ids = new Set(await Promise.all(race.map(async (r) => (await r.json()).id)));
    expect(race.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(ids.size).toBe(1);
  });

  it("places a new order for a key whose 24 h window has passed, before retention prunes it", async () => {
    const { provider, reseller } = await setup();
    const offer = await activeOffer(provider.apiKey);
    const key = { "idempotency-key": `expired-${randomUUID()}` };
    const first = await (await place(reseller.apiKey, [offer.id], {}, key)).json();
    await sql`update idempotency_keys set created_at = created_at - interval '24 hours 1 second'
      where key = ${key["idempotency-key"]}`.execute(t.database.db);
    // Out of the window: neither a replay nor a 409 "still being processed", but a new order…
    const later = await place(reseller.apiKey, [offer.id], { isTraining: true }, key);
    expect(later.status).toBe(201);
    const second = await later.json();
    expect(second.id).not.toBe(first.id);
    // …whose response the key now replays.
    const retry = await place(reseller.apiKey, [offer.id], { isTraining: true }, key);
    expect(await retry.json()).toEqual(second);
  });

  it("forbids provider keys (403) and needs a key (401)", async () => {
    const { provider } = await setup();
    expect((await place(provider.apiKey, [randomUUID()])).status).toBe(403);
    expect((await t.request("POST", "/reseller/orders", { body: {} })).status).toBe(401);
  });
});
