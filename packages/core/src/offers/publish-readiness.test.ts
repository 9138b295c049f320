import { describe, expect, it } from "vitest";
import { applyOfferPatch, blankOfferFields, type NewOffer } from "./offer-fields.ts";
import { checkPublishReadiness, problemsBySection } from "./publish-readiness.ts";
import type { OfferFields } from "./types.ts";

const fields = (input: NewOffer): OfferFields =>
  applyOfferPatch(blankOfferFields(input.name, input.serviceType), input);

const readyInternet: NewOffer = {
  name: "Fiber 500",
  sku: "FIB-500",
  serviceType: "internet",
  monthlyPrice: "49.99",
  internet: { downloadSpeedMbps: 500, uploadSpeedMbps: 500, connectionType: "fiber" },
};

const readyElectricity: NewOffer = {
  name: "Green 12",
  sku: "GREEN-12",
  serviceType: "electricity",
  monthlyPrice: "10.00",
  electricity: { ratePerKwh: "0.1425", rateType: "fixed", termMonths: 12 },
};

describe("checkPublishReadiness", () => {
  it("accepts complete internet, electricity and other offers", () => {
    expect(checkPublishReadiness(fields(readyInternet))).toEqual({ ready: true });
    expect(checkPublishReadiness(fields(readyElectricity))).toEqual({ ready: true });
    expect(
      checkPublishReadiness(fields({ name: "TV", sku: "TV-1", serviceType: "tv", monthlyPrice: "19.00" })),
    ).toEqual({ ready: true });
  });

  it("reports every unmet rule of a bare internet draft, in section order", () => {
    expect(checkPublishReadiness(fields({ name: "Bare", serviceType: "internet" }))).toEqual({
      ready: false,
      problems: [
        { section: "general", field: "sku", message: "sku is required to publish" },
        { section: "pricing", field: "monthlyPrice", message: "monthlyPrice is required to publish" },
        {
          section: "internetDetails",
          field: "internet.downloadSpeedMbps",
          message: "internet.downloadSpeedMbps is required to publish",
        },
        {
          section: "internetDetails",
          field: "internet.connectionType",
          message: "internet.connectionType is required to publish",
        },
      ],
    });
  });

  it("requires a monthly price above zero", () => {
    const result = checkPublishReadiness(fields({ ...readyInternet, monthlyPrice: "0" }));
    expect(result).toEqual({
      ready: false,
      problems: [{ section: "pricing", field: "monthlyPrice", message: "monthlyPrice must be greater than 0" }],
    });
  });

  it("requires the promotional price below the regular price, with a duration", () => {
    expect(checkPublishReadiness(fields({ ...readyInternet, promoMonthlyPrice: "49.99" }))).toEqual({
      ready: false,
      problems: [
        {
          section: "pricing",
          field: "promoMonthlyPrice",
          message: "promoMonthlyPrice must be lower than monthlyPrice",
        },
        {
          section: "pricing",
          field: "promoDurationMonths",
          message: "promoDurationMonths is required when promoMonthlyPrice is set",
        },
      ],
    });
    expect(
      checkPublishReadiness(fields({ ...readyInternet, promoMonthlyPrice: "39.99", promoDurationMonths: 6 })),
    ).toEqual({ ready: true });
    expect(checkPublishReadiness(fields({ ...readyInternet, promoDurationMonths: 6 }))).toEqual({
      ready: false,
      problems: [
        {
          section: "pricing",
          field: "promoMonthlyPrice",
          message: "promoMonthlyPrice is required when promoDurationMonths is set",
        },
      ],
    });
  });

  it("compares prices as exact decimals, not floats", () => {
    // 0.1 + 0.2 style traps: "10.10" is not below "10.1".
    const offer = fields({
      ...readyInternet,
      monthlyPrice: "10.1",
      promoMonthlyPrice: "10.10",
      promoDurationMonths: 3,
    });
    expect(checkPublishReadiness(offer).ready).toBe(false);
  });

  it("keeps the upload speed at or below the download speed", () => {
    const offer = fields({
      ...readyInternet,
      internet: { downloadSpeedMbps: 100, uploadSpeedMbps: 200, connectionType: "cable" },
    });
    expect(checkPublishReadiness(offer)).toEqual({
      ready: false,
      problems: [
        {
          section: "internetDetails",
          field: "internet.uploadSpeedMbps",
          message: "internet.uploadSpeedMbps must not exceed downloadSpeedMbps",
        },
      ],
    });
  });

  it("requires the electricity rate, its type, and a term for a fixed rate", () => {
    expect(checkPublishReadiness(fields({ ...readyElectricity, electricity: null }))).toEqual({
      ready: false,
      problems: [
        {
          section: "electricityDetails",
          field: "electricity.ratePerKwh",
          message: "electricity.ratePerKwh is required to publish",
        },
        {
          section: "electricityDetails",
          field: "electricity.rateType",
          message: "electricity.rateType is required to publish",
        },
      ],
    });
    const fixedWithoutTerm = fields({ ...readyElectricity, electricity: { ratePerKwh: "0.2", rateType: "fixed" } });
    expect(checkPublishReadiness(fixedWithoutTerm)).toEqual({
      ready: false,
      problems: [
        {
          section: "electricityDetails",
          field: "electricity.termMonths",
          message: "electricity.termMonths is required for a fixed rate",
        },
      ],
    });
    const variable = fields({ ...readyElectricity, electricity: { ratePerKwh: "0.2", rateType: "variable" } });
    expect(checkPublishReadiness(variable)).toEqual({ ready: true });
    const zeroRate = fields({ ...readyElectricity, electricity: { ratePerKwh: "0.0000", rateType: "variable" } });
    expect(checkPublishReadiness(zeroRate)).toMatchObject({
      ready: false,
      problems: [{ field: "electricity.ratePerKwh", message: "electricity.ratePerKwh must be greater than 0" }],
    });
  });

  it.each([
    [null, "partnerSignup.signupUrlTemplate is required for a lead_gen offer"],
    ["https://signup.example.com/start", "partnerSignup.signupUrlTemplate must contain {orderItemId}"],
    ["http://signup.example.com/?ref={orderItemId}", "partnerSignup.signupUrlTemplate must be an https URL"],
    ["not a url {orderItemId}", "partnerSignup.signupUrlTemplate must be an https URL"],
    [
      "https://ref:key@signup.example.com/?ref={orderItemId}",
      "partnerSignup.signupUrlTemplate must not contain a user name or password (user:pass@)",
    ],
  ])("requires a valid signup template for lead_gen (%j)", (template, message) => {
    const offer = fields({ ...readyInternet, partnerSignup: { kind: "lead_gen", signupUrlTemplate: template } });
    expect(checkPublishReadiness(offer)).toEqual({
      ready: false,
      problems: [{ section: "partnerSignup", field: "partnerSignup.signupUrlTemplate", message }],
    });
  });

  it("accepts a lead_gen offer with an https template containing the placeholder", () => {
    const offer = fields({
      ...readyInternet,
      partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://signup.example.com/s?ref={orderItemId}" },
    });
    expect(checkPublishReadiness(offer)).toEqual({ ready: true });
  });
});

describe("problemsBySection", () => {
  it("keys the same problems by section, in section order, leaving out sections without problems", () => {
    const a = { section: "pricing", field: "monthlyPrice", message: "m1" };
    const b = { section: "general", field: "sku", message: "m2" };
    const c = { section: "pricing", field: "promoMonthlyPrice", message: "m3" };
    expect(problemsBySection([a, b, c])).toEqual({ general: [b], pricing: [a, c] });
    expect(Object.keys(problemsBySection([a, b, c]))).toEqual(["general", "pricing"]);
    expect(problemsBySection([])).toEqual({});
  });
});
