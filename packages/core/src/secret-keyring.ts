/**
 * Secrets at rest: a stored secret the service must use again (the consent signing key's private
 * part, webhook signing secrets) is sealed with AES-256-GCM under a key-encryption key (KEK) from the
 * host's configuration, through Web Crypto only (Node 20+, Deno, Bun).
 *
 * A sealed value is one line of text, `kek1.<keyId>.<iv>.<ciphertext>`: `keyId` names the KEK
 * (the first 8 bytes of SHA-256 over `"marketplace-kek-id:"` and the key's 32 bytes, hex), `iv` is
 * 12 random bytes and `ciphertext` the AES-GCM output with its 16-byte tag, both base64url. The
 * additional authenticated data is a context string naming the row and column (e.g.
 * `webhooks:<id>`), so a sealed value copied into another row does not open there.
 *
 * A keyring has one current KEK (seals and opens) and any number of previous ones (open only), so
 * the KEK can be rotated: configure the new key as current and the old one as previous, re-seal
 * every stored secret under the new key, then drop the old one.
 *
 * @module
 */

import { fromBase64Url, toBase64Url, toHex, utf8 } from "./crypto.ts";

/** The prefix of a sealed value (its format's version). */
export const SEALED_PREFIX = "kek1.";

/** One key-encryption key, imported for AES-GCM. */
export interface SecretKey {
  /** 16 hex digits derived from the key (never the key itself). */
  id: string;
  key: CryptoKey;
}

/** The current KEK (seals and opens) and the previous ones (open only, while rotating). */
export interface SecretKeyring {
  current: SecretKey;
  previous: readonly SecretKey[];
}

/** A sealed secret that cannot be opened: no KEK, an unknown KEK, or an altered value. */
export class SealedSecretError extends Error {
  override readonly name = "SealedSecretError";
}

const AES_GCM = "AES-GCM";

/**
 * Imports a KEK given as base64 or base64url text of exactly 32 random bytes (e.g. the output of
 * `openssl rand -base64 32`). Throws a TypeError saying what is wrong (never echoing the key).
 *
 * @example
 * const key = await importSecretKey("q1Zc…32 bytes in base64…=");
 */
export async function importSecretKey(text: string): Promise<SecretKey> {
  const bytes = decodeKey(text.trim());
  if (bytes?.length !== 32) {
    throw new TypeError(
      "a key-encryption key must be 32 random bytes in base64, e.g. the output of openssl rand -base64 32",
    );
  }
  const material = new Uint8Array(bytes);
  const idInput = new Uint8Array([...utf8("marketplace-kek-id:"), ...material]);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", idInput));
  const key = await crypto.subtle.importKey("raw", material, { name: AES_GCM }, false, ["encrypt", "decrypt"]);
  return { id: toHex(digest.slice(0, 8)), key };
}

function decodeKey(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  return fromBase64Url(text.replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_"));
}

/**
 * The keyring of a current KEK and previous ones (each base64 text of 32 bytes); a previous key equal
 * to the current one is left out.
 *
 * @example
 * const keyring = await createSecretKeyring(config.secretKey, config.previousSecretKeys);
 */
export async function createSecretKeyring(current: string, previous: readonly string[] = []): Promise<SecretKeyring> {
  const currentKey = await importSecretKey(current);
  const previousKeys: SecretKey[] = [];
  for (const text of previous) {
    const key = await importSecretKey(text);
    if (key.id !== currentKey.id && !previousKeys.some((k) => k.id === key.id)) previousKeys.push(key);
  }
  return { current: currentKey, previous: previousKeys };
}

/** Whether a stored value is sealed (else it is a plaintext value stored before sealing). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

/** The id of the KEK a sealed value was sealed with; null for a value that is not sealed. */
export function sealedKeyId(stored: string): string | null {
  if (!isSealed(stored)) return null;
  return stored.split(".")[1] ?? null;
}

/**
 * Seals `plaintext` under the keyring's current KEK, bound to `context` (the row and column it is
 * stored in).
 *
 * @example
 * const stored = await sealSecret(keyring, secret, `webhooks:${webhookId}`);
 */
export async function sealSecret(keyring: SecretKeyring, plaintext: string, context: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt(
    { name: AES_GCM, iv, additionalData: utf8(context) },
    keyring.current.key,
    utf8(plaintext),
  );
  return `${SEALED_PREFIX}${keyring.current.id}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(ciphertext))}`;
}

/**
 * Opens a stored value: a sealed one with the keyring's KEK of its key id; a plaintext one (stored
 * before sealing) is returned as it is. Throws a SealedSecretError when the value is sealed and there
 * is no keyring, no KEK of its id, or it does not open (altered, or moved from another row).
 */
export async function openSecret(keyring: SecretKeyring | null, stored: string, context: string): Promise<string> {
  if (!isSealed(stored)) return stored;
  const [, keyId, iv, ciphertext, ...rest] = stored.split(".");
  const ivBytes = fromBase64Url(iv ?? "");
  const data = fromBase64Url(ciphertext ?? "");
  if (!keyId || ivBytes?.length !== 12 || !data || data.length < 16 || rest.length > 0) {
    throw new SealedSecretError(`the stored secret of ${context} is not a well-formed sealed value`);
  }
  if (!keyring) {
    throw new SealedSecretError(
      `the stored secret of ${context} is encrypted (key id ${keyId}) and no key-encryption key is configured`,
    );
  }
  const key = [keyring.current, ...keyring.previous].find((k) => k.id === keyId);
  if (!key) {
    const known = [keyring.current, ...keyring.previous].map((k) => k.id).join(", ");
    throw new SealedSecretError(
      `the stored secret of ${context} was encrypted with key id ${keyId}, which is not a configured key-encryption key (configured: ${known})`,
    );
  }
  try {
    const plaintext = await crypto.subtle.decrypt(
      { name: AES_GCM, iv: new Uint8Array(ivBytes), additionalData: utf8(context) },
      key.key,
      new Uint8Array(data),
    );
    return new TextDecoder("utf-8", { fatal: true }).decode(plaintext);
  } catch {
    throw new SealedSecretError(
      `the stored secret of ${context} does not decrypt with key id ${keyId} (altered, or copied from another row)`,
    );
  }
}
