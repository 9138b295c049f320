import { describe, expect, it } from "vitest";
import {
  activeOffer,
  CUSTOMER,
  eventsOf,
  ISO,
  place,
  setup,
  setupOrdersApp,
  t,
} from "../../../test/helpers/http/orders.ts";

setupOrdersApp();

describe("commissions and customers", () => {
  it("accrues commission on accept (handoff items too), never for training orders", async () => {
    const { provider, reseller } = await setup();
    const offer = await activeOffer(provider.apiKey, { commission: "30.00" });
    const leadGen = await activeOffer(provider.apiKey, {
      commission: "12.50",
      partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://partner.example.com/{orderItemId}" },
    });
    const live = await (await place(reseller.apiKey, [offer.id, leadGen.id])).json();
    const training = await (await place(reseller.apiKey, [offer.id], { isTraining: true })).json();
    for (const item of [...live.items, ...training.items]) {
      await t.request("PATCH", `/provider/orders/${item.id}/status`, {
        key: provider.apiKey,
        body: { status: "accepted" },
      });
    }
    const liveAfter = await (await t.request("GET", `/reseller/orders/${live.id}`, { key: reseller.apiKey })).json();
    expect(liveAfter.items.map((i: { commission: { amount: string } | null }) => i.commission?.amount)).toEqual([
      "30.00",
      "12.50",
    ]);
    expect(liveAfter.items[0].commission.accruedAt).toMatch(ISO);
    const trainingAfter = await (
      await t.request("GET", `/reseller/orders/${training.id}`, { key: reseller.apiKey })
    ).json();
    expect(trainingAfter.items[0]).toMatchObject({ status: "accepted", isTraining: true, commission: null });
    expect(trainingAfter.customer.id).toBeNull();
    const trainingEvents = await eventsOf(training.id);
    expect(trainingEvents.every((e) => e.data.training === true)).toBe(true);
  });

  it("lists customers for resellers (kind filter) and providers, excluding training orders", async () => {
    const { provider, reseller } = await setup();
    const offer = await activeOffer(provider.apiKey);
    const order = await (await place(reseller.apiKey, [offer.id])).json();
    await place(reseller.apiKey, [offer.id], {
      customer: { ...CUSTOMER, email: "biz@example.com", phone: "+15125550999", kind: "business" },
    });
    await place(reseller.apiKey, [offer.id], {
      isTraining: true,
      customer: { ...CUSTOMER, email: "trainee@example.com", phone: "+15125550111" },
    });
    const all = await (await t.request("GET", "/reseller/customers", { key: reseller.apiKey })).json();
    expect(all.map((c: { email: string }) => c.email).sort()).toEqual(["ada@example.com", "biz@example.com"]);
    const business = await (
      await t.request("GET", "/reseller/customers?kind=business", { key: reseller.apiKey })
    ).json();
    expect(business.map((c: { email: string }) => c.email)).toEqual(["biz@example.com"]);
    const bad = await t.request("GET", "/reseller/customers?kind=vip", { key: reseller.apiKey });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toEqual(["kind must be one of the following values: residential, business"]);

    const providerList = await (await t.request("GET", "/provider/customers", { key: provider.apiKey })).json();
    expect(providerList).toHaveLength(2);
    const detail = await (
      await t.request("GET", `/provider/customers/${order.customer.id}`, { key: provider.apiKey })
    ).json();
    expect(detail).toMatchObject({ id: order.customer.id, email: "ada@example.com", kind: "residential" });
    expect(detail.items.map((i: { orderId: string }) => i.orderId)).toEqual([order.id]);
    const otherProvider = await t.createTeam("provider");
    expect(
      (await t.request("GET", `/provider/customers/${order.customer.id}`, { key: otherProvider.apiKey })).status,
    ).toBe(404);
    expect(await (await t.request("GET", "/provider/customers", { key: otherProvider.apiKey })).json()).toEqual([]);
  });
});
