import { describe, expect, it } from "vitest";
import { CATALOG_SEARCH_MAX_LENGTH, NO_CATALOG_FILTERS, parseCatalogFilters } from "./catalog-filters.ts";

const CATEGORY_MESSAGE =
  "category must be one of the following values: internet, electricity, natural_gas, tv, mobile, home_security";
const money = (field: string) => `${field} must be a decimal string with at most two decimals, e.g. "49.99"`;

describe("parseCatalogFilters", () => {
  it("accepts no filter at all", () => {
    expect(parseCatalogFilters({})).toEqual({ ok: true, filters: NO_CATALOG_FILTERS });
  });

  it("accepts every filter together, prices in canonical form and the search trimmed", () => {
    expect(
      parseCatalogFilters({
        category: "internet",
        minPrice: "9.5",
        maxPrice: "60",
        zipCode: "02139",
        search: "  Fiber 1 Gig ",
      }),
    ).toEqual({
      ok: true,
      filters: { category: "internet", minPrice: "9.50", maxPrice: "60.00", zipCode: "02139", search: "Fiber 1 Gig" },
    });
  });

  it.each(["internet", "electricity", "natural_gas", "tv", "mobile", "home_security"])(
    "accepts category %s",
    (category) => {
      expect(parseCatalogFilters({ category })).toEqual({ ok: true, filters: { ...NO_CATALOG_FILTERS, category } });
    },
  );

  it.each(["", "Internet", "gas", " internet", "internet,tv"])("rejects category %j", (category) => {
    expect(parseCatalogFilters({ category })).toEqual({ ok: false, problems: [CATEGORY_MESSAGE] });
  });

  it("rejects a category that is not a string", () => {
    expect(parseCatalogFilters({ category: ["internet"] })).toEqual({ ok: false, problems: [CATEGORY_MESSAGE] });
  });

  it.each([
    ["0", "0.00"],
    ["0.5", "0.50"],
    ["49.99", "49.99"],
    ["9999999999.99", "9999999999.99"],
  ])("accepts the price %s as %s", (input, canonical) => {
    expect(parseCatalogFilters({ minPrice: input, maxPrice: input })).toEqual({
      ok: true,
      filters: { ...NO_CATALOG_FILTERS, minPrice: canonical, maxPrice: canonical },
    });
  });

  it.each(["", "-1", "1.999", "1e3", "abc", " 5", "5.", ".5", "05", "10000000000", "NaN", "Infinity"])(
    "rejects the price %j on both bounds",
    (price) => {
      expect(parseCatalogFilters({ minPrice: price })).toEqual({ ok: false, problems: [money("minPrice")] });
      expect(parseCatalogFilters({ maxPrice: price })).toEqual({ ok: false, problems: [money("maxPrice")] });
    },
  );

  it("rejects minPrice above maxPrice, comparing amounts, not strings", () => {
    expect(parseCatalogFilters({ minPrice: "50.01", maxPrice: "50" })).toEqual({
      ok: false,
      problems: ["minPrice must not be greater than maxPrice"],
    });
    expect(parseCatalogFilters({ minPrice: "9", maxPrice: "10" })).toMatchObject({ ok: true });
    expect(parseCatalogFilters({ minPrice: "50", maxPrice: "50.00" })).toMatchObject({ ok: true });
  });

  it.each(["02139", "99999", "00000"])("accepts the ZIP code %s", (zipCode) => {
    expect(parseCatalogFilters({ zipCode })).toEqual({ ok: true, filters: { ...NO_CATALOG_FILTERS, zipCode } });
  });

  it.each(["", "1234", "123456", "12a45", "12345-6789", " 12345", "１２３４５"])(
    "rejects the ZIP code %j",
    (zipCode) => {
      expect(parseCatalogFilters({ zipCode })).toEqual({ ok: false, problems: ["zipCode must be a 5-digit ZIP code"] });
    },
  );

  it("accepts a search of 1 and of 100 characters, and keeps %, _ and \\ as typed", () => {
    const longest = "x".repeat(CATALOG_SEARCH_MAX_LENGTH);
    expect(parseCatalogFilters({ search: "a" })).toMatchObject({ ok: true, filters: { search: "a" } });
    expect(parseCatalogFilters({ search: ` ${longest} ` })).toMatchObject({ ok: true, filters: { search: longest } });
    expect(parseCatalogFilters({ search: "100%_off\\" })).toMatchObject({
      ok: true,
      filters: { search: "100%_off\\" },
    });
  });

  it.each([
    ["", "search must not be empty"],
    ["   ", "search must not be empty"],
    ["x".repeat(CATALOG_SEARCH_MAX_LENGTH + 1), `search must be at most ${CATALOG_SEARCH_MAX_LENGTH} characters`],
    ["fiber\nplan", "search must not contain control characters"],
    ["fiber\tplan", "search must not contain control characters"],
    ["fiber\u0000", "search must not contain control characters"],
    ["fiber\u007fplan", "search must not contain control characters"],
    ["fiber\u0085plan", "search must not contain control characters"],
  ])("rejects the search %j", (search, message) => {
    expect(parseCatalogFilters({ search })).toEqual({ ok: false, problems: [message] });
  });

  it("rejects a search that is not a string", () => {
    expect(parseCatalogFilters({ search: 42 })).toEqual({ ok: false, problems: ["search must be a string"] });
  });

  it("reports every bad filter, in parameter order", () => {
    expect(parseCatalogFilters({ category: "gas", minPrice: "x", maxPrice: "-2", zipCode: "1", search: " " })).toEqual({
      ok: false,
      problems: [
        CATEGORY_MESSAGE,
        money("minPrice"),
        money("maxPrice"),
        "zipCode must be a 5-digit ZIP code",
        "search must not be empty",
      ],
    });
  });
});
