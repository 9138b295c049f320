import { describe, expect, it } from "vitest";
import { call, ok, RANGE, setupAnalyticsWorld, t, world } from "../../../test/helpers/http/analytics.ts";

setupAnalyticsWorld();

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
