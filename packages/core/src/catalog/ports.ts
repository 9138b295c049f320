/**
 * Ports of the reseller catalog.
 *
 * @module
 */

import type { PageRequest } from "../pagination.ts";
import type { CatalogEntry, CatalogFilters } from "./catalog-filters.ts";

/** Reads the reseller catalog: active offers of every provider (drafts and deleted offers never). */
export interface CatalogRepository {
  /** Entries matching every filter, newest first, as the page request asks (cursor scope: still in the catalog). */
  list(filters: CatalogFilters, page: PageRequest): Promise<CatalogEntry[]>;
  /** The active offer with this id as a catalog entry, or null (absent, draft or deleted). */
  findById(id: string): Promise<CatalogEntry | null>;
}
