/**
 * A team's members and its audit log: listing the members, changing a member's role and removing a
 * member (owners; a team keeps at least one owner), and reading the log.
 *
 * @module
 */

import type { AuditEntry, AuditFilter } from "../audit-log/index.ts";
import { InvalidInputError, NotFoundError, UnprocessableError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import { type ListResult, type PageRequest, toListResult } from "../pagination.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { auditEntry, authorizeCaller, type Caller, memberTarget } from "./caller.ts";
import { MEMBER_ROLES, type Member, type MemberRole } from "./types.ts";

/** A team's members, their roles, and the team's audit log. */
export interface TeamMemberUseCases {
  /** The team's members, oldest first. */
  list(teamId: string, caller: Caller): Promise<Member[]>;
  /** Changes a member's role (owners); UnprocessableError when it would leave the team without an owner. */
  changeRole(teamId: string, memberId: string, role: MemberRole, caller: Caller): Promise<Member>;
  /** Removes a member (owners) and ends their sessions at once; the last owner cannot be removed. */
  remove(teamId: string, memberId: string, caller: Caller): Promise<void>;
  /** The team's audit log, newest first, filtered, as the page request asks. */
  auditLog(teamId: string, filter: AuditFilter, page: PageRequest): Promise<ListResult<AuditEntry>>;
}

export function teamMemberUseCases(ctx: UseCaseContext<"auditLog" | "members">): TeamMemberUseCases {
  const { unitOfWork, clock } = ctx;

  async function findMemberOrThrow(teamId: string, memberId: string): Promise<Member> {
    const member = isUuidV4(memberId) ? await unitOfWork.repositories.members.findById(teamId, memberId) : null;
    if (!member) throw new NotFoundError("Member", memberId);
    return member;
  }

  return {
    async list(teamId, caller) {
      authorizeCaller(caller, teamId, null);
      if (!isUuidV4(teamId)) throw new NotFoundError("Team", teamId);
      return unitOfWork.repositories.members.listByTeam(teamId);
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
        await tx.auditLog.append(
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
        await tx.auditLog.append(
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
