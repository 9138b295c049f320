import { type Migration, sql } from "kysely";

/** Teams, API keys, the first offer columns, and the event store with its outbox. */
export const foundation: Migration = {
  async up(db) {
    await sql`
        create table teams (
          id uuid primary key,
          name text not null,
          role text not null check (role in ('provider', 'reseller', 'hybrid')),
          created_at timestamptz not null,
          updated_at timestamptz not null
        );
        create index teams_created_at_id on teams (created_at desc, id desc);

        create table api_keys (
          id uuid primary key,
          team_id uuid not null references teams (id) on delete cascade,
          name text,
          prefix text not null,
          key_hash text not null unique,
          created_at timestamptz not null,
          last_used_at timestamptz,
          revoked_at timestamptz
        );
        create index api_keys_prefix on api_keys (prefix);
        create index api_keys_team on api_keys (team_id, created_at desc, id desc);

        create table offers (
          id uuid primary key,
          team_id uuid not null references teams (id),
          name text not null,
          sku text,
          status text not null check (status in ('draft', 'active')),
          service_type text not null,
          monthly_price numeric(12, 2),
          created_at timestamptz not null,
          updated_at timestamptz not null,
          published_at timestamptz,
          deleted_at timestamptz
        );
        create unique index offers_team_sku on offers (team_id, sku) where deleted_at is null and sku is not null;
        create index offers_team_created_at_id on offers (team_id, created_at desc, id desc) where deleted_at is null;

        create table events (
          id uuid primary key,
          type text not null,
          version integer not null,
          created_at timestamptz not null,
          training boolean not null,
          data jsonb not null,
          provider_team_ids uuid[] not null,
          reseller_team_ids uuid[] not null
        );

        -- Events recorded but not yet handed to the job queue; the relay drains it in batches.
        create table event_outbox (
          seq bigint generated always as identity primary key,
          event_id uuid not null references events (id)
        );
      `.execute(db);
  },
};
