import { type Logger, SealedSecretError, type SecretKeyring, silentLogger } from "@marketplace/core";
import { isSealed, openSecret, SEALED_PREFIX, sealSecret } from "@marketplace/core/kernel";
import { type Kysely, sql } from "kysely";
import { signingKeyContext } from "./repositories/postgres-consent-ledger-repository.ts";
import { totpSecretContext } from "./repositories/postgres-two-factor-repository.ts";
import { webhookSecretContext } from "./repositories/postgres-webhook-repository.ts";
import type { Database } from "./schema.ts";

/** What `sealStoredSecrets` found and did. */
export interface SealedSecretsReport {
  /** Plaintext secrets it sealed under the current key (or, without a keyring, left in plaintext). */
  sealed: number;
  /** Secrets sealed under a previous key that it sealed again under the current one. */
  resealed: number;
  /** Secrets stored in plaintext after the call (0 with a keyring). */
  plaintext: number;
  /** The id of the key everything is sealed under now; null without a keyring. */
  keyId: string | null;
}

type KeyRow = { kid: string; private_jwk: unknown; private_key_sealed: string | null };
type WebhookRow = { id: string; secret: string; previous_secret: string | null };

/**
 * Brings every stored secret the service uses again (generated consent signing keys' private parts,
 * webhook secrets and previous secrets) under the keyring's current key-encryption key, in one
 * transaction: plaintext values (stored before sealing, or by a process without a keyring) are
 * sealed, values sealed under a previous key are opened and sealed again (KEK rotation). Idempotent;
 * run it at every start (the reference server does) or as an admin step (`pnpm marketplace secrets
 * reencrypt`). Rows are locked while they are sealed, so concurrent starts and rotations wait.
 *
 * Without a keyring it only counts: it throws a `SealedSecretError` when a secret is sealed (they
 * cannot be opened without the key). With one, it throws when a secret was sealed under a key the
 * keyring does not hold or does not open, and changes nothing.
 *
 * @example
 * const report = await sealStoredSecrets(db, { keyring, logger });
 * // { sealed: 3, resealed: 0, plaintext: 0, keyId: "9f86d081884c7d65" }
 */
export async function sealStoredSecrets(
  db: Kysely<Database>,
  options: { keyring: SecretKeyring | null; logger?: Logger },
): Promise<SealedSecretsReport> {
  const logger = options.logger ?? silentLogger;
  const keyring = options.keyring;
  if (!keyring) {
    const { rows } = await sql<{ sealed: string; plaintext: string }>`
      select
        (select count(*) from consent_signing_keys where private_key_sealed is not null)
          + (select count(*) from webhooks where left(secret, 5) = ${SEALED_PREFIX})
          + (select count(*) from webhooks where left(previous_secret, 5) = ${SEALED_PREFIX})
          + (select count(*) from member_totp where left(secret, 5) = ${SEALED_PREFIX}) as sealed,
        (select count(*) from consent_signing_keys where private_jwk is not null)
          + (select count(*) from webhooks where left(secret, 5) <> ${SEALED_PREFIX})
          + (select count(*) from webhooks where left(previous_secret, 5) <> ${SEALED_PREFIX})
          + (select count(*) from member_totp where left(secret, 5) <> ${SEALED_PREFIX}) as plaintext
    `.execute(db);
    const sealed = Number(rows[0]?.sealed ?? 0);
    if (sealed > 0) {
      throw new SealedSecretError(
        `${sealed} stored secret(s) are encrypted at rest and no key-encryption key is configured: configure the key they were sealed with`,
      );
    }
    return { sealed: 0, resealed: 0, plaintext: Number(rows[0]?.plaintext ?? 0), keyId: null };
  }

  const current = `${SEALED_PREFIX}${keyring.current.id}.`;
  const notCurrent = (value: string | null) => value !== null && !value.startsWith(current);
  let sealed = 0;
  let resealed = 0;
  const count = (value: string | null) => {
    if (value === null || value.startsWith(current)) return;
    if (isSealed(value)) resealed += 1;
    else sealed += 1;
  };
  await db.transaction().execute(async (trx) => {
    const keys = await sql<KeyRow>`
      select kid, private_jwk, private_key_sealed from consent_signing_keys
      where private_jwk is not null or left(private_key_sealed, ${current.length}) <> ${current}
      order by kid
      for update
    `.execute(trx);
    for (const row of keys.rows) {
      const context = signingKeyContext(row.kid);
      const text =
        row.private_key_sealed !== null
          ? await openSecret(keyring, row.private_key_sealed, context)
          : JSON.stringify(row.private_jwk);
      if (row.private_key_sealed === null) sealed += 1;
      else resealed += 1;
      await sql`
        update consent_signing_keys set private_jwk = null, private_key_sealed = ${await sealSecret(keyring, text, context)}
        where kid = ${row.kid}
      `.execute(trx);
    }
    const webhooks = await sql<WebhookRow>`
      select id, secret, previous_secret from webhooks
      where left(secret, ${current.length}) <> ${current} or left(previous_secret, ${current.length}) <> ${current}
      order by id
      for update
    `.execute(trx);
    for (const row of webhooks.rows) {
      const context = webhookSecretContext(row.id);
      const reseal = async (value: string | null) => {
        if (value === null || !notCurrent(value)) return value;
        count(value);
        return sealSecret(keyring, await openSecret(keyring, value, context), context);
      };
      const secret = await reseal(row.secret);
      const previous = await reseal(row.previous_secret);
      await sql`update webhooks set secret = ${secret}, previous_secret = ${previous} where id = ${row.id}`.execute(
        trx,
      );
    }
    // Members' TOTP secrets (migration 0026), bound to their row as webhook secrets are.
    const totps = await sql<{ member_id: string; secret: string }>`
      select member_id, secret from member_totp
      where left(secret, ${current.length}) <> ${current}
      order by member_id
      for update
    `.execute(trx);
    for (const row of totps.rows) {
      const context = totpSecretContext(row.member_id);
      count(row.secret);
      const secret = await sealSecret(keyring, await openSecret(keyring, row.secret, context), context);
      await sql`update member_totp set secret = ${secret} where member_id = ${row.member_id}`.execute(trx);
    }
  });
  if (sealed + resealed > 0) {
    logger.info("stored secrets sealed under the current key-encryption key", {
      sealed,
      resealed,
      keyId: keyring.current.id,
    });
  }
  return { sealed, resealed, plaintext: 0, keyId: keyring.current.id };
}
