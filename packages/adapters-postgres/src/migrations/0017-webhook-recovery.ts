import { type Migration, sql } from "kysely";

/**
 * Recovery (`POST …/webhooks/{id}/recover`): outbox entries and attempts with trigger `recovery`,
 * and the recovery in progress per webhook (events still to run), so that a second one is refused.
 */
export const webhookRecovery: Migration = {
  async up(db) {
    await sql`
      alter table event_outbox drop constraint event_outbox_target;
      alter table event_outbox add constraint event_outbox_target check (
        (webhook_id is null and trigger is null)
        or (webhook_id is not null and trigger in ('test', 'redelivery', 'recovery'))
      );
      alter table webhook_deliveries drop constraint webhook_deliveries_trigger_check;
      alter table webhook_deliveries add constraint webhook_deliveries_trigger_check
        check (trigger in ('event', 'test', 'redelivery', 'recovery'));
      create table webhook_recoveries (
        webhook_id uuid primary key references webhooks (id) on delete cascade,
        pending integer not null,
        started_at timestamptz not null
      );
    `.execute(db);
  },
  async down(db) {
    await sql`drop table webhook_recoveries`.execute(db);
  },
};
