/**
 * Public slugs: a storefront's is chosen by its reseller, a link's is generated.
 *
 * @module
 */

/** The alphabet of generated link slugs: lowercase Crockford base32 (no i, l, o, u). */
export const LINK_SLUG_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** Length of a generated link slug: 10 characters, 50 random bits. */
export const LINK_SLUG_LENGTH = 10;

const LINK_SLUG = new RegExp(`^[${LINK_SLUG_ALPHABET}]{${LINK_SLUG_LENGTH}}$`);
/** A storefront slug as a pattern (JSON Schema, OpenAPI). */
export const STOREFRONT_SLUG_PATTERN = "^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$";
const STOREFRONT_SLUG = new RegExp(STOREFRONT_SLUG_PATTERN);

/** The rule of a storefront slug, as a validation message ends. */
export const STOREFRONT_SLUG_RULE =
  "must be 3 to 63 lowercase letters, digits or hyphens, starting and ending with a letter or digit";

/**
 * A new random link slug from Web Crypto (never a UUID: 10 characters, no hyphens).
 *
 * @example
 * generateLinkSlug(); // "k3v9q0x7mz"
 */
export function generateLinkSlug(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(LINK_SLUG_LENGTH));
  // 32 symbols: the low five bits of a byte are uniform, so there is no modulo bias.
  return Array.from(bytes, (byte) => LINK_SLUG_ALPHABET[byte & 31]).join("");
}

/** True when `value` could be a generated link slug (checked before any lookup). */
export function isLinkSlug(value: string): boolean {
  return LINK_SLUG.test(value);
}

/** True when `value` is an acceptable storefront slug. */
export function isStorefrontSlug(value: string): boolean {
  return STOREFRONT_SLUG.test(value);
}
