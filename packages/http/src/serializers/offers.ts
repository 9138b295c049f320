/**
 * Offers to JSON, as their provider sees them.
 *
 * @module
 */

import type { Offer } from "@marketplace/core";
import { isoOrNull } from "./iso.ts";

export function offerJson(offer: Offer) {
  return {
    id: offer.id,
    name: offer.name,
    sku: offer.sku,
    status: offer.status,
    serviceType: offer.serviceType,
    description: offer.description,
    marketingHeadline: offer.marketingHeadline,
    brandId: offer.brandId,
    brand: offer.brand,
    marketIds: offer.marketIds,
    monthlyPrice: offer.monthlyPrice,
    promoMonthlyPrice: offer.promoMonthlyPrice,
    promoDurationMonths: offer.promoDurationMonths,
    contractTermMonths: offer.contractTermMonths,
    commission: offer.commission,
    partnerSignup: offer.partnerSignup,
    submissionUrl: offer.submissionUrl,
    // The spec's one exception to null-not-absent: details of another service type are absent.
    ...(offer.internet ? { internet: offer.internet } : {}),
    ...(offer.electricity ? { electricity: offer.electricity } : {}),
    createdAt: offer.createdAt.toISOString(),
    updatedAt: offer.updatedAt.toISOString(),
    publishedAt: isoOrNull(offer.publishedAt),
  };
}
