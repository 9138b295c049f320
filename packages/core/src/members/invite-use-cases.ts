/**
 * Invites to a team: making one (owners and the operator), finding and accepting one (which makes
 * the member and signs it in), listing and withdrawing the pending ones.
 *
 * @module
 */

import type { RequestOrigin } from "../audit-log/index.ts";
import { InvalidInputError, NotFoundError, UnprocessableError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { auditEntry, authorizeCaller, type Caller, memberCaller, memberTarget } from "./caller.ts";
import { type NewInvite, parseNewInvite } from "./input.ts";
import { type MemberSettings, startMemberSession } from "./member-options.ts";
import { generateToken, hashToken, isWellFormedToken, normalizeEmail, passwordProblems } from "./member-rules.ts";
import type { SignedIn } from "./session-use-cases.ts";
import type { Invite, Member } from "./types.ts";

export type { NewInvite };

/** An invite just made: the token is in the result and nowhere else. */
export interface IssuedInvite {
  invite: Invite;
  /** The secret of the invite link, shown once. */
  token: string;
}

/** An invite found by its token, with the name of its team. */
export interface OpenInvite extends Invite {
  teamName: string;
}

/** Invites to a team. */
export interface InviteUseCases {
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
  /** The team's pending invites, newest first. */
  listInvites(teamId: string, caller: Caller): Promise<Invite[]>;
  /** Withdraws an unused invite (owners). */
  revokeInvite(teamId: string, inviteId: string, caller: Caller): Promise<void>;
}

export function inviteUseCases(
  ctx: UseCaseContext<"auditLog" | "invites" | "members" | "sessions" | "teams">,
  settings: MemberSettings,
): InviteUseCases {
  const { unitOfWork, clock, ids } = ctx;

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
          expiresAt: new Date(now.getTime() + settings.inviteTtlMs),
          acceptedAt: null,
        };
        await tx.invites.insert({ ...invite, tokenHash: hash });
        await tx.auditLog.append(
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
      const passwordHash = await settings.hasher().hash(password);
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
        const started = await startMemberSession(ctx, tx.sessions, member, origin, settings.absoluteMs);
        const caller = memberCaller(member, origin);
        await tx.auditLog.append(
          auditEntry(ctx, member.teamId, caller, "member.joined", memberTarget(member), `role: ${member.role}`),
        );
        // Within one millisecond the log lists in write order, newest first: the sign-in above the join.
        await tx.auditLog.append(auditEntry(ctx, member.teamId, caller, "member.signed_in", memberTarget(member)));
        return { member, ...started };
      });
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
        await tx.auditLog.append(
          auditEntry(ctx, teamId, caller, "member.invite_revoked", {
            type: "invite",
            id: invite.id,
            label: invite.email,
          }),
        );
      });
    },
  };
}
