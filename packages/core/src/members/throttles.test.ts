import { describe, expect, it } from "vitest";
import { RateLimitedError } from "../errors.ts";
import type { RateLimitRule } from "../rate-limits/index.ts";
import { PASSWORD_RESET_LIMITS, SIGN_IN_LIMITS, TWO_FACTOR_LIMITS } from "./member-rules.ts";
import { admitPasswordReset, admitSignIn, admitTwoFactorCode } from "./throttles.ts";

/** A store that refuses the buckets named in `refuse` and records what it was asked. */
function store(refuse: readonly string[] = []) {
  const asked: { bucket: string; client: string; rule: RateLimitRule }[] = [];
  return {
    asked,
    admit: async (bucket: string, client: string, rule: RateLimitRule) => {
      asked.push({ bucket, client, rule });
      return !refuse.includes(bucket);
    },
  };
}

const origin = { ip: "203.0.113.9", userAgent: "Firefox" };
const at = new Date("2030-01-01T00:00:00.000Z");

describe.each([
  {
    name: "admitSignIn",
    admit: admitSignIn,
    account: "dev@example.com",
    address: ["dashboard.sign_in.ip", SIGN_IN_LIMITS["dashboard.sign_in.ip"]],
    byAccount: ["dashboard.sign_in.account", SIGN_IN_LIMITS["dashboard.sign_in.account"]],
    refused: "Too many sign-in attempts: wait 15 minutes, then try again",
  },
  {
    name: "admitTwoFactorCode",
    admit: admitTwoFactorCode,
    account: "a-member-id",
    address: ["dashboard.two_factor.ip", TWO_FACTOR_LIMITS["dashboard.two_factor.ip"]],
    byAccount: ["dashboard.two_factor.account", TWO_FACTOR_LIMITS["dashboard.two_factor.account"]],
    refused: "Too many code attempts: wait 15 minutes, then try again",
  },
  {
    name: "admitPasswordReset",
    admit: admitPasswordReset,
    account: "dev@example.com",
    address: ["dashboard.password_reset.ip", PASSWORD_RESET_LIMITS["dashboard.password_reset.ip"]],
    byAccount: ["dashboard.password_reset.account", PASSWORD_RESET_LIMITS["dashboard.password_reset.account"]],
    refused: "Too many reset requests: wait an hour, then try again",
  },
] as const)("$name", ({ admit, account, address, byAccount, refused }) => {
  it("counts the client's address, then the account", async () => {
    const rateLimits = store();
    await admit(rateLimits, account, origin, at);
    expect(rateLimits.asked).toEqual([
      { bucket: address[0], client: expect.any(String), rule: address[1] },
      { bucket: byAccount[0], client: account, rule: byAccount[1] },
    ]);
  });

  it("refuses a refused address without counting the account", async () => {
    const rateLimits = store([address[0]]);
    const refusal = admit(rateLimits, account, origin, at);
    await expect(refusal).rejects.toBeInstanceOf(RateLimitedError);
    await expect(refusal).rejects.toThrow(refused);
    expect(rateLimits.asked.map((asked) => asked.bucket)).toEqual([address[0]]);
  });

  it("refuses a refused account", async () => {
    await expect(admit(store([byAccount[0]]), account, origin, at)).rejects.toThrow(refused);
  });
});

describe("admitSignIn", () => {
  it("names the account by the first 254 characters of the address", async () => {
    const rateLimits = store();
    await admitSignIn(rateLimits, `${"a".repeat(300)}@example.com`, origin, at);
    expect(rateLimits.asked[1]?.client).toBe("a".repeat(254));
  });
});
