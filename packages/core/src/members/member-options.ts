/**
 * The options of the members use cases, the settings they resolve to, and the start of a session
 * (sign-in, an accepted invite and the second step of a two-factor sign-in all start one).
 *
 * @module
 */

import type { RequestOrigin } from "../audit-log/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import {
  generateToken,
  INVITE_TTL_MS,
  MAX_PASSWORD_LENGTH,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from "./member-rules.ts";
import type { PasswordHasher, TotpAuthenticator } from "./ports.ts";
import type { Member, MemberSession } from "./types.ts";

/** Options of the members use cases (`MarketplaceOptions.members`). */
export interface MemberOptions {
  /** Hashes passwords; sign-in, invites' acceptance and password changes need it. */
  passwordHasher?: PasswordHasher;
  /**
   * Time-based one-time passwords for two-factor sign-in (e.g. `otpauthTotp()` of
   * `@marketplace/dashboard`); without it, enrolling an authenticator throws.
   */
  totp?: TotpAuthenticator;
  /** The name authenticator apps show for the account (the `issuer` of the QR code); default `Marketplace`. */
  totpIssuer?: string;
  /** How long an invite is valid; default 72 h. */
  inviteTtlMs?: number;
  /** A session ends after this long without a request; default 30 min. */
  sessionIdleMs?: number;
  /** A session ends this long after sign-in; default 12 h. */
  sessionAbsoluteMs?: number;
}

/** The members options with their defaults, checked. */
export interface MemberSettings {
  inviteTtlMs: number;
  idleMs: number;
  absoluteMs: number;
  /** The password hasher; TypeError when the options have none. */
  hasher(): PasswordHasher;
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) throw new TypeError(`members: ${name} must be a positive integer`);
  return value;
}

/** The settings of these options; TypeError for a duration that is not a positive integer. */
export function memberSettings(options: MemberOptions): MemberSettings {
  return {
    inviteTtlMs: positive(options.inviteTtlMs, INVITE_TTL_MS, "inviteTtlMs"),
    idleMs: positive(options.sessionIdleMs, SESSION_IDLE_MS, "sessionIdleMs"),
    absoluteMs: positive(options.sessionAbsoluteMs, SESSION_ABSOLUTE_MS, "sessionAbsoluteMs"),
    hasher: () => passwordHasherOf(options),
  };
}

/** The password hasher of the options; TypeError when they have none. */
export function passwordHasherOf(options: MemberOptions): PasswordHasher {
  if (!options.passwordHasher) throw new TypeError("members: MarketplaceOptions.members.passwordHasher is required");
  return options.passwordHasher;
}

/**
 * Whether `typed` is the password of `hash`. An empty password, or one far longer than any the policy
 * accepts (`MAX_PASSWORD_LENGTH` × 4), never matches and is not hashed at all.
 */
export async function passwordMatches(hasher: PasswordHasher, hash: string, typed: string): Promise<boolean> {
  return typed !== "" && typed.length <= MAX_PASSWORD_LENGTH * 4 && (await hasher.verify(hash, typed));
}

/** Starts a session of the member (a fresh token, only its hash stored) lasting at most `absoluteMs`. */
export async function startMemberSession(
  ctx: Pick<UseCaseContext<never>, "clock" | "ids">,
  sessions: { insert(session: MemberSession & { tokenHash: string }): Promise<void> },
  member: Member,
  origin: RequestOrigin,
  absoluteMs: number,
): Promise<{ session: MemberSession; token: string }> {
  const { token, hash } = generateToken("ms_");
  const now = ctx.clock.now();
  const session: MemberSession = {
    id: ctx.ids.uuid(),
    memberId: member.id,
    teamId: member.teamId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + absoluteMs),
    ip: origin.ip,
    userAgent: origin.userAgent,
  };
  await sessions.insert({ ...session, tokenHash: hash });
  return { session, token };
}
