import { type Migration, sql } from "kysely";

/**
 * The delivery log's per-endpoint index (webhook_id, created_at desc, id desc) also carries
 * `success` and `status_code` (`include`), so the endpoint list's health (ADR-0075) reads the part
 * of an hour before the first whole hour of its window, and each endpoint's latest attempt, from
 * the index alone (an index-only scan) instead of one heap fetch per attempt: at ten million
 * attempts, three endpoints, about 5,500 attempts an endpoint an hour, the health query's longest
 * case went from 5-7 ms to under 2 ms (docs/performance.md). The index replaces the old one (the
 * same keys, so every read that used it still does): the log keeps as many indexes to write. Built
 * in the migration's transaction, which holds writes to the log for the build (about 10 s at ten
 * million rows on 2 shared cores).
 */
export const webhookLogCoveringIndex: Migration = {
  async up(db) {
    await sql`
      create index webhook_deliveries_webhook_created_at_id_covering
        on webhook_deliveries (webhook_id, created_at desc, id desc) include (success, status_code);
      drop index webhook_deliveries_webhook_created_at_id;
      alter index webhook_deliveries_webhook_created_at_id_covering rename to webhook_deliveries_webhook_created_at_id;
    `.execute(db);
  },
  async down(db) {
    await sql`
      create index webhook_deliveries_webhook_created_at_id_plain
        on webhook_deliveries (webhook_id, created_at desc, id desc);
      drop index webhook_deliveries_webhook_created_at_id;
      alter index webhook_deliveries_webhook_created_at_id_plain rename to webhook_deliveries_webhook_created_at_id;
    `.execute(db);
  },
};
