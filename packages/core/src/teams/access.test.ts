import { describe, expect, it } from "vitest";
import { canAccess } from "./access.ts";
import { type EndpointClass, TEAM_ROLES, type TeamRole } from "./types.ts";

const TABLE: [TeamRole, EndpointClass, boolean][] = [
  ["provider", "provider", true],
  ["provider", "reseller", false],
  ["reseller", "provider", false],
  ["reseller", "reseller", true],
  ["hybrid", "provider", true],
  ["hybrid", "reseller", true],
];

describe("canAccess", () => {
  it.each(TABLE)("%s on %s endpoints: %s", (role, endpointClass, allowed) => {
    expect(canAccess(role, endpointClass)).toBe(allowed);
  });

  it("the table covers every role and endpoint class", () => {
    const covered = new Set(TABLE.map(([role, endpointClass]) => `${role}/${endpointClass}`));
    for (const role of TEAM_ROLES) {
      for (const endpointClass of ["provider", "reseller"] as const) {
        expect(covered.has(`${role}/${endpointClass}`), `${role}/${endpointClass}`).toBe(true);
      }
    }
    expect(TEAM_ROLES).toEqual(["provider", "reseller", "hybrid"]);
  });
});
