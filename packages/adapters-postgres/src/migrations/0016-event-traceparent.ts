import { type Migration, sql } from "kysely";

/**
 * The W3C `traceparent` of the request that recorded an event (null when the host traces nothing):
 * kept with the event, and carried by its outbox entry to the delivery job, which sends it to the
 * receivers, so one trace runs from the POST to the receiver. Nullable, no default: adding the
 * columns rewrites nothing, and a node of the previous version, which never writes them, keeps working.
 */
export const eventTraceparent: Migration = {
  async up(db) {
    await sql`
      alter table events add column traceparent text;
      alter table event_outbox add column traceparent text
    `.execute(db);
  },
  async down(db) {
    await sql`
      alter table event_outbox drop column traceparent;
      alter table events drop column traceparent
    `.execute(db);
  },
};
