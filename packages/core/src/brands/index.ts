/**
 * The brands feature: what other features, flows and the package's entry points use of it.
 *
 * @module
 */

export {
  BRAND_CHANGES_SCHEMA,
  type BrandChanges,
  NEW_BRAND_SCHEMA,
  type NewBrand,
  parseBrandChanges,
  parseNewBrand,
} from "./input.ts";
export type { BrandRepository } from "./ports.ts";
export type { Brand, BrandSummary } from "./types.ts";
export { type BrandUseCases, brandUseCases } from "./use-cases.ts";
