import { type Migration, sql } from "kysely";

/** Webhooks, their delivery log, and the delivery workers' heartbeats. */
export const webhooks: Migration = {
  async up(db) {
    await sql`
        create table webhooks (
          id uuid primary key,
          team_id uuid not null references teams (id) on delete cascade,
          url text not null,
          events text[] not null,
          is_active boolean not null,
          -- Kept as is: signing needs the secret itself (HMAC key), not a hash of it.
          secret text not null,
          previous_secret text,
          previous_secret_expires_at timestamptz,
          created_at timestamptz not null,
          updated_at timestamptz not null
        );
        create index webhooks_team_created_at_id on webhooks (team_id, created_at desc, id desc);
        -- Target resolution: active webhooks of the audience's teams (a team has a handful).
        create index webhooks_active_team on webhooks (team_id) where is_active;

        -- One row per attempt at one target, successful or not.
        create table webhook_deliveries (
          id uuid primary key,
          webhook_id uuid references webhooks (id) on delete cascade, -- null: unsigned submissionUrl fallback
          team_id uuid not null references teams (id) on delete cascade,
          event_id uuid not null references events (id),
          event_type text not null,
          attempt integer not null,
          trigger text not null check (trigger in ('event', 'test', 'redelivery')),
          url text not null,
          status_code integer,
          success boolean not null,
          response_body text not null,
          duration_ms integer not null,
          created_at timestamptz not null
        );
        create index webhook_deliveries_webhook_created_at_id
          on webhook_deliveries (webhook_id, created_at desc, id desc);
        create index webhook_deliveries_event on webhook_deliveries (event_id);

        -- Live delivery workers (graphile-worker pool ids) and their last heartbeat, so that the jobs
        -- of a worker that died are unlocked after a short grace instead of graphile's 4 hours.
        create table delivery_workers (
          id text primary key,
          started_at timestamptz not null default now(),
          heartbeat_at timestamptz not null default now()
        );
      `.execute(db);
  },
};
