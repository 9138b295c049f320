/**
 * The checks two-factor sign-in runs before it acts: the authenticator and password hasher of the
 * options, the member's password, the code throttle and the sign-in throttle, and the stored form
 * of a recovery code.
 *
 * @module
 */

import type { RequestOrigin } from "../audit-log/index.ts";
import { InvalidInputError, NotFoundError } from "../errors.ts";
import { sha256HexSync } from "../sha256.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { type MemberOptions, passwordHasherOf, passwordMatches } from "./member-options.ts";
import { normalizeRecoveryCode } from "./member-rules.ts";
import type { TotpAuthenticator } from "./ports.ts";
import { admitSignIn, admitTwoFactorCode } from "./throttles.ts";
import type { AuthenticatedSession, StoredMember } from "./types.ts";

/** The stored form of a recovery code the member typed (any case, with or without its dash). */
export function recoveryCodeHash(memberId: string, typed: string): string {
  return sha256HexSync(`${memberId}:${normalizeRecoveryCode(typed)}`);
}

/** The checks of `twoFactorChecks`. */
export interface TwoFactorChecks {
  /** The authenticator; TypeError when the options have none. */
  totp(): TotpAuthenticator;
  /** The stored member when `password` is theirs; InvalidInputError (`password …`) otherwise. */
  checkPassword(auth: AuthenticatedSession, password: string): Promise<StoredMember>;
  /** RateLimitedError after too many code attempts for the member or from the address. */
  admit(memberId: string, origin: RequestOrigin): Promise<void>;
  /** RateLimitedError after too many sign-in attempts for the address or from the client (`admitSignIn`, as `signIn`). */
  admitPassword(email: string, origin: RequestOrigin): Promise<void>;
}

export function twoFactorChecks(
  ctx: UseCaseContext<"members" | "rateLimits">,
  options: MemberOptions,
): TwoFactorChecks {
  const { unitOfWork, clock } = ctx;

  function totp(): TotpAuthenticator {
    if (!options.totp)
      throw new TypeError("members: MarketplaceOptions.members.totp is required for two-factor sign-in");
    return options.totp;
  }

  async function checkPassword(auth: AuthenticatedSession, password: string): Promise<StoredMember> {
    const stored = await unitOfWork.repositories.members.findById(auth.member.teamId, auth.member.id);
    if (!stored) throw new NotFoundError("Member", auth.member.id);
    const typed = typeof password === "string" ? password : "";
    if (!(await passwordMatches(passwordHasherOf(options), stored.passwordHash, typed))) {
      throw new InvalidInputError(["password is not right"]);
    }
    return stored;
  }

  function admit(memberId: string, origin: RequestOrigin): Promise<void> {
    return admitTwoFactorCode(unitOfWork.repositories.rateLimits, memberId, origin, clock.now());
  }

  function admitPassword(email: string, origin: RequestOrigin): Promise<void> {
    return admitSignIn(unitOfWork.repositories.rateLimits, email, origin, clock.now());
  }

  return { totp, checkPassword, admit, admitPassword };
}
