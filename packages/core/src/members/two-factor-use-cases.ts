/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238): enrolment confirmed with a code,
 * single-use recovery codes shown once, the second step of a sign-in, turning it off (password
 * checked), and a team's policy that every member must use it.
 *
 * A code is accepted at most once: the last accepted time step is stored and only a later one
 * passes. The second step is throttled per account and per client IP as sign-in is, and every wrong
 * code is on the audit log.
 *
 * @module
 */

import type { RequestOrigin } from "../audit-log/index.ts";
import { AuthenticationError, InvalidInputError, NotFoundError, UnprocessableError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { auditEntry, authorizeCaller, type Caller, memberCaller, memberTarget } from "./caller.ts";
import { type MemberOptions, memberSettings, startMemberSession } from "./member-options.ts";
import {
  generateRecoveryCode,
  hashToken,
  isWellFormedToken,
  looksLikeRecoveryCode,
  normalizeTotpCode,
  RECOVERY_CODE_COUNT,
} from "./member-rules.ts";
import type { SignedIn } from "./session-use-cases.ts";
import { recoveryCodeHash, twoFactorChecks } from "./two-factor-checks.ts";
import type { AuthenticatedSession } from "./types.ts";

/** A member's two-factor state, as their account page shows it. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** Recovery codes not used yet (0 when off). */
  recoveryCodesLeft: number;
}

/** A pending enrolment: the secret (shown as text too) and the URI the QR code carries. */
export interface EnrolmentStart {
  secret: string;
  uri: string;
}

/** Two-factor sign-in of members. */
export interface TwoFactorUseCases {
  /** Whether the member has it on, and how many recovery codes are left. */
  status(memberId: string): Promise<TwoFactorStatus>;
  /**
   * The pending enrolment of the member (the same secret while it waits for its code), starting one
   * when there is none. UnprocessableError when two-factor sign-in is on already.
   */
  enrolment(auth: AuthenticatedSession): Promise<EnrolmentStart>;
  /**
   * Confirms the pending enrolment with a code of the app and turns two-factor sign-in on; the
   * recovery codes, shown once. InvalidInputError (`code …`) for a wrong code; throttled.
   */
  confirmEnrolment(auth: AuthenticatedSession, code: string, origin: RequestOrigin): Promise<string[]>;
  /** Turns two-factor sign-in off; InvalidInputError (`password …`) when the password is not right. */
  disable(auth: AuthenticatedSession, password: string, origin: RequestOrigin): Promise<void>;
  /**
   * New recovery codes in place of the old ones (which stop working), shown once; the password is
   * checked as for `disable`. NotFoundError when two-factor sign-in is off.
   */
  replaceRecoveryCodes(auth: AuthenticatedSession, password: string, origin: RequestOrigin): Promise<string[]>;
  /**
   * A step-up sign-in inside an open session: the member's password, and a code of the app when
   * two-factor sign-in is on (recovery codes are not taken here). Records the time on the session
   * and returns it. InvalidInputError (`password …`, `code …`) when either is not right, audited as
   * a failed sign-in; RateLimitedError after too many attempts (the sign-in and code throttles).
   */
  reauthenticate(auth: AuthenticatedSession, password: string, code: string, origin: RequestOrigin): Promise<Date>;
  /** True while the second step of this token can be completed. */
  hasChallenge(token: string): Promise<boolean>;
  /**
   * Completes a sign-in with an authenticator code or a recovery code (single use): a new session.
   * NotFoundError when the step expired or is unknown; AuthenticationError for a wrong or reused
   * code; RateLimitedError after too many attempts for the account or from the address.
   */
  completeSignIn(token: string, code: string, origin: RequestOrigin): Promise<SignedIn & { recoveryCodeUsed: boolean }>;
  /** Whether the team requires two-factor sign-in of every member. */
  teamPolicy(teamId: string, caller: Caller): Promise<{ requireTwoFactor: boolean }>;
  /** Sets the team's policy (owners); audited. */
  setTeamPolicy(teamId: string, requireTwoFactor: boolean, caller: Caller): Promise<void>;
  /** Ids of the team's members who have two-factor sign-in on. */
  enabledMembers(teamId: string, caller: Caller): Promise<Set<string>>;
}

