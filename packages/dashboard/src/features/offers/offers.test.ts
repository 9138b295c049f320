import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDashboardTestApp, type DashboardTestApp, FormClient } from "../../../../../test/helpers/dashboard.ts";
import { offerErrors, problemText, readinessErrors } from "./offer-form.ts";

// The offers table and editor by app.request over real PostgreSQL: filters and pages, create and
// save with the core's problems beside their fields and what was typed kept, the publish-readiness
// notes before Publish, SKU conflicts on the SKU field, publish, duplicate, delete; roles, team
// kinds and another team's ids.

const PASSWORD = "correct horse battery staple";
let t: DashboardTestApp;
let provider: { teamId: string; apiKey: string };
let other: { teamId: string; apiKey: string };
let reseller: { teamId: string; apiKey: string };
let owner: FormClient;
let viewer: FormClient;
let resellerOwner: FormClient;

async function join(teamId: string, email: string, role: "owner" | "operations" | "viewer" = "owner") {
  const client = new FormClient((request) => t.fetch(request));
  const token = await t.invite(teamId, email, role);
  expect((await client.get(`/dashboard/invite/${token}`)).status).toBe(303);
  expect((await client.post("/dashboard/invite", { password: PASSWORD, confirm: PASSWORD })).status).toBe(303);
  return client;
}

