import { describe, expect, it } from "vitest";
import { RateLimitedError } from "../errors.ts";
import { silentLogger } from "../logger.ts";
import { createMarketplace, randomIds } from "../marketplace.ts";
import { InMemoryUnitOfWork } from "../testing/index.ts";
import { operatorCaller } from "./caller.ts";
import { memberSettings, passwordMatches } from "./member-options.ts";
import { MAX_PASSWORD_LENGTH, SIGN_IN_LIMITS } from "./member-rules.ts";
import { sessionUseCases } from "./session-use-cases.ts";
import { twoFactorUseCases } from "./two-factor-use-cases.ts";

const passwordHasher = {
  hash: async (password: string) => `plain:${password}`,
  verify: async (hash: string, password: string) => hash === `plain:${password}`,
};

function context() {
  const clock = { now: () => new Date("2030-01-01T00:00:00.000Z") };
  return { unitOfWork: new InMemoryUnitOfWork({ clock }), clock, ids: randomIds, logger: silentLogger };
}

describe("the members options", () => {
  it.each([0, -1, 1.5, Number.NaN])(
    "twoFactorUseCases refuses sessionAbsoluteMs %s as the session use cases do",
    (sessionAbsoluteMs) => {
      const ctx = context();
      expect(() => sessionUseCases(ctx, memberSettings({ sessionAbsoluteMs }))).toThrow(
        "members: sessionAbsoluteMs must be a positive integer",
      );
      expect(() => twoFactorUseCases(ctx, { sessionAbsoluteMs })).toThrow(
        new TypeError("members: sessionAbsoluteMs must be a positive integer"),
      );
    },
  );

  it("twoFactorUseCases takes a positive sessionAbsoluteMs, and none", () => {
    expect(() => twoFactorUseCases(context(), { sessionAbsoluteMs: 60_000 })).not.toThrow();
    expect(() => twoFactorUseCases(context())).not.toThrow();
  });

  it("counts sign-in and the step-up's password against one throttle per account", async () => {
    const clock = { now: () => new Date("2030-01-01T00:00:00.000Z") };
    const unitOfWork = new InMemoryUnitOfWork({ clock });
    const marketplace = createMarketplace({ unitOfWork, clock, members: { passwordHasher } });
    const { team } = await marketplace.teams.create({ name: "Acme", role: "provider" });
    const { token } = await marketplace.members.invite(
      team.id,
      { email: "dev@example.com", role: "developer" },
      operatorCaller(),
    );
    const origin = { ip: "203.0.113.9", userAgent: "Firefox" };
    const joined = await marketplace.members.acceptInvite(token, "a long enough passphrase", origin);
    const auth = await marketplace.members.authenticate(joined.token);
    if (!auth) throw new Error("no session");
    const limit = SIGN_IN_LIMITS["dashboard.sign_in.account"].limit;
    // Every attempt but one is a sign-in with a wrong password; the last is a step-up.
    for (let attempt = 1; attempt < limit; attempt++) {
      await expect(marketplace.members.signIn({ email: "dev@example.com", password: "wrong" }, origin)).rejects.toThrow(
        "not right",
      );
    }
    await expect(marketplace.twoFactor.reauthenticate(auth, "wrong", "", origin)).rejects.toThrow("password");
    // The account's attempts are used up on both paths, with the right password too.
    const right = { email: "dev@example.com", password: "a long enough passphrase" };
    await expect(marketplace.members.signIn(right, origin)).rejects.toBeInstanceOf(RateLimitedError);
    await expect(marketplace.twoFactor.reauthenticate(auth, right.password, "", origin)).rejects.toBeInstanceOf(
      RateLimitedError,
    );
  });
});

describe("passwordMatches", () => {
  const verified: string[] = [];
  const hasher = {
    hash: passwordHasher.hash,
    verify: async (hash: string, password: string) => {
      verified.push(password);
      return passwordHasher.verify(hash, password);
    },
  };

  it("is the hasher's answer for a password of a possible length", async () => {
    expect(await passwordMatches(hasher, "plain:right one", "right one")).toBe(true);
    expect(await passwordMatches(hasher, "plain:right one", "wrong one")).toBe(false);
    expect(verified).toEqual(["right one", "wrong one"]);
  });

  it("never matches an empty or far too long password, and does not hash it", async () => {
    verified.length = 0;
    const long = "x".repeat(MAX_PASSWORD_LENGTH * 4 + 1);
    expect(await passwordMatches(hasher, "plain:", "")).toBe(false);
    expect(await passwordMatches(hasher, `plain:${long}`, long)).toBe(false);
    expect(verified).toEqual([]);
  });
});
