/**
 * The reseller catalog in memory: the active offers of every team that are not deleted, read as
 * catalog entries (the brand and the team's name joined at every read), filtered and paged newest
 * first as the SQL adapter pages them (a cursor whose offer left the catalog ends the walk; one
 * that is still in the catalog places it, whatever the filters).
 *
 * Differences from the SQL adapter, accepted because no contract depends on them:
 * - how a search is run: the SQL adapter picks among walks and trigram-index lookups
 *   (`catalog_search_page`); here every offer is compared. Both return the same rows in the same
 *   order (there is no ranking: a search is a filter, the order stays newest first);
 * - case folding: the search text and term are lowercased with JavaScript's `toLowerCase` where
 *   the SQL adapter uses PostgreSQL's `lower()`, which differ on a few special cases (the dotted
 *   capital I, final sigma) depending on the database's locale.
 *
 * @module
 */

import type { CatalogEntry, CatalogFilters, CatalogRepository } from "../../catalog/index.ts";
import { toPublicOffer } from "../../storefront/index.ts";
import type { InMemoryContext } from "../in-memory-database.ts";
import { keysetPage } from "./keyset.ts";
import { MARKETS, OFFERS, type OfferRow } from "./offer-tables.ts";
import { offerOf, searchTextOf } from "./offers.ts";
import { TEAMS } from "./teams.ts";

/** True when the row is in the catalog (and in the public shop): active and not deleted. */
export function isListed(row: OfferRow): boolean {
  return row.status === "active" && row.deletedAt === null;
}

/**
 * Compares two decimal strings ("49.90", "-1.5", "10") by value, as PostgreSQL's numeric does:
 * negative, zero or positive.
 */
export function compareDecimals(a: string, b: string): number {
  const [x, y] = [a, b].map((text) => {
    const negative = text.startsWith("-");
    const [whole = "0", fraction = ""] = text.replace(/^[-+]/, "").split(".");
    return { negative, whole, fraction };
  }) as [
    { negative: boolean; whole: string; fraction: string },
    { negative: boolean; whole: string; fraction: string },
  ];
  const digits = Math.max(x.fraction.length, y.fraction.length);
  const scaled = (n: typeof x) => {
    const magnitude = BigInt(`${n.whole || "0"}${n.fraction.padEnd(digits, "0")}`);
    return n.negative ? -magnitude : magnitude;
  };
  const difference = scaled(x) - scaled(y);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/** The in-memory `CatalogRepository`. */
export function inMemoryCatalog(context: InMemoryContext): CatalogRepository {
  const rows = () => context.tables.rows(OFFERS);
  const listed = (id: string) => {
    const row = rows().get(id);
    return row && isListed(row) ? row : undefined;
  };
  /** Linked to no market (available everywhere), or to a market having that ZIP. */
  const availableAt = (row: OfferRow, zip: string) => {
    if (row.marketIds.length === 0) return true;
    const markets = context.tables.rows(MARKETS);
    return row.marketIds.some((id) => markets.get(id)?.areas.some((area) => area.kind === "zip" && area.value === zip));
  };
  const matches = (row: OfferRow, filters: CatalogFilters, term: string | null) =>
    (filters.category === null || row.serviceType === filters.category) &&
    (filters.minPrice === null ||
      (row.monthlyPrice !== null && compareDecimals(row.monthlyPrice, filters.minPrice) >= 0)) &&
    (filters.maxPrice === null ||
      (row.monthlyPrice !== null && compareDecimals(row.monthlyPrice, filters.maxPrice) <= 0)) &&
    (filters.zipCode === null || availableAt(row, filters.zipCode)) &&
    (term === null || searchTextOf(row).includes(term));
  const entryOf = (row: OfferRow): CatalogEntry => {
    const offer = offerOf(context, row);
    const teamName = context.tables.rows(TEAMS).get(row.teamId)?.name ?? "";
    return { ...toPublicOffer(offer, offer.brand?.name ?? teamName), commission: offer.commission };
  };
  return {
    async list(filters, page) {
      const term = filters.search === null ? null : filters.search.toLowerCase();
      const kept = [...rows().values()].filter((row) => isListed(row) && matches(row, filters, term));
      return keysetPage(kept, page, listed).map(entryOf);
    },
    async findById(id) {
      const row = listed(id);
      return row ? entryOf(row) : null;
    },
  };
}
