/**
 * API keys: `mk_` followed by 32 random bytes in base64url. Stored only as a SHA-256 hash plus a
 * display prefix; a presented key is looked up by prefix and its hash compared in constant time.
 *
 * @module
 */

import { randomBytes, timingSafeEqualText, toBase64Url } from "../crypto.ts";
import { sha256HexSync } from "../sha256.ts";

/** Every key starts with this. */
export const API_KEY_PREFIX = "mk_";

/** Length of the displayed prefix: `mk_` and the first 8 random characters. */
export const API_KEY_DISPLAY_PREFIX_LENGTH = 11;

const WELL_FORMED = /^mk_[A-Za-z0-9_-]{43}$/;

/** A freshly generated key with what is stored of it. */
export interface GeneratedApiKey {
  /** The full secret, to be shown once. */
  key: string;
  /** Displayable start of the key. */
  prefix: string;
  /** Lowercase hex SHA-256 of the key. */
  hash: string;
}

/**
 * Generates a new random API key.
 *
 * @example
 * const { key, prefix, hash } = await generateApiKey();
 * // store prefix + hash, show key once
 */
export async function generateApiKey(): Promise<GeneratedApiKey> {
  const key = API_KEY_PREFIX + toBase64Url(randomBytes(32));
  return { key, prefix: displayPrefix(key), hash: await hashApiKey(key) };
}

/** True when `key` has the shape of a key this service issues (checked before any lookup). */
export function isWellFormedApiKey(key: string): boolean {
  return WELL_FORMED.test(key);
}

/** The displayable prefix of a key, also its lookup handle. */
export function displayPrefix(key: string): string {
  return key.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH);
}

/**
 * The stored form of a key: lowercase hex SHA-256. Computed synchronously in plain JavaScript (see
 * `sha256.ts`): it runs on every authenticated request, where Web Crypto's thread-pool round trip
 * cost more than the hash itself. Same digest as `sha256Hex`.
 */
export function hashApiKey(key: string): Promise<string> {
  return Promise.resolve(sha256HexSync(key));
}

/** Compares a presented key's hash with a stored hash in constant time. */
export function apiKeyHashMatches(presentedHash: string, storedHash: string): boolean {
  return timingSafeEqualText(presentedHash, storedHash);
}
