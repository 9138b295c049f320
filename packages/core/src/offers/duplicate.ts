/**
 * Duplicating an offer: the copy is a new draft that cannot collide with or be mistaken for the
 * original.
 *
 * @module
 */

import { OFFER_LIMITS } from "./offer-fields.ts";
import type { OfferFields } from "./types.ts";

/** What is appended to a copy's name. */
export const COPY_SUFFIX = " (copy)";

/**
 * The pricing entries a copy does not keep: the promotional price and its duration. They are the
 * "sample" part of an offer's pricing, campaign values tied to the original's launch; the standing
 * monthly price, contract term and commission are kept.
 */
export const SAMPLE_PRICING_FIELDS = [
  "promoMonthlyPrice",
  "promoDurationMonths",
] as const satisfies readonly (keyof OfferFields)[];

/**
 * The fields of a copy: name marked as a copy (shortened to fit the limit), no SKU, the sample
 * pricing entries removed; everything else (details, brand, markets, signup) kept.
 *
 * @example
 * duplicateOfferFields(offer).name; // "Fiber 500 (copy)"
 */
export function duplicateOfferFields(source: OfferFields): OfferFields {
  const room = OFFER_LIMITS.name - COPY_SUFFIX.length;
  const base = source.name.length > room ? source.name.slice(0, room).trimEnd() : source.name;
  const copy: OfferFields = {
    ...source,
    name: `${base}${COPY_SUFFIX}`,
    sku: null,
    marketIds: [...source.marketIds],
    partnerSignup: source.partnerSignup ? { ...source.partnerSignup } : null,
    internet: source.internet ? { ...source.internet } : null,
    electricity: source.electricity ? { ...source.electricity } : null,
  };
  for (const field of SAMPLE_PRICING_FIELDS) copy[field] = null;
  return copy;
}
