import { type Migration, sql } from "kysely";

/**
 * The dashboard's identity and its record (issue 28): members of teams, invites and sessions (tokens
 * stored only as SHA-256 hashes), the append-only audit log, and on api_keys who created a key and
 * when a rolled key expires. A change of `expires_at` is announced on the key-change channel like a
 * revocation, so every process's key cache drops it.
 */
export const members: Migration = {
  async up(db) {
    await sql`
      create table members (
        id uuid primary key,
        team_id uuid not null references teams (id) on delete cascade,
        email text not null,
        role text not null check (role in ('owner', 'developer', 'operations', 'viewer')),
        password_hash text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create unique index members_email on members (email);
      create index members_team on members (team_id, created_at);

      create table member_invites (
        id uuid primary key,
        team_id uuid not null references teams (id) on delete cascade,
        email text not null,
        role text not null check (role in ('owner', 'developer', 'operations', 'viewer')),
        token_hash text not null unique,
        invited_by text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        accepted_at timestamptz
      );
      create index member_invites_team on member_invites (team_id, created_at desc);

      create table member_sessions (
        id uuid primary key,
        token_hash text not null unique,
        member_id uuid not null references members (id) on delete cascade,
        team_id uuid not null references teams (id) on delete cascade,
        created_at timestamptz not null,
        last_seen_at timestamptz not null,
        expires_at timestamptz not null,
        ip text,
        user_agent text
      );
      create index member_sessions_member on member_sessions (member_id, last_seen_at desc);

      create table audit_log (
        id uuid primary key,
        team_id uuid not null references teams (id),
        created_at timestamptz not null,
        actor_type text not null check (actor_type in ('member', 'api_key', 'operator')),
        actor_id text,
        actor_label text not null,
        action text not null,
        target_type text,
        target_id text,
        target_label text,
        detail text,
        ip text,
        user_agent text
      );
      create index audit_log_team on audit_log (team_id, created_at desc, id desc);

      create function audit_log_is_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only: % is not allowed', tg_op
          using errcode = 'restrict_violation';
      end
      $$;
      create trigger audit_log_append_only before update or delete on audit_log
        for each statement execute function audit_log_is_append_only();

      alter table api_keys add column created_by text, add column expires_at timestamptz;

      drop trigger api_keys_changed on api_keys;
      create trigger api_keys_changed after update on api_keys for each row
        when (
          old.revoked_at is distinct from new.revoked_at or old.key_hash is distinct from new.key_hash
          or old.team_id is distinct from new.team_id or old.prefix is distinct from new.prefix
          or old.id is distinct from new.id or old.expires_at is distinct from new.expires_at
        )
        execute function marketplace_notify_api_key_change();
    `.execute(db);
  },
  async down(db) {
    await sql`
      drop trigger api_keys_changed on api_keys;
      create trigger api_keys_changed after update on api_keys for each row
        when (
          old.revoked_at is distinct from new.revoked_at or old.key_hash is distinct from new.key_hash
          or old.team_id is distinct from new.team_id or old.prefix is distinct from new.prefix
          or old.id is distinct from new.id
        )
        execute function marketplace_notify_api_key_change();
      alter table api_keys drop column expires_at, drop column created_by;
      drop table audit_log;
      drop function audit_log_is_append_only();
      drop table member_sessions;
      drop table member_invites;
      drop table members;
    `.execute(db);
  },
};
