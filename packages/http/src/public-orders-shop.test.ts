import { randomUUID } from "node:crypto";
import { renderDisclosure } from "@marketplace/core/consents";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  ADDRESS,
  CUSTOMER,
  count,
  eventsOf,
  ISO,
  MARKETING_DECLINED,
  ORDER_CONTACT,
  setup,
  setupPublicOrdersApp,
  shopOrder,
  t,
  UA,
} from "../../../test/helpers/http/public-orders.ts";
import { publishOffer } from "../../../test/helpers/public-app.ts";

setupPublicOrdersApp();

describe("POST /public/shop/orders", () => {
  it("places the order for the storefront's reseller and records each decision per provider team, verbatim", async () => {
    const { fiber, volt, reseller, slug, internet, power } = await setup();
    const res = await shopOrder(
      {
        storefrontSlug: slug,
        items: [{ offerId: internet.id }, { offerId: power.id }],
        customer: CUSTOMER,
        serviceAddress: ADDRESS,
        moveInDate: "2026-12-01",
        consents: [ORDER_CONTACT, MARKETING_DECLINED],
      },
      "198.51.100.23",
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const order = await res.json();
    expect(order).toEqual({
      id: expect.any(String),
      status: "pending",
      totalMonthly: "129.99",
      customer: { name: "Ada Lovelace", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
      serviceAddress: { line1: "1 Main St", line2: null, city: "Austin", state: "TX", zipCode: "78701" },
      moveInDate: "2026-12-01",
      installationDate: null,
      items: [
        {
          id: expect.any(String),
          status: "pending",
          offerId: internet.id,
          offerName: "Fiber 500",
          serviceType: "internet",
          providerName: "Fiber Co",
          monthlyPrice: "49.99",
          promoMonthlyPrice: null,
          promoDurationMonths: null,
          contractTermMonths: null,
          metadata: { handoff: null },
        },
        expect.objectContaining({ offerId: power.id, providerName: "Volt Energy", monthlyPrice: "80.00" }),
      ],
      handoffs: [],
      createdAt: expect.stringMatching(ISO),
    });
    expect(JSON.stringify(order)).not.toMatch(/commission|TeamId/);

    // The same order the reseller sees, through the same use case (customer record and all).
    const mine = await (await t.request("GET", `/reseller/orders/${order.id}`, { key: reseller.apiKey })).json();
    expect(mine).toMatchObject({
      id: order.id,
      isTraining: false,
      totalMonthly: "129.99",
      customer: { id: expect.any(String) },
    });

    // Each provider sees the records naming its team only, with the text rendered for its name.
    const fiberItem = await (
      await t.request("GET", `/provider/orders/${order.items[0].id}`, { key: fiber.apiKey })
    ).json();
    const common = {
      id: expect.any(String),
      phone: "+15125550123",
      email: "ada@example.com",
      ipAddress: "198.51.100.23",
      userAgent: UA,
      recordedAt: order.createdAt,
      revokedAt: null,
      revokedVia: null,
    };
    expect(fiberItem.order.consents).toEqual([
      {
        ...common,
        kind: "order_contact",
        granted: true,
        disclosureVersion: "order_contact.v1",
        disclosureText: renderDisclosure("order_contact.v1", "Fiber Co"),
      },
      {
        ...common,
        kind: "marketing_calls_texts",
        granted: false,
        disclosureVersion: "marketing_calls_texts.v1",
        disclosureText: renderDisclosure("marketing_calls_texts.v1", "Fiber Co"),
      },
    ]);
    expect(fiberItem.order.consents[0].disclosureText).toBe(
      "I agree that Fiber Co may contact me about this order, including its installation, activation and service, " +
        "by phone call, text message and e-mail at the phone number and e-mail address I provided. " +
        "Message and data rates may apply.",
    );
    const voltItem = await (
      await t.request("GET", `/provider/orders/${order.items[1].id}`, { key: volt.apiKey })
    ).json();
    expect(voltItem.order.consents.map((c: { disclosureText: string }) => c.disclosureText)).toEqual([
      renderDisclosure("order_contact.v1", "Volt Energy"),
      renderDisclosure("marketing_calls_texts.v1", "Volt Energy"),
    ]);

    // The stored text is the rendered text, byte for byte.
    const { rows } = await sql<{ disclosure_text: string; provider_team_id: string; disclosure_version: string }>`
      select disclosure_text, provider_team_id, disclosure_version from consent_records where order_id = ${order.id}
    `.execute(t.database.db);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      const name = row.provider_team_id === fiber.teamId ? "Fiber Co" : "Volt Energy";
      expect(row.disclosure_text).toBe(renderDisclosure(row.disclosure_version as "order_contact.v1", name));
    }

    // order.consent_recorded: one per record, to that provider only, declined decisions included.
    const events = await eventsOf(order.id);
    expect(events.map((e) => e.type).sort()).toEqual([
      "order.consent_recorded",
      "order.consent_recorded",
      "order.consent_recorded",
      "order.consent_recorded",
      "order.created",
      "order.item.created",
      "order.item.created",
    ]);
    const recorded = events.filter((e) => e.type === "order.consent_recorded");
    for (const event of recorded) {
      expect(event.reseller_team_ids).toEqual([]);
      expect(event.provider_team_ids).toEqual([event.data.providerTeamId]);
    }
    const declined = recorded.find(
      (e) => e.data.providerTeamId === volt.teamId && e.data.kind === "marketing_calls_texts",
    );
    expect(declined?.data).toEqual({
      consentId: expect.any(String),
      orderId: order.id,
      clickId: null,
      providerTeamId: volt.teamId,
      resellerTeamId: reseller.teamId,
      kind: "marketing_calls_texts",
      granted: false,
      disclosureVersion: "marketing_calls_texts.v1",
      disclosureText: renderDisclosure("marketing_calls_texts.v1", "Volt Energy"),
      phone: "+15125550123",
      email: "ada@example.com",
      ipAddress: "198.51.100.23",
      userAgent: UA,
      recordedAt: order.createdAt,
      training: false,
      sequence: expect.any(Number), // numbered with the order's other events
    });
  });

  it("answers 422 consent_required without a granted order_contact decision, and writes nothing", async () => {
    const { slug, internet } = await setup();
    const before = [await count("orders"), await count("consent_records"), await count("events")];
    const cases = [
      undefined,
      [],
      [{ ...ORDER_CONTACT, granted: false }],
      [{ ...MARKETING_DECLINED, granted: true }],
      [{ kind: "order_contact", granted: false, disclosureVersion: "handoff_contact.v1" }, MARKETING_DECLINED],
    ];
    for (const consents of cases) {
      const res = await shopOrder({
        storefrontSlug: slug,
        items: [{ offerId: internet.id }],
        customer: CUSTOMER,
        serviceAddress: ADDRESS,
        ...(consents === undefined ? {} : { consents }),
      });
      expect(res.status, JSON.stringify(consents)).toBe(422);
      expect(await res.json()).toEqual({
        statusCode: 422,
        message: "consents must include a granted order_contact decision",
        error: "Unprocessable Entity",
        code: "consent_required",
      });
    }
    expect([await count("orders"), await count("consent_records"), await count("events")]).toEqual(before);
  });

  it("accepts handoff_contact.v1 as the order_contact decision", async () => {
    const { slug, internet } = await setup();
    const res = await shopOrder({
      storefrontSlug: slug,
      items: [{ offerId: internet.id }],
      customer: CUSTOMER,
      serviceAddress: ADDRESS,
      consents: [{ kind: "order_contact", granted: true, disclosureVersion: "handoff_contact.v1" }],
    });
    expect(res.status).toBe(201);
  });

  it("answers 400 for an unknown version, a version of another kind, a repeat, or disclosure text sent", async () => {
    const { slug, internet } = await setup();
    const base = {
      storefrontSlug: slug,
      items: [{ offerId: internet.id }],
      customer: CUSTOMER,
      serviceAddress: ADDRESS,
    };
    const unknown = await shopOrder({
      ...base,
      consents: [{ kind: "order_contact", granted: true, disclosureVersion: "order_contact.v2" }],
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      statusCode: 400,
      message: [
        "consents.0.disclosureVersion must be one of the following values: order_contact.v1, marketing_calls_texts.v1, handoff_contact.v1",
      ],
      error: "Bad Request",
    });
    const mismatch = await shopOrder({
      ...base,
      consents: [
        ORDER_CONTACT,
        { kind: "marketing_calls_texts", granted: true, disclosureVersion: "handoff_contact.v1" },
      ],
    });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).message).toEqual([
      "consents.1.disclosureVersion handoff_contact.v1 is a disclosure of kind order_contact, not marketing_calls_texts",
    ]);
    const repeat = await shopOrder({ ...base, consents: [ORDER_CONTACT, ORDER_CONTACT] });
    expect((await repeat.json()).message).toEqual([
      "consents.1.disclosureVersion order_contact.v1 must not appear twice",
    ]);
    const text = await shopOrder({
      ...base,
      isTraining: true,
      consents: [{ ...ORDER_CONTACT, disclosureText: "I agree to anything" }],
    });
    expect(text.status).toBe(400);
    expect((await text.json()).message).toEqual([
      "property consents.0.disclosureText should not exist",
      "property isTraining should not exist",
    ]);
  });

  it("answers 404 for an unknown storefront and keeps the order rules (422 for an unavailable offer)", async () => {
    const { slug } = await setup();
    const body = {
      items: [{ offerId: randomUUID() }],
      customer: CUSTOMER,
      serviceAddress: ADDRESS,
      consents: [ORDER_CONTACT],
    };
    const unknown = await shopOrder({ ...body, storefrontSlug: "no-such-shop" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      statusCode: 404,
      message: "Storefront no-such-shop not found",
      error: "Not Found",
    });
    const unavailable = await shopOrder({ ...body, storefrontSlug: slug });
    expect(unavailable.status).toBe(422);
    expect((await unavailable.json()).code).toBe("offer_unavailable");
  });

  it("hands off lead_gen items exactly as a reseller order does", async () => {
    const { fiber, slug } = await setup();
    const leadGen = await publishOffer(t, fiber.apiKey, {
      name: "Partner Fiber",
      partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://partner.example.com/signup?ref={orderItemId}" },
    });
    const order = await (
      await shopOrder({
        storefrontSlug: slug,
        items: [{ offerId: leadGen.id }],
        customer: CUSTOMER,
        serviceAddress: ADDRESS,
        consents: [ORDER_CONTACT],
      })
    ).json();
    const itemId = order.items[0].id;
    expect(order.status).toBe("submitted");
    expect(order.handoffs).toEqual([
      {
        orderItemId: itemId,
        offerId: leadGen.id,
        offerName: "Partner Fiber",
        providerName: "Fiber Co",
        redirectUrl: `https://partner.example.com/signup?ref=${itemId}`,
      },
    ]);
  });
});
