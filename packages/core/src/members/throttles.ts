/**
 * The members' throttles: each admits a request once for the client's address and once for the
 * account it names, over the rate-limit windows all server processes share (ADR-0049). The sign-in
 * rule is one for every check of a member's password, whether it signs in (`signIn`) or steps up a
 * session (`twoFactor.reauthenticate`), so a guesser gains nothing by switching between the two.
 *
 * @module
 */

import type { RequestOrigin } from "../audit-log/index.ts";
import { RateLimitedError } from "../errors.ts";
import { type RateLimitRule, type RateLimitStore, rateLimitClient } from "../rate-limits/index.ts";
import { PASSWORD_RESET_LIMITS, SIGN_IN_LIMITS, TWO_FACTOR_LIMITS } from "./member-rules.ts";

/** A throttle: its two buckets with their rules, and what a refused request is told. */
interface Throttle {
  address: readonly [bucket: string, rule: RateLimitRule];
  account: readonly [bucket: string, rule: RateLimitRule];
  refused: string;
}

const SIGN_IN: Throttle = {
  address: ["dashboard.sign_in.ip", SIGN_IN_LIMITS["dashboard.sign_in.ip"]],
  account: ["dashboard.sign_in.account", SIGN_IN_LIMITS["dashboard.sign_in.account"]],
  refused: "Too many sign-in attempts: wait 15 minutes, then try again",
};

const TWO_FACTOR_CODE: Throttle = {
  address: ["dashboard.two_factor.ip", TWO_FACTOR_LIMITS["dashboard.two_factor.ip"]],
  account: ["dashboard.two_factor.account", TWO_FACTOR_LIMITS["dashboard.two_factor.account"]],
  refused: "Too many code attempts: wait 15 minutes, then try again",
};

const PASSWORD_RESET: Throttle = {
  address: ["dashboard.password_reset.ip", PASSWORD_RESET_LIMITS["dashboard.password_reset.ip"]],
  account: ["dashboard.password_reset.account", PASSWORD_RESET_LIMITS["dashboard.password_reset.account"]],
  refused: "Too many reset requests: wait an hour, then try again",
};

/**
 * Admits one request at `at` from the client for `account`, or throws RateLimitedError with the
 * throttle's words. The address is counted first; a refused address does not count against the account.
 */
async function admitBoth(
  throttle: Throttle,
  rateLimits: Pick<RateLimitStore, "admit">,
  account: string,
  origin: RequestOrigin,
  at: Date,
): Promise<void> {
  const [addressBucket, addressRule] = throttle.address;
  const [accountBucket, accountRule] = throttle.account;
  const byIp = await rateLimits.admit(addressBucket, rateLimitClient(origin.ip ?? "unknown"), addressRule, at);
  const byAccount = byIp && (await rateLimits.admit(accountBucket, account, accountRule, at));
  if (!byIp || !byAccount) throw new RateLimitedError(throttle.refused);
}

/**
 * Admits one password attempt at `at` for the account (`email`, normalised; its first 254
 * characters) from the client, or throws RateLimitedError after too many (`SIGN_IN_LIMITS`).
 */
export function admitSignIn(
  rateLimits: Pick<RateLimitStore, "admit">,
  email: string,
  origin: RequestOrigin,
  at: Date,
): Promise<void> {
  return admitBoth(SIGN_IN, rateLimits, email.slice(0, 254), origin, at);
}

/** Admits one two-factor code attempt for the member, or RateLimitedError after too many (`TWO_FACTOR_LIMITS`). */
export function admitTwoFactorCode(
  rateLimits: Pick<RateLimitStore, "admit">,
  memberId: string,
  origin: RequestOrigin,
  at: Date,
): Promise<void> {
  return admitBoth(TWO_FACTOR_CODE, rateLimits, memberId, origin, at);
}

/** Admits one password-reset request for the address (`email`, normalised), or RateLimitedError (`PASSWORD_RESET_LIMITS`). */
export function admitPasswordReset(
  rateLimits: Pick<RateLimitStore, "admit">,
  email: string,
  origin: RequestOrigin,
  at: Date,
): Promise<void> {
  return admitBoth(PASSWORD_RESET, rateLimits, email, origin, at);
}
