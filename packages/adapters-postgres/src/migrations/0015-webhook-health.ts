import { type Migration, sql } from "kysely";

/**
 * Endpoint health: why and when the service disabled a webhook (a 410 Gone, or every attempt failing
 * for days), and since when its attempts have all failed.
 */
export const webhookHealth: Migration = {
  async up(db) {
    await sql`
      alter table webhooks
        add column disabled_reason text check (disabled_reason in ('gone', 'failing')),
        add column disabled_at timestamptz,
        add column failing_since timestamptz
    `.execute(db);
  },
  async down(db) {
    await sql`alter table webhooks drop column disabled_reason, drop column disabled_at, drop column failing_since`.execute(
      db,
    );
  },
};
