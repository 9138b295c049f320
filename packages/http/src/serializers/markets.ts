/**
 * Markets and their areas to JSON.
 *
 * @module
 */

import type { Market, MarketArea } from "@marketplace/core";

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
