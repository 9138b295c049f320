/**
 * The members feature's use cases: invites, sign-in and sessions, members and roles, the audit log.
 *
 * @module
 */

import {
  type AuditAction,
  type AuditActor,
  type AuditEntry,
  type AuditFilter,
  type AuditLogRepository,
  type AuditTarget,
  OPERATOR_ACTOR,
  type RequestOrigin,
} from "../audit-log/index.ts";
import { randomBytes, toBase64Url } from "../crypto.ts";
import {
  AuthenticationError,
  InvalidInputError,
  NotFoundError,
  PermissionError,
  RateLimitedError,
  UnprocessableError,
} from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import { type ListResult, type PageRequest, toListResult } from "../pagination.ts";
import { rateLimitClient } from "../rate-limits/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { type NewInvite, parseNewInvite } from "./input.ts";
import {
  generateToken,
  hashToken,
  INVITE_TTL_MS,
  isWellFormedToken,
  MAX_PASSWORD_LENGTH,
  type MemberPermission,
  memberCan,
  normalizeEmail,
  passwordProblems,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SESSION_TOUCH_RESOLUTION_MS,
  SIGN_IN_CHALLENGE_TTL_MS,
  SIGN_IN_LIMITS,
} from "./member-rules.ts";
import type { PasswordHasher, TotpAuthenticator } from "./ports.ts";
import {
  type AuthenticatedSession,
  type Invite,
  MEMBER_ROLES,
  type Member,
  type MemberRole,
  type MemberSession,
} from "./types.ts";

export type { NewInvite };

/** Who is calling a members or keys use case, and from where: a member, or the operator. */
export interface Caller extends RequestOrigin {
  actor: AuditActor;
  /** The member's role and team; null for the operator, who may do everything to every team. */
  member: { teamId: string; role: MemberRole } | null;
}

/**
 * A member as the caller of a use case.
 *
 * @example
 * marketplace.members.changeRole(teamId, memberId, "viewer", memberCaller(auth.member, origin));
 */
export function memberCaller(member: Member, origin: RequestOrigin): Caller {
  return {
    actor: { type: "member", id: member.id, label: member.email },
    member: { teamId: member.teamId, role: member.role },
    ip: origin.ip,
    userAgent: origin.userAgent,
  };
}

/** The operator (admin API, CLI) as the caller of a use case. */
export function operatorCaller(origin: RequestOrigin = { ip: null, userAgent: null }, label = "operator"): Caller {
  return { actor: { ...OPERATOR_ACTOR, label }, member: null, ip: origin.ip, userAgent: origin.userAgent };
}

/**
 * NotFoundError when a member calls for another team (another team's id is a 404), PermissionError
 * when the member's role lacks the permission; the operator passes.
 */
export function authorizeCaller(caller: Caller, teamId: string, permission: MemberPermission | null): void {
  if (caller.member === null) return;
  if (caller.member.teamId !== teamId) throw new NotFoundError("Team", teamId);
  if (permission !== null && !memberCan(caller.member.role, permission)) {
    throw new PermissionError(`A member with the role ${caller.member.role} cannot do this`);
  }
}

/** Builds an audit entry of `caller`'s action. */
export function auditEntry(
  ctx: Pick<
    UseCaseContext<"auditLog" | "invites" | "members" | "rateLimits" | "sessions" | "teams" | "twoFactor">,
    "clock" | "ids"
  >,
  teamId: string,
  caller: Pick<Caller, "actor" | "ip" | "userAgent">,
  action: AuditAction,
  target: AuditTarget | null,
  detail: string | null = null,
): AuditEntry {
  return {
    id: ctx.ids.uuid(),
    teamId,
    createdAt: ctx.clock.now(),
    actor: caller.actor,
    action,
    target,
    detail,
    ip: caller.ip,
    userAgent: caller.userAgent,
  };
}

