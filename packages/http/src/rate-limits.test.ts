import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { createPublicApp, ManualClock, type PublicApp, publishOffer } from "../../../test/helpers/public-app.ts";
import { createApp } from "./app.ts";
import { normalizeIp } from "./client-ip.ts";

let t: TestApp;
const apps: PublicApp[] = [];
let shop: { slug: string; offerId: string; linkSlug: string };

beforeAll(async () => {
  t = await createTestApp();
  const provider = await t.createTeam("provider", "Fiber Co");
  const reseller = await t.createTeam("reseller");
  const slug = `limits-${randomUUID().slice(0, 8)}`;
  await t.request("PUT", "/reseller/storefront", { key: reseller.apiKey, body: { slug } });
  const offer = await publishOffer(t, provider.apiKey);
  const link = await (
    await t.request("POST", "/reseller/links", { key: reseller.apiKey, body: { offerIds: [offer.id] } })
  ).json();
  shop = { slug, offerId: offer.id, linkSlug: link.slug };
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await t.close();
});

/** Another app over the same database (its own pool: another process, as PostgreSQL sees it). */
function app(options: Parameters<typeof createPublicApp>[1] = {}) {
  const created = createPublicApp(t, options);
  apps.push(created);
  return created;
}

const TOO_MANY = (limit: number) => ({
  statusCode: 429,
  message: `Too many requests: at most ${limit} per minute from one client address; retry later`,
  error: "Too Many Requests",
});

