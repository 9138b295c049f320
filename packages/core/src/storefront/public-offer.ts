/**
 * What a consumer sees of an offer.
 *
 * @module
 */

import type { Offer } from "../offers/index.ts";
import type { PublicOffer } from "./types.ts";

/**
 * An offer as consumers see it: the catalog entry's fields without the commission, and nothing
 * provider-internal (no SKU, submission URL, signup template, market links or team id).
 */
export function toPublicOffer(offer: Offer, providerName: string): PublicOffer {
  return {
    id: offer.id,
    name: offer.name,
    serviceType: offer.serviceType,
    description: offer.description,
    marketingHeadline: offer.marketingHeadline,
    providerName,
    brand: offer.brand,
    monthlyPrice: offer.monthlyPrice,
    promoMonthlyPrice: offer.promoMonthlyPrice,
    promoDurationMonths: offer.promoDurationMonths,
    contractTermMonths: offer.contractTermMonths,
    partnerSignup: offer.partnerSignup?.kind === "lead_gen" ? { kind: "lead_gen" } : null,
    internet: offer.internet,
    electricity: offer.electricity,
    publishedAt: offer.publishedAt,
    createdAt: offer.createdAt,
    updatedAt: offer.updatedAt,
  };
}
