/**
 * Kysely table types: teams, their API keys, members, sign-in and the audit log.
 * Column names are snake_case as in SQL; `Database` (../schema.ts) names every table.
 *
 * @module
 */

import type { Generated } from "kysely";

export interface TeamsTable {
  id: string;
  name: string;
  role: string;
  created_at: Date;
  updated_at: Date;
}

export interface ApiKeysTable {
  id: string;
  team_id: string;
  name: string | null;
  prefix: string;
  key_hash: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  created_by: string | null;
  expires_at: Date | null;
}

export interface MembersTable {
  id: string;
  team_id: string;
  email: string;
  role: string;
  password_hash: string;
  created_at: Date;
  updated_at: Date;
}

export interface MemberInvitesTable {
  id: string;
  team_id: string;
  email: string;
  role: string;
  token_hash: string;
  invited_by: string;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
}

export interface MemberSessionsTable {
  id: string;
  token_hash: string;
  member_id: string;
  team_id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  ip: string | null;
  user_agent: string | null;
  /** The last step-up sign-in inside this session (migration 0030); null: none. */
  reauthenticated_at: Generated<Date | null>;
}

export interface MemberTotpTable {
  member_id: string;
  secret: string;
  created_at: Date;
  enabled_at: Date | null;
  last_used_step: string | number | null;
}

export interface MemberRecoveryCodesTable {
  id: string;
  member_id: string;
  code_hash: string;
  created_at: Date;
  used_at: Date | null;
}

export interface MemberSignInChallengesTable {
  id: string;
  token_hash: string;
  member_id: string;
  created_at: Date;
  expires_at: Date;
}

export interface TeamSecurityPoliciesTable {
  team_id: string;
  require_two_factor: boolean;
  updated_at: Date;
}

export interface MemberPasswordResetsTable {
  id: string;
  token_hash: string;
  member_id: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface AuditLogTable {
  id: string;
  /** Write order (identity, migration 0035; 0 for entries written before it): ties of `created_at` list by it, highest first. */
  seq: Generated<string>;
  team_id: string;
  created_at: Date;
  actor_type: string;
  actor_id: string | null;
  actor_label: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  detail: string | null;
  ip: string | null;
  user_agent: string | null;
}
