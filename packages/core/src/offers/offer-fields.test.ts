import { describe, expect, it } from "vitest";
import { duplicateOfferFields, SAMPLE_PRICING_FIELDS } from "./duplicate.ts";
import {
  applyOfferPatch,
  blankOfferFields,
  EMPTY_ELECTRICITY,
  EMPTY_INTERNET,
  offerFieldProblems,
  signupUrlFor,
} from "./offer-fields.ts";

const MARKET = "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21";

describe("applyOfferPatch", () => {
  const base = applyOfferPatch(blankOfferFields("Fiber", "internet"), {
    sku: "F-1",
    description: "Fast",
    monthlyPrice: "49.9",
    internet: { downloadSpeedMbps: 500, connectionType: "fiber" },
  });

  it("stores money canonically and gives an internet offer its details object", () => {
    expect(base.monthlyPrice).toBe("49.90");
    expect(base.internet).toEqual({ ...EMPTY_INTERNET, downloadSpeedMbps: 500, connectionType: "fiber" });
    expect(base.electricity).toBeNull();
  });

  it("leaves omitted fields unchanged, clears with null, and merges nested details", () => {
    const next = applyOfferPatch(base, { description: null, internet: { uploadSpeedMbps: 100 } });
    expect(next.description).toBeNull();
    expect(next.sku).toBe("F-1");
    expect(next.monthlyPrice).toBe("49.90");
    expect(next.internet).toEqual({
      downloadSpeedMbps: 500,
      uploadSpeedMbps: 100,
      connectionType: "fiber",
      dataCapGb: null,
    });
  });

  it("resets the details with null", () => {
    expect(applyOfferPatch(base, { internet: null }).internet).toEqual(EMPTY_INTERNET);
  });

  it("drops the details of the old type and starts empty ones when the service type changes", () => {
    const next = applyOfferPatch(base, { serviceType: "electricity" });
    expect(next.internet).toBeNull();
    expect(next.electricity).toEqual(EMPTY_ELECTRICITY);
    expect(applyOfferPatch(base, { serviceType: "tv" })).toMatchObject({ internet: null, electricity: null });
  });

  it("trims text and turns blank optional text into null", () => {
    const next = applyOfferPatch(base, { name: "  Fiber 1G  ", marketingHeadline: "   ", sku: " F-2 " });
    expect(next).toMatchObject({ name: "Fiber 1G", marketingHeadline: null, sku: "F-2" });
  });

  it("keeps a signup template when only the kind is sent again, and dedupes market ids", () => {
    const withSignup = applyOfferPatch(base, {
      partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://x.test/?r={orderItemId}" },
      marketIds: [MARKET, MARKET],
    });
    expect(applyOfferPatch(withSignup, { partnerSignup: { kind: "lead_gen" } }).partnerSignup).toEqual({
      kind: "lead_gen",
      signupUrlTemplate: "https://x.test/?r={orderItemId}",
    });
    expect(withSignup.marketIds).toEqual([MARKET]);
    expect(applyOfferPatch(withSignup, { partnerSignup: null }).partnerSignup).toBeNull();
  });

  it("does not change its input", () => {
    const before = structuredClone(base);
    applyOfferPatch(base, { name: "Other", internet: { downloadSpeedMbps: 1 }, marketIds: [MARKET] });
    expect(base).toEqual(before);
  });
});

