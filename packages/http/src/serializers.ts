/**
 * Domain objects to JSON bodies: ISO timestamps, decimal strings, `null` for what does not apply.
 *
 * @module
 */

import type { ApiKey, Brand, Market, MarketArea, Offer, Team } from "@marketplace/core";
import type { IssuedApiKey } from "@marketplace/core/teams";

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export function teamJson(team: Team) {
  return {
    id: team.id,
    name: team.name,
    role: team.role,
    createdAt: team.createdAt.toISOString(),
    updatedAt: team.updatedAt.toISOString(),
  };
}

export function apiKeyJson(key: ApiKey) {
  return {
    id: key.id,
    teamId: key.teamId,
    name: key.name,
    prefix: key.prefix,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: iso(key.lastUsedAt),
    revokedAt: iso(key.revokedAt),
  };
}

export function issuedApiKeyJson(key: IssuedApiKey) {
  return { id: key.id, key: key.key, prefix: key.prefix, name: key.name, createdAt: key.createdAt.toISOString() };
}

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
    publishedAt: iso(offer.publishedAt),
  };
}

export function brandJson(brand: Brand) {
  return {
    id: brand.id,
    name: brand.name,
    logoUrl: brand.logoUrl,
    createdAt: brand.createdAt.toISOString(),
    updatedAt: brand.updatedAt.toISOString(),
  };
}

export function marketAreaJson(area: MarketArea) {
  return { id: area.id, kind: area.kind, value: area.value, createdAt: area.createdAt.toISOString() };
}

export function marketJson(market: Market) {
  return {
    id: market.id,
    name: market.name,
    areas: market.areas.map(marketAreaJson),
    createdAt: market.createdAt.toISOString(),
    updatedAt: market.updatedAt.toISOString(),
  };
}
