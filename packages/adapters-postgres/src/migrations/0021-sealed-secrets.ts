import { type Migration, sql } from "kysely";

/**
 * Secrets at rest: a generated consent signing key's private part is kept sealed (AES-256-GCM under
 * the host's key-encryption key, `kek1.…` text, see `@marketplace/core`'s secret keyring) in
 * `private_key_sealed` instead of as a plaintext JWK in `private_jwk`. A row holds one or the other
 * (or neither, for a configured key). Existing plaintext rows are not touched here: the migration
 * has no key; `sealStoredSecrets` seals them at the first start that has one, and clears
 * `private_jwk` in the same statement. Webhook secrets keep their column, which holds a sealed value
 * once sealed (a `kek1.` prefix tells the two apart).
 */
export const sealedSecrets: Migration = {
  async up(db) {
    await sql`
      alter table consent_signing_keys
        add column private_key_sealed text,
        add constraint consent_signing_keys_one_private_form
          check (private_jwk is null or private_key_sealed is null);
    `.execute(db);
  },
  async down(db) {
    await sql`
      alter table consent_signing_keys
        drop constraint consent_signing_keys_one_private_form,
        drop column private_key_sealed;
    `.execute(db);
  },
};
