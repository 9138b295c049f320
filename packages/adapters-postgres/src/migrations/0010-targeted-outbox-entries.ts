import { type Migration, sql } from "kysely";

/**
 * An outbox entry may name one webhook: a test or a redelivery the team asked for. Those reach the
 * job queue through the same relay as events, so this package writes no job-queue SQL at all (the
 * queue's contract lives in @marketplace/worker).
 */
export const targetedOutboxEntries: Migration = {
  async up(db) {
    await sql`
      alter table event_outbox
        add column webhook_id uuid,
        add column trigger text,
        add constraint event_outbox_target check (
          (webhook_id is null and trigger is null)
          or (webhook_id is not null and trigger in ('test', 'redelivery'))
        )
    `.execute(db);
  },
  async down(db) {
    await sql`
      alter table event_outbox drop constraint event_outbox_target, drop column webhook_id, drop column trigger
    `.execute(db);
  },
};
