import { type Migration, sql } from "kysely";

/**
 * The consent ledger: per provider team hash chains of consent records and revocations, their
 * signed checkpoints, and the Ed25519 keys that sign them. Entries and checkpoints are append-only
 * like the records (the same trigger refuses UPDATE and DELETE); a chain head is the one row that
 * moves, under its row lock, so appends to one chain are serialised.
 */
export const consentLedger: Migration = {
  async up(db) {
    await sql`
      create table consent_chain_heads (
        provider_team_id uuid primary key references teams (id),
        seq bigint not null check (seq >= 0),
        hash text not null
      );

      create table consent_ledger_entries (
        provider_team_id uuid not null references teams (id),
        seq bigint not null check (seq >= 1),
        consent_id uuid not null references consent_records (id),
        payload text not null,
        digest text not null,
        prev_hash text not null,
        hash text not null,
        primary key (provider_team_id, seq)
      );
      create index consent_ledger_entries_consent on consent_ledger_entries (consent_id);

      create table consent_signing_keys (
        kid text primary key,
        public_jwk jsonb not null,
        -- Null for a key supplied by configuration: only a generated key is kept here.
        private_jwk jsonb,
        created_at timestamptz not null,
        retired_at timestamptz
      );
      create unique index consent_signing_keys_one_active on consent_signing_keys ((true)) where retired_at is null;

      create table consent_checkpoints (
        provider_team_id uuid not null references teams (id),
        seq bigint not null,
        hash text not null,
        signed_at timestamptz not null,
        key_id text not null references consent_signing_keys (kid),
        signature text not null,
        primary key (provider_team_id, seq)
      );

      create trigger consent_ledger_entries_append_only before update or delete on consent_ledger_entries
        for each statement execute function consent_history_is_append_only();
      create trigger consent_checkpoints_append_only before update or delete on consent_checkpoints
        for each statement execute function consent_history_is_append_only();
    `.execute(db);
  },
  async down(db) {
    await sql`
      drop table consent_checkpoints;
      drop table consent_signing_keys;
      drop table consent_ledger_entries;
      drop table consent_chain_heads;
    `.execute(db);
  },
};
