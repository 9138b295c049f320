import { type Migration, sql } from "kysely";

/**
 * How deliveries to a webhook are signed: `service` (the spec's `X-Service-Signature`, every webhook
 * so far) or `standard` (the Standard Webhooks headers in addition). Chosen at registration.
 */
export const webhookSignatureScheme: Migration = {
  async up(db) {
    await sql`
      alter table webhooks add column signature_scheme text not null default 'service'
        constraint webhooks_signature_scheme_check check (signature_scheme in ('service', 'standard'))
    `.execute(db);
  },
  async down(db) {
    await sql`alter table webhooks drop column signature_scheme`.execute(db);
  },
};
