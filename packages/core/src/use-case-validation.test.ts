import { describe, expect, it } from "vitest";
import { validateNewOffer } from "./offers/index.ts";
import { validateTeam } from "./teams/index.ts";

const NAME_EMPTY = "name must not be empty";
const NAME_LONG = "name must be at most 200 characters";
const ROLE = "role must be one of the following values: provider, reseller, hybrid";
const SKU = "sku must be at most 100 characters";
const SERVICE_TYPE =
  "serviceType must be one of the following values: internet, electricity, natural_gas, tv, mobile, home_security";
const PRICE = 'monthlyPrice must be a decimal string with at most two decimals, e.g. "49.99"';

/** Input as it may arrive from outside, before types are known to hold. */
function team(input: Record<string, unknown>): unknown {
  return { name: "Acme", role: "provider", ...input };
}

/** The offer parser takes `unknown`: no cast needed to hand it what arrives from outside. */
function offer(input: Record<string, unknown>): unknown {
  return { name: "Fiber 500", serviceType: "internet", ...input };
}

describe("validateTeam", () => {
  it.each(["provider", "reseller", "hybrid"])("accepts a named %s team", (role) => {
    expect(validateTeam(team({ role }))).toEqual([]);
  });

  it.each(["", "   ", "\t\n"])("rejects the name %j as empty", (name) => {
    expect(validateTeam(team({ name }))).toEqual([NAME_EMPTY]);
  });

  it("tells a missing name from one of another type, as the HTTP contract does", () => {
    expect(validateTeam(team({ name: undefined }))).toEqual(["name is required"]);
    expect(validateTeam(team({ name: null }))).toEqual(["name must be a string"]);
    expect(validateTeam(team({ name: 42 }))).toEqual(["name must be a string"]);
  });

  it("limits the trimmed name to 200 characters", () => {
    expect(validateTeam(team({ name: "a".repeat(200) }))).toEqual([]);
    expect(validateTeam(team({ name: `  ${"a".repeat(200)}  ` }))).toEqual([]);
    expect(validateTeam(team({ name: "a".repeat(201) }))).toEqual([NAME_LONG]);
  });

  it.each(["", "admin", "Provider", "HYBRID", null, 1])("rejects the role %j", (role) => {
    expect(validateTeam(team({ role }))).toEqual([ROLE]);
  });

  it("requires the role and refuses unknown properties", () => {
    expect(validateTeam(team({ role: undefined }))).toEqual(["role is required"]);
    expect(validateTeam(team({ owner: "me" }))).toEqual(["property owner should not exist"]);
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

  it.each(["", "   "])("rejects the name %j as empty", (name) => {
    expect(validateNewOffer(offer({ name }))).toEqual([NAME_EMPTY]);
  });

  it("tells a missing name from a null one, as the HTTP contract does", () => {
    expect(validateNewOffer(offer({ name: undefined }))).toEqual(["name is required"]);
    expect(validateNewOffer(offer({ name: null }))).toEqual(["name must be a string"]);
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

  it.each(["", "Internet", "gas", "internet ", null])("rejects the service type %j", (serviceType) => {
    expect(validateNewOffer(offer({ serviceType }))).toEqual([SERVICE_TYPE]);
  });

  it("requires the service type", () => {
    expect(validateNewOffer(offer({ serviceType: undefined }))).toEqual(["serviceType is required"]);
  });

  it.each(["49.999", "-1", "1e3", "", "abc", " 49"])("rejects the monthly price %j", (monthlyPrice) => {
    expect(validateNewOffer(offer({ monthlyPrice }))).toEqual([PRICE]);
  });

  it.each([49.99, 0])("rejects the monthly price %j sent as a number", (monthlyPrice) => {
    expect(validateNewOffer(offer({ monthlyPrice }))).toEqual(['monthlyPrice must be a decimal string, e.g. "49.99"']);
  });

  it("rejects unknown properties and details of another service type", () => {
    expect(validateNewOffer(offer({ colour: "red" }))).toEqual(["property colour should not exist"]);
    expect(validateNewOffer(offer({ serviceType: "tv", internet: {} }))).toEqual([
      "internet is only allowed when serviceType is internet",
    ]);
  });

  it("applies the URL policy to submissionUrl: loopback http only when allowed", () => {
    const local = offer({ submissionUrl: "http://127.0.0.1:8080/orders" });
    expect(validateNewOffer(local)).toEqual(["submissionUrl must be an https URL"]);
    expect(validateNewOffer(local, { urlPolicy: { allowLoopback: true } })).toEqual([]);
    const remote = offer({ submissionUrl: "http://partner.example.com/orders" });
    expect(validateNewOffer(remote, { urlPolicy: { allowLoopback: true } })).toEqual([
      "submissionUrl must be an https URL",
    ]);
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
