import { describe, expect, it } from "vitest";
import { call, ok, RANGE, setupAnalyticsWorld, t, world } from "../../../test/helpers/http/analytics.ts";

setupAnalyticsWorld();

describe("GET /provider/analytics", () => {
  it("answers the figures without training and deleted orders, stated in the response", async () => {
    const body = await ok(call("GET", `/provider/analytics?${RANGE}`, world.provider.apiKey));
    expect(body).toMatchObject({
      from: "2026-03-07",
      to: "2026-03-09",
      timeZone: "UTC",
      granularity: "day",
      excluded: ["trainingOrders", "deletedOrders"],
      filters: { offer: null, brand: null, market: null, serviceType: null },
    });
    expect(Date.parse(body.asOf)).toBeGreaterThan(0);
    expect(body.totals).toEqual({
      itemsReceived: 4,
      itemsAccepted: 2,
      itemsRejected: 1,
      itemsCompleted: 0,
      itemsCancelled: 0,
      acceptanceRate: 0.5,
      totalMonthlyAccepted: "99.98",
      commissionAccrued: "60.00",
      timeToAccept: { accepted: 2, medianSeconds: 60, p90Seconds: 7200 },
    });
    expect(
      body.series.map((p: { start: string; end: string; itemsReceived: number }) => [p.start, p.end, p.itemsReceived]),
    ).toEqual([
      ["2026-03-07", "2026-03-07", 2],
      ["2026-03-08", "2026-03-08", 1],
      ["2026-03-09", "2026-03-09", 1],
    ]);
    expect(body.topOffers).toEqual([
      expect.objectContaining({ offerId: world.fiber, offerName: "Fiber 500", itemsReceived: 3, itemsAccepted: 2 }),
      expect.objectContaining({ offerId: world.power, offerName: "Green 12", itemsReceived: 1, itemsRejected: 1 }),
    ]);
  });

  it("cuts days in the asked time zone: 04:30Z on the 8th is the 7th in New York", async () => {
    const body = await ok(call("GET", `/provider/analytics?${RANGE}&timeZone=America/New_York`, world.provider.apiKey));
    expect(body.timeZone).toBe("America/New_York");
    expect(body.series.map((p: { itemsReceived: number }) => p.itemsReceived)).toEqual([3, 0, 1]);
    expect(body.totals.itemsReceived).toBe(4);
  });

  it("cuts weeks (ISO, Monday first) and months, clipped to the range", async () => {
    const weeks = await ok(
      call("GET", "/provider/analytics?from=2026-03-01&to=2026-03-31&granularity=week", world.provider.apiKey),
    );
    expect(weeks.series.map((p: { start: string; end: string }) => [p.start, p.end])).toEqual([
      ["2026-03-01", "2026-03-01"],
      ["2026-03-02", "2026-03-08"],
      ["2026-03-09", "2026-03-15"],
      ["2026-03-16", "2026-03-22"],
      ["2026-03-23", "2026-03-29"],
      ["2026-03-30", "2026-03-31"],
    ]);
    expect(weeks.series.map((p: { itemsReceived: number }) => p.itemsReceived)).toEqual([0, 3, 1, 0, 0, 0]);
    const months = await ok(
      call("GET", "/provider/analytics?from=2026-02-15&to=2026-04-02&granularity=month", world.provider.apiKey),
    );
    expect(
      months.series.map((p: { start: string; end: string; itemsReceived: number }) => [
        p.start,
        p.end,
        p.itemsReceived,
      ]),
    ).toEqual([
      ["2026-02-15", "2026-02-28", 0],
      ["2026-03-01", "2026-03-31", 4],
      ["2026-04-01", "2026-04-02", 0],
    ]);
  });

  it("filters by offer, brand, market and service type (AND)", async () => {
    const q = (filter: string) => call("GET", `/provider/analytics?${RANGE}&${filter}`, world.provider.apiKey);
    expect((await ok(q(`offer=${world.fiber}`))).totals.itemsReceived).toBe(3);
    expect((await ok(q(`offer=${world.power}`))).totals.itemsRejected).toBe(1);
    expect((await ok(q(`brand=${world.brandId}`))).totals.itemsReceived).toBe(3);
    expect((await ok(q(`market=${world.marketId}`))).totals.itemsAccepted).toBe(2);
    const electricity = await ok(q("serviceType=electricity"));
    expect(electricity.totals).toMatchObject({ itemsReceived: 1, itemsAccepted: 0, acceptanceRate: 0 });
    expect(electricity.totals.timeToAccept).toEqual({ accepted: 0, medianSeconds: null, p90Seconds: null });
    expect(electricity.filters.serviceType).toBe("electricity");
    expect((await ok(q(`serviceType=internet&offer=${world.power}`))).totals.itemsReceived).toBe(0);
    expect((await ok(q(`offer=${crypto.randomUUID()}`))).totals.acceptanceRate).toBeNull();
  });

  it("shows another team nothing of these orders", async () => {
    const other = await t.createTeam("provider");
    const body = await ok(call("GET", `/provider/analytics?${RANGE}`, other.apiKey));
    expect(body.totals.itemsReceived).toBe(0);
    expect(body.topOffers).toEqual([]);
    expect(
      (await ok(call("GET", `/provider/analytics?${RANGE}&offer=${world.fiber}`, other.apiKey))).totals.itemsReceived,
    ).toBe(0);
  });
});

