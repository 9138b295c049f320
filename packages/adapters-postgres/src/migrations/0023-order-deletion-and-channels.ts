import { type Migration, sql } from "kysely";

/**
 * What orders need for deletion and analytics (issues 30 and 31):
 * - `orders.deleted_at`: a reseller deleted the order (`DELETE /reseller/orders/{id}`); every
 *   reseller read filters it out, provider-side records stay;
 * - `orders.storefront_id` / `orders.link_id`: the public channel an order came through (null for
 *   orders placed by API key), for conversion per storefront and link;
 * - `order_items.accepted_at`: when the provider accepted the item (time to accept). Existing
 *   accepted items take the commission's accrual time, else their last update (the best known bound).
 */
export const orderDeletionAndChannels: Migration = {
  async up(db) {
    await sql`
      alter table orders
        add column deleted_at timestamptz,
        add column storefront_id uuid references storefronts (id),
        add column link_id uuid references shareable_links (id),
        add constraint orders_one_channel check (storefront_id is null or link_id is null);
      alter table order_items add column accepted_at timestamptz;
      update order_items set accepted_at = coalesce(commission_accrued_at, updated_at)
        where status in ('accepted', 'scheduled', 'completed')
          or (status = 'cancelled' and commission_accrued_at is not null);
    `.execute(db);
  },
  async down(db) {
    await sql`
      alter table order_items drop column accepted_at;
      alter table orders drop constraint orders_one_channel, drop column link_id, drop column storefront_id,
        drop column deleted_at;
    `.execute(db);
  },
};
