import { type Migration, sql } from "kysely";

/**
 * The webhooks portal's last two items (issue 29):
 * - step-up sign-in ("viewing the secret again requires recent sign-in"): when a member last proved
 *   their password (and code with two-factor) inside a session already open, so the dashboard can
 *   show a webhook's secret again within minutes of that proof. Null: never since the session began
 *   (its `created_at` is the sign-in);
 * - a portal link's colours (`#rrggbb`, checked for contrast by the core), applied to its session.
 */
export const stepUpAndPortalTheme: Migration = {
  async up(db) {
    await sql`
      alter table member_sessions add column reauthenticated_at timestamptz;
      alter table portal_links add column theme_accent text, add column theme_background text;
    `.execute(db);
  },
  async down(db) {
    await sql`
      alter table portal_links drop column theme_accent, drop column theme_background;
      alter table member_sessions drop column reauthenticated_at;
    `.execute(db);
  },
};
