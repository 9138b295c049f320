import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Endpoints that take no body: "Unknown body property: rejected with 400" holds for them too, and a
 * body of another content type is 415; an empty body (what fetch sends) is accepted.
 */
describe("endpoints that take no body", () => {
  it("answer 400 for a body with a property and 415 for a non-JSON body, before doing anything", async () => {
    const provider = await t.createTeam("provider");
    const reseller = await t.createTeam("reseller");
    const offer = await (
      await t.request("POST", "/provider/offers", { key: provider.apiKey, body: { name: "X", serviceType: "tv" } })
    ).json();
    const cases: [string, string, string][] = [
      [provider.apiKey, "POST", `/provider/offers/${offer.id}/duplicate`],
      [provider.apiKey, "POST", `/provider/offers/${offer.id}/publish`],
      [provider.apiKey, "DELETE", `/provider/offers/${offer.id}`],
      [provider.apiKey, "DELETE", `/provider/brands/${randomUUID()}`],
      [provider.apiKey, "DELETE", `/provider/markets/${randomUUID()}`],
      [provider.apiKey, "POST", `/provider/customers/${randomUUID()}/consent/revoke`],
      [reseller.apiKey, "PATCH", `/reseller/orders/${randomUUID()}/cancel`],
      [reseller.apiKey, "DELETE", `/reseller/links/${randomUUID()}`],
      [reseller.apiKey, "DELETE", `/reseller/webhooks/${randomUUID()}`],
    ];
    for (const [key, method, path] of cases) {
      const withProperty = await t.request(method, path, { key, body: { reason: "x" } });
      expect(withProperty.status, `${method} ${path}`).toBe(400);
      expect(await withProperty.json()).toEqual({
        statusCode: 400,
        message: ["property reason should not exist"],
        error: "Bad Request",
      });
      const text = await t.request(method, path, { key, body: "garbage{", headers: { "content-type": "text/plain" } });
      expect(text.status, `${method} ${path}`).toBe(415);
    }
    // Nothing happened: the offer is still there, with no copy.
    expect(await (await t.request("GET", "/provider/offers", { key: provider.apiKey })).json()).toHaveLength(1);
  });

  it("accept no body, an empty body labelled JSON, and {}", async () => {
    const { apiKey } = await t.createTeam("provider");
    const offer = await (
      await t.request("POST", "/provider/offers", { key: apiKey, body: { name: "X", serviceType: "tv" } })
    ).json();
    const path = `/provider/offers/${offer.id}/duplicate`;
    expect((await t.request("POST", path, { key: apiKey })).status).toBe(201);
    expect(
      (await t.request("POST", path, { key: apiKey, body: "", headers: { "content-type": "application/json" } }))
        .status,
    ).toBe(201);
    expect((await t.request("POST", path, { key: apiKey, body: {} })).status).toBe(201);
  });
});
