/**
 * The sign-in throttle: the rule every check of a member's password passes first, whether it signs
 * in (`signIn`) or steps up a session (`twoFactor.reauthenticate`), so a guesser gains nothing by
 * switching between the two.
 *
 * @module
 */

import type { RequestOrigin } from "../audit-log/index.ts";
import { RateLimitedError } from "../errors.ts";
import { type RateLimitStore, rateLimitClient } from "../rate-limits/index.ts";
import { SIGN_IN_LIMITS } from "./member-rules.ts";

/**
 * Admits one password attempt at `at` for the account (`email`, normalised) from the client, or
 * throws RateLimitedError after too many from the address or for the account (`SIGN_IN_LIMITS`).
 * The address is counted first; a refused address does not count against the account.
 */
export async function admitSignIn(
  rateLimits: Pick<RateLimitStore, "admit">,
  email: string,
  origin: RequestOrigin,
  at: Date,
): Promise<void> {
  const byIp = await rateLimits.admit(
    "dashboard.sign_in.ip",
    rateLimitClient(origin.ip ?? "unknown"),
    SIGN_IN_LIMITS["dashboard.sign_in.ip"],
    at,
  );
  const byAccount =
    byIp &&
    (await rateLimits.admit(
      "dashboard.sign_in.account",
      email.slice(0, 254),
      SIGN_IN_LIMITS["dashboard.sign_in.account"],
      at,
    ));
  if (!byIp || !byAccount) throw new RateLimitedError("Too many sign-in attempts: wait 15 minutes, then try again");
}
