import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "../app.ts";
import { createPublicApp, ManualClock, type PublicApp, publishOffer } from "../public-app.ts";

export let t: TestApp;
export let app: PublicApp;
export const clock = new ManualClock("2026-03-07T12:00:00.000Z");

export const CUSTOMER = { name: "Ada Lovelace", email: "ada@example.com", phone: "+15125550123", kind: "residential" };
export const ADDRESS = { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" };
export const ORDER_CONTACT = { kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" };

export function call(method: string, path: string, key?: string, body?: unknown) {
  return app.request(method, path, { body, headers: key ? { "x-api-key": key } : {} });
}

export async function ok(res: Response | Promise<Response>, status = 200) {
  const response = await res;
  expect(response.status, await response.clone().text()).toBe(status);
  const text = await response.text();
  return text === "" ? null : JSON.parse(text);
}

export interface World {
  provider: { apiKey: string; teamId: string };
  reseller: { apiKey: string; teamId: string };
  fiber: string;
  power: string;
  brandId: string;
  marketId: string;
  storefrontId: string;
  linkId: string;
}

export let world: World;

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
export async function build(): Promise<World> {
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

export const RANGE = "from=2026-03-07&to=2026-03-09";

/** Registers the hooks of an analytics test file: a test app with a manual clock and the world of orders that build() places. */
export function setupAnalyticsWorld(): void {
  beforeAll(async () => {
    t = await createTestApp();
    // The same service with a clock the test moves: orders are placed at chosen instants.
    app = createPublicApp(t, { clock });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });
  beforeAll(async () => {
    world = await build();
  });
}
