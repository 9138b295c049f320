import { type Migration, sql } from "kysely";

/**
 * The webhooks portal (issue 29): the team-wide attempt log read newest first on one B-tree,
 * `(team_id, created_at desc, id desc)` (the deliveries page's keyset walk; its filters are checked
 * on the rows the walk meets); the request headers of each attempt as sent (signatures included, so
 * an attempt's page shows what the receiver got); an order's events by `data->>'orderId'` (the
 * order's timeline and the look-up by order id).
 */
export const webhooksPortal: Migration = {
  async up(db) {
    await sql`
      alter table webhook_deliveries add column request_headers jsonb;
      create index webhook_deliveries_team_created_at_id on webhook_deliveries (team_id, created_at desc, id desc);
      create index events_order_id on events ((data ->> 'orderId')) where data ? 'orderId';
    `.execute(db);
  },
  async down(db) {
    await sql`
      drop index events_order_id;
      drop index webhook_deliveries_team_created_at_id;
      alter table webhook_deliveries drop column request_headers;
    `.execute(db);
  },
};
