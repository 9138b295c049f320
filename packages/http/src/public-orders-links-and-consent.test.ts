import { describe, expect, it } from "vitest";
import {
  ADDRESS,
  CUSTOMER,
  eventsOf,
  MARKETING_DECLINED,
  ORDER_CONTACT,
  pub,
  setup,
  setupPublicOrdersApp,
  t,
} from "../../../test/helpers/http/public-orders.ts";

setupPublicOrdersApp();

describe("POST /public/links/{slug}/orders", () => {
  it("orders the link's offers for the link's reseller; other offers 422; unknown or deleted links 404", async () => {
    const { fiber, reseller, internet, power } = await setup();
    const link = await (
      await t.request("POST", "/reseller/links", { key: reseller.apiKey, body: { offerIds: [internet.id] } })
    ).json();
    const body = { customer: CUSTOMER, serviceAddress: ADDRESS, consents: [ORDER_CONTACT, MARKETING_DECLINED] };
    const res = await pub.request("POST", `/public/links/${link.slug}/orders`, {
      body: { ...body, items: [{ offerId: internet.id }] },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const order = await res.json();
    const orders = await (await t.request("GET", "/reseller/orders", { key: reseller.apiKey })).json();
    expect(orders.map((o: { id: string }) => o.id)).toContain(order.id);
    const item = await (await t.request("GET", `/provider/orders/${order.items[0].id}`, { key: fiber.apiKey })).json();
    expect(item.order.consents.map((c: { disclosureVersion: string }) => c.disclosureVersion)).toEqual([
      "order_contact.v1",
      "marketing_calls_texts.v1",
    ]);

    const outside = await pub.request("POST", `/public/links/${link.slug}/orders`, {
      body: { ...body, items: [{ offerId: internet.id }, { offerId: power.id }] },
    });
    expect(outside.status).toBe(422);
    expect(await outside.json()).toEqual({
      statusCode: 422,
      message: `Offer ${power.id} is not offered through this link`,
      error: "Unprocessable Entity",
      code: "offer_unavailable",
    });

    const noConsent = await pub.request("POST", `/public/links/${link.slug}/orders`, {
      body: { ...body, consents: [MARKETING_DECLINED], items: [{ offerId: internet.id }] },
    });
    expect(noConsent.status).toBe(422);
    expect((await noConsent.json()).code).toBe("consent_required");

    const unknown = await pub.request("POST", "/public/links/zzzzzzzzzz/orders", {
      body: { ...body, items: [{ offerId: internet.id }] },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ statusCode: 404, message: "Link zzzzzzzzzz not found", error: "Not Found" });
    await t.request("DELETE", `/reseller/links/${link.id}`, { key: reseller.apiKey });
    const deleted = await pub.request("POST", `/public/links/${link.slug}/orders`, {
      body: { ...body, items: [{ offerId: internet.id }] },
    });
    expect(deleted.status).toBe(404);
  });
});

describe("consent records of reseller orders", () => {
  it("a reseller order records no consent and the provider item shows an empty list", async () => {
    const { fiber, reseller, internet } = await setup();
    const order = await (
      await t.request("POST", "/reseller/orders", {
        key: reseller.apiKey,
        body: { items: [{ offerId: internet.id }], customer: CUSTOMER, serviceAddress: ADDRESS },
      })
    ).json();
    const item = await (await t.request("GET", `/provider/orders/${order.items[0].id}`, { key: fiber.apiKey })).json();
    expect(item.order.consents).toEqual([]);
    expect((await eventsOf(order.id)).map((e) => e.type)).not.toContain("order.consent_recorded");
  });
});
