import { describe, expect, it } from "vitest";
import {
  active,
  badRequest,
  CATEGORIES,
  catalog,
  draft,
  ELECTRICITY,
  ids,
  idsOf,
  market,
  setupCatalogApp,
  TV,
  t,
  walk,
} from "../../../test/helpers/http/reseller-catalog.ts";

setupCatalogApp();

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
