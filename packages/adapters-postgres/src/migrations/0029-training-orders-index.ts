import { type Migration, sql } from "kysely";

/**
 * The dashboard's orders list filtered to training orders (issue 30): a partial index in the list's
 * order, so a page of a reseller's training orders reads only training rows however many live
 * orders the team has. Live orders (the great majority) are served by `orders_reseller_created_at_id`.
 */
export const trainingOrdersIndex: Migration = {
  async up(db) {
    await sql`
      create index orders_reseller_training on orders (reseller_team_id, created_at desc, id desc)
        where is_training and deleted_at is null;
    `.execute(db);
  },
  async down(db) {
    await sql`drop index orders_reseller_training;`.execute(db);
  },
};
