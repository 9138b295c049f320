import { type Migration, sql } from "kysely";

/** Retention: the delivery log and idempotency keys pruned by age, a small batch at a time. */
export const retentionIndexes: Migration = {
  async up(db) {
    await sql`
      create index webhook_deliveries_created_at on webhook_deliveries (created_at);
      create index idempotency_keys_created_at on idempotency_keys (created_at)
    `.execute(db);
  },
  async down(db) {
    await sql`drop index idempotency_keys_created_at; drop index webhook_deliveries_created_at`.execute(db);
  },
};
