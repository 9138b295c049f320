/**
 * Members and their invites, in memory.
 *
 * @module
 */

import { ConflictError } from "../../errors.ts";
import type { Invite, InviteRepository, MemberRepository, StoredInvite } from "../../members/index.ts";
import { copy, InMemoryConstraintError, type InMemoryContext, type TableDefinition } from "../in-memory-database.ts";
import { checkTeam, checkUnique } from "./constraints.ts";
import {
  CHALLENGES,
  checkRole,
  deleteOfMember,
  INVITES,
  MEMBERS,
  PASSWORD_RESETS,
  publicMember,
  RECOVERY_CODES,
  SESSIONS,
  TOTP,
} from "./member-tables.ts";
import { newestFirst } from "./ordering.ts";

/** The in-memory `MemberRepository`: e-mails unique across the service, removal cascades. */
export function inMemoryMembers(context: InMemoryContext): MemberRepository {
  const rows = () => context.tables.rows(MEMBERS);
  const ofTeam = (teamId: string, id: string) => {
    const member = rows().get(id);
    return member && member.teamId === teamId ? member : null;
  };
  return {
    async insert(member) {
      checkRole("members", member.role);
      try {
        checkUnique(rows(), "members", member, [[(row) => row.email, "members_email"]]);
      } catch (error) {
        if (error instanceof InMemoryConstraintError && error.constraint === "members_email") {
          throw new ConflictError("This e-mail address already belongs to a member", { cause: error });
        }
        throw error;
      }
      // Foreign keys last, as PostgreSQL checks them (after the row's own constraints).
      checkTeam(context.tables, "members", member.teamId);
      rows().set(member.id, copy(member));
    },
    async findByEmail(email) {
      for (const member of rows().values()) if (member.email === email) return copy(member);
      return null;
    },
    async findById(teamId, id) {
      const member = ofTeam(teamId, id);
      return member ? copy(member) : null;
    },
    async listByTeam(teamId) {
      return [...rows().values()]
        .filter((member) => member.teamId === teamId)
        .sort((a, b) => -newestFirst(a, b))
        .map(publicMember);
    },
    async countOwners(teamId) {
      return [...rows().values()].filter((member) => member.teamId === teamId && member.role === "owner").length;
    },
    async updateRole(teamId, id, role, at) {
      const member = ofTeam(teamId, id);
      if (!member) return null;
      checkRole("members", role);
      member.role = role;
      member.updatedAt = new Date(at);
      return publicMember(member);
    },
    async updatePassword(id, passwordHash, at) {
      const member = rows().get(id);
      if (!member) return;
      member.passwordHash = passwordHash;
      member.updatedAt = new Date(at);
    },
    async delete(teamId, id) {
      if (!ofTeam(teamId, id)) return false;
      rows().delete(id);
      // The SQL schema's `on delete cascade` of every table that names the member.
      const cascades: TableDefinition<{ memberId: string }>[] = [
        SESSIONS,
        TOTP,
        RECOVERY_CODES,
        CHALLENGES,
        PASSWORD_RESETS,
      ];
      for (const table of cascades) {
        deleteOfMember(context.tables, table, id);
      }
      return true;
    },
  };
}

/** The in-memory `InviteRepository`. */
export function inMemoryInvites(context: InMemoryContext): InviteRepository {
  const rows = () => context.tables.rows(INVITES);
  const publicInvite = ({ tokenHash: _, ...invite }: StoredInvite): Invite => copy(invite);
  return {
    async insert(invite) {
      checkRole("member_invites", invite.role);
      checkUnique(rows(), "member_invites", invite, [[(row) => row.tokenHash, "member_invites_token_hash_key"]]);
      checkTeam(context.tables, "member_invites", invite.teamId);
      rows().set(invite.id, copy(invite));
    },
    async findByTokenHash(tokenHash) {
      for (const invite of rows().values()) if (invite.tokenHash === tokenHash) return copy(invite);
      return null;
    },
    async markAccepted(id, at) {
      const invite = rows().get(id);
      if (!invite || invite.acceptedAt !== null) return false;
      invite.acceptedAt = new Date(at);
      return true;
    },
    async listPending(teamId, now) {
      return [...rows().values()]
        .filter((invite) => invite.teamId === teamId && invite.acceptedAt === null && invite.expiresAt > now)
        .sort(newestFirst)
        .map(publicInvite);
    },
    async delete(teamId, id) {
      const invite = rows().get(id);
      if (!invite || invite.teamId !== teamId || invite.acceptedAt !== null) return null;
      rows().delete(id);
      return publicInvite(invite);
    },
  };
}
