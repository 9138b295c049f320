/**
 * The markets feature: what other features, flows and the package's entry points use of it.
 *
 * @module
 */

export {
  MARKET_CHANGES_SCHEMA,
  type MarketChanges,
  NEW_AREA_SCHEMA,
  NEW_MARKET_SCHEMA,
  type NewArea,
  type NewMarket,
  parseMarketChanges,
  parseNewArea,
  parseNewMarket,
} from "./input.ts";
export type { MarketName, MarketRepository } from "./ports.ts";
export { AREA_KINDS, type AreaKind, type Market, type MarketArea } from "./types.ts";
export { type MarketUseCases, marketUseCases } from "./use-cases.ts";
