import { describe, expect, it } from "vitest";
import { grantedCapabilities, isPortalToken, parseNewPortalLink, portalToken } from "./portal-links.ts";

describe("portal links", () => {
  it("grant view always, and view only when read-only", () => {
    expect(grantedCapabilities({})).toEqual(["view"]);
    expect(grantedCapabilities({ capabilities: ["replay", "view", "replay"] })).toEqual(["view", "replay"]);
    expect(grantedCapabilities({ capabilities: ["manage_endpoints", "view_secrets"], readOnly: true })).toEqual([
      "view",
    ]);
  });

  it("check the body: known capabilities, 60 s to 24 h, a label", () => {
    expect(parseNewPortalLink({ sessionLabel: " user-1 ", expiresIn: 600 })).toEqual({
      ok: true,
      value: { sessionLabel: "user-1", expiresIn: 600 },
    });
    const bad = parseNewPortalLink({ capabilities: ["admin"], expiresIn: 10, sessionLabel: "" });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.problems).toHaveLength(3);
    expect(bad.problems[0]).toMatch(/^capabilities\.0 must be one of/);
  });

  it("issue tokens of one shape, stored only as their SHA-256", () => {
    const { token, hash } = portalToken();
    expect(isPortalToken(token)).toBe(true);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token.slice(3));
    expect(isPortalToken(`${token}x`)).toBe(false);
    expect(isPortalToken(`mi_${token.slice(3)}`)).toBe(false);
    expect(isPortalToken(undefined)).toBe(false);
  });
});
