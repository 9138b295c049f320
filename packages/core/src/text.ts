/**
 * Rules for free text the service stores.
 *
 * @module
 */

/** True when `value` holds no U+0000, which PostgreSQL text (and many other stores) cannot hold. */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000");
}
