import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDashboardTestApp, type DashboardTestApp, FormClient } from "../../../../../test/helpers/dashboard.ts";

// The reseller's catalog by app.request over real PostgreSQL: the API's filters (category, price
// range, ZIP code, search) with the core's messages beside the fields, keyset pages, an offer's page
// and its shareable-link shortcut, 404s for unknown and draft offers, and the team kinds.

const PASSWORD = "correct horse battery staple";

let t: DashboardTestApp;
let provider: { teamId: string; apiKey: string };
let reseller: { teamId: string; apiKey: string };
let fiber: string;
let power: string;
let draft: string;
let owner: FormClient;
let viewer: FormClient;

async function api(method: string, path: string, key: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { "x-api-key": key };
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await t.fetch(
    new Request(`http://127.0.0.1${path}`, {
      method,
      headers,
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  );
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res;
}

async function offer(body: Record<string, unknown>, publish = true): Promise<string> {
  const created = await api("POST", "/provider/offers", provider.apiKey, {
    sku: `SKU-${randomUUID()}`,
    serviceType: "internet",
    monthlyPrice: "49.99",
    internet: { downloadSpeedMbps: 500, connectionType: "fiber" },
    ...body,
  });
  const { id } = (await created.json()) as { id: string };
  if (publish) await api("POST", `/provider/offers/${id}/publish`, provider.apiKey);
  return id;
}

async function join(teamId: string, email: string, role: "owner" | "viewer" = "owner") {
  const client = new FormClient((request) => t.fetch(request));
  const token = await t.invite(teamId, email, role);
  expect((await client.get(`/dashboard/invite/${token}`)).status).toBe(303);
  expect((await client.post("/dashboard/invite", { password: PASSWORD, confirm: PASSWORD })).status).toBe(303);
  return client;
}

beforeAll(async () => {
  t = await createDashboardTestApp();
  provider = await t.createTeam("provider", "Fiber Co");
  reseller = await t.createTeam("reseller", "Deals Inc");
  const market = (await (await api("POST", "/provider/markets", provider.apiKey, { name: "Austin" })).json()) as {
    id: string;
  };
  await api("POST", `/provider/markets/${market.id}/areas`, provider.apiKey, { value: "78701" });
  fiber = await offer({ name: "Fiber 500", marketingHeadline: "Symmetric gigabit-ready", marketIds: [market.id] });
  power = await offer({
    name: "Green Power",
    serviceType: "electricity",
    monthlyPrice: "89.00",
    internet: undefined,
    electricity: { ratePerKwh: "0.1425", rateType: "fixed", renewablePercent: 100, termMonths: 12 },
  });
  draft = await offer({ name: "Fiber Draft" }, false);
  [owner, viewer] = await Promise.all([
    join(reseller.teamId, "owner@deals.example"),
    join(reseller.teamId, "viewer@deals.example", "viewer"),
  ]);
}, 60_000);
afterAll(() => t?.close());

const catalog = () => `/dashboard/teams/${reseller.teamId}/reseller/catalog`;
const rows = (html: string) => (html.split("<tbody>")[1]?.match(/<tr>/g) ?? []).length;

async function names(query: string): Promise<string[]> {
  const res = await owner.get(`${catalog()}?${query}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  return ["Fiber 500", "Green Power", "Fiber Draft"].filter((name) => html.includes(`>${name}</a>`));
}

describe("the catalog's filters", () => {
  it("filters by category, price range, ZIP code and search, combined with AND; drafts never show", async () => {
    expect(await names("")).toEqual(["Fiber 500", "Green Power"]);
    expect(await names("category=internet")).toEqual(["Fiber 500"]);
    expect(await names("category=electricity&minPrice=&maxPrice=&zipCode=&search=")).toEqual(["Green Power"]);
    expect(await names("minPrice=50")).toEqual(["Green Power"]);
    expect(await names("maxPrice=49.99")).toEqual(["Fiber 500"]);
    // Fiber 500 is only in its market's ZIP; Green Power has no market, so it is available everywhere.
    expect(await names("zipCode=78701")).toEqual(["Fiber 500", "Green Power"]);
    expect(await names("zipCode=10001")).toEqual(["Green Power"]);
    expect(await names("search=GIGABIT")).toEqual(["Fiber 500"]);
    expect(await names("zipCode=78701&search=fiber&category=internet&maxPrice=50")).toEqual(["Fiber 500"]);
    expect(await names("search=nothing-like-this")).toEqual([]);
  });

  it("shows each offer's provider, category, monthly price and key details, and keeps the filters typed", async () => {
    const html = await (await owner.get(`${catalog()}?zipCode=78701&search=fiber`)).text();
    expect(html).toContain(`href="${catalog()}/${fiber}"`);
    expect(html).toContain("<td>Fiber Co</td>");
    expect(html).toContain("<td>Internet</td>");
    expect(html).toContain("$49.99 a month");
    expect(html).toContain("500 Mbps, fiber");
    expect(html).toMatch(/id="field-zipCode"[^>]*value="78701"/);
    expect(html).toMatch(/id="field-search"[^>]*value="fiber"/);
  });

  it("answers a bad filter with 400 and the core's message beside the field, what was typed kept, no offers", async () => {
    const res = await owner.get(`${catalog()}?zipCode=1234&minPrice=abc&category=gas&search=fiber`);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('id="field-zipCode-error">ZipCode must be a 5-digit ZIP code.</p>');
    expect(html).toContain('id="field-minPrice-error">MinPrice must be a decimal string with at most two decimals');
    expect(html).toContain('id="field-category-error">Category must be one of the following values');
    expect(html).toMatch(/id="field-zipCode"[^>]*value="1234"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/id="field-minPrice"[^>]*value="abc"/);
    expect(html).toMatch(/id="field-search"[^>]*value="fiber"/);
    expect(html).toContain("A filter is not valid");
    expect(html).not.toContain(">Fiber 500</a>");

    const range = await owner.get(`${catalog()}?minPrice=60&maxPrice=50`);
    expect(range.status).toBe(400);
    expect(await range.text()).toContain("MinPrice must not be greater than maxPrice.");
  });
});

describe("the catalog's pages", () => {
  it("walks 26 offers in keyset pages of 25, the filters carried along; an edited cursor is a message", async () => {
    for (let i = 0; i < 26; i++) await offer({ name: `Paging Plan ${i}`, monthlyPrice: "20.00" });
    const first = await (await owner.get(`${catalog()}?search=paging+plan`)).text();
    expect(rows(first)).toBe(25);
    expect(first).toContain(">Paging Plan 25</a>");
    expect(first).not.toContain(">Paging Plan 0</a>");
    const next = /<a href="([^"]+)">Next page<\/a>/.exec(first)?.[1]?.replaceAll("&amp;", "&") ?? "";
    expect(next).toContain("search=paging+plan");
    expect(next).toContain("cursor=");
    const second = await (await owner.get(next)).text();
    expect(rows(second)).toBe(1);
    expect(second).toContain(">Paging Plan 0</a>");
    expect(second).toContain(">First page</a>");
    expect(second).not.toContain("Next page");
    expect((await owner.get(`${catalog()}?cursor=bogus`)).status).toBe(400);
  });
});

describe("an offer's page", () => {
  it("shows the catalog detail and links the owner to a shareable link with the offer filled in", async () => {
    const res = await owner.get(`${catalog()}/${power}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>Green Power</h1>");
    expect(html).toContain("$0.1425 per kWh, fixed");
    expect(html).toContain("100%");
    expect(html).toContain(`<code>${power}</code>`);
    const link = /<a class="button" href="([^"]+)">Create a shareable link<\/a>/.exec(html)?.[1] ?? "";
    expect(link).toBe(`/dashboard/teams/${reseller.teamId}/reseller/storefront?offerIds=${power}#field-offerIds`);
    const storefront = await (await owner.get(link.replace(/#.*/, ""))).text();
    expect(storefront).toMatch(new RegExp(`<textarea id="field-offerIds"[^>]*>${power}</textarea>`));

    const asViewer = await viewer.get(`${catalog()}/${fiber}`);
    expect(asViewer.status).toBe(200);
    const viewerHtml = await asViewer.text();
    expect(viewerHtml).toContain("Symmetric gigabit-ready");
    expect(viewerHtml).not.toContain("Create a shareable link");
  });

  it("answers 404 for a draft, an unknown id and a malformed one", async () => {
    for (const id of [draft, randomUUID(), "not-an-id"]) {
      const res = await owner.get(`${catalog()}/${id}`);
      expect(res.status, id).toBe(404);
      expect(await res.text()).toContain("Page not found");
    }
  });
});

describe("who sees the catalog", () => {
  it("every role of a reseller or hybrid team has it in the navigation; a provider team's catalog is 404", async () => {
    const home = await (await viewer.get(`/dashboard/teams/${reseller.teamId}`)).text();
    expect(home).toMatch(/<a href="[^"]*\/reseller\/catalog"[^>]*>Catalog<\/a>/);

    const providerOwner = await join(provider.teamId, "owner@fiber.example");
    const providerHome = await (await providerOwner.get(`/dashboard/teams/${provider.teamId}`)).text();
    expect(providerHome).not.toContain("/reseller/catalog");
    const providerCatalog = `/dashboard/teams/${provider.teamId}/reseller/catalog`;
    expect((await providerOwner.get(providerCatalog)).status).toBe(404);
    expect((await providerOwner.get(`${providerCatalog}/${fiber}`)).status).toBe(404);
    // Another team's catalog address is 404 too.
    expect((await providerOwner.get(catalog())).status).toBe(404);

    const hybrid = await t.createTeam("hybrid", "Both Ways");
    const hybridOwner = await join(hybrid.teamId, "owner@both.example");
    const hybridCatalog = await hybridOwner.get(`/dashboard/teams/${hybrid.teamId}/reseller/catalog?search=fiber+500`);
    expect(hybridCatalog.status).toBe(200);
    expect(await hybridCatalog.text()).toContain(">Fiber 500</a>");
  });
});
