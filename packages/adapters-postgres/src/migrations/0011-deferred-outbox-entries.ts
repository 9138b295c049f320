import { type Migration, sql } from "kysely";

/**
 * An outbox entry may be the rest of a delivery round that the worker held back (a slow or failing
 * endpoint): the attempt, the targets left and when they were first held back, due at `not_before`.
 * The relay moves it to the job queue once due, in its batches: a deferral costs one row, not a job
 * and a notification of its own.
 */
export const deferredOutboxEntries: Migration = {
  async up(db) {
    await sql`
      alter table event_outbox
        add column attempt integer,
        add column targets text[],
        add column deferred_since timestamptz,
        add column not_before timestamptz;
      create index event_outbox_not_before on event_outbox (not_before) where not_before is not null
    `.execute(db);
  },
  async down(db) {
    await sql`
      drop index event_outbox_not_before;
      alter table event_outbox drop column attempt, drop column targets, drop column deferred_since, drop column not_before
    `.execute(db);
  },
};
