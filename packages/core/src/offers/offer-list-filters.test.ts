import { describe, expect, it } from "vitest";
import { parseOfferListFilters } from "./offer-list-filters.ts";

describe("parseOfferListFilters", () => {
  it("keeps the filters given, trimmed; absent ones do not filter", () => {
    expect(
      parseOfferListFilters({
        status: "draft",
        serviceType: "tv",
        marketId: undefined,
        search: "  fiber ",
      }),
    ).toEqual({ ok: true, filters: { status: "draft", serviceType: "tv", search: "fiber" } });
    expect(parseOfferListFilters({})).toEqual({ ok: true, filters: {} });
  });

  it("names every bad filter", () => {
    expect(
      parseOfferListFilters({
        status: "gone",
        serviceType: "plasma",
        brandId: "x",
        marketId: "00000000-0000-1000-8000-000000000000",
        search: "a".repeat(101),
      }),
    ).toEqual({
      ok: false,
      problems: [
        "status must be one of the following values: draft, active",
        "serviceType must be one of the following values: internet, electricity, natural_gas, tv, mobile, home_security",
        "brandId must be a UUID",
        "marketId must be a UUID",
        "search must be at most 100 characters",
      ],
    });
    expect(parseOfferListFilters({ brandId: "", search: "  " })).toEqual({
      ok: false,
      problems: ["brandId must be a UUID", "search must not be empty"],
    });
    expect(parseOfferListFilters({ search: "a\nb" })).toEqual({
      ok: false,
      problems: ["search must not contain control characters"],
    });
    expect(parseOfferListFilters({ status: ["draft"] })).toEqual({ ok: false, problems: ["status must be a string"] });
  });
});
