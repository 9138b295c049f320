/**
 * Members, invites, sessions, sign-in challenges and password resets the contract suites store,
 * with fresh ids; and a team with members, stored.
 *
 * @module
 */

import { randomUuid } from "../../src/ids.ts";
import type {
  MemberRole,
  PasswordReset,
  SignInChallenge,
  StoredInvite,
  StoredMember,
  StoredSession,
} from "../../src/members/index.ts";
import type { UnitOfWork } from "../../src/ports.ts";
import type { Team } from "../../src/teams/index.ts";
import { aTeam } from "./fixtures.ts";

/** The time most rows are created at. */
export const T0 = new Date("2026-01-01T00:00:00.000Z");

/** `ms` milliseconds after `T0`. */
export function at(ms: number): Date {
  return new Date(T0.getTime() + ms);
}

/** A member of `teamId` with a unique e-mail; `created` is its creation time. */
export function aMember(teamId: string, role: MemberRole = "owner", created = T0): StoredMember {
  const id = randomUuid();
  return {
    id,
    teamId,
    email: `${id}@example.com`,
    role,
    createdAt: created,
    updatedAt: created,
    passwordHash: `$argon2id$v=19$m=19456,t=2,p=1$${id}`,
  };
}

/** An unused invite of `teamId`, created at `created`, expiring a day later. */
export function anInvite(teamId: string, created = T0, role: MemberRole = "developer"): StoredInvite {
  const id = randomUuid();
  return {
    id,
    teamId,
    email: `invited-${id}@example.com`,
    role,
    invitedBy: "owner@example.com",
    createdAt: created,
    expiresAt: new Date(created.getTime() + 86_400_000),
    acceptedAt: null,
    tokenHash: `invite-${id}`,
  };
}

/** A session of `member`, started and last seen at `started`, ending 12 hours later. */
export function aSession(member: StoredMember, started = T0): StoredSession {
  const id = randomUuid();
  return {
    id,
    memberId: member.id,
    teamId: member.teamId,
    createdAt: started,
    lastSeenAt: started,
    expiresAt: new Date(started.getTime() + 12 * 3_600_000),
    ip: "203.0.113.7",
    userAgent: "Firefox",
    tokenHash: `session-${id}`,
  };
}

/** A sign-in challenge of `memberId` created at `created`, expiring 5 minutes later. */
export function aChallenge(memberId: string, created = T0): SignInChallenge & { tokenHash: string } {
  const id = randomUuid();
  return { id, memberId, createdAt: created, expiresAt: new Date(created.getTime() + 300_000), tokenHash: `ch-${id}` };
}

/** An unused password reset of `memberId` created at `created`, expiring an hour later. */
export function aReset(memberId: string, created = T0): PasswordReset {
  const id = randomUuid();
  return {
    id,
    memberId,
    tokenHash: `reset-${id}`,
    createdAt: created,
    expiresAt: new Date(created.getTime() + 3_600_000),
    usedAt: null,
  };
}

/** The member as the ports return it (no password hash). */
export function withoutHash({ passwordHash: _, ...member }: StoredMember) {
  return member;
}

/** Stores a team and members of it with these roles (created 1 s apart); the team and the members. */
export async function aTeamWithMembers(
  uow: UnitOfWork,
  roles: readonly MemberRole[] = ["owner"],
): Promise<{ team: Team; members: StoredMember[] }> {
  const team = aTeam("provider");
  const members = roles.map((role, i) => aMember(team.id, role, at(i * 1000)));
  await uow.transaction(async (scope) => {
    await scope.teams.insert(team);
    for (const member of members) await scope.members.insert(member);
  });
  return { team, members };
}
