import { type Migration, sql } from "kysely";

/**
 * The events API and per-order sequences: indexes to find a team's events (by audience, newest
 * first) and to prune by age, and the last `data.sequence` given to each order's events.
 */
export const eventReads: Migration = {
  async up(db) {
    await sql`
      create index events_provider_team_ids on events using gin (provider_team_ids);
      create index events_reseller_team_ids on events using gin (reseller_team_ids);
      create index events_created_at_id on events (created_at, id);
      -- One row per order that has events: the sequence its last event got. Upserted in the
      -- statement that records the events, so the row lock orders an order's events by commit.
      create table order_event_sequences (
        order_id text primary key, -- data.orderId as written in the event
        last_sequence bigint not null
      );
    `.execute(db);
  },
  async down(db) {
    await sql`
      drop table order_event_sequences;
      drop index events_created_at_id;
      drop index events_reseller_team_ids;
      drop index events_provider_team_ids;
    `.execute(db);
  },
};
