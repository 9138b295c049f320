import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";

// Each test gets a database of its own: the catalog spans every provider, so exact bodies need a
// catalog holding only what the test created.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

type Json = Record<string, unknown>;
interface OfferJson extends Json {
  id: string;
  createdAt: string;
}
interface PageJson {
  data: OfferJson[];
  hasMore: boolean;
  nextCursor: string | null;
}

const CATEGORIES = "internet, electricity, natural_gas, tv, mobile, home_security";
const badRequest = (...message: string[]) => ({ statusCode: 400, message, error: "Bad Request" });
const notFound = (id: string) => ({ statusCode: 404, message: `Offer ${id} not found`, error: "Not Found" });

const INTERNET = { serviceType: "internet", internet: { downloadSpeedMbps: 500, connectionType: "fiber" } };
const ELECTRICITY = { serviceType: "electricity", electricity: { ratePerKwh: "0.1425", rateType: "variable" } };
const TV = { serviceType: "tv" };

/** Creates a draft offer through the API; returns it as the provider sees it. */
async function draft(key: string, body: Json = {}): Promise<OfferJson> {
  const res = await t.request("POST", "/provider/offers", {
    key,
    body: {
      name: "Fiber 500",
      sku: `SKU-${randomUUID()}`,
      monthlyPrice: "49.99",
      commission: "30.00",
      ...INTERNET,
      ...body,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** Creates and publishes an offer through the API; returns it as the provider sees it. */
async function active(key: string, body: Json = {}): Promise<OfferJson> {
  const offer = await draft(key, body);
  const res = await t.request("POST", `/provider/offers/${offer.id}/publish`, { key });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

async function remove(key: string, id: string) {
  expect((await t.request("DELETE", `/provider/offers/${id}`, { key })).status).toBe(200);
}

/** The catalog entry expected for a provider's offer: provider-internal fields gone, provider named. */
function entryOf(offer: OfferJson, providerName: string): OfferJson {
  const { sku: _sku, status: _status, brandId: _brandId, marketIds: _marketIds, submissionUrl: _url, ...shown } = offer;
  const signup = offer.partnerSignup as { kind: string } | null;
  return { ...shown, providerName, partnerSignup: signup ? { kind: signup.kind } : null };
}

/** Newest first, id as the tie-break: the catalog's order. */
function newestFirst<T extends { id: unknown; createdAt: unknown }>(items: T[]): T[] {
  return [...items].sort((a, b) =>
    a.createdAt === b.createdAt
      ? String(b.id).localeCompare(String(a.id))
      : String(b.createdAt).localeCompare(String(a.createdAt)),
  );
}

function catalog(key: string, query: Record<string, string> | string = {}) {
  const search = typeof query === "string" ? query : new URLSearchParams(query).toString();
  return t.request("GET", `/reseller/catalog${search ? `?${search}` : ""}`, { key });
}

/** The complete filtered catalog (200 asserted), as the ids listed. */
async function ids(key: string, query: Record<string, string> | string = {}): Promise<string[]> {
  const res = await catalog(key, query);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as OfferJson[]).map((entry) => entry.id);
}

const idsOf = (...offers: OfferJson[]) => newestFirst(offers).map((offer) => offer.id);

async function brand(key: string, name: string, logoUrl: string | null = null): Promise<{ id: string }> {
  const res = await t.request("POST", "/provider/brands", { key, body: { name, logoUrl } });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

async function market(key: string, name: string, zips: string[]): Promise<{ id: string }> {
  const res = await t.request("POST", "/provider/markets", { key, body: { name } });
  expect(res.status, await res.clone().text()).toBe(201);
  const created = await res.json();
  for (const value of zips) {
    const area = await t.request("POST", `/provider/markets/${created.id}/areas`, { key, body: { value } });
    expect(area.status, await area.clone().text()).toBe(201);
  }
  return created;
}

/** Walks the catalog page by page; every page but the last is full. */
async function walk(key: string, query: Record<string, string>, limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const res = await catalog(key, { ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(res.status, await res.clone().text()).toBe(200);
    const page = (await res.json()) as PageJson;
    seen.push(...page.data.map((entry) => entry.id));
    if (!page.hasMore) {
      expect(page.nextCursor).toBeNull();
      return seen;
    }
    expect(page.data).toHaveLength(limit);
    cursor = page.nextCursor;
  }
  throw new Error("the walk did not end");
}

describe("GET /reseller/catalog", () => {
  it("lists the active offers of every provider, newest first, with exactly the catalog fields", async () => {
    const acme = await t.createTeam("provider", "Acme Networks");
    const volt = await t.createTeam("provider", "Volt Energy");
    const { apiKey } = await t.createTeam("reseller");
    const fiber = await active(acme.apiKey, {
      name: "Fiber 1000",
      description: "Symmetric fiber",
      marketingHeadline: "Fast",
      promoMonthlyPrice: "39.99",
      promoDurationMonths: 6,
      contractTermMonths: 12,
      submissionUrl: "https://acme.example.com/orders",
    });
    const power = await active(volt.apiKey, {
      name: "Green Power",
      monthlyPrice: "80",
      ...ELECTRICITY,
      internet: undefined,
    });
    const leads = await active(acme.apiKey, {
      name: "TV Leads",
      ...TV,
      internet: undefined,
      partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://signup.acme.example.com/?ref={orderItemId}" },
    });
    await draft(acme.apiKey, { name: "Draft" });
    const deleted = await active(volt.apiKey, { name: "Deleted" });
    await remove(volt.apiKey, deleted.id);

    const res = await catalog(apiKey);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json[];
    expect(body).toEqual(
      newestFirst([entryOf(fiber, "Acme Networks"), entryOf(power, "Volt Energy"), entryOf(leads, "Acme Networks")]),
    );
    const fiberEntry = body.find((entry) => entry.id === fiber.id);
    expect(Object.keys(fiberEntry ?? {}).sort()).toEqual(
      [
        "id",
        "name",
        "serviceType",
        "description",
        "marketingHeadline",
        "providerName",
        "brand",
        "monthlyPrice",
        "promoMonthlyPrice",
        "promoDurationMonths",
        "contractTermMonths",
        "commission",
        "partnerSignup",
        "internet",
        "publishedAt",
        "createdAt",
        "updatedAt",
      ].sort(),
    );
    expect(body.find((entry) => entry.id === leads.id)).toMatchObject({ partnerSignup: { kind: "lead_gen" } });
    const text = JSON.stringify(body);
    for (const secret of ["signup.acme.example.com", "acme.example.com/orders", acme.teamId, volt.teamId, "SKU-"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("answers an empty catalog with [] or an empty page", async () => {
    const { apiKey } = await t.createTeam("reseller");
    const provider = await t.createTeam("provider");
    await draft(provider.apiKey);
    expect(await (await catalog(apiKey)).json()).toEqual([]);
    expect(await (await catalog(apiKey, { limit: "5" })).json()).toEqual({
      data: [],
      hasMore: false,
      nextCursor: null,
    });
  });

  it("is for resellers: 401 without a key, 403 for a provider key, 200 for a hybrid key", async () => {
    const provider = await t.createTeam("provider", "Plain Provider");
    const hybrid = await t.createTeam("hybrid", "Both Ways");
    const own = await active(hybrid.apiKey, { name: "Hybrid's own" });
    const other = await active(provider.apiKey, { name: "Provider's" });

    const anonymous = await t.request("GET", "/reseller/catalog");
    expect(anonymous.status).toBe(401);
    const forbidden = {
      statusCode: 403,
      message: "A provider team cannot call reseller endpoints",
      error: "Forbidden",
    };
    for (const path of ["/reseller/catalog", `/reseller/catalog/${other.id}`]) {
      const res = await t.request("GET", path, { key: provider.apiKey });
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual(forbidden);
    }
    const res = await catalog(hybrid.apiKey);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(newestFirst([entryOf(own, "Both Ways"), entryOf(other, "Plain Provider")]));
  });

  it("displays the brand instead of the team name, a rename at once, and the team name without a brand", async () => {
    const provider = await t.createTeam("provider", "Acme Holdings");
    const { apiKey } = await t.createTeam("reseller");
    const fast = await brand(provider.apiKey, "Acme Fiber", "https://cdn.example.com/acme.png");
    const branded = await active(provider.apiKey, { name: "Branded", brandId: fast.id });
    const plain = await active(provider.apiKey, { name: "Plain" });

    const before = (await (await catalog(apiKey)).json()) as Json[];
    expect(before).toEqual(newestFirst([entryOf(branded, "Acme Fiber"), entryOf(plain, "Acme Holdings")]));
    expect(before.find((entry) => entry.id === branded.id)?.brand).toEqual({
      id: fast.id,
      name: "Acme Fiber",
      logoUrl: "https://cdn.example.com/acme.png",
    });

    const renamed = await t.request("PATCH", `/provider/brands/${fast.id}`, {
      key: provider.apiKey,
      body: { name: "Acme Gigabit", logoUrl: null },
    });
    expect(renamed.status).toBe(200);
    const after = await (await t.request("GET", `/reseller/catalog/${branded.id}`, { key: apiKey })).json();
    expect(after).toEqual({
      ...entryOf(branded, "Acme Gigabit"),
      brand: { id: fast.id, name: "Acme Gigabit", logoUrl: null },
    });
    expect(await ids(apiKey, { search: "acme gigabit" })).toEqual([]);
  });

  it("shows an offer's current data: an edit of an active offer, and nothing once deleted", async () => {
    const provider = await t.createTeam("provider", "Edits");
    const { apiKey } = await t.createTeam("reseller");
    const offer = await active(provider.apiKey, { name: "Before" });
    const patched = await t.request("PATCH", `/provider/offers/${offer.id}`, {
      key: provider.apiKey,
      body: { name: "After", monthlyPrice: "59" },
    });
    expect(patched.status).toBe(200);
    expect(await (await catalog(apiKey)).json()).toEqual([entryOf(await patched.json(), "Edits")]);
    expect(await ids(apiKey, { search: "before" })).toEqual([]);
    expect(await ids(apiKey, { search: "after", minPrice: "59" })).toEqual([offer.id]);
    await remove(provider.apiKey, offer.id);
    expect(await ids(apiKey)).toEqual([]);
  });
});

describe("GET /reseller/catalog filters", () => {
  async function fixture() {
    const provider = await t.createTeam("provider", "Filters Inc");
    const reseller = await t.createTeam("reseller");
    const cheapFiber = await active(provider.apiKey, { name: "Cheap Fiber", monthlyPrice: "19.99" });
    const fiber = await active(provider.apiKey, { name: "Fiber Plus", monthlyPrice: "50" });
    const premium = await active(provider.apiKey, { name: "Premium Cable", monthlyPrice: "50.01" });
    const power = await active(provider.apiKey, {
      name: "Fiber-optic Monitored Power",
      monthlyPrice: "20",
      ...ELECTRICITY,
      internet: undefined,
    });
    const tv = await active(provider.apiKey, { name: "TV Basic", monthlyPrice: "10", ...TV, internet: undefined });
    await draft(provider.apiKey, { name: "Draft Fiber", monthlyPrice: "30" });
    return { key: reseller.apiKey, cheapFiber, fiber, premium, power, tv };
  }

  it("filters by category", async () => {
    const f = await fixture();
    expect(await ids(f.key, { category: "internet" })).toEqual(idsOf(f.cheapFiber, f.fiber, f.premium));
    expect(await ids(f.key, { category: "electricity" })).toEqual([f.power.id]);
    expect(await ids(f.key, { category: "mobile" })).toEqual([]);
  });

  it("filters by minPrice and maxPrice, bounds included, compared as amounts", async () => {
    const f = await fixture();
    expect(await ids(f.key, { minPrice: "50" })).toEqual(idsOf(f.fiber, f.premium));
    expect(await ids(f.key, { minPrice: "50.01" })).toEqual([f.premium.id]);
    expect(await ids(f.key, { maxPrice: "20" })).toEqual(idsOf(f.cheapFiber, f.power, f.tv));
    expect(await ids(f.key, { maxPrice: "19.99" })).toEqual(idsOf(f.cheapFiber, f.tv));
    expect(await ids(f.key, { minPrice: "20", maxPrice: "50" })).toEqual(idsOf(f.fiber, f.power));
    expect(await ids(f.key, { minPrice: "50", maxPrice: "50" })).toEqual([f.fiber.id]);
    expect(await ids(f.key, { minPrice: "9.5" })).toEqual(idsOf(f.cheapFiber, f.fiber, f.premium, f.power, f.tv));
  });

  it("filters by search", async () => {
    const f = await fixture();
    expect(await ids(f.key, { search: "fiber" })).toEqual(idsOf(f.cheapFiber, f.fiber, f.power));
  });

  it("combines every filter with AND", async () => {
    const f = await fixture();
    expect(await ids(f.key, { category: "internet", search: "fiber" })).toEqual(idsOf(f.cheapFiber, f.fiber));
    expect(await ids(f.key, { category: "internet", search: "fiber", minPrice: "20" })).toEqual([f.fiber.id]);
    expect(await ids(f.key, { search: "fiber", maxPrice: "20" })).toEqual(idsOf(f.cheapFiber, f.power));
    expect(
      await ids(f.key, { category: "internet", search: "FIBER", minPrice: "10", maxPrice: "49.99", zipCode: "78701" }),
    ).toEqual([f.cheapFiber.id]);
    expect(await ids(f.key, { category: "tv", search: "fiber" })).toEqual([]);
  });

  it.each<[string, string, string[]]>([
    ["category=gas", "an unknown category", [`category must be one of the following values: ${CATEGORIES}`]],
    ["category=", "an empty category", [`category must be one of the following values: ${CATEGORIES}`]],
    [
      "category=Internet",
      "a category in another case",
      [`category must be one of the following values: ${CATEGORIES}`],
    ],
    ["category=internet&category=tv", "a repeated category", ["category must be a string"]],
    [
      "minPrice=abc",
      "a minPrice that is no number",
      ['minPrice must be a decimal string with at most two decimals, e.g. "49.99"'],
    ],
    [
      "minPrice=-1",
      "a negative minPrice",
      ['minPrice must be a decimal string with at most two decimals, e.g. "49.99"'],
    ],
    ["minPrice=", "an empty minPrice", ['minPrice must be a decimal string with at most two decimals, e.g. "49.99"']],
    [
      "maxPrice=1.234",
      "a maxPrice with three decimals",
      ['maxPrice must be a decimal string with at most two decimals, e.g. "49.99"'],
    ],
    [
      "maxPrice=1e3",
      "a maxPrice in exponent form",
      ['maxPrice must be a decimal string with at most two decimals, e.g. "49.99"'],
    ],
    ["minPrice=50.01&maxPrice=50", "minPrice above maxPrice", ["minPrice must not be greater than maxPrice"]],
    ["zipCode=1234", "a 4-digit zipCode", ["zipCode must be a 5-digit ZIP code"]],
    ["zipCode=abcde", "a zipCode of letters", ["zipCode must be a 5-digit ZIP code"]],
    ["zipCode=12345-6789", "a ZIP+4 zipCode", ["zipCode must be a 5-digit ZIP code"]],
    ["search=", "an empty search", ["search must not be empty"]],
    ["search=%20%20", "a blank search", ["search must not be empty"]],
    [`search=${"x".repeat(101)}`, "a search of 101 characters", ["search must be at most 100 characters"]],
    ["search=fiber%0Aplan", "a search with a newline", ["search must not contain control characters"]],
    ["search=fiber%09plan", "a search with a tab", ["search must not contain control characters"]],
    ["search=fiber%00", "a search with NUL", ["search must not contain control characters"]],
    [
      "category=gas&minPrice=x&maxPrice=-2&zipCode=1&search=",
      "every filter bad",
      [
        `category must be one of the following values: ${CATEGORIES}`,
        'minPrice must be a decimal string with at most two decimals, e.g. "49.99"',
        'maxPrice must be a decimal string with at most two decimals, e.g. "49.99"',
        "zipCode must be a 5-digit ZIP code",
        "search must not be empty",
      ],
    ],
    ["foo=1", "an unknown parameter", ["property foo should not exist"]],
    ["Category=internet", "a parameter in another case", ["property Category should not exist"]],
    ["offset=20&category=tv", "an unknown parameter beside a filter", ["property offset should not exist"]],
  ])("answers 400 for %s (%s)", async (query, _label, message) => {
    const { apiKey } = await t.createTeam("reseller");
    const res = await catalog(apiKey, query);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest(...message));
  });

  it("accepts a 100-character search", async () => {
    const { apiKey } = await t.createTeam("reseller");
    expect(await ids(apiKey, { search: ` ${"x".repeat(100)} ` })).toEqual([]);
  });
});

describe("GET /reseller/catalog?zipCode", () => {
  it("shows an offer linked to no market for every ZIP, a linked one only where one of its markets has the ZIP", async () => {
    const provider = await t.createTeam("provider", "Regional");
    const { apiKey } = await t.createTeam("reseller");
    const austin = await market(provider.apiKey, "Austin", ["78701", "78702"]);
    const dallas = await market(provider.apiKey, "Dallas", ["75201"]);
    const empty = await market(provider.apiKey, "Nowhere yet", []);
    const everywhere = await active(provider.apiKey, { name: "Everywhere" });
    const inAustin = await active(provider.apiKey, { name: "Austin only", marketIds: [austin.id] });
    const inBoth = await active(provider.apiKey, { name: "Texas", marketIds: [austin.id, dallas.id] });
    const nowhere = await active(provider.apiKey, { name: "Unserved", marketIds: [empty.id] });
    await draft(provider.apiKey, { name: "Draft in Austin", marketIds: [austin.id] });

    expect(await ids(apiKey, { zipCode: "78701" })).toEqual(idsOf(everywhere, inAustin, inBoth));
    expect(await ids(apiKey, { zipCode: "78702" })).toEqual(idsOf(everywhere, inAustin, inBoth));
    expect(await ids(apiKey, { zipCode: "75201" })).toEqual(idsOf(everywhere, inBoth));
    expect(await ids(apiKey, { zipCode: "10001" })).toEqual([everywhere.id]);
    expect(await ids(apiKey)).toEqual(idsOf(everywhere, inAustin, inBoth, nowhere));
    // Paginated requests spell the test differently (see the repository): same answers.
    expect(await walk(apiKey, { zipCode: "78701" }, 2)).toEqual(idsOf(everywhere, inAustin, inBoth));
    expect(await walk(apiKey, { zipCode: "10001" }, 1)).toEqual([everywhere.id]);
    expect(await walk(apiKey, { zipCode: "75201", search: "texas" }, 1)).toEqual([inBoth.id]);

    // Areas are read live: a ZIP added to a market shows its offers at once.
    const added = await t.request("POST", `/provider/markets/${empty.id}/areas`, {
      key: provider.apiKey,
      body: { value: "10001" },
    });
    expect(added.status).toBe(201);
    expect(await ids(apiKey, { zipCode: "10001" })).toEqual(idsOf(everywhere, nowhere));
  });
});

describe("GET /reseller/catalog?search", () => {
  it("matches a case-insensitive substring of the name, the marketing headline and the description", async () => {
    const provider = await t.createTeam("provider", "Searchable");
    const { apiKey } = await t.createTeam("reseller");
    const byName = await active(provider.apiKey, { name: "Gigabit HOME Fiber" });
    const byHeadline = await active(provider.apiKey, { name: "Plan B", marketingHeadline: "Stream in UltraHD" });
    const byDescription = await active(provider.apiKey, {
      name: "Plan C",
      description: "Includes a Mesh WiFi router",
    });
    const none = await active(provider.apiKey, { name: "Plan D", marketingHeadline: null, description: null });

    expect(await ids(apiKey, { search: "home fiber" })).toEqual([byName.id]);
    expect(await ids(apiKey, { search: "gIGABIT" })).toEqual([byName.id]);
    expect(await ids(apiKey, { search: "ultrahd" })).toEqual([byHeadline.id]);
    expect(await ids(apiKey, { search: "STREAM IN" })).toEqual([byHeadline.id]);
    expect(await ids(apiKey, { search: "mesh wifi" })).toEqual([byDescription.id]);
    expect(await ids(apiKey, { search: "wifi ROUTER" })).toEqual([byDescription.id]);
    expect(await ids(apiKey, { search: "iber" })).toEqual([byName.id]);
    expect(await ids(apiKey, { search: "plan" })).toEqual(idsOf(byHeadline, byDescription, none));
    expect(await ids(apiKey, { search: "  Plan D  " })).toEqual([none.id]);
    expect(await ids(apiKey, { search: "p" })).toEqual(idsOf(byHeadline, byDescription, none));
    expect(await ids(apiKey, { search: "nothing like it" })).toEqual([]);
  });

  it("never matches across two fields", async () => {
    const provider = await t.createTeam("provider", "Fields");
    const { apiKey } = await t.createTeam("reseller");
    const offer = await active(provider.apiKey, {
      name: "Super Alpha",
      marketingHeadline: "Beta Deal",
      description: "Gamma rays",
    });
    expect(await ids(apiKey, { search: "super alpha" })).toEqual([offer.id]);
    expect(await ids(apiKey, { search: "beta deal" })).toEqual([offer.id]);
    for (const search of ["alphabeta", "alpha beta", "alpha beta deal", "dealgamma", "deal gamma", "alpha gamma"]) {
      expect(await ids(apiKey, { search }), search).toEqual([]);
    }
  });

  it("matches %, _ and \\ literally", async () => {
    const provider = await t.createTeam("provider", "Literal");
    const { apiKey } = await t.createTeam("reseller");
    const percent = await active(provider.apiKey, { name: "100% Fiber" });
    const thousand = await active(provider.apiKey, { name: "1000 Fiber" });
    const underscore = await active(provider.apiKey, { name: "Fiber_500" });
    const backslash = await active(provider.apiKey, { name: "Fiber\\Max" });
    await active(provider.apiKey, { name: "Fiber 500" });

    expect(await ids(apiKey, { search: "100%" })).toEqual([percent.id]);
    expect(await ids(apiKey, { search: "%" })).toEqual([percent.id]);
    expect(await ids(apiKey, { search: "_" })).toEqual([underscore.id]);
    expect(await ids(apiKey, { search: "r_5" })).toEqual([underscore.id]);
    expect(await ids(apiKey, { search: "\\" })).toEqual([backslash.id]);
    expect(await ids(apiKey, { search: "r\\m" })).toEqual([backslash.id]);
    expect(await ids(apiKey, { search: "1000" })).toEqual([thousand.id]);
    expect(await ids(apiKey, { search: "%_\\" })).toEqual([]);
  });

  it("finds the same offers whether the term is broad or selective, complete or paginated", async () => {
    const provider = await t.createTeam("provider", "Volume");
    const { apiKey } = await t.createTeam("reseller");
    const broad: OfferJson[] = [];
    const rare: OfferJson[] = [];
    for (let i = 0; i < 8; i++) broad.push(await active(provider.apiKey, { name: `Common plan ${i}` }));
    for (let i = 0; i < 3; i++) rare.push(await active(provider.apiKey, { name: `Rare zebra ${i}` }));
    for (let i = 0; i < 4; i++) await active(provider.apiKey, { name: `Other ${i}`, ...TV, internet: undefined });
    const all = [...broad, ...rare];

    // 8 matches: broad (walks the date index); 3: selective (the trigram index); under 3 characters: walks.
    for (const [search, expected] of [
      ["common", broad],
      ["zebra", rare],
      ["fiber", []],
      ["a", all],
      ["ze", rare],
    ] as const) {
      const complete = idsOf(...expected);
      expect(await ids(apiKey, { search }), search).toEqual(complete);
      for (const limit of [1, 2, 3, 100]) {
        expect(await walk(apiKey, { search }, limit), `${search} by ${limit}`).toEqual(complete);
      }
      expect(await walk(apiKey, { search, category: "internet", maxPrice: "49.99" }, 2), search).toEqual(complete);
      expect(await walk(apiKey, { search, category: "tv" }, 2), search).toEqual([]);
    }
  });
});

describe("GET /reseller/catalog pagination", () => {
  it("walks the filtered catalog newest first without gaps or repeats", async () => {
    const provider = await t.createTeam("provider", "Pages");
    const { apiKey } = await t.createTeam("reseller");
    const matching: OfferJson[] = [];
    for (let i = 0; i < 7; i++) {
      matching.push(await active(provider.apiKey, { name: `Match ${i}`, monthlyPrice: `${20 + i}` }));
      await active(provider.apiKey, { name: `Too dear ${i}`, monthlyPrice: "99" });
      await active(provider.apiKey, { name: `Other kind ${i}`, monthlyPrice: "25", ...TV, internet: undefined });
    }
    const expected = idsOf(...matching);
    const query = { category: "internet", maxPrice: "50" };
    expect(await ids(apiKey, query)).toEqual(expected);
    for (const limit of [1, 2, 3, 7, 8]) expect(await walk(apiKey, query, limit), `limit ${limit}`).toEqual(expected);

    const first = (await (await catalog(apiKey, { ...query, limit: "3" })).json()) as PageJson;
    expect(first).toEqual({
      data: expected.slice(0, 3).map((id) => expect.objectContaining({ id })),
      hasMore: true,
      nextCursor: expect.any(String),
    });
  });

  it("ends the walk when the cursor's offer has left the catalog", async () => {
    const provider = await t.createTeam("provider", "Leaving");
    const { apiKey } = await t.createTeam("reseller");
    for (let i = 0; i < 4; i++) await active(provider.apiKey, { name: `Offer ${i}` });
    for (const query of [{}, { search: "offer" }] as Record<string, string>[]) {
      const first = (await (await catalog(apiKey, { ...query, limit: "2" })).json()) as PageJson;
      expect(first.hasMore).toBe(true);
      const last = first.data.at(-1);
      if (!last || !first.nextCursor) throw new Error("expected a full first page");
      await remove(provider.apiKey, last.id);
      const next = await catalog(apiKey, { ...query, limit: "2", cursor: first.nextCursor });
      expect(next.status).toBe(200);
      expect(await next.json()).toEqual({ data: [], hasMore: false, nextCursor: null });
    }
  });

  it("rejects a cursor of another list and a bad limit", async () => {
    const provider = await t.createTeam("provider", "Cursors");
    const { apiKey } = await t.createTeam("reseller");
    await active(provider.apiKey, { name: "A" });
    await active(provider.apiKey, { name: "B" });
    const offers = (await (
      await t.request("GET", "/provider/offers?limit=1", { key: provider.apiKey })
    ).json()) as PageJson;
    const foreign = await catalog(apiKey, { limit: "1", cursor: offers.nextCursor ?? "" });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toEqual(
      badRequest("cursor is invalid: pass back nextCursor from a previous response unmodified"),
    );
    for (const limit of ["0", "101", "x"]) {
      const res = await catalog(apiKey, { limit });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(badRequest("limit must be an integer from 1 to 100"));
    }
  });
});

describe("GET /reseller/catalog/{id}", () => {
  it("answers an active offer of any provider with its catalog entry", async () => {
    const provider = await t.createTeam("provider", "Detail Co");
    const { apiKey } = await t.createTeam("reseller");
    const offer = await active(provider.apiKey, {
      name: "Detail",
      ...ELECTRICITY,
      internet: undefined,
      partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://signup.example.com/?ref={orderItemId}" },
    });
    const res = await t.request("GET", `/reseller/catalog/${offer.id}`, { key: apiKey });
    expect(res.status).toBe(200);
    const entry = await res.json();
    expect(entry).toEqual(entryOf(offer, "Detail Co"));
    expect(entry.partnerSignup).toEqual({ kind: "lead_gen" });
    expect(entry.electricity).toEqual({
      ratePerKwh: "0.1425",
      rateType: "variable",
      renewablePercent: null,
      termMonths: null,
    });
    expect(entry).not.toHaveProperty("internet");
  });

  it("answers 404 for a draft, a deleted offer, an unknown id and a non-UUID", async () => {
    const provider = await t.createTeam("provider");
    const { apiKey } = await t.createTeam("reseller");
    const drafted = await draft(provider.apiKey);
    const deleted = await active(provider.apiKey);
    await remove(provider.apiKey, deleted.id);
    for (const id of [drafted.id, deleted.id, randomUUID(), "not-a-uuid", "12345"]) {
      const res = await t.request("GET", `/reseller/catalog/${id}`, { key: apiKey });
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual(notFound(id));
    }
  });

  it("rejects query parameters", async () => {
    const provider = await t.createTeam("provider");
    const { apiKey } = await t.createTeam("reseller");
    const offer = await active(provider.apiKey);
    const res = await t.request("GET", `/reseller/catalog/${offer.id}?search=x`, { key: apiKey });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest("property search should not exist"));
  });
});

describe("OpenAPI", () => {
  it("documents the catalog's filters, its pagination and the entry's fields", async () => {
    const doc = await (await t.request("GET", "/openapi.json")).json();
    const parameters = doc.paths["/reseller/catalog"].get.parameters as { in: string; name: string }[];
    expect(parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual(
      ["category", "cursor", "limit", "maxPrice", "minPrice", "search", "zipCode"].map((name) => `query:${name}`),
    );
    const provider = await t.createTeam("provider");
    const { apiKey } = await t.createTeam("reseller");
    const offer = await active(provider.apiKey, { ...TV, internet: undefined });
    const entry = await (await t.request("GET", `/reseller/catalog/${offer.id}`, { key: apiKey })).json();
    const schema = doc.components.schemas.CatalogEntry as { required: string[]; properties: Json };
    // A tv offer has neither details object: they are the only fields a response may leave out.
    expect([...schema.required].sort()).toEqual(Object.keys(entry).sort());
    expect(Object.keys(schema.properties).sort()).toEqual([...Object.keys(entry), "internet", "electricity"].sort());
  });
});
