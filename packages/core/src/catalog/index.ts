/**
 * The catalog feature: what other features, flows and the package's entry points use of it.
 *
 * @module
 */

export {
  CATALOG_SEARCH_MAX_LENGTH,
  type CatalogEntry,
  type CatalogFilters,
  type CatalogQuery,
  NO_CATALOG_FILTERS,
} from "./catalog-filters.ts";
export type { CatalogRepository } from "./ports.ts";
export { type CatalogUseCases, catalogUseCases } from "./use-cases.ts";