describe("offerFieldProblems", () => {
  const check = (patch: Parameters<typeof applyOfferPatch>[1], serviceType: "internet" | "tv" = "internet") =>
    offerFieldProblems(patch, applyOfferPatch(blankOfferFields("Offer", serviceType), patch));

  it("accepts a complete valid offer", () => {
    expect(
      check({
        sku: "A-1",
        description: "d",
        marketingHeadline: "h",
        brandId: MARKET,
        marketIds: [MARKET],
        monthlyPrice: "10",
        promoMonthlyPrice: "5",
        promoDurationMonths: 6,
        contractTermMonths: 24,
        commission: "12.50",
        submissionUrl: "https://orders.example.com/in",
        partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://x.test/{orderItemId}" },
        internet: { downloadSpeedMbps: 1000, uploadSpeedMbps: 1000, connectionType: "fiber", dataCapGb: null },
      }),
    ).toEqual([]);
  });

  it("reports each bad field with its dotted path first", () => {
    expect(
      check({
        monthlyPrice: "1.001",
        promoDurationMonths: 0,
        contractTermMonths: 1.5,
        submissionUrl: "http://orders.example.com",
        marketIds: ["nope"],
        internet: { downloadSpeedMbps: -1 },
      }),
    ).toEqual([
      "marketIds.0 must be a UUID",
      'monthlyPrice must be a decimal string with at most two decimals, e.g. "49.99"',
      "promoDurationMonths must be an integer from 1 to 60",
      "contractTermMonths must be an integer from 1 to 120",
      "submissionUrl must be an https URL",
      "internet.downloadSpeedMbps must be an integer from 1 to 100000",
    ]);
  });

  it("refuses a submissionUrl carrying credentials (user:pass@), naming them", () => {
    expect(check({ submissionUrl: "https://partner:s3cret@orders.example.com/in" })).toEqual([
      "submissionUrl must not contain a user name or password (user:pass@)",
    ]);
    expect(check({ submissionUrl: "https://orders.example.com/in?user=a@b" })).toEqual([]);
  });

  it("rejects details of another service type", () => {
    expect(check({ internet: { downloadSpeedMbps: 10 } }, "tv")).toEqual([
      "internet is only allowed when serviceType is internet",
    ]);
    expect(check({ electricity: { ratePerKwh: "0.1" } })).toEqual([
      "electricity is only allowed when serviceType is electricity",
    ]);
  });

  it("rejects control characters in a SKU and NUL in text", () => {
    expect(check({ sku: "A\tB" })).toEqual(["sku must not contain control characters"]);
    expect(check({ description: "a\u0000b" })).toEqual(["description must not contain NUL characters"]);
  });
});

describe("signupUrlFor", () => {
  it("replaces every placeholder with the URL-encoded order item id", () => {
    expect(
      signupUrlFor({ kind: "lead_gen", signupUrlTemplate: "https://x.test/{orderItemId}?ref={orderItemId}" }, "a b"),
    ).toBe("https://x.test/a%20b?ref=a%20b");
    expect(signupUrlFor({ kind: "lead_gen", signupUrlTemplate: null }, "x")).toBeNull();
  });
});

describe("duplicateOfferFields", () => {
  const source = applyOfferPatch(blankOfferFields("Fiber 500", "internet"), {
    sku: "F-500",
    monthlyPrice: "49.99",
    promoMonthlyPrice: "29.99",
    promoDurationMonths: 3,
    contractTermMonths: 12,
    commission: "20.00",
    marketIds: [MARKET],
    internet: { downloadSpeedMbps: 500 },
  });

  it("marks the name as a copy, drops the SKU and the sample pricing, and keeps the rest", () => {
    const copy = duplicateOfferFields(source);
    expect(copy).toEqual({
      ...source,
      name: "Fiber 500 (copy)",
      sku: null,
      promoMonthlyPrice: null,
      promoDurationMonths: null,
    });
    expect(SAMPLE_PRICING_FIELDS).toEqual(["promoMonthlyPrice", "promoDurationMonths"]);
  });

  it("shortens a long name so the copy still fits 200 characters", () => {
    const copy = duplicateOfferFields({ ...source, name: "n".repeat(200) });
    expect(copy.name).toHaveLength(200);
    expect(copy.name.endsWith(" (copy)")).toBe(true);
  });

  it("shares no nested objects with the source", () => {
    const copy = duplicateOfferFields(source);
    expect(copy.internet).not.toBe(source.internet);
    expect(copy.marketIds).not.toBe(source.marketIds);
  });
});
