import type { DomainEvent, EventOutbox } from "@marketplace/core";
import { type Kysely, sql } from "kysely";
import type { Database } from "./schema.ts";

/**
 * Records events in the caller's transaction: the event row (kept as the event store) and an outbox
 * entry that the relay later moves to the job queue. One round trip, no NOTIFY: committing
 * transactions never contend on PostgreSQL's notification lock.
 */
export class PostgresEventOutbox implements EventOutbox {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly onRecorded: (count: number) => void = () => {},
  ) {}

  async record(events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    const rows = events.map((event) => ({
      id: event.id,
      type: event.type,
      version: event.version,
      created_at: event.createdAt,
      training: event.data.training,
      data: event.data,
      provider_team_ids: event.audience.providerTeamIds,
      reseller_team_ids: event.audience.resellerTeamIds,
      delivery_hints: event.delivery ?? null,
    }));
    await sql`
      with inserted as (
        insert into events (
          id, type, version, created_at, training, data, provider_team_ids, reseller_team_ids, delivery_hints
        )
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
          id uuid, type text, version integer, created_at timestamptz, training boolean, data jsonb,
          provider_team_ids uuid[], reseller_team_ids uuid[], delivery_hints jsonb
        )
        returning id
      )
      insert into event_outbox (event_id) select id from inserted
    `.execute(this.db);
    this.onRecorded(events.length);
  }
}