async function apiOffer(key: string, body: Record<string, unknown>) {
  const res = await t.fetch(
    new Request("http://127.0.0.1/provider/offers", {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string };
}

const offers = () => `/dashboard/teams/${provider.teamId}/provider/offers`;

beforeAll(async () => {
  t = await createDashboardTestApp();
  provider = await t.createTeam("provider", "Fiber Co");
  other = await t.createTeam("provider", "Other Co");
  reseller = await t.createTeam("reseller", "Deals Inc");
  [owner, viewer, resellerOwner] = await Promise.all([
    join(provider.teamId, "owner@fiber.example"),
    join(provider.teamId, "viewer@fiber.example", "viewer"),
    join(reseller.teamId, "owner@deals.example"),
  ]);
}, 60_000);
afterAll(() => t?.close());

describe("offer problems in words", () => {
  it("names the field by its core path and says the rest in words", () => {
    expect(offerErrors(['monthlyPrice must be a decimal string with at most two decimals, e.g. "49.99"'])).toEqual({
      errors: { monthlyPrice: 'Monthly price (USD) must be a decimal string with at most two decimals, e.g. "49.99".' },
      rest: [],
    });
    expect(offerErrors(["internet is only allowed when serviceType is internet"]).errors.serviceType).toBe(
      "internet is only allowed when service type is internet.",
    );
    expect(offerErrors(["marketIds.0 must reference one of the team's markets"]).errors.marketIds).toMatch(
      /^marketIds/,
    );
    expect(
      readinessErrors([
        {
          section: "pricing",
          field: "promoMonthlyPrice",
          message: "promoMonthlyPrice must be lower than monthlyPrice",
        },
      ]),
    ).toEqual({ promoMonthlyPrice: "Promotional monthly price (USD) must be lower than monthly price." });
    expect(problemText("internet.downloadSpeedMbps is required to publish", "internet.downloadSpeedMbps")).toBe(
      "Download speed (Mbps) is required to publish.",
    );
  });
});

describe("offers table", () => {
  it("filters by status, service type and search, pages by 25, and refuses a bad filter with its message", async () => {
    const tag = randomUUID().slice(0, 8);
    for (let i = 0; i < 26; i += 1) await apiOffer(provider.apiKey, { name: `Bulk ${tag} ${i}`, serviceType: "tv" });
    await apiOffer(provider.apiKey, { name: `Solar ${tag}`, serviceType: "electricity" });
    await apiOffer(other.apiKey, { name: `Solar ${tag} elsewhere`, serviceType: "electricity" });

    const first = await (await owner.get(`${offers()}?search=${tag}`)).text();
    expect(first.match(/<tr>/g)?.length).toBe(26); // header row + 25
    const next = /href="([^"]*cursor=[^"]*)"/.exec(first)?.[1]?.replaceAll("&amp;", "&");
    expect(next).toContain(`search=${tag}`);
    const second = await (await owner.get(next as string)).text();
    expect(second.match(/<tr>/g)?.length).toBe(3);

    const electricity = await (await owner.get(`${offers()}?serviceType=electricity&search=${tag}`)).text();
    expect(electricity).toContain(`Solar ${tag}`);
    expect(electricity).not.toContain("elsewhere");
    expect(electricity).not.toContain(`Bulk ${tag}`);
    const active = await (await owner.get(`${offers()}?status=active&search=${tag}`)).text();
    expect(active).toContain("No offer matches these filters.");

    const bad = await owner.get(`${offers()}?status=gone&search=kept`);
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Status must be one of the following values: draft, active.");
    expect(html).toContain('value="kept"');
  });
});

describe("offer editor", () => {
  it("keeps what was typed and shows each core problem beside its field; a taken SKU on the SKU field", async () => {
    const sku = `SKU-${randomUUID()}`;
    await apiOffer(provider.apiKey, { name: "Taken", serviceType: "tv", sku });
    const bad = await owner.post(`${offers()}/new`, {
      name: "Fiber 1000",
      serviceType: "internet",
      monthlyPrice: "12.345",
      "internet.downloadSpeedMbps": "fast",
    });
    expect(bad.status).toBe(422);
    const html = await bad.text();
    expect(html).toMatch(/id="offer-monthlyPrice-error">Monthly price \(USD\) must be/);
    expect(html).toMatch(/id="offer-internet-downloadSpeedMbps-error">Download speed \(Mbps\) must be/);
    expect(html).toContain('value="12.345"');
    expect(html).toContain('value="fast"');

    const taken = await owner.post(`${offers()}/new`, { name: "Fiber 1000", serviceType: "internet", sku });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toMatch(/id="offer-sku-error">Another offer of your team already has this SKU/);
  });

  it("creates a draft, shows the readiness problems beside the fields before Publish, fixes them and publishes", async () => {
    const created = await owner.post(`${offers()}/new`, { name: "Fiber 500", serviceType: "internet" });
    expect(created.status).toBe(303);
    const page = created.headers.get("location") as string;
    expect(page).toMatch(/notice=created$/);
    const draft = await (await owner.get(page)).text();
    expect(draft).toContain("Before you can publish");
    expect(draft).toMatch(/id="offer-sku-needed"><strong>To publish:<\/strong> SKU is required to publish\./);
    expect(draft).toMatch(/id="offer-monthlyPrice-needed">.*Monthly price \(USD\) is required to publish\./);
    expect(draft).toMatch(/id="offer-internet-downloadSpeedMbps-needed">/);

    const path = page.replace(/\?.*$/, "");
    const refused = await owner.post(`${path}/publish`, {});
    expect(refused.status).toBe(422);
    expect(await refused.text()).toMatch(/id="offer-sku-error">SKU is required to publish\./);

    const saved = await owner.post(path, {
      name: "Fiber 500",
      serviceType: "internet",
      sku: `SKU-${randomUUID()}`,
      monthlyPrice: "49.99",
      "internet.downloadSpeedMbps": "500",
      "internet.connectionType": "fiber",
    });
    expect(saved.status).toBe(303);
    expect(await (await owner.get(path)).text()).toContain("Ready to publish");
    const published = await owner.post(`${path}/publish`, {});
    expect(published.headers.get("location")).toBe(`${path}?notice=published`);
    const offerId = path.split("/").at(-1) as string;
    expect(
      (await t.marketplace.offers.get({ teamId: provider.teamId, role: "provider", apiKeyId: "t" }, offerId)).status,
    ).toBe("active");

    // A published offer must stay publishable: clearing its price is refused, nothing saved.
    const cleared = await owner.post(path, { name: "Fiber 500", serviceType: "internet", monthlyPrice: "" });
    expect(cleared.status).toBe(422);
    expect(await cleared.text()).toMatch(
      /id="offer-monthlyPrice-error">Monthly price \(USD\) is required to publish\./,
    );

    const copy = await owner.post(`${path}/duplicate`, {});
    expect(copy.status).toBe(303);
    const copyPage = await (await owner.get(copy.headers.get("location") as string)).text();
    expect(copyPage).toContain("Fiber 500 (copy)");

    expect(await (await owner.get(`${path}/delete`)).text()).toContain("Delete the offer");
    expect((await owner.post(`${path}/delete`, {})).headers.get("location")).toBe(`${offers()}?notice=deleted`);
    expect((await owner.get(path)).status).toBe(404);
    expect((await owner.post(`${path}/delete`, {})).status).toBe(404);
  });

  it("lets a viewer read but not change; 404 for another team's offer and for a reseller team", async () => {
    const mine = await apiOffer(provider.apiKey, { name: "Readable", serviceType: "tv" });
    const read = await viewer.get(`${offers()}/${mine.id}`);
    expect(read.status).toBe(200);
    expect(await read.text()).toContain("Your role can read offers but not change them.");
    expect((await viewer.post(`${offers()}/${mine.id}/publish`, {})).status).toBe(403);
    expect((await viewer.get(`${offers()}/new`)).status).toBe(403);

    const theirs = await apiOffer(other.apiKey, { name: "Theirs", serviceType: "tv" });
    expect((await owner.get(`${offers()}/${theirs.id}`)).status).toBe(404);
    expect((await owner.post(`${offers()}/${theirs.id}/delete`, {})).status).toBe(404);
    expect((await resellerOwner.get(`/dashboard/teams/${reseller.teamId}/provider/offers`)).status).toBe(404);
    expect(await (await resellerOwner.get(`/dashboard/teams/${reseller.teamId}`)).text()).not.toContain(">Offers<");
  });

  it("shows a hybrid team the offers beside its reseller pages", async () => {
    const hybrid = await t.createTeam("hybrid", "Both Co");
    const member = await join(hybrid.teamId, "owner@both.example");
    const home = await (await member.get(`/dashboard/teams/${hybrid.teamId}`)).text();
    expect(home).toContain(`href="/dashboard/teams/${hybrid.teamId}/provider/offers">Offers<`);
    expect(home).toContain(`href="/dashboard/teams/${hybrid.teamId}/reseller/orders">Orders<`);
    const created = await member.post(`/dashboard/teams/${hybrid.teamId}/provider/offers/new`, {
      name: "Hybrid fiber",
      serviceType: "internet",
    });
    expect(created.status).toBe(303);
  });
});
