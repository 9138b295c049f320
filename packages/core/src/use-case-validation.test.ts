import { describe, expect, it } from "vitest";
import { type NewOffer, validateNewOffer } from "./use-cases/offers.ts";
import { type NewTeam, validateTeam } from "./use-cases/teams.ts";

const NAME_EMPTY = "name must not be empty";
const NAME_LONG = "name must be at most 200 characters";
const ROLE = "role must be one of the following values: provider, reseller, hybrid";
const SKU = "sku must be at most 100 characters";
const SERVICE_TYPE =
  "serviceType must be one of the following values: internet, electricity, natural_gas, tv, mobile, home_security";
const PRICE = 'monthlyPrice must be a decimal string with at most two decimals, e.g. "49.99"';

/** Input as it may arrive from outside, before types are known to hold. */
function team(input: Record<string, unknown>): NewTeam {
  return { name: "Acme", role: "provider", ...input } as unknown as NewTeam;
}

function offer(input: Record<string, unknown>): NewOffer {
  return { name: "Fiber 500", serviceType: "internet", ...input } as unknown as NewOffer;
}

describe("validateTeam", () => {
  it.each(["provider", "reseller", "hybrid"])("accepts a named %s team", (role) => {
    expect(validateTeam(team({ role }))).toEqual([]);
  });

  it.each(["", "   ", "\t\n", undefined, null, 42])("rejects the name %j as empty", (name) => {
    expect(validateTeam(team({ name }))).toEqual([NAME_EMPTY]);
  });

  it("limits the trimmed name to 200 characters", () => {
    expect(validateTeam(team({ name: "a".repeat(200) }))).toEqual([]);
    expect(validateTeam(team({ name: `  ${"a".repeat(200)}  ` }))).toEqual([]);
    expect(validateTeam(team({ name: "a".repeat(201) }))).toEqual([NAME_LONG]);
  });

  it.each(["", "admin", "Provider", "HYBRID", undefined, null, 1])("rejects the role %j", (role) => {
    expect(validateTeam(team({ role }))).toEqual([ROLE]);
  });

  it("reports every problem, name first", () => {
    expect(validateTeam(team({ name: "", role: "owner" }))).toEqual([NAME_EMPTY, ROLE]);
  });
});

describe("validateNewOffer", () => {
  it("accepts a minimal offer and a complete one", () => {
    expect(validateNewOffer(offer({}))).toEqual([]);
    expect(validateNewOffer(offer({ sku: "FIB-500", serviceType: "electricity", monthlyPrice: "49.99" }))).toEqual([]);
    expect(validateNewOffer(offer({ sku: null, monthlyPrice: null }))).toEqual([]);
  });

  it.each(["internet", "electricity", "natural_gas", "tv", "mobile", "home_security"])(
    "accepts the service type %s",
    (serviceType) => {
      expect(validateNewOffer(offer({ serviceType }))).toEqual([]);
    },
  );

  it("rejects a name that is not a string", () => {
    expect(validateNewOffer(offer({ name: 7 }))).toEqual(["name must be a string"]);
  });

  it.each(["", "   ", undefined, null])("rejects the name %j as empty", (name) => {
    expect(validateNewOffer(offer({ name }))).toEqual([NAME_EMPTY]);
  });

  it("limits the name to 200 characters", () => {
    expect(validateNewOffer(offer({ name: "a".repeat(200) }))).toEqual([]);
    expect(validateNewOffer(offer({ name: "a".repeat(201) }))).toEqual([NAME_LONG]);
  });

  it("limits the trimmed name, as validateTeam does", () => {
    expect(validateNewOffer(offer({ name: ` ${"a".repeat(200)} ` }))).toEqual([]);
  });

  it("limits the sku to a string of 100 characters", () => {
    expect(validateNewOffer(offer({ sku: "s".repeat(100) }))).toEqual([]);
    expect(validateNewOffer(offer({ sku: "s".repeat(101) }))).toEqual([SKU]);
    expect(validateNewOffer(offer({ sku: 12345 }))).toEqual(["sku must be a string"]);
  });

  it.each(["", "Internet", "gas", "internet ", undefined, null])("rejects the service type %j", (serviceType) => {
    expect(validateNewOffer(offer({ serviceType }))).toEqual([SERVICE_TYPE]);
  });

  it.each(["49.999", "-1", "1e3", "", "abc", " 49", 49.99, 0])("rejects the monthly price %j", (monthlyPrice) => {
    expect(validateNewOffer(offer({ monthlyPrice }))).toEqual([PRICE]);
  });

  it.each(["0", "49", "49.9", "49.99", "9999999999.99"])("accepts the monthly price %j", (monthlyPrice) => {
    expect(validateNewOffer(offer({ monthlyPrice }))).toEqual([]);
  });

  it("reports every problem in field order", () => {
    expect(
      validateNewOffer(offer({ name: " ", sku: "x".repeat(101), serviceType: "water", monthlyPrice: "1.001" })),
    ).toEqual([NAME_EMPTY, SKU, SERVICE_TYPE, PRICE]);
  });
});