/** Starts a session of the member (a fresh token, only its hash stored) lasting at most `absoluteMs`. */
export async function startMemberSession(
  ctx: Pick<
    UseCaseContext<"auditLog" | "invites" | "members" | "rateLimits" | "sessions" | "teams" | "twoFactor">,
    "clock" | "ids"
  >,
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

/** An invite just made: the token is in the result and nowhere else. */
export interface IssuedInvite {
  invite: Invite;
  /** The secret of the invite link, shown once. */
  token: string;
}

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

/** An invite found by its token, with the name of its team. */
export interface OpenInvite extends Invite {
  teamName: string;
}

/** Members of teams: invites, sign-in, sessions, roles, and the audit log. */
export interface MemberUseCases {
  /**
   * Invites a person to the team (owners and the operator); the input is checked as `parseNewInvite`
   * does. ConflictError when the e-mail already belongs to a member.
   */
  invite(teamId: string, input: NewInvite, caller: Caller): Promise<IssuedInvite>;
  /** The invite of this token while it can be accepted (unused, unexpired), or null. */
  findInvite(token: string): Promise<OpenInvite | null>;
  /**
   * Accepts an invite: creates the member with this password and signs it in. NotFoundError when
   * the invite is unknown, used or expired; InvalidInputError for a password the policy refuses.
   */
  acceptInvite(token: string, password: string, origin: RequestOrigin): Promise<SignedIn>;
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
  /** The team's members, oldest first. */
  list(teamId: string, caller: Caller): Promise<Member[]>;
  /** The team's pending invites, newest first. */
  listInvites(teamId: string, caller: Caller): Promise<Invite[]>;
  /** Withdraws an unused invite (owners). */
  revokeInvite(teamId: string, inviteId: string, caller: Caller): Promise<void>;
  /** Changes a member's role (owners); UnprocessableError when it would leave the team without an owner. */
  changeRole(teamId: string, memberId: string, role: MemberRole, caller: Caller): Promise<Member>;
  /** Removes a member (owners) and ends their sessions at once; the last owner cannot be removed. */
  remove(teamId: string, memberId: string, caller: Caller): Promise<void>;
  /** The team's audit log, newest first, filtered, as the page request asks. */
  auditLog(teamId: string, filter: AuditFilter, page: PageRequest): Promise<ListResult<AuditEntry>>;
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) throw new TypeError(`members: ${name} must be a positive integer`);
  return value;
}