describe("GET /reseller/analytics", () => {
  it("answers orders, items by status, money, clicks and conversion per storefront and link", async () => {
    const body = await ok(call("GET", `/reseller/analytics?${RANGE}`, world.reseller.apiKey));
    expect(body).toMatchObject({ excluded: ["trainingOrders", "deletedOrders"], timeZone: "UTC", granularity: "day" });
    expect(body.totals).toEqual({
      ordersPlaced: 3,
      itemsByStatus: { pending: 1, handoff: 0, accepted: 2, rejected: 1, scheduled: 0, completed: 0, cancelled: 0 },
      totalMonthlyOrdered: "229.97",
      totalMonthlyAccepted: "99.98",
      commissionEarned: "60.00",
      clicks: 3,
    });
    expect(body.series.map((p: { ordersPlaced: number }) => p.ordersPlaced)).toEqual([1, 1, 1]);
    expect(body.storefronts).toEqual([
      { storefrontId: world.storefrontId, slug: "shop-analytics", clicks: 2, orders: 1, conversion: 0.5 },
    ]);
    expect(body.links).toEqual([
      { linkId: world.linkId, slug: expect.any(String), name: "Spring campaign", clicks: 1, orders: 0, conversion: 0 },
    ]);
  });

  it("filters by storefront, link and provider", async () => {
    const q = (filter: string) => call("GET", `/reseller/analytics?${RANGE}&${filter}`, world.reseller.apiKey);
    const shop = await ok(q(`storefront=${world.storefrontId}`));
    expect(shop.totals).toMatchObject({ ordersPlaced: 1, clicks: 2, totalMonthlyOrdered: "49.99" });
    expect(shop.links).toEqual([]);
    const link = await ok(q(`link=${world.linkId}`));
    expect(link.totals).toMatchObject({ ordersPlaced: 0, clicks: 1 });
    expect(link.storefronts).toEqual([]);
    const provider = await ok(q(`provider=${world.provider.teamId}`));
    expect(provider.totals).toMatchObject({ ordersPlaced: 3, totalMonthlyOrdered: "229.97", clicks: 3 });
    const nobody = await ok(q(`provider=${crypto.randomUUID()}`));
    expect(nobody.totals).toMatchObject({ ordersPlaced: 0, clicks: 0, commissionEarned: "0.00" });
    expect(nobody.storefronts).toEqual([
      { storefrontId: world.storefrontId, slug: "shop-analytics", clicks: 0, orders: 0, conversion: null },
    ]);
    // A storefront id of another team, or a link id given as a storefront, counts nothing.
    expect((await ok(q(`storefront=${world.linkId}`))).totals.clicks).toBe(0);
  });
});

describe("the training view (training=only)", () => {
  it("counts the training orders alone, for the provider (training accrues no commission)", async () => {
    const body = await ok(call("GET", `/provider/analytics?${RANGE}&training=only`, world.provider.apiKey));
    expect(body).toMatchObject({ training: "only", excluded: ["liveOrders", "deletedOrders", "clicks"] });
    expect(body.totals).toEqual({
      itemsReceived: 1,
      itemsAccepted: 1,
      itemsRejected: 0,
      itemsCompleted: 0,
      itemsCancelled: 0,
      acceptanceRate: 1,
      totalMonthlyAccepted: "49.99",
      commissionAccrued: "0.00",
      timeToAccept: { accepted: 1, medianSeconds: 60, p90Seconds: 60 },
    });
    expect(body.series.map((p: { itemsReceived: number }) => p.itemsReceived)).toEqual([1, 0, 0]);
    expect(body.topOffers).toEqual([
      expect.objectContaining({ offerId: world.fiber, offerName: "Fiber 500", itemsReceived: 1, itemsAccepted: 1 }),
    ]);
    const live = await ok(call("GET", `/provider/analytics?${RANGE}&training=exclude`, world.provider.apiKey));
    expect(live).toMatchObject({ training: "exclude", excluded: ["trainingOrders", "deletedOrders"] });
    expect(live.totals.itemsReceived).toBe(4);
    const filtered = await ok(
      call("GET", `/provider/analytics?${RANGE}&training=only&serviceType=electricity`, world.provider.apiKey),
    );
    expect(filtered.totals.itemsReceived).toBe(0);
  });

  it("counts the training orders alone, for the reseller, without clicks", async () => {
    const body = await ok(call("GET", `/reseller/analytics?${RANGE}&training=only`, world.reseller.apiKey));
    expect(body.totals).toEqual({
      ordersPlaced: 1,
      itemsByStatus: { pending: 0, handoff: 0, accepted: 1, rejected: 0, scheduled: 0, completed: 0, cancelled: 0 },
      totalMonthlyOrdered: "49.99",
      totalMonthlyAccepted: "49.99",
      commissionEarned: "0.00",
      clicks: 0,
    });
    expect(body.storefronts).toEqual([
      { storefrontId: world.storefrontId, slug: "shop-analytics", clicks: 0, orders: 0, conversion: null },
    ]);
    const other = await ok(
      call("GET", `/reseller/analytics?${RANGE}&training=only&provider=${crypto.randomUUID()}`, world.reseller.apiKey),
    );
    expect(other.totals.ordersPlaced).toBe(0);
    const newYork = await ok(
      call("GET", `/reseller/analytics?${RANGE}&training=only&timeZone=America/New_York`, world.reseller.apiKey),
    );
    expect(newYork.series.map((p: { ordersPlaced: number }) => p.ordersPlaced)).toEqual([1, 0, 0]);
  });
});
