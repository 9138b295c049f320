/**
 * The tables of the members feature in memory (migrations 0025, 0026 and 0030 of the SQL adapter):
 * members, invites, sessions, authenticators, recovery codes, sign-in challenges, the teams'
 * two-factor policy and password resets. Declared in one module because a member's removal reaches
 * all of them (the SQL schema's `on delete cascade`), and sessions read the two-factor tables.
 *
 * @module
 */

import type {
  Member,
  MemberTotp,
  PasswordReset,
  SignInChallenge,
  StoredInvite,
  StoredMember,
  StoredSession,
} from "../../members/index.ts";
import {
  copy,
  defineTable,
  InMemoryConstraintError,
  type InMemoryTables,
  type TableDefinition,
} from "../in-memory-database.ts";
import { checkUnique } from "./constraints.ts";

/** Members by id (`members`; e-mails unique across the service). */
export const MEMBERS = defineTable<StoredMember>("members");

/** Invites by id (`member_invites`). */
export const INVITES = defineTable<StoredInvite>("member_invites");

/** Sessions by id (`member_sessions`); `reauthenticatedAt` is null until a step-up sign-in. */
export const SESSIONS = defineTable<StoredSession & { reauthenticatedAt: Date | null }>("member_sessions");

/** Authenticators by member id (`member_totp`). */
export const TOTP = defineTable<MemberTotp>("member_totp");

/** A recovery code as stored (`member_recovery_codes`): its hash only. */
export interface RecoveryCodeRow {
  id: string;
  memberId: string;
  codeHash: string;
  createdAt: Date;
  usedAt: Date | null;
}

/** Recovery codes by id. */
export const RECOVERY_CODES = defineTable<RecoveryCodeRow>("member_recovery_codes");

/** Sign-in challenges by id (`member_sign_in_challenges`). */
export const CHALLENGES = defineTable<SignInChallenge & { tokenHash: string }>("member_sign_in_challenges");

/** A team's two-factor policy (`team_security_policies`). */
export interface SecurityPolicyRow {
  teamId: string;
  requireTwoFactor: boolean;
  updatedAt: Date;
}

/** Policies by team id. */
export const SECURITY_POLICIES = defineTable<SecurityPolicyRow>("team_security_policies");

/** Password resets by id (`member_password_resets`). */
export const PASSWORD_RESETS = defineTable<PasswordReset>("member_password_resets");

/** The roles the SQL schema's check constraints allow. */
const ROLES: readonly string[] = ["owner", "developer", "operations", "viewer"];

/** Refuses a role the `role` check constraint of `table` would refuse (SQLSTATE 23514). */
export function checkRole(table: string, role: string): void {
  if (!ROLES.includes(role)) {
    throw new InMemoryConstraintError("23514", `${table}_role_check`, `role ${role} is not allowed in ${table}`);
  }
}

/** Refuses a row whose `member_id` names no member (SQLSTATE 23503, `<table>_member_id_fkey`). */
export function checkMember(tables: InMemoryTables, table: string, memberId: string): void {
  if (!tables.rows(MEMBERS).has(memberId)) {
    throw new InMemoryConstraintError("23503", `${table}_member_id_fkey`, `member ${memberId} does not exist`);
  }
}

/** The member as the port returns it: no password hash. */
export function publicMember({ passwordHash: _, ...member }: StoredMember): Member {
  return copy(member);
}

/** Deletes the rows of `table` whose member is `memberId`; how many. */
export function deleteOfMember<Row extends { memberId: string }>(
  tables: InMemoryTables,
  table: TableDefinition<Row>,
  memberId: string,
  also: (row: Row) => boolean = () => true,
): number {
  const rows = tables.rows(table);
  let deleted = 0;
  for (const [key, row] of rows) {
    if (row.memberId === memberId && also(row)) {
      rows.delete(key);
      deleted++;
    }
  }
  return deleted;
}

/**
 * Inserts a member's expiring token row (a sign-in challenge, a password reset), then drops the
 * member's rows of `table` expired when it was created: the SQL adapter keeps these tables small so.
 */
export function insertExpiring<
  Row extends { id: string; memberId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
>(tables: InMemoryTables, table: TableDefinition<Row>, row: Row): void {
  checkUnique(tables.rows(table), table.name, row, [[(stored) => stored.tokenHash, `${table.name}_token_hash_key`]]);
  checkMember(tables, table.name, row.memberId);
  tables.rows(table).set(row.id, copy(row));
  deleteOfMember(tables, table, row.memberId, (stored) => stored.expiresAt <= row.createdAt);
}
