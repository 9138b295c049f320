import { type Migration, sql } from "kysely";

/**
 * Two-factor sign-in and password resets for members (issue 28):
 * - `member_totp`: a member's TOTP secret (sealed with the key-encryption keyring when the host
 *   configures one), pending until confirmed with a code (`enabled_at`), and the last time step
 *   accepted (`last_used_step`), so a code is never accepted twice;
 * - `member_recovery_codes`: single-use recovery codes, as SHA-256 hashes only;
 * - `member_sign_in_challenges`: the pending second step of a sign-in (the password was right), by
 *   the hash of a short-lived token, never the password;
 * - `team_security_policies`: whether a team requires two-factor sign-in of every member;
 * - `member_password_resets`: single-use, expiring reset links, by token hash;
 * - `offers_team_active`: whether a provider has published an offer, read by the dashboard's home
 *   page without walking its drafts.
 */
export const twoFactorAndResets: Migration = {
  async up(db) {
    await sql`
      create table member_totp (
        member_id uuid primary key references members (id) on delete cascade,
        secret text not null,
        created_at timestamptz not null,
        enabled_at timestamptz,
        last_used_step bigint
      );

      create table member_recovery_codes (
        id uuid primary key,
        member_id uuid not null references members (id) on delete cascade,
        code_hash text not null,
        created_at timestamptz not null,
        used_at timestamptz,
        unique (member_id, code_hash)
      );

      create table member_sign_in_challenges (
        id uuid primary key,
        token_hash text not null unique,
        member_id uuid not null references members (id) on delete cascade,
        created_at timestamptz not null,
        expires_at timestamptz not null
      );
      create index member_sign_in_challenges_member on member_sign_in_challenges (member_id);

      create table team_security_policies (
        team_id uuid primary key references teams (id) on delete cascade,
        require_two_factor boolean not null default false,
        updated_at timestamptz not null
      );

      create table member_password_resets (
        id uuid primary key,
        token_hash text not null unique,
        member_id uuid not null references members (id) on delete cascade,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create index member_password_resets_member on member_password_resets (member_id);

      create index offers_team_active on offers (team_id) where status = 'active' and deleted_at is null;
    `.execute(db);
  },
  async down(db) {
    await sql`
      drop index offers_team_active;
      drop table member_password_resets;
      drop table team_security_policies;
      drop table member_sign_in_challenges;
      drop table member_recovery_codes;
      drop table member_totp;
    `.execute(db);
  },
};
