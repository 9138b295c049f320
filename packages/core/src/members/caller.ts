/**
 * Who calls a members use case, whether they may, and the audit entry of what they did.
 *
 * @module
 */

import {
  type AuditAction,
  type AuditActor,
  type AuditEntry,
  type AuditTarget,
  OPERATOR_ACTOR,
  type RequestOrigin,
} from "../audit-log/index.ts";
import { NotFoundError, PermissionError } from "../errors.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { type MemberPermission, memberCan } from "./member-rules.ts";
import type { Member, MemberRole } from "./types.ts";

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
  ctx: Pick<UseCaseContext<never>, "clock" | "ids">,
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

/** A member as the target of an audit entry. */
export function memberTarget(member: Pick<Member, "id" | "email">): AuditTarget {
  return { type: "member", id: member.id, label: member.email };
}
