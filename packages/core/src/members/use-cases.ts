/**
 * The members feature's use cases: invites, sign-in and sessions, members and roles, the audit log
 * (`invite-use-cases.ts`, `session-use-cases.ts`, `team-member-use-cases.ts`), as one object.
 *
 * @module
 */

import type { UseCaseContext } from "../use-case-context.ts";
import { type InviteUseCases, inviteUseCases } from "./invite-use-cases.ts";
import { type MemberOptions, memberSettings } from "./member-options.ts";
import { type SessionUseCases, sessionUseCases } from "./session-use-cases.ts";
import { type TeamMemberUseCases, teamMemberUseCases } from "./team-member-use-cases.ts";

/** Members of teams: invites, sign-in, sessions, roles, and the audit log. */
export interface MemberUseCases extends InviteUseCases, SessionUseCases, TeamMemberUseCases {}

export function memberUseCases(
  ctx: UseCaseContext<"auditLog" | "invites" | "members" | "rateLimits" | "sessions" | "teams" | "twoFactor">,
  options: MemberOptions = {},
): MemberUseCases {
  const settings = memberSettings(options);
  return { ...inviteUseCases(ctx, settings), ...sessionUseCases(ctx, settings), ...teamMemberUseCases(ctx) };
}
