import { type Migration, sql } from "kysely";

/**
 * The delivery log and the outbox keep their `event_id` without a foreign key to `events`.
 *
 * Retention deletes old events a batch at a time, and PostgreSQL checks each foreign key with one
 * query per deleted row: those checks were most of a prune batch's time, and under `pnpm bench:prune`
 * most of what pruning cost the deliveries running beside it (figures: docs/performance.md,
 * "Retention and the events API"). Every attempt the worker
 * records, and every outbox row, paid a check (and a key-share lock on the event) too.
 *
 * What the keys guarded is kept by the code that writes and deletes: an outbox row and an attempt
 * are only written for an event that was just recorded or read; the pruner deletes an event only
 * when no attempt and no outbox row refers to it, in the same statement. The one race left is at
 * the retention boundary (an event pruned between a worker reading it and recording its attempt),
 * and leaves an attempt whose event is gone: it is listed as before (the log keeps the event's id
 * and type) and pruned with the rest of the log. See ADR-0037 and ADR-0036.
 */
export const logWithoutEventKeys: Migration = {
  async up(db) {
    await sql`
      alter table webhook_deliveries drop constraint webhook_deliveries_event_id_fkey;
      alter table event_outbox drop constraint event_outbox_event_id_fkey
    `.execute(db);
  },
  async down(db) {
    await sql`
      alter table event_outbox add constraint event_outbox_event_id_fkey
        foreign key (event_id) references events (id) not valid;
      alter table webhook_deliveries add constraint webhook_deliveries_event_id_fkey
        foreign key (event_id) references events (id) not valid
    `.execute(db);
  },
};
