/**
 * Sign-in and sessions: signing in with e-mail and password (throttled, the same work for an unknown
 * address), the session of a cookie's token, signing out here or everywhere, the member's sessions,
 * and changing the password.
 *
 * @module
 */

import type { AuditActor, RequestOrigin } from "../audit-log/index.ts";
import { randomBytes, toBase64Url } from "../crypto.ts";
import { AuthenticationError, InvalidInputError, NotFoundError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { auditEntry, memberCaller, memberTarget } from "./caller.ts";
import { type MemberSettings, passwordMatches, startMemberSession } from "./member-options.ts";
import {
  generateToken,
  hashToken,
  isWellFormedToken,
  normalizeEmail,
  passwordProblems,
  SESSION_TOUCH_RESOLUTION_MS,
  SIGN_IN_CHALLENGE_TTL_MS,
} from "./member-rules.ts";
import { admitSignIn } from "./throttles.ts";
import type { AuthenticatedSession, Member, MemberSession } from "./types.ts";

/** A new session: the token goes into the cookie and nowhere else. */
export interface SignedIn {
  member: Member;
  session: MemberSession;
  token: string;
}

/**
 * A sign-in whose password was right and whose member has two-factor sign-in on: the second step
 * (`twoFactor.completeSignIn`) needs this token and a code. The token goes into a short-lived cookie.
 */
export interface SignInSecondStep {
  member: Member;
  secondStep: { token: string; expiresAt: Date };
}

/** What `signIn` gives: a session, or the second step it waits for. */
export type SignInResult = SignedIn | SignInSecondStep;

/** Sign-in, sessions and passwords of members. */
export interface SessionUseCases {
  /**
   * Signs in with e-mail and password: a new session. AuthenticationError with the same message for
   * an unknown e-mail and a wrong password (and the same work: a dummy hash is verified);
   * RateLimitedError after too many attempts for the account or from the address. A member with
   * two-factor sign-in gets no session yet but the second step (`SignInSecondStep`).
   */
  signIn(input: { email: string; password: string }, origin: RequestOrigin): Promise<SignInResult>;
  /** The session of this token and its member, or null when unknown, ended, idle too long or too old. */
  authenticate(token: string | null | undefined): Promise<AuthenticatedSession | null>;
  /** Ends the session of this token (a no-op when there is none). */
  signOut(token: string, origin: RequestOrigin): Promise<void>;
  /** Ends every session of the member, this one included; how many ended. */
  signOutEverywhere(auth: AuthenticatedSession, origin: RequestOrigin): Promise<number>;
  /** The member's active sessions, most recent first. */
  listSessions(memberId: string): Promise<MemberSession[]>;
  /** Ends another session of the signed-in member; false when the member has none such. */
  endSession(auth: AuthenticatedSession, sessionId: string, origin: RequestOrigin): Promise<boolean>;
  /** Changes the password (the current one is checked) and ends the member's other sessions. */
  changePassword(
    auth: AuthenticatedSession,
    input: { current: string; next: string },
    origin: RequestOrigin,
  ): Promise<void>;
}

export function sessionUseCases(
  ctx: UseCaseContext<"auditLog" | "members" | "rateLimits" | "sessions" | "twoFactor">,
  settings: MemberSettings,
): SessionUseCases {
  const { unitOfWork, clock, ids, logger } = ctx;
  const { idleMs } = settings;
  let dummyHash: Promise<string> | null = null;

  return {
    async signIn(input, origin) {
      const email = typeof input?.email === "string" ? normalizeEmail(input.email) : "";
      const password = typeof input?.password === "string" ? input.password : "";
      const problems: string[] = [];
      if (email === "") problems.push("email is required");
      if (password === "") problems.push("password is required");
      if (problems.length > 0) throw new InvalidInputError(problems);
      const { rateLimits, members } = unitOfWork.repositories;
      const now = clock.now();
      await admitSignIn(rateLimits, email, origin, now);
      const member = await members.findByEmail(email);
      // The same work for an unknown e-mail: a dummy hash is verified, so timing tells nothing.
      dummyHash ??= settings.hasher().hash(toBase64Url(randomBytes(24)));
      const hash = member?.passwordHash ?? (await dummyHash);
      const matches = await passwordMatches(settings.hasher(), hash, password);
      if (!member || !matches) {
        if (member) {
          const actor: AuditActor = { type: "member", id: member.id, label: member.email };
          await unitOfWork.repositories.auditLog
            .append(
              auditEntry(
                ctx,
                member.teamId,
                { actor, ...origin },
                "member.sign_in_failed",
                memberTarget(member),
                "wrong password",
              ),
            )
            .catch((error) => logger.warn("could not record a failed sign-in", { error: String(error) }));
        }
        throw new AuthenticationError("The e-mail address or the password is not right");
      }
      const { passwordHash: _, ...plain } = member;
      const totp = await unitOfWork.repositories.twoFactor.findTotp(plain.id);
      if (totp?.enabledAt) {
        const { token, hash } = generateToken("mc_");
        const expiresAt = new Date(now.getTime() + SIGN_IN_CHALLENGE_TTL_MS);
        await unitOfWork.repositories.twoFactor.insertChallenge({
          id: ids.uuid(),
          memberId: plain.id,
          tokenHash: hash,
          createdAt: now,
          expiresAt,
        });
        return { member: plain, secondStep: { token, expiresAt } };
      }
      return unitOfWork.transaction(async (tx) => {
        const started = await startMemberSession(ctx, tx.sessions, plain, origin, settings.absoluteMs);
        await tx.auditLog.append(
          auditEntry(ctx, plain.teamId, memberCaller(plain, origin), "member.signed_in", memberTarget(plain)),
        );
        return { member: plain, ...started };
      });
    },

    async authenticate(token) {
      if (!token || !isWellFormedToken(token, "ms_")) return null;
      const { sessions } = unitOfWork.repositories;
      const found = await sessions.findByTokenHash(hashToken(token));
      if (!found) return null;
      const now = clock.now();
      const { session } = found;
      if (session.expiresAt <= now || now.getTime() - session.lastSeenAt.getTime() >= idleMs) {
        await sessions.end(session.memberId, session.id);
        return null;
      }
      if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_RESOLUTION_MS) {
        await sessions.touch(session.id, now);
        session.lastSeenAt = now;
      }
      return found;
    },

    async signOut(token, origin) {
      const found = await this.authenticate(token);
      if (!found) return;
      await unitOfWork.transaction(async (tx) => {
        await tx.sessions.end(found.member.id, found.session.id);
        await tx.auditLog.append(
          auditEntry(
            ctx,
            found.member.teamId,
            memberCaller(found.member, origin),
            "member.signed_out",
            memberTarget(found.member),
          ),
        );
      });
    },

    async signOutEverywhere(auth, origin) {
      return unitOfWork.transaction(async (tx) => {
        const ended = await tx.sessions.endAll(auth.member.id);
        await tx.auditLog.append(
          auditEntry(
            ctx,
            auth.member.teamId,
            memberCaller(auth.member, origin),
            "member.signed_out_everywhere",
            memberTarget(auth.member),
            `${ended} session(s) ended`,
          ),
        );
        return ended;
      });
    },

    async listSessions(memberId) {
      if (!isUuidV4(memberId)) return [];
      return unitOfWork.repositories.sessions.listActive(memberId, clock.now(), idleMs);
    },

    async endSession(auth, sessionId, origin) {
      if (!isUuidV4(sessionId)) return false;
      return unitOfWork.transaction(async (tx) => {
        if (!(await tx.sessions.end(auth.member.id, sessionId))) return false;
        await tx.auditLog.append(
          auditEntry(
            ctx,
            auth.member.teamId,
            memberCaller(auth.member, origin),
            "member.signed_out",
            { type: "session", id: sessionId, label: auth.member.email },
            "another session",
          ),
        );
        return true;
      });
    },

    async changePassword(auth, input, origin) {
      const stored = await unitOfWork.repositories.members.findById(auth.member.teamId, auth.member.id);
      if (!stored) throw new NotFoundError("Member", auth.member.id);
      const current = typeof input?.current === "string" ? input.current : "";
      const next = typeof input?.next === "string" ? input.next : "";
      if (!(await passwordMatches(settings.hasher(), stored.passwordHash, current))) {
        throw new InvalidInputError(["current password is not right"]);
      }
      const problems = passwordProblems(next, stored.email);
      if (problems.length > 0) throw new InvalidInputError(problems.map((problem) => `new ${problem}`));
      const passwordHash = await settings.hasher().hash(next);
      await unitOfWork.transaction(async (tx) => {
        await tx.members.updatePassword(stored.id, passwordHash, clock.now());
        const ended = await tx.sessions.endAll(stored.id, auth.session.id);
        await tx.auditLog.append(
          auditEntry(
            ctx,
            stored.teamId,
            memberCaller(auth.member, origin),
            "member.password_changed",
            memberTarget(stored),
            `${ended} other session(s) ended`,
          ),
        );
      });
    },
  };
}
