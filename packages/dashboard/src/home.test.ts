import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDashboardTestApp, type DashboardTestApp, FormClient } from "../../../test/helpers/dashboard.ts";

// The home page's "what to do next" follows the team's real progress: a webhook, a published offer
// (provider), a storefront and an order (reseller), read through the core's onboarding use case.

const PASSWORD = "correct horse battery staple";

let t: DashboardTestApp;
beforeAll(async () => {
  t = await createDashboardTestApp();
});
afterAll(() => t?.close());

async function api(method: string, path: string, key: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await t.fetch(
    new Request(`http://127.0.0.1${path}`, {
      method,
      headers: { "x-api-key": key, ...(body !== undefined && { "content-type": "application/json" }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  );
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

async function home(teamId: string, email: string): Promise<() => Promise<string[]>> {
  const client = new FormClient((request) => t.fetch(request));
  await client.get(`/dashboard/invite/${await t.invite(teamId, email)}`);
  await client.post("/dashboard/invite", { password: PASSWORD, confirm: PASSWORD });
  return async () => {
    const html = await (await client.get(`/dashboard/teams/${teamId}`)).text();
    const steps = [...html.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => (m[1] ?? "").replace(/<[^>]+>/g, ""));
    return steps.filter((text) => text.startsWith("Done: ")).map((text) => text.slice(6).trim());
  };
}

describe("home: what to do next", () => {
  it("a provider's steps are done as it registers a webhook and publishes an offer", async () => {
    const { teamId, apiKey } = await t.createTeam("provider");
    const done = await home(teamId, "progress.provider@example.com");
    expect(await done()).toEqual([expect.stringMatching(/^Create an API key/)]);
    const offer = await api("POST", "/provider/offers", apiKey, {
      name: "Fiber 500",
      sku: `SKU-${randomUUID()}`,
      serviceType: "internet",
      monthlyPrice: "49.99",
      commission: "30.00",
      internet: { downloadSpeedMbps: 500, connectionType: "fiber" },
    });
    expect((await done()).some((text) => text.startsWith("Publish an offer"))).toBe(false);
    await api("POST", `/provider/offers/${offer.id}/publish`, apiKey);
    expect((await done()).some((text) => text.startsWith("Publish an offer"))).toBe(true);
    await api("POST", "/provider/webhooks", apiKey, { url: "https://hooks.example.com/in", events: ["order.created"] });
    expect((await done()).some((text) => text.startsWith("Register a webhook"))).toBe(true);
  });

  it("a reseller's steps are done as it sets up its storefront and places an order", async () => {
    const provider = await t.createTeam("provider");
    const offer = await api("POST", "/provider/offers", provider.apiKey, {
      name: "Fiber 900",
      sku: `SKU-${randomUUID()}`,
      serviceType: "internet",
      monthlyPrice: "59.99",
      commission: "30.00",
      internet: { downloadSpeedMbps: 900, connectionType: "fiber" },
    });
    await api("POST", `/provider/offers/${offer.id}/publish`, provider.apiKey);
    const { teamId, apiKey } = await t.createTeam("reseller");
    const done = await home(teamId, "progress.reseller@example.com");
    const has = async (start: string) => (await done()).some((text) => text.startsWith(start));
    expect(await has("Set up your storefront")).toBe(false);
    expect(await has("Place your first order")).toBe(false);
    await api("PUT", "/reseller/storefront", apiKey, { slug: `shop-${randomUUID().slice(0, 8)}` });
    expect(await has("Set up your storefront")).toBe(true);
    await api("POST", "/reseller/orders", apiKey, {
      items: [{ offerId: offer.id }],
      customer: { name: "Ada Lovelace", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
      serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
      isTraining: true,
    });
    expect(await has("Place your first order")).toBe(true);
  });
});
