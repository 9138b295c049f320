/**
 * The key-encryption key (KEK) of the host: `MARKETPLACE_SECRET_KEY` seals the secrets the service
 * stores and uses again (the generated consent signing key, webhook secrets); without it they are
 * stored in plaintext, which every start warns about, and a production start (`NODE_ENV=production`)
 * refuses. No Node built-ins: the Deno and Bun hosts use it too.
 *
 * @module
 */

import { type Database, sealStoredSecrets } from "@marketplace/adapters-postgres";
import { createSecretKeyring, type Logger, SealedSecretError, type SecretKeyring } from "@marketplace/core";
import type { Kysely } from "kysely";
import type { ServerConfig } from "./config.ts";

/** What a start without a KEK says: the risk, and the variables that remove it. */
export const NO_SECRET_KEY_RISK =
  "MARKETPLACE_SECRET_KEY is not set: the consent signing key's private part (unless " +
  "MARKETPLACE_CONSENT_SIGNING_KEY is set) and webhook signing secrets are stored in plaintext in the " +
  "database, so whoever reads it, a replica or a backup can forge consent evidence and webhook signatures";

/** How to configure the KEK (and, optionally, the signing key), for the refusal and the warning. */
export const SECRET_KEY_HOW_TO =
  "set MARKETPLACE_SECRET_KEY to 32 random bytes in base64 (openssl rand -base64 32), kept in your secret " +
  "store; to keep the signing key out of the database altogether, also set MARKETPLACE_CONSENT_SIGNING_KEY " +
  "(an Ed25519 private JWK). See docs/operations.md, 'Secrets at rest'";

/**
 * The host's KEK keyring from its configuration (`MARKETPLACE_SECRET_KEY`, and
 * `MARKETPLACE_SECRET_KEY_PREVIOUS` while rotating). Without one: throws in production (the caller's
 * start fails with the message), warns otherwise and returns null (secrets stay in plaintext).
 *
 * @example
 * const secretKeyring = await resolveSecretKey(config, logger);
 */
export async function resolveSecretKey(
  config: Pick<ServerConfig, "secretKey" | "previousSecretKeys" | "production">,
  logger: Logger,
): Promise<SecretKeyring | null> {
  if (config.secretKey !== null) {
    const keyring = await createSecretKeyring(config.secretKey, config.previousSecretKeys);
    logger.info("stored secrets are sealed with the key-encryption key", {
      keyId: keyring.current.id,
      previousKeyIds: keyring.previous.map((key) => key.id),
    });
    return keyring;
  }
  if (config.production) {
    throw new Error(
      `refusing to start with NODE_ENV=production: ${NO_SECRET_KEY_RISK}. To start, ${SECRET_KEY_HOW_TO}.`,
    );
  }
  logger.warn(`${NO_SECRET_KEY_RISK} (allowed because NODE_ENV is not production). To fix, ${SECRET_KEY_HOW_TO}.`, {
    variable: "MARKETPLACE_SECRET_KEY",
  });
  return null;
}

/**
 * Seals, at start, every stored secret not yet sealed under the current KEK (plaintext rows of
 * earlier starts, rows of a previous KEK); without a KEK only checks that nothing is sealed. A secret
 * that cannot be opened fails the start, naming the variables to set.
 */
export async function sealSecretsAtStart(
  db: Kysely<Database>,
  keyring: SecretKeyring | null,
  logger: Logger,
): Promise<void> {
  try {
    await sealStoredSecrets(db, { keyring, logger });
  } catch (error) {
    if (!(error instanceof SealedSecretError)) throw error;
    throw new Error(
      `${error.message}. Set MARKETPLACE_SECRET_KEY to the key they were sealed with (during a rotation, the new key ` +
        "in MARKETPLACE_SECRET_KEY and the old one in MARKETPLACE_SECRET_KEY_PREVIOUS)",
    );
  }
}
