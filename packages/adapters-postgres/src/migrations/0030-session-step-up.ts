import { type Migration, sql } from "kysely";

/**
 * Step-up sign-in (issue 29, "viewing the secret again requires recent sign-in"): when a member last
 * proved their password (and code with two-factor) inside a session that is already open, so the
 * dashboard can show a webhook's secret again within minutes of that proof. Null: never since the
 * session began (its `created_at` is the sign-in).
 */
export const sessionStepUp: Migration = {
  async up(db) {
    await sql`alter table member_sessions add column reauthenticated_at timestamptz;`.execute(db);
  },
  async down(db) {
    await sql`alter table member_sessions drop column reauthenticated_at;`.execute(db);
  },
};
