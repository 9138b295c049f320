/**
 * Members' dashboard sessions and password reset links, in memory.
 *
 * @module
 */

import type { MemberSession, PasswordResetRepository, SessionRepository } from "../../members/index.ts";
import { copy, type InMemoryContext } from "../in-memory-database.ts";
import { checkTeam, checkUnique } from "./constraints.ts";
import {
  checkMember,
  deleteOfMember,
  insertExpiring,
  MEMBERS,
  PASSWORD_RESETS,
  publicMember,
  SECURITY_POLICIES,
  SESSIONS,
  TOTP,
} from "./member-tables.ts";

/** The in-memory `SessionRepository`. */
export function inMemorySessions(context: InMemoryContext): SessionRepository {
  const rows = () => context.tables.rows(SESSIONS);
  const publicSession = ({ tokenHash: _, ...session }: MemberSession & { tokenHash: string }): MemberSession =>
    copy(session);
  return {
    async insert(session) {
      const row = { ...copy(session), reauthenticatedAt: copy(session.reauthenticatedAt ?? null) };
      checkUnique(rows(), "member_sessions", row, [[(stored) => stored.tokenHash, "member_sessions_token_hash_key"]]);
      checkMember(context.tables, "member_sessions", session.memberId);
      checkTeam(context.tables, "member_sessions", session.teamId);
      rows().set(row.id, row);
    },
    async findByTokenHash(tokenHash) {
      const session = [...rows().values()].find((row) => row.tokenHash === tokenHash);
      const member = session && context.tables.rows(MEMBERS).get(session.memberId);
      if (!session || !member) return null;
      const totp = context.tables.rows(TOTP).get(session.memberId);
      const policy = context.tables.rows(SECURITY_POLICIES).get(session.teamId);
      return {
        session: publicSession(session),
        // The session's team, as the SQL reads it (a member's team does not change).
        member: { ...publicMember(member), teamId: session.teamId },
        twoFactor: {
          enabled: totp !== undefined && totp.enabledAt !== null,
          required: policy?.requireTwoFactor === true,
        },
      };
    },
    async touch(id, at) {
      const session = rows().get(id);
      if (session) session.lastSeenAt = new Date(at);
    },
    async markReauthenticated(id, at) {
      const session = rows().get(id);
      if (session) session.reauthenticatedAt = new Date(at);
    },
    async end(memberId, id) {
      const session = rows().get(id);
      if (!session || session.memberId !== memberId) return false;
      rows().delete(id);
      return true;
    },
    async endAll(memberId, exceptId) {
      return deleteOfMember(context.tables, SESSIONS, memberId, (session) => session.id !== exceptId);
    },
    async listActive(memberId, now, idleMs) {
      const idleSince = now.getTime() - idleMs;
      return [...rows().values()]
        .filter(
          (session) =>
            session.memberId === memberId && session.expiresAt > now && session.lastSeenAt.getTime() > idleSince,
        )
        .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
        .map(publicSession);
    },
  };
}

/** The in-memory `PasswordResetRepository`. */
export function inMemoryPasswordResets(context: InMemoryContext): PasswordResetRepository {
  const rows = () => context.tables.rows(PASSWORD_RESETS);
  return {
    async insert(reset) {
      insertExpiring(context.tables, PASSWORD_RESETS, reset);
    },
    async findByTokenHash(tokenHash) {
      const reset = [...rows().values()].find((row) => row.tokenHash === tokenHash);
      const member = reset && context.tables.rows(MEMBERS).get(reset.memberId);
      if (!reset || !member) return null;
      return { ...copy(reset), member: publicMember(member) };
    },
    async markUsed(id, at) {
      const reset = rows().get(id);
      if (!reset || reset.usedAt !== null) return false;
      reset.usedAt = new Date(at);
      return true;
    },
  };
}
