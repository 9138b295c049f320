import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";

describe("the host's opt-in abuse limits", () => {
  it("are off by default, so only the contract's two endpoints are limited", () => {
    expect(loadConfig({}).optInRateLimits).toEqual({ linkOrders: 0, consentRevoke: 0 });
  });

  it("read MARKETPLACE_LIMIT_LINK_ORDERS and MARKETPLACE_LIMIT_CONSENT_REVOKE as requests a minute, 0 or off for none", () => {
    expect(
      loadConfig({ MARKETPLACE_LIMIT_LINK_ORDERS: "20", MARKETPLACE_LIMIT_CONSENT_REVOKE: "5" }).optInRateLimits,
    ).toEqual({ linkOrders: 20, consentRevoke: 5 });
    expect(
      loadConfig({ MARKETPLACE_LIMIT_LINK_ORDERS: "off", MARKETPLACE_LIMIT_CONSENT_REVOKE: "0" }).optInRateLimits,
    ).toEqual({ linkOrders: 0, consentRevoke: 0 });
  });

  it("refuses anything else, naming the variable", () => {
    expect(() => loadConfig({ MARKETPLACE_LIMIT_LINK_ORDERS: "ten" })).toThrow(
      /MARKETPLACE_LIMIT_LINK_ORDERS: must be a number of requests per minute from 1 to 100000, or 0 or off/,
    );
    expect(() => loadConfig({ MARKETPLACE_LIMIT_CONSENT_REVOKE: "2.5" })).toThrow(/MARKETPLACE_LIMIT_CONSENT_REVOKE/);
    expect(() => loadConfig({ MARKETPLACE_LIMIT_CONSENT_REVOKE: "100001" })).toThrow(
      /MARKETPLACE_LIMIT_CONSENT_REVOKE/,
    );
  });
});

describe("the host's Strict-Transport-Security", () => {
  it("defaults to one year for this host only, takes a header value, and off", () => {
    expect(loadConfig({}).strictTransportSecurity).toBe("max-age=31536000");
    expect(
      loadConfig({ MARKETPLACE_HSTS: "max-age=63072000; includeSubDomains; preload" }).strictTransportSecurity,
    ).toBe("max-age=63072000; includeSubDomains; preload");
    expect(loadConfig({ MARKETPLACE_HSTS: "off" }).strictTransportSecurity).toBe(false);
    expect(() => loadConfig({ MARKETPLACE_HSTS: "1 year" })).toThrow(/MARKETPLACE_HSTS: must be off or a header value/);
  });
});