export function twoFactorUseCases(
  ctx: UseCaseContext<"auditLog" | "members" | "rateLimits" | "sessions" | "teams" | "twoFactor">,
  options: MemberOptions = {},
): TwoFactorUseCases {
  const { unitOfWork, clock, logger } = ctx;
  const issuer = options.totpIssuer ?? "Marketplace";
  // The session durations as sign-in checks them: a bad option is a TypeError here too.
  const { absoluteMs } = memberSettings(options);

  const { totp, checkPassword, admit, admitPassword } = twoFactorChecks(ctx, options);

  return {
    async reauthenticate(auth, password, code, origin) {
      const { member } = auth;
      const caller = memberCaller(member, origin);
      const failed = (detail: string) =>
        unitOfWork.repositories.auditLog
          .append(auditEntry(ctx, member.teamId, caller, "member.sign_in_failed", memberTarget(member), detail))
          .catch((error) => logger.warn("could not record a failed sign-in", { error: String(error) }));
      await admitPassword(member.email, origin);
      try {
        await checkPassword(auth, password);
      } catch (error) {
        if (InvalidInputError.isInstance(error)) await failed("step-up: wrong password");
        throw error;
      }
      const found = await unitOfWork.repositories.twoFactor.findTotp(member.id);
      if (found?.enabledAt) {
        await admit(member.id, origin);
        const entered = normalizeTotpCode(typeof code === "string" ? code.trim() : "");
        const step = entered === null ? null : totp().match(found.secret, entered, clock.now());
        if (step === null || !(await unitOfWork.repositories.twoFactor.useStep(member.id, step))) {
          await failed("step-up: wrong two-factor code");
          throw new InvalidInputError(["code is not right"]);
        }
      }
      const at = clock.now();
      await unitOfWork.repositories.sessions.markReauthenticated(auth.session.id, at);
      return at;
    },

    async status(memberId) {
      if (!isUuidV4(memberId)) return { enabled: false, recoveryCodesLeft: 0 };
      const { twoFactor } = unitOfWork.repositories;
      const found = await twoFactor.findTotp(memberId);
      if (!found?.enabledAt) return { enabled: false, recoveryCodesLeft: 0 };
      return { enabled: true, recoveryCodesLeft: await twoFactor.countRecoveryCodes(memberId) };
    },

    async enrolment(auth) {
      const { twoFactor } = unitOfWork.repositories;
      const account = auth.member.email;
      const found = await twoFactor.findTotp(auth.member.id);
      if (found?.enabledAt) {
        throw new UnprocessableError("Two-factor sign-in is on already", "two_factor_enabled");
      }
      if (found) return { secret: found.secret, uri: totp().uri(found.secret, { issuer, account }) };
      const secret = totp().newSecret();
      if (!(await twoFactor.savePendingTotp(auth.member.id, secret, clock.now()))) {
        throw new UnprocessableError("Two-factor sign-in is on already", "two_factor_enabled");
      }
      return { secret, uri: totp().uri(secret, { issuer, account }) };
    },

    async confirmEnrolment(auth, typed, origin) {
      const code = normalizeTotpCode(typeof typed === "string" ? typed : "");
      if (code === null) throw new InvalidInputError(["code must be the 6 digits your app shows"]);
      await admit(auth.member.id, origin);
      const found = await unitOfWork.repositories.twoFactor.findTotp(auth.member.id);
      if (!found || found.enabledAt) throw new NotFoundError("Enrolment", auth.member.id);
      const step = totp().match(found.secret, code, clock.now());
      if (step === null) {
        throw new InvalidInputError([
          "code is not right: check your device's clock and type the code your app shows now",
        ]);
      }
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => generateRecoveryCode());
      await unitOfWork.transaction(async (tx) => {
        const now = clock.now();
        if (!(await tx.twoFactor.enableTotp(auth.member.id, step, now))) {
          throw new NotFoundError("Enrolment", auth.member.id);
        }
        await tx.twoFactor.replaceRecoveryCodes(
          auth.member.id,
          codes.map((c) => recoveryCodeHash(auth.member.id, c)),
          now,
        );
        await tx.auditLog.append(
          auditEntry(
            ctx,
            auth.member.teamId,
            memberCaller(auth.member, origin),
            "member.2fa_enabled",
            memberTarget(auth.member),
            `${codes.length} recovery codes`,
          ),
        );
      });
      return codes;
    },

    async disable(auth, password, origin) {
      const stored = await checkPassword(auth, password);
      await unitOfWork.transaction(async (tx) => {
        if (!(await tx.twoFactor.deleteTotp(stored.id))) return;
        await tx.auditLog.append(
          auditEntry(
            ctx,
            stored.teamId,
            memberCaller(auth.member, origin),
            "member.2fa_disabled",
            memberTarget(stored),
          ),
        );
      });
    },

    async replaceRecoveryCodes(auth, password, origin) {
      const stored = await checkPassword(auth, password);
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => generateRecoveryCode());
      await unitOfWork.transaction(async (tx) => {
        if (!(await tx.twoFactor.findTotp(stored.id))?.enabledAt)
          throw new NotFoundError("Two-factor sign-in", stored.id);
        await tx.twoFactor.replaceRecoveryCodes(
          stored.id,
          codes.map((c) => recoveryCodeHash(stored.id, c)),
          clock.now(),
        );
        await tx.auditLog.append(
          auditEntry(
            ctx,
            stored.teamId,
            memberCaller(auth.member, origin),
            "member.2fa_recovery_codes_replaced",
            memberTarget(stored),
            `${codes.length} recovery codes`,
          ),
        );
      });
      return codes;
    },

    async hasChallenge(token) {
      if (typeof token !== "string" || !isWellFormedToken(token, "mc_")) return false;
      const found = await unitOfWork.repositories.twoFactor.findChallenge(hashToken(token));
      return found !== null && found.expiresAt > clock.now();
    },

    async completeSignIn(token, typed, origin) {
      const gone = () => new NotFoundError("Sign-in", "step");
      if (typeof token !== "string" || !isWellFormedToken(token, "mc_")) throw gone();
      const { twoFactor } = unitOfWork.repositories;
      const challenge = await twoFactor.findChallenge(hashToken(token));
      if (!challenge || challenge.expiresAt <= clock.now()) throw gone();
      const entered = typeof typed === "string" ? typed.trim() : "";
      if (entered === "") throw new InvalidInputError(["code is required"]);
      const { member } = challenge;
      await admit(member.id, origin);
      const caller = memberCaller(member, origin);
      const found = await twoFactor.findTotp(member.id);
      if (!found?.enabledAt) throw gone();
      const code = normalizeTotpCode(entered);
      const step = code === null ? null : totp().match(found.secret, code, clock.now());
      const recovery = code === null && looksLikeRecoveryCode(entered);
      const fail = async (detail: string, message: string) => {
        await unitOfWork.repositories.auditLog
          .append(auditEntry(ctx, member.teamId, caller, "member.sign_in_failed", memberTarget(member), detail))
          .catch((error) => logger.warn("could not record a failed sign-in", { error: String(error) }));
        return new AuthenticationError(message);
      };
      if (step === null && !recovery) {
        throw await fail("wrong two-factor code", "The code is not right");
      }
      const outcome = await unitOfWork.transaction(async (tx) => {
        const now = clock.now();
        if (step !== null) {
          if (!(await tx.twoFactor.useStep(member.id, step))) return "replayed" as const;
        } else if (!(await tx.twoFactor.useRecoveryCode(member.id, recoveryCodeHash(member.id, entered), now))) {
          return "wrong_recovery" as const;
        }
        if (!(await tx.twoFactor.deleteChallenge(challenge.id))) throw gone();
        const started = await startMemberSession(ctx, tx.sessions, member, origin, absoluteMs);
        if (recovery) {
          const left = await tx.twoFactor.countRecoveryCodes(member.id);
          await tx.auditLog.append(
            auditEntry(
              ctx,
              member.teamId,
              caller,
              "member.2fa_recovery_code_used",
              memberTarget(member),
              `${left} left`,
            ),
          );
        }
        // Appended after the recovery code's entry, so it lists above it (the log's write order).
        await tx.auditLog.append(
          auditEntry(
            ctx,
            member.teamId,
            caller,
            "member.signed_in",
            memberTarget(member),
            recovery ? "with a recovery code" : "with an authenticator code",
          ),
        );
        return { member, ...started, recoveryCodeUsed: recovery };
      });
      if (outcome === "replayed") {
        throw await fail("reused two-factor code", "This code was used already: wait for the next code of your app");
      }
      if (outcome === "wrong_recovery") throw await fail("wrong recovery code", "The code is not right");
      return outcome;
    },

    async teamPolicy(teamId, caller) {
      authorizeCaller(caller, teamId, null);
      if (!isUuidV4(teamId)) throw new NotFoundError("Team", teamId);
      return { requireTwoFactor: await unitOfWork.repositories.twoFactor.teamRequiresTwoFactor(teamId) };
    },

    async setTeamPolicy(teamId, requireTwoFactor, caller) {
      authorizeCaller(caller, teamId, "manage_members");
      if (!isUuidV4(teamId)) throw new NotFoundError("Team", teamId);
      if (typeof requireTwoFactor !== "boolean") throw new InvalidInputError(["requireTwoFactor must be a boolean"]);
      await unitOfWork.transaction(async (tx) => {
        if (!(await tx.teams.findById(teamId))) throw new NotFoundError("Team", teamId);
        if ((await tx.twoFactor.teamRequiresTwoFactor(teamId)) === requireTwoFactor) return;
        await tx.twoFactor.setTeamRequiresTwoFactor(teamId, requireTwoFactor, clock.now());
        await tx.auditLog.append(
          auditEntry(
            ctx,
            teamId,
            caller,
            "team.2fa_policy_changed",
            { type: "team", id: teamId, label: "two-factor sign-in" },
            requireTwoFactor ? "required of every member" : "optional",
          ),
        );
      });
    },

    async enabledMembers(teamId, caller) {
      authorizeCaller(caller, teamId, null);
      if (!isUuidV4(teamId)) throw new NotFoundError("Team", teamId);
      return new Set(await unitOfWork.repositories.twoFactor.enabledMemberIds(teamId));
    },
  };
}
