import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDashboardTestApp,
  type DashboardTestApp,
  FormClient,
  ORIGIN,
} from "../../../../../test/helpers/dashboard.ts";

// Brands and markets in the dashboard by app.request over real PostgreSQL: logo previews (and the
// CSP that allows them on these pages only), the core's problems beside their fields, names taken,
// ZIP areas added one by one and pasted many at once, removed one by one and ticked; the offers
// table filtered by brand and market.

const PASSWORD = "correct horse battery staple";
let t: DashboardTestApp;
let provider: { teamId: string; apiKey: string };
let owner: FormClient;
let viewer: FormClient;

async function join(teamId: string, email: string, role: "owner" | "viewer" = "owner") {
  const client = new FormClient((request) => t.fetch(request));
  const token = await t.invite(teamId, email, role);
  expect((await client.get(`/dashboard/invite/${token}`)).status).toBe(303);
  expect((await client.post("/dashboard/invite", { password: PASSWORD, confirm: PASSWORD })).status).toBe(303);
  return client;
}

const team = () => `/dashboard/teams/${provider.teamId}/provider`;
const principal = () => ({ teamId: provider.teamId, role: "provider" as const, apiKeyId: "t" });

beforeAll(async () => {
  t = await createDashboardTestApp();
  provider = await t.createTeam("provider", "Fiber Co");
  [owner, viewer] = await Promise.all([
    join(provider.teamId, "owner@fiber.example"),
    join(provider.teamId, "viewer@fiber.example", "viewer"),
  ]);
}, 60_000);
afterAll(() => t?.close());

describe("brands", () => {
  it("creates a brand with a logo preview; refuses a bad logo URL and a taken name beside the fields", async () => {
    const bad = await owner.post(`${team()}/brands`, { name: "Acme", logoUrl: "http://cdn.example.com/a.png" });
    expect(bad.status).toBe(422);
    const html = await bad.text();
    expect(html).toMatch(/id="field-logoUrl-error">The logo URL must be an https URL/);
    expect(html).toContain('value="http://cdn.example.com/a.png"');

    const created = await owner.post(`${team()}/brands`, { name: "Acme", logoUrl: "https://cdn.example.com/a.png" });
    expect(created.status).toBe(303);
    const page = await owner.get(created.headers.get("location") as string);
    expect(await page.text()).toContain('<img class="logo" src="https://cdn.example.com/a.png" alt="Logo of Acme"');
    expect(page.headers.get("content-security-policy")).toMatch(/img-src 'self' https:/);
    const list = await owner.get(`${team()}/brands`);
    expect(await list.text()).toContain('alt="Logo of Acme"');
    expect(list.headers.get("content-security-policy")).toMatch(/img-src 'self' https:/);
    // Every other page keeps images to the dashboard's own.
    expect((await owner.get(`${team()}/offers`)).headers.get("content-security-policy")).toMatch(/img-src 'self' ?;/);

    const taken = await owner.post(`${team()}/brands`, { name: "ACME" });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toMatch(/id="field-name-error">Your team has a brand of this name already/);
    expect((await viewer.post(`${team()}/brands`, { name: "Viewer brand" })).status).toBe(403);
  });
});

describe("markets", () => {
  it("adds ZIP areas one by one and pasted, reports the bad ones with what was typed, removes one and the ticked", async () => {
    const created = await owner.post(`${team()}/markets`, { name: "Austin metro" });
    expect(created.status).toBe(303);
    const path = (created.headers.get("location") as string).replace(/\?.*$/, "");

    const bad = await owner.post(`${path}/areas`, { value: "7870" });
    expect(bad.status).toBe(422);
    const badHtml = await bad.text();
    expect(badHtml).toMatch(/id="field-value-error">Enter a 5-digit US ZIP code/);
    expect(badHtml).toContain('value="7870"');
    expect((await owner.post(`${path}/areas`, { value: "78701" })).status).toBe(303);
    expect((await owner.post(`${path}/areas`, { value: "78701" })).status).toBe(409);

    const pasted = await owner.post(`${path}/areas/bulk`, { zips: "78702, 78703\n78704 abcde 1234 78701" });
    expect(pasted.status).toBe(422);
    const pastedHtml = await pasted.text();
    expect(pastedHtml).toContain("3 added. Not 5-digit US ZIP codes, so not added: abcde, 1234.");
    expect(pastedHtml).toMatch(/<textarea[^>]*>abcde\n1234<\/textarea>/);
    expect(pastedHtml).toContain("ZIP areas (4)");
    const market = await t.marketplace.markets.get(principal(), path.split("/").at(-1) as string);
    expect(market.areas.map((area) => area.value).sort()).toEqual(["78701", "78702", "78703", "78704"]);

    const byValue = new Map(market.areas.map((area) => [area.value, area.id]));
    expect((await owner.post(`${path}/areas/${byValue.get("78701")}/delete`, {})).status).toBe(303);
    const body = new URLSearchParams();
    body.append("areaIds", byValue.get("78702") as string);
    body.append("areaIds", byValue.get("78703") as string);
    // Two ticked boxes: the same name twice, as a browser posts them.
    const cookie = [...owner.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const removed = await t.fetch(
      new Request(`${ORIGIN}${path}/areas/remove`, {
        method: "POST",
        headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: body.toString(),
      }),
    );
    expect(removed.status).toBe(303);
    const left = await t.marketplace.markets.get(principal(), market.id);
    expect(left.areas.map((area) => area.value)).toEqual(["78704"]);
    expect((await viewer.post(`${path}/areas`, { value: "78705" })).status).toBe(403);
  });
});

describe("offers table by brand and market", () => {
  it("shows only the offers of the brand and market chosen", async () => {
    const brand = await t.marketplace.brands.create(principal(), { name: "Filter brand" });
    const market = await t.marketplace.markets.create(principal(), { name: "Filter market" });
    await t.marketplace.offers.create(principal(), { name: "Branded one", serviceType: "tv", brandId: brand.id });
    await t.marketplace.offers.create(principal(), { name: "In market", serviceType: "tv", marketIds: [market.id] });
    await t.marketplace.offers.create(principal(), { name: "Plain one", serviceType: "tv" });
    const byBrand = await (await owner.get(`${team()}/offers?brandId=${brand.id}`)).text();
    expect(byBrand).toContain("Branded one");
    expect(byBrand).not.toContain("In market");
    expect(byBrand).not.toContain("Plain one");
    const byMarket = await (await owner.get(`${team()}/offers?marketId=${market.id}`)).text();
    expect(byMarket).toContain("In market");
    expect(byMarket).not.toContain("Branded one");
    // The editor offers the team's brands and markets.
    const editor = await (await owner.get(`${team()}/offers/new`)).text();
    expect(editor).toContain(`<option value="${brand.id}">Filter brand</option>`);
    expect(editor).toContain(`value="${market.id}"`);
  });
});
