import { describe, expect, it } from "vitest";
import { handoffRedirectUrl, phoneToShare } from "./clicks.ts";
import { generateLinkSlug, isLinkSlug, isStorefrontSlug, LINK_SLUG_LENGTH } from "./slugs.ts";

const signup = { kind: "lead_gen" as const, signupUrlTemplate: "https://partner.example.com/signup?ref={orderItemId}" };
const handoff = { kind: "order_contact" as const, granted: true, disclosureVersion: "handoff_contact.v1" as const };

describe("outbound clicks", () => {
  it("shares the phone only with a granted handoff_contact.v1 decision", () => {
    expect(phoneToShare("+15125550123", [handoff])).toBe("+15125550123");
    expect(phoneToShare("+15125550123", [{ ...handoff, granted: false }])).toBeNull();
    expect(
      phoneToShare("+15125550123", [{ kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" }]),
    ).toBeNull();
    expect(phoneToShare(null, [handoff])).toBeNull();
  });

  it("builds the partner link keyed on the click id, with the phone as a query parameter", () => {
    expect(handoffRedirectUrl(signup, "click-1", null)).toBe("https://partner.example.com/signup?ref=click-1");
    expect(handoffRedirectUrl(signup, "click-1", "+15125550123")).toBe(
      "https://partner.example.com/signup?ref=click-1&phone=%2B15125550123",
    );
    expect(handoffRedirectUrl({ kind: "lead_gen", signupUrlTemplate: null }, "click-1", "+15125550123")).toBeNull();
  });
});

describe("slugs", () => {
  it("draws short link slugs that are never UUIDs", () => {
    const slugs = new Set(Array.from({ length: 200 }, () => generateLinkSlug()));
    expect(slugs.size).toBe(200);
    for (const slug of slugs) {
      expect(slug).toHaveLength(LINK_SLUG_LENGTH);
      expect(isLinkSlug(slug)).toBe(true);
    }
    expect(isLinkSlug("3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21")).toBe(false);
    expect(isLinkSlug("ABCDEFGHJK")).toBe(false);
  });

  it("accepts storefront slugs of 3 to 63 lowercase letters, digits and inner hyphens", () => {
    for (const ok of ["abc", "austin-fiber-deals", "a1-b2", "x".repeat(63)]) expect(isStorefrontSlug(ok)).toBe(true);
    for (const bad of ["ab", "-abc", "abc-", "Austin", "a b c", "x".repeat(64), "caf\u00e9"]) {
      expect(isStorefrontSlug(bad)).toBe(false);
    }
  });
});