const clickBody = () => ({ storefrontSlug: shop.slug, offerId: shop.offerId });
const orderBody = () => ({
  storefrontSlug: shop.slug,
  items: [{ offerId: shop.offerId }],
  customer: { name: "Ada", email: `${randomUUID()}@example.com`, phone: "+15125550123", kind: "residential" },
  serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
  consents: [{ kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" }],
});

function expectNoRateLimitHeaders(res: Response) {
  expect(res.headers.get("retry-after")).toBeNull();
  for (const name of res.headers.keys()) expect(name).not.toMatch(/ratelimit/i);
}

describe("POST /public/shop/clicks: 30 a minute per client IP", () => {
  it("answers the 31st click from one IP with 429 (the envelope, no Retry-After) while another IP passes", async () => {
    const a = app({ clock: new ManualClock("2026-06-01T12:00:15.000Z") });
    const ip = "198.51.100.10";
    for (let i = 1; i <= 30; i++) {
      const res = await a.request("POST", "/public/shop/clicks", { body: clickBody(), peer: ip });
      expect(res.status, `click ${i}`).toBe(201);
      expectNoRateLimitHeaders(res);
    }
    const refused = await a.request("POST", "/public/shop/clicks", { body: clickBody(), peer: ip });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(TOO_MANY(30));
    expectNoRateLimitHeaders(refused);
    expect((await a.request("POST", "/public/shop/clicks", { body: clickBody(), peer: "198.51.100.11" })).status).toBe(
      201,
    );
    // Requests count before validation: a malformed click from the full IP is still 429.
    expect((await a.request("POST", "/public/shop/clicks", { body: {}, peer: ip })).status).toBe(429);
  });

  it("slides: a fixed window would reset on the minute, this one frees each request 60 s after it", async () => {
    const clock = new ManualClock("2026-06-01T13:00:30.000Z");
    const a = app({ clock });
    const ip = "198.51.100.20";
    const send = () => a.request("POST", "/public/shop/clicks", { body: {}, peer: ip });
    for (let i = 0; i < 10; i++) expect((await send()).status).toBe(400);
    clock.set("2026-06-01T13:00:50.000Z");
    for (let i = 0; i < 20; i++) expect((await send()).status).toBe(400);
    clock.set("2026-06-01T13:00:55.000Z");
    expect((await send()).status).toBe(429);
    // 13:01:05: a new minute, but the last 60 s still hold 30 requests.
    clock.set("2026-06-01T13:01:05.000Z");
    expect((await send()).status).toBe(429);
    // 13:01:30.001: the ten of 13:00:30 have left the window; ten more fit, not eleven.
    clock.set("2026-06-01T13:01:30.001Z");
    for (let i = 0; i < 10; i++) expect((await send()).status).toBe(400);
    expect((await send()).status).toBe(429);
  });

  it("shares one window between two server processes on one database", async () => {
    const clock = new ManualClock("2026-06-01T14:00:00.000Z");
    const first = app({ clock });
    const second = app({ clock });
    const ip = "198.51.100.30";
    for (let i = 0; i < 30; i++) {
      const res = await (i % 2 === 0 ? first : second).request("POST", "/public/shop/clicks", {
        body: clickBody(),
        peer: ip,
      });
      expect(res.status).toBe(201);
    }
    expect((await first.request("POST", "/public/shop/clicks", { body: clickBody(), peer: ip })).status).toBe(429);
    expect((await second.request("POST", "/public/shop/clicks", { body: clickBody(), peer: ip })).status).toBe(429);
  });

  it("admits exactly 30 of 45 concurrent clicks sent to two processes", async () => {
    const clock = new ManualClock("2026-06-01T15:00:00.000Z");
    const [first, second] = [app({ clock }), app({ clock })];
    const ip = "198.51.100.40";
    const statuses = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        (i % 2 === 0 ? first : second)
          ?.request("POST", "/public/shop/clicks", { body: {}, peer: ip })
          .then((res) => res.status),
      ),
    );
    expect(statuses.filter((s) => s === 400)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});

describe("public orders: 10 a minute per client IP on POST /public/shop/orders only", () => {
  it("answers the 11th shop order from one IP with 429; link orders are not limited and use no allowance", async () => {
    const a = app({ clock: new ManualClock("2026-06-02T09:00:00.000Z") });
    const ip = "198.51.100.50";
    const { storefrontSlug: _, ...linkOrder } = orderBody();
    for (let i = 0; i < 12; i++) {
      const res = await a.request("POST", `/public/links/${shop.linkSlug}/orders`, { body: linkOrder, peer: ip });
      expect(res.status).toBe(201);
    }
    for (let i = 0; i < 10; i++) {
      expect((await a.request("POST", "/public/shop/orders", { body: orderBody(), peer: ip })).status).toBe(201);
    }
    const shopRefused = await a.request("POST", "/public/shop/orders", { body: orderBody(), peer: ip });
    expect(shopRefused.status).toBe(429);
    expect(await shopRefused.json()).toEqual(TOO_MANY(10));
    expectNoRateLimitHeaders(shopRefused);
    expect(
      (await a.request("POST", `/public/links/${shop.linkSlug}/orders`, { body: linkOrder, peer: ip })).status,
    ).toBe(201);
    // Clicks have their own budget; other public endpoints are not limited.
    expect((await a.request("POST", "/public/shop/clicks", { body: clickBody(), peer: ip })).status).toBe(201);
    expect((await a.request("GET", `/public/links/${shop.linkSlug}`, { peer: ip })).status).toBe(200);
    expect(
      (await a.request("POST", "/public/consent/revoke", { body: { phone: "+15125550000" }, peer: ip })).status,
    ).toBe(200);
  });
});

describe("opt-in limits: link orders and consent withdrawals", () => {
  const linkOrderBody = () => {
    const { storefrontSlug: _, ...body } = orderBody();
    return body;
  };

  it("are off by default: link orders and withdrawals from one IP are never 429", async () => {
    const a = app({ clock: new ManualClock("2026-06-06T09:00:00.000Z") });
    const ip = "198.51.100.90";
    for (let i = 0; i < 12; i++) {
      const res = await a.request("POST", `/public/links/${shop.linkSlug}/orders`, { body: linkOrderBody(), peer: ip });
      expect(res.status, `link order ${i + 1}`).toBe(201);
    }
    for (let i = 0; i < 40; i++) {
      const res = await a.request("POST", "/public/consent/revoke", { body: { phone: "+15125550000" }, peer: ip });
      expect(res.status, `withdrawal ${i + 1}`).toBe(200);
    }
  });

  it("limit link orders per client IP when set, on their own budget (checkout orders keep theirs)", async () => {
    const clock = new ManualClock("2026-06-06T10:00:00.000Z");
    const a = app({ clock, app: { optInRateLimits: { linkOrders: 3 } } });
    const ip = "198.51.100.91";
    const send = (body: unknown = linkOrderBody(), peer = ip) =>
      a.request("POST", `/public/links/${shop.linkSlug}/orders`, { body, peer });
    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(201);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(TOO_MANY(3));
    expectNoRateLimitHeaders(refused);
    // Refused before validation (a malformed body counts too) and before any write.
    expect((await send({})).status).toBe(429);
    expect((await send(linkOrderBody(), "198.51.100.92")).status).toBe(201);
    expect((await a.request("POST", "/public/shop/orders", { body: orderBody(), peer: ip })).status).toBe(201);
    // Withdrawals stay unlimited when only link orders are limited.
    for (let i = 0; i < 5; i++) {
      expect(
        (await a.request("POST", "/public/consent/revoke", { body: { phone: "+15125550000" }, peer: ip })).status,
      ).toBe(200);
    }
    clock.advance(60_001);
    expect((await send()).status).toBe(201);
  });

  it("limit consent withdrawals per client IP when set", async () => {
    const a = app({
      clock: new ManualClock("2026-06-06T11:00:00.000Z"),
      app: { optInRateLimits: { consentRevoke: 2 } },
    });
    const ip = "198.51.100.93";
    const revoke = (body: unknown, peer = ip) => a.request("POST", "/public/consent/revoke", { body, peer });
    expect((await revoke({ phone: "+15125550000" })).status).toBe(200);
    expect((await revoke({ email: "nobody@example.com" })).status).toBe(200);
    const refused = await revoke({ phone: "+15125550000" });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(TOO_MANY(2));
    expectNoRateLimitHeaders(refused);
    expect((await revoke({ phone: "not a phone" })).status).toBe(429);
    expect((await revoke({ phone: "+15125550000" }, "198.51.100.94")).status).toBe(200);
    // Link orders stay unlimited when only withdrawals are limited.
    for (let i = 0; i < 4; i++) {
      const res = await a.request("POST", `/public/links/${shop.linkSlug}/orders`, { body: linkOrderBody(), peer: ip });
      expect(res.status).toBe(201);
    }
  });

  it("are stated by the OpenAPI document exactly as configured", async () => {
    const summaries = async (options: Partial<Parameters<typeof createApp>[0]>) => {
      const doc = await (await app({ app: options }).request("GET", "/openapi.json")).json();
      const link = doc.paths["/public/links/{slug}/orders"].post;
      const revoke = doc.paths["/public/consent/revoke"].post;
      return {
        link: [link.summary, Object.keys(link.responses).includes("429")],
        revoke: [revoke.summary, Object.keys(revoke.responses).includes("429")],
        linkDescription: link.description as string,
      };
    };
    const off = await summaries({});
    expect(off.link).toEqual(["Order through a shareable link (not rate limited)", false]);
    expect(off.revoke).toEqual(["Withdraw consent for a phone number or e-mail address (not rate limited)", false]);
    expect(off.linkDescription).not.toMatch(/shared with checkout/);
    const on = await summaries({ optInRateLimits: { linkOrders: 20, consentRevoke: 5 } });
    expect(on.link).toEqual([
      "Order through a shareable link (20 a minute per client IP, this server's opt-in limit)",
      true,
    ]);
    expect(on.revoke).toEqual([
      "Withdraw consent for a phone number or e-mail address (5 a minute per client IP, this server's opt-in limit)",
      true,
    ]);
    expect(on.linkDescription).toContain("at most 20 requests a minute per client IP");
  });

  it("are checked when the app is built", () => {
    const base = { marketplace: t.marketplace, checkHealth: async () => {} };
    for (const bad of [-1, 1.5, 100_001, Number.NaN]) {
      expect(() => createApp({ ...base, optInRateLimits: { linkOrders: bad } })).toThrow(
        /options\.optInRateLimits\.linkOrders must be an integer from 0 \(off\) to 100000/,
      );
    }
    expect(() => createApp({ ...base, optInRateLimits: { linkOrders: 0, consentRevoke: 100_000 } })).not.toThrow();
  });
});

describe("provider and reseller endpoints", () => {
  it("are never limited, from any one address", async () => {
    const a = app({ clock: new ManualClock("2026-06-03T09:00:00.000Z") });
    const reseller = await t.createTeam("reseller");
    for (let i = 0; i < 45; i++) {
      const res = await a.request("GET", "/reseller/orders", {
        peer: "198.51.100.60",
        headers: { "x-api-key": reseller.apiKey },
      });
      expect(res.status).toBe(200);
      expectNoRateLimitHeaders(res);
    }
  });
});

describe("the client IP", () => {
  it("is the socket address: X-Forwarded-For is ignored unless trustProxyHops says how many proxies append to it", async () => {
    const clock = new ManualClock("2026-06-04T09:00:00.000Z");
    const direct = app({ clock });
    for (let i = 0; i < 30; i++) {
      const res = await direct.request("POST", "/public/shop/clicks", {
        body: {},
        peer: "198.51.100.70",
        headers: { "x-forwarded-for": `192.0.2.${i}` },
      });
      expect(res.status).toBe(400);
    }
    const spoofed = await direct.request("POST", "/public/shop/clicks", {
      body: {},
      peer: "198.51.100.70",
      headers: { "x-forwarded-for": "192.0.2.250" },
    });
    expect(spoofed.status).toBe(429);

    // Behind one trusted proxy (the socket peer), the client is the last X-Forwarded-For entry.
    const proxied = app({ clock, trustProxyHops: 1 });
    const viaProxy = (xff: string) =>
      proxied.request("POST", "/public/shop/clicks", {
        body: clickBody(),
        peer: "10.0.0.1",
        headers: { "x-forwarded-for": xff, "user-agent": "ProxyTest/2" },
      });
    for (let i = 0; i < 30; i++) expect((await viaProxy(`6.6.6.${i}, 198.51.100.80`)).status).toBe(201);
    expect((await viaProxy("6.6.6.250, 198.51.100.80")).status).toBe(429);
    const other = await viaProxy("198.51.100.80, 198.51.100.81");
    expect(other.status).toBe(201);
    const row = await t.database.db
      .selectFrom("outbound_clicks")
      .select(["client_ip", "user_agent"])
      .where("id", "=", (await other.json()).id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ client_ip: "198.51.100.81", user_agent: "ProxyTest/2" });
  });

  it("counts IPv6 clients per /64 (one subscriber's network), while the click keeps the full address", async () => {
    const a = app({ clock: new ManualClock("2026-06-05T10:00:00.000Z") });
    let lastId = "";
    for (let i = 1; i <= 30; i++) {
      // A new address of the same /64 for every click, as a client rotating its interface id would.
      const res = await a.request("POST", "/public/shop/clicks", {
        body: clickBody(),
        peer: `2001:db8:7:9::${i.toString(16)}`,
      });
      expect(res.status, `click ${i}`).toBe(201);
      lastId = (await res.json()).id;
    }
    const refused = await a.request("POST", "/public/shop/clicks", { body: clickBody(), peer: "2001:db8:7:9:abcd::1" });
    expect(refused.status).toBe(429);
    const otherNetwork = await a.request("POST", "/public/shop/clicks", { body: clickBody(), peer: "2001:db8:7:a::1" });
    expect(otherNetwork.status).toBe(201);
    const row = await t.database.db
      .selectFrom("outbound_clicks")
      .select("client_ip")
      .where("id", "=", lastId)
      .executeTakeFirstOrThrow();
    expect(row.client_ip).toBe("2001:db8:7:9::1e");
  });

  it("falls back to one shared `unknown` client when the host gives no socket address", async () => {
    const blind = app({ clientIp: false, clock: new ManualClock("2026-06-05T09:00:00.000Z") });
    const res = await blind.request("POST", "/public/shop/clicks", { body: clickBody() });
    expect(res.status).toBe(201);
    const row = await t.database.db
      .selectFrom("outbound_clicks")
      .select("client_ip")
      .where("id", "=", (await res.json()).id)
      .executeTakeFirstOrThrow();
    expect(row.client_ip).toBe("unknown");
  });

  it("is normalised: ports and brackets removed, IPv4-mapped IPv6 as IPv4, anything else refused", () => {
    expect(normalizeIp("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(normalizeIp(" 192.0.2.7:51234 ")).toBe("192.0.2.7");
    expect(normalizeIp("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(normalizeIp("2001:db8::1")).toBe("2001:db8::1");
    expect(normalizeIp("999.0.0.1")).toBeNull();
    expect(normalizeIp("evil.example.com")).toBeNull();
    expect(normalizeIp("")).toBeNull();
    expect(normalizeIp(undefined)).toBeNull();
  });

  it("createApp refuses a trustProxyHops that is not an integer from 0 to 32", () => {
    for (const hops of [-1, 1.5, 33]) {
      expect(() =>
        createApp({ marketplace: t.marketplace, checkHealth: async () => {}, trustProxyHops: hops }),
      ).toThrow("createApp: options.trustProxyHops must be an integer from 0 to 32");
    }
  });
});
