import { type Migration, sql } from "kysely";

/**
 * The training view of analytics (issue 31, `training=only`): the rollups of 0024 leave training
 * orders out, so their figures are counted from the orders. These partial indexes hold only
 * training rows, so that count reads one team's training orders and never the live ones.
 */
export const analyticsTraining: Migration = {
  async up(db) {
    await sql`
      create index orders_training_reseller on orders (reseller_team_id, created_at)
        where is_training and deleted_at is null;
      create index order_items_training_provider on order_items (provider_team_id, created_at)
        where is_training;
    `.execute(db);
  },
  async down(db) {
    await sql`
      drop index order_items_training_provider;
      drop index orders_training_reseller;
    `.execute(db);
  },
};
