/**
 * Identifiers: every resource id is a random UUID v4 (36 characters).
 *
 * @module
 */

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** True when `value` is a UUID v4 string. */
export function isUuidV4(value: string): boolean {
  return UUID_V4.test(value);
}

/** A new random UUID v4 from Web Crypto. */
export function randomUuid(): string {
  return crypto.randomUUID();
}