export function memberUseCases(
  ctx: UseCaseContext<"auditLog" | "invites" | "members" | "rateLimits" | "sessions" | "teams" | "twoFactor">,
  options: MemberOptions = {},
): MemberUseCases {
  const { unitOfWork, clock, ids, logger } = ctx;
  const inviteTtlMs = positive(options.inviteTtlMs, INVITE_TTL_MS, "inviteTtlMs");
  const idleMs = positive(options.sessionIdleMs, SESSION_IDLE_MS, "sessionIdleMs");
  const absoluteMs = positive(options.sessionAbsoluteMs, SESSION_ABSOLUTE_MS, "sessionAbsoluteMs");
  let dummyHash: Promise<string> | null = null;

  function hasher(): PasswordHasher {
    if (!options.passwordHasher) throw new TypeError("members: MarketplaceOptions.members.passwordHasher is required");
    return options.passwordHasher;
  }

  function append(audit: AuditLogRepository, entry: AuditEntry): Promise<void> {
    return audit.append(entry);
  }

  function startSession(
    sessions: { insert(session: MemberSession & { tokenHash: string }): Promise<void> },
    member: Member,
    origin: RequestOrigin,
  ): Promise<{ session: MemberSession; token: string }> {
    return startMemberSession(ctx, sessions, member, origin, absoluteMs);
  }

  function memberTarget(member: Pick<Member, "id" | "email">): AuditTarget {
    return { type: "member", id: member.id, label: member.email };
  }

  async function findMemberOrThrow(teamId: string, memberId: string): Promise<Member> {
    const member = isUuidV4(memberId) ? await unitOfWork.repositories.members.findById(teamId, memberId) : null;
    if (!member) throw new NotFoundError("Member", memberId);
    return member;
  }

  return {
    async invite(teamId, rawInput, caller) {
      authorizeCaller(caller, teamId, "manage_members");
      const parsed = parseNewInvite(rawInput);
      if (!parsed.ok) throw new InvalidInputError(parsed.problems);
      if (!isUuidV4(teamId)) throw new NotFoundError("Team", teamId);
      const email = normalizeEmail(parsed.value.email);
      return unitOfWork.transaction(async (tx) => {
        if (!(await tx.teams.findById(teamId))) throw new NotFoundError("Team", teamId);
        if (await tx.members.findByEmail(email)) {
          throw new UnprocessableError("This e-mail address already belongs to a member", "already_member");
        }
        const { token, hash } = generateToken("mi_");
        const now = clock.now();
        const invite: Invite = {
          id: ids.uuid(),
          teamId,
          email,
          role: parsed.value.role,
          invitedBy: caller.actor.label,
          createdAt: now,
          expiresAt: new Date(now.getTime() + inviteTtlMs),
          acceptedAt: null,
        };
        await tx.invites.insert({ ...invite, tokenHash: hash });
        await append(
          tx.auditLog,
          auditEntry(
            ctx,
            teamId,
            caller,
            "member.invited",
            { type: "invite", id: invite.id, label: email },
            `role: ${invite.role}`,
          ),
        );
        return { invite, token };
      });
    },

    async findInvite(token) {
      if (!isWellFormedToken(token, "mi_")) return null;
      const { invites, teams } = unitOfWork.repositories;
      const invite = await invites.findByTokenHash(hashToken(token));
      if (!invite || invite.acceptedAt !== null || invite.expiresAt <= clock.now()) return null;
      const team = await teams.findById(invite.teamId);
      if (!team) return null;
      const { tokenHash: _, ...open } = invite;
      return { ...open, teamName: team.name };
    },

    async acceptInvite(token, password, origin) {
      const notFound = () => new NotFoundError("Invite", "link");
      if (!isWellFormedToken(token, "mi_")) throw notFound();
      const found = await unitOfWork.repositories.invites.findByTokenHash(hashToken(token));
      if (!found || found.acceptedAt !== null || found.expiresAt <= clock.now()) throw notFound();
      const problems =
        typeof password === "string" ? passwordProblems(password, found.email) : ["password is required"];
      if (problems.length > 0) throw new InvalidInputError(problems);
      // Hashed before the transaction: no row lock is held for the hashing time.
      const passwordHash = await hasher().hash(password);
      return unitOfWork.transaction(async (tx) => {
        const invite = await tx.invites.findByTokenHash(hashToken(token), { forUpdate: true });
        const now = clock.now();
        if (!invite || invite.expiresAt <= now || !(await tx.invites.markAccepted(invite.id, now))) throw notFound();
        if (await tx.members.findByEmail(invite.email)) {
          throw new UnprocessableError("This e-mail address already belongs to a member", "already_member");
        }
        const member: Member = {
          id: ids.uuid(),
          teamId: invite.teamId,
          email: invite.email,
          role: invite.role,
          createdAt: now,
          updatedAt: now,
        };
        await tx.members.insert({ ...member, passwordHash });
        const started = await startSession(tx.sessions, member, origin);
        const caller = memberCaller(member, origin);
        const joined = auditEntry(
          ctx,
          member.teamId,
          caller,
          "member.joined",
          memberTarget(member),
          `role: ${member.role}`,
        );
        await append(tx.auditLog, joined);
        // The log reads newest first by (time, id) and ids are random: within one millisecond the
        // sign-in could list before the join it follows, so it is stamped at least 1 ms later.
        const signedIn = auditEntry(ctx, member.teamId, caller, "member.signed_in", memberTarget(member));
        const after = new Date(joined.createdAt.getTime() + 1);
        await append(tx.auditLog, signedIn.createdAt < after ? { ...signedIn, createdAt: after } : signedIn);
        return { member, ...started };
      });
    },

    async signIn(input, origin) {
      const email = typeof input?.email === "string" ? normalizeEmail(input.email) : "";
      const password = typeof input?.password === "string" ? input.password : "";
      const problems: string[] = [];
      if (email === "") problems.push("email is required");
      if (password === "") problems.push("password is required");
      if (problems.length > 0) throw new InvalidInputError(problems);
      const { rateLimits, members } = unitOfWork.repositories;
      const now = clock.now();
      const account = SIGN_IN_LIMITS["dashboard.sign_in.account"];
      const address = SIGN_IN_LIMITS["dashboard.sign_in.ip"];
      const byIp = await rateLimits.admit(
        "dashboard.sign_in.ip",
        rateLimitClient(origin.ip ?? "unknown"),
        address,
        now,
      );
      const byAccount =
        byIp && (await rateLimits.admit("dashboard.sign_in.account", email.slice(0, 254), account, now));
      if (!byIp || !byAccount) {
        throw new RateLimitedError("Too many sign-in attempts: wait 15 minutes, then try again");
      }
      const member = await members.findByEmail(email);
      // The same work for an unknown e-mail: a dummy hash is verified, so timing tells nothing.
      dummyHash ??= hasher().hash(toBase64Url(randomBytes(24)));
      const hash = member?.passwordHash ?? (await dummyHash);
      const matches = password.length <= MAX_PASSWORD_LENGTH * 4 && (await hasher().verify(hash, password));
      if (!member || !matches) {
        if (member) {
          const actor: AuditActor = { type: "member", id: member.id, label: member.email };
          await append(
            unitOfWork.repositories.auditLog,
            auditEntry(
              ctx,
              member.teamId,
              { actor, ...origin },
              "member.sign_in_failed",
              memberTarget(member),
              "wrong password",
            ),
          ).catch((error) => logger.warn("could not record a failed sign-in", { error: String(error) }));
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
        const started = await startSession(tx.sessions, plain, origin);
        await append(
          tx.auditLog,
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
        await append(
          tx.auditLog,
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
        await append(
          tx.auditLog,
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
        await append(
          tx.auditLog,
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
      if (
        current === "" ||
        current.length > MAX_PASSWORD_LENGTH * 4 ||
        !(await hasher().verify(stored.passwordHash, current))
      ) {
        throw new InvalidInputError(["current password is not right"]);
      }
      const problems = passwordProblems(next, stored.email);
      if (problems.length > 0) throw new InvalidInputError(problems.map((problem) => `new ${problem}`));
      const passwordHash = await hasher().hash(next);
      await unitOfWork.transaction(async (tx) => {
        await tx.members.updatePassword(stored.id, passwordHash, clock.now());
        const ended = await tx.sessions.endAll(stored.id, auth.session.id);
        await append(
          tx.auditLog,
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

    async list(teamId, caller) {
      authorizeCaller(caller, teamId, null);
      if (!isUuidV4(teamId)) throw new NotFoundError("Team", teamId);
      return unitOfWork.repositories.members.listByTeam(teamId);
    },

    async listInvites(teamId, caller) {
      authorizeCaller(caller, teamId, "manage_members");
      if (!isUuidV4(teamId)) throw new NotFoundError("Team", teamId);
      return unitOfWork.repositories.invites.listPending(teamId, clock.now());
    },

    async revokeInvite(teamId, inviteId, caller) {
      authorizeCaller(caller, teamId, "manage_members");
      if (!isUuidV4(teamId) || !isUuidV4(inviteId)) throw new NotFoundError("Invite", inviteId);
      await unitOfWork.transaction(async (tx) => {
        const invite = await tx.invites.delete(teamId, inviteId);
        if (!invite) throw new NotFoundError("Invite", inviteId);
        await append(
          tx.auditLog,
          auditEntry(ctx, teamId, caller, "member.invite_revoked", {
            type: "invite",
            id: invite.id,
            label: invite.email,
          }),
        );
      });
    },

    async changeRole(teamId, memberId, role, caller) {
      authorizeCaller(caller, teamId, "manage_members");
      if (!(MEMBER_ROLES as readonly string[]).includes(role)) {
        throw new InvalidInputError([`role must be one of the following values: ${MEMBER_ROLES.join(", ")}`]);
      }
      await findMemberOrThrow(teamId, memberId);
      return unitOfWork.transaction(async (tx) => {
        const owners = await tx.members.countOwners(teamId, { forUpdate: true });
        const before = await tx.members.findById(teamId, memberId, { forUpdate: true });
        if (!before) throw new NotFoundError("Member", memberId);
        if (before.role === role) {
          const { passwordHash: _, ...same } = before;
          return same;
        }
        if (before.role === "owner" && owners <= 1) {
          throw new UnprocessableError(
            "The team needs at least one owner: make someone else owner first",
            "last_owner",
          );
        }
        const updated = await tx.members.updateRole(teamId, memberId, role, clock.now());
        if (!updated) throw new NotFoundError("Member", memberId);
        await append(
          tx.auditLog,
          auditEntry(
            ctx,
            teamId,
            caller,
            "member.role_changed",
            memberTarget(updated),
            `role: ${before.role} -> ${role}`,
          ),
        );
        return updated;
      });
    },

    async remove(teamId, memberId, caller) {
      authorizeCaller(caller, teamId, "manage_members");
      await findMemberOrThrow(teamId, memberId);
      await unitOfWork.transaction(async (tx) => {
        const owners = await tx.members.countOwners(teamId, { forUpdate: true });
        const member = await tx.members.findById(teamId, memberId, { forUpdate: true });
        if (!member) throw new NotFoundError("Member", memberId);
        if (member.role === "owner" && owners <= 1) {
          throw new UnprocessableError(
            "The team needs at least one owner: the last owner cannot be removed",
            "last_owner",
          );
        }
        // Deleting the member deletes its sessions in the same statement: they end at once.
        if (!(await tx.members.delete(teamId, memberId))) throw new NotFoundError("Member", memberId);
        await append(
          tx.auditLog,
          auditEntry(ctx, teamId, caller, "member.removed", memberTarget(member), `role: ${member.role}`),
        );
      });
    },

    async auditLog(teamId, filter, page) {
      if (!isUuidV4(teamId)) throw new NotFoundError("Team", teamId);
      return toListResult("audit_log", page, await unitOfWork.repositories.auditLog.list(teamId, filter, page));
    },
  };
}
