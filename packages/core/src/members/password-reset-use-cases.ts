/**
 * Password reset by e-mailed link: a single-use link that expires (30 min), its token stored only as
 * a SHA-256 hash. Asking for one answers alike whether or not the address belongs to a member (the
 * caller says the same thing either way and sends the mail outside the request's time); setting the
 * new password ends every session of the member. Throttled per address and per client IP.
 *
 * @module
 */

import type { RequestOrigin } from "../audit-log/index.ts";
import { InvalidInputError, NotFoundError } from "../errors.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { auditEntry, memberCaller } from "./caller.ts";
import { type MemberOptions, passwordHasherOf } from "./member-options.ts";
import {
  generateToken,
  hashToken,
  isWellFormedToken,
  normalizeEmail,
  PASSWORD_RESET_TTL_MS,
  passwordProblems,
} from "./member-rules.ts";
import { admitPasswordReset } from "./throttles.ts";
import type { Member } from "./types.ts";

/** A reset link just made: the token is here and nowhere else (the mail carries it). */
export interface PasswordResetRequest {
  email: string;
  token: string;
  expiresAt: Date;
}

/** Password reset by e-mailed link. */
export interface PasswordResetUseCases {
  /**
   * Starts a reset for the address: the link's token when it belongs to a member, else null (tell
   * the person the same either way). InvalidInputError for what is not an e-mail address;
   * RateLimitedError after too many requests for the address or from the client.
   */
  request(email: string, origin: RequestOrigin): Promise<PasswordResetRequest | null>;
  /** The address of the reset of this token while it can be used (unused, unexpired), or null. */
  find(token: string): Promise<{ email: string } | null>;
  /**
   * Sets the new password and ends every session of the member; the link is used up. NotFoundError
   * when it is unknown, used or expired; InvalidInputError for a password the policy refuses.
   */
  complete(token: string, password: string, origin: RequestOrigin): Promise<Member>;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function passwordResetUseCases(
  ctx: UseCaseContext<"auditLog" | "members" | "passwordResets" | "rateLimits" | "sessions">,
  options: MemberOptions = {},
): PasswordResetUseCases {
  const { unitOfWork, clock, ids } = ctx;
  const ttlMs = PASSWORD_RESET_TTL_MS;

  async function open(token: string) {
    if (typeof token !== "string" || !isWellFormedToken(token, "mr_")) return null;
    const reset = await unitOfWork.repositories.passwordResets.findByTokenHash(hashToken(token));
    if (!reset || reset.usedAt !== null || reset.expiresAt <= clock.now()) return null;
    return reset;
  }

  return {
    async request(rawEmail, origin) {
      const email = typeof rawEmail === "string" ? normalizeEmail(rawEmail) : "";
      if (email.length > 254 || !EMAIL_SHAPE.test(email)) throw new InvalidInputError(["email must be an email"]);
      const { rateLimits, members } = unitOfWork.repositories;
      const now = clock.now();
      await admitPasswordReset(rateLimits, email, origin, now);
      const stored = await members.findByEmail(email);
      const { token, hash } = generateToken("mr_");
      const expiresAt = new Date(now.getTime() + ttlMs);
      if (!stored) return null;
      const { passwordHash: _, ...member } = stored;
      await unitOfWork.transaction(async (tx) => {
        await tx.passwordResets.insert({
          id: ids.uuid(),
          memberId: member.id,
          tokenHash: hash,
          createdAt: now,
          expiresAt,
          usedAt: null,
        });
        await tx.auditLog.append(
          auditEntry(
            ctx,
            member.teamId,
            { actor: { type: "member", id: member.id, label: member.email }, ...origin },
            "member.password_reset_requested",
            { type: "member", id: member.id, label: member.email },
          ),
        );
      });
      return { email: member.email, token, expiresAt };
    },

    async find(token) {
      const reset = await open(token);
      return reset ? { email: reset.member.email } : null;
    },

    async complete(token, password, origin) {
      const gone = () => new NotFoundError("Password reset", "link");
      const reset = await open(token);
      if (!reset) throw gone();
      const { member } = reset;
      const problems =
        typeof password === "string" ? passwordProblems(password, member.email) : ["password is required"];
      if (problems.length > 0) throw new InvalidInputError(problems);
      const passwordHash = await passwordHasherOf(options).hash(password);
      await unitOfWork.transaction(async (tx) => {
        const now = clock.now();
        if (!(await tx.passwordResets.markUsed(reset.id, now))) throw gone();
        await tx.members.updatePassword(member.id, passwordHash, now);
        const ended = await tx.sessions.endAll(member.id);
        await tx.auditLog.append(
          auditEntry(
            ctx,
            member.teamId,
            memberCaller(member, origin),
            "member.password_reset",
            { type: "member", id: member.id, label: member.email },
            `${ended} session(s) ended`,
          ),
        );
      });
      return member;
    },
  };
}
