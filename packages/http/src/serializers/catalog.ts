/**
 * Catalog entries to JSON, as resellers see them (and, without the commission, consumers).
 *
 * @module
 */

import { type CatalogEntry, isoTime } from "@marketplace/core";

/** A catalog entry as JSON: decimal strings, ISO timestamps, details only for their service type. */
export function catalogEntryJson(entry: CatalogEntry) {
  return {
    id: entry.id,
    name: entry.name,
    serviceType: entry.serviceType,
    description: entry.description,
    marketingHeadline: entry.marketingHeadline,
    providerName: entry.providerName,
    brand: entry.brand,
    monthlyPrice: entry.monthlyPrice,
    promoMonthlyPrice: entry.promoMonthlyPrice,
    promoDurationMonths: entry.promoDurationMonths,
    contractTermMonths: entry.contractTermMonths,
    commission: entry.commission,
    partnerSignup: entry.partnerSignup,
    // The spec's one exception to null-not-absent: details of another service type are absent.
    // Undefined, not left out: JSON leaves the key out all the same, and every entry keeps one
    // shape (conditional spreads made this function and the response's JSON.stringify a few
    // percent of a catalog page's CPU).
    internet: entry.internet ? entry.internet : undefined,
    electricity: entry.electricity ? entry.electricity : undefined,
    publishedAt: entry.publishedAt ? isoTime(entry.publishedAt) : null,
    createdAt: isoTime(entry.createdAt),
    updatedAt: isoTime(entry.updatedAt),
  };
}
