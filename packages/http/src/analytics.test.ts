import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { createPublicApp, ManualClock, type PublicApp, publishOffer } from "../../../test/helpers/public-app.ts";

let t: TestApp;
let app: PublicApp;
const clock = new ManualClock("2026-03-07T12:00:00.000Z");
beforeAll(async () => {
  t = await createTestApp();
  // The same service with a clock the test moves: orders are placed at chosen instants.
  app = createPublicApp(t, { clock });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const CUSTOMER = { name: "Ada Lovelace", email: "ada@example.com", phone: "+15125550123", kind: "residential" };
const ADDRESS = { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" };
const ORDER_CONTACT = { kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" };

function call(method: string, path: string, key?: string, body?: unknown) {
  return app.request(method, path, { body, headers: key ? { "x-api-key": key } : {} });
}

async function ok(res: Response | Promise<Response>, status = 200) {
  const response = await res;
  expect(response.status, await response.clone().text()).toBe(status);
  const text = await response.text();
  return text === "" ? null : JSON.parse(text);
}

interface World {
  provider: { apiKey: string; teamId: string };
  reseller: { apiKey: string; teamId: string };
  fiber: string;
  power: string;
  brandId: string;
  marketId: string;
  storefrontId: string;
  linkId: string;
}

let world: World;

/**
 * One provider (fiber: internet 49.99 with commission 30.00, brand and market; power: electricity
 * 80.00), one reseller with a storefront and a link, and these orders:
 * 1. 2026-03-07 12:00Z, live, fiber + power: fiber accepted after 90 s, power rejected;
 * 2. the same time, training, fiber: accepted (never counted);
 * 3. 2026-03-08 04:30Z (23:30 on the 7th in New York), live, fiber: accepted after 2 h;
 * 4. 2026-03-08 06:00Z, live, fiber: cancelled then deleted (never counted);
 * 5. 2026-03-09 12:00Z, through the storefront, fiber: pending;
 * and clicks: two through the storefront, one through the link.
 */
async function build(): Promise<World> {
  const provider = await t.createTeam("provider", "Fiber Co");
  const reseller = await t.createTeam("reseller", "Shop Co");
  const brandId = (await ok(call("POST", "/provider/brands", provider.apiKey, { name: "Fibra" }), 201)).id;
  const marketId = (await ok(call("POST", "/provider/markets", provider.apiKey, { name: "Austin" }), 201)).id;
  await ok(call("POST", `/provider/markets/${marketId}/areas`, provider.apiKey, { value: "78701" }), 201);
  const fiber = (await publishOffer(t, provider.apiKey, { name: "Fiber 500", brandId, marketIds: [marketId] })).id;
  const power = (
    await publishOffer(t, provider.apiKey, {
      name: "Green 12",
      serviceType: "electricity",
      monthlyPrice: "80.00",
      commission: "10.00",
      internet: undefined,
      electricity: { ratePerKwh: "0.1425", rateType: "fixed", termMonths: 12 },
    })
  ).id;
  const storefront = await ok(call("PUT", "/reseller/storefront", reseller.apiKey, { slug: "shop-analytics" }), 201);
  const link = await ok(
    call("POST", "/reseller/links", reseller.apiKey, { offerIds: [fiber], name: "Spring campaign" }),
    201,
  );
  const place = async (offerIds: string[], isTraining = false) =>
    ok(
      call("POST", "/reseller/orders", reseller.apiKey, {
        items: offerIds.map((offerId) => ({ offerId })),
        customer: CUSTOMER,
        serviceAddress: ADDRESS,
        isTraining,
      }),
      201,
    );
  const move = (itemId: string, status: string) =>
    ok(call("PATCH", `/provider/orders/${itemId}/status`, provider.apiKey, { status }));

  clock.set("2026-03-07T12:00:00.000Z");
  const first = await place([fiber, power]);
  const training = await place([fiber], true);
  clock.advance(90_000);
  await move(first.items[0].id, "accepted");
  await move(first.items[1].id, "rejected");
  await move(training.items[0].id, "accepted");

  clock.set("2026-03-08T04:30:00.000Z");
  const third = await place([fiber]);
  clock.advance(2 * 3600_000);
  await move(third.items[0].id, "accepted");

  clock.set("2026-03-08T06:00:00.000Z");
  const deleted = await place([fiber]);
  await ok(call("PATCH", `/reseller/orders/${deleted.id}/cancel`, reseller.apiKey));
  await ok(call("DELETE", `/reseller/orders/${deleted.id}`, reseller.apiKey));

  clock.set("2026-03-09T12:00:00.000Z");
  await ok(
    call("POST", "/public/shop/orders", undefined, {
      storefrontSlug: "shop-analytics",
      items: [{ offerId: fiber }],
      customer: { ...CUSTOMER, email: "grace@example.com", phone: "+15125550124" },
      serviceAddress: ADDRESS,
      consents: [ORDER_CONTACT],
    }),
    201,
  );
  for (const body of [
    { storefrontSlug: "shop-analytics", offerId: fiber },
    { storefrontSlug: "shop-analytics", offerId: fiber },
    { linkSlug: link.slug, offerId: fiber },
  ]) {
    await ok(call("POST", "/public/shop/clicks", undefined, body), 201);
  }
  return { provider, reseller, fiber, power, brandId, marketId, storefrontId: storefront.id, linkId: link.id };
}

beforeAll(async () => {
  world = await build();
});

const RANGE = "from=2026-03-07&to=2026-03-09";

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

describe("analytics: bad input is 400 in the envelope", () => {
  const cases: [string, string, string][] = [
    ["an unknown parameter", `${RANGE}&limit=5`, "property limit should not exist"],
    ["a missing from", "to=2026-03-09", "from is required: a calendar date YYYY-MM-DD"],
    ["a missing to", "from=2026-03-09", "to is required: a calendar date YYYY-MM-DD"],
    ["a malformed date", "from=2026-13-01&to=2026-12-31", "from must be a calendar date YYYY-MM-DD from 1970-01-01"],
    ["a date with a time", "from=2026-03-01T00:00:00Z&to=2026-12-31", "from must be a calendar date"],
    ["an inverted range", "from=2026-03-09&to=2026-03-08", "to must not be before from"],
    ["a range over 2 years", "from=2024-01-01&to=2026-01-01", "the range from from to to must be at most 731 days"],
    ["an unknown time zone", `${RANGE}&timeZone=Mars/Olympus`, "timeZone must be an IANA time zone name"],
    ["an offset instead of a zone", `${RANGE}&timeZone=%2B05:00`, "timeZone must be an IANA time zone name"],
    ["an unknown granularity", `${RANGE}&granularity=year`, "granularity"],
    ["an unknown training view", `${RANGE}&training=yes`, "training"],
  ];
  for (const [name, query, message] of cases) {
    it(`rejects ${name}, on both roles`, async () => {
      for (const [role, key] of [
        ["provider", world.provider.apiKey],
        ["reseller", world.reseller.apiKey],
      ] as const) {
        const res = await call("GET", `/${role}/analytics?${query}`, key);
        expect(res.status, `${role}: ${query}`).toBe(400);
        const body = await res.json();
        expect(body).toEqual({ statusCode: 400, error: "Bad Request", message: expect.any(Array) });
        expect(body.message.join("\n")).toContain(message);
      }
    });
  }

  it("accepts exactly 731 days (two years with a leap day)", async () => {
    await ok(call("GET", "/provider/analytics?from=2024-01-01&to=2025-12-31&granularity=month", world.provider.apiKey));
  });

  it("rejects malformed filters of each role", async () => {
    const provider = [
      ["offer=abc", "offer must be a UUID"],
      ["brand=abc", "brand must be a UUID"],
      ["market=abc", "market must be a UUID"],
      ["serviceType=water", "serviceType"],
      [`storefront=${world.storefrontId}`, "property storefront should not exist"],
    ];
    for (const [query, message] of provider) {
      const res = await call("GET", `/provider/analytics?${RANGE}&${query}`, world.provider.apiKey);
      expect(res.status, query).toBe(400);
      expect((await res.json()).message.join("\n")).toContain(message);
    }
    const reseller = [
      ["storefront=abc", "storefront must be a UUID"],
      ["link=abc", "link must be a UUID"],
      ["provider=abc", "provider must be a UUID"],
      [`offer=${world.fiber}`, "property offer should not exist"],
    ];
    for (const [query, message] of reseller) {
      const res = await call("GET", `/reseller/analytics?${RANGE}&${query}`, world.reseller.apiKey);
      expect(res.status, query).toBe(400);
      expect((await res.json()).message.join("\n")).toContain(message);
    }
  });

  it("is 401 without a key and 403 for the other role", async () => {
    expect((await call("GET", `/provider/analytics?${RANGE}`)).status).toBe(401);
    expect((await call("GET", `/provider/analytics?${RANGE}`, world.reseller.apiKey)).status).toBe(403);
    expect((await call("GET", `/reseller/analytics?${RANGE}`, world.provider.apiKey)).status).toBe(403);
  });

  it("is declared in the OpenAPI document with every parameter", async () => {
    const doc = await (await t.request("GET", "/openapi.json")).json();
    const names = (path: string) => doc.paths[path].get.parameters.map((p: { name: string }) => p.name).sort();
    expect(names("/provider/analytics")).toEqual(
      ["brand", "from", "granularity", "market", "offer", "serviceType", "timeZone", "to", "training"].sort(),
    );
    expect(names("/reseller/analytics")).toEqual(
      ["from", "granularity", "link", "provider", "storefront", "timeZone", "to", "training"].sort(),
    );
    expect(doc.paths["/provider/analytics"].get.description).toContain("Excluded: training orders and orders deleted");
  });
});
