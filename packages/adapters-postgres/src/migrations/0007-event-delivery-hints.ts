import { type Migration, sql } from "kysely";

/** Private delivery hints stored with an event (e.g. the provider's submission URL), never sent. */
export const eventDeliveryHints: Migration = {
  async up(db) {
    await sql`alter table events add column delivery_hints jsonb`.execute(db);
  },
};
