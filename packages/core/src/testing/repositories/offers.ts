/**
 * Offers in memory, with their market links (`marketIds` on the row, as `offer_markets` holds them)
 * and soft deletion (`deletedAt`). The brand shown with an offer is read from the brands table at
 * every read, as the SQL adapter joins it, so a rename shows at once.
 *
 * Kept as the SQL schema keeps them: the SKU is unique per team among live offers (ConflictError, as
 * the SQL adapter turns `offers_team_sku` into one); the team, the brand and each market must exist
 * (`InMemoryConstraintError` 23503, as PostgreSQL's foreign keys); the status is draft or active
 * (23514). Prices are stored as given: the core hands canonical two-decimal strings, which
 * PostgreSQL's numeric(12, 2) would give back unchanged.
 *
 * @module
 */

import { ConflictError } from "../../errors.ts";
import type { Offer, OfferListFilters, OfferRepository } from "../../offers/index.ts";
import { EMPTY_ELECTRICITY, EMPTY_INTERNET } from "../../offers/index.ts";
import type { ReadOptions } from "../../shared-ports.ts";
import { copy, InMemoryConstraintError, type InMemoryContext } from "../in-memory-database.ts";
import { keysetPage } from "./keyset.ts";
import { BRANDS, MARKETS, OFFERS, type OfferRow } from "./offer-tables.ts";
import { TEAMS } from "./teams.ts";

const OFFER_STATUSES: readonly string[] = ["draft", "active"];

/**
 * The offer a row reads as (a copy): its brand joined from the brands table, its market ids sorted,
 * and the details object of its own service type only (all-null until filled in), as the SQL
 * adapter reads them.
 */
export function offerOf(context: InMemoryContext, row: OfferRow): Offer {
  const { deletedAt: _, ...stored } = copy(row);
  const brand = row.brandId === null ? undefined : context.tables.rows(BRANDS).get(row.brandId);
  return {
    ...stored,
    brand: brand ? { id: brand.id, name: brand.name, logoUrl: brand.logoUrl } : null,
    marketIds: [...stored.marketIds].sort(),
    internet: stored.serviceType === "internet" ? (stored.internet ?? { ...EMPTY_INTERNET }) : null,
    electricity: stored.serviceType === "electricity" ? (stored.electricity ?? { ...EMPTY_ELECTRICITY }) : null,
  };
}

/** The name, headline and description, lowercased and joined by newlines: the SQL `search_text` column. */
export function searchTextOf(offer: Pick<Offer, "name" | "marketingHeadline" | "description">): string {
  return `${offer.name}\n${offer.marketingHeadline ?? ""}\n${offer.description ?? ""}`.toLowerCase();
}

/** The in-memory `OfferRepository`. */
export function inMemoryOffers(context: InMemoryContext): OfferRepository {
  const rows = () => context.tables.rows(OFFERS);
  const live = (teamId: string, id: string) => {
    const row = rows().get(id);
    return row && row.teamId === teamId && row.deletedAt === null ? row : undefined;
  };

  /** Every constraint a write of `offers` would break, checked before anything is written. */
  const check = (offers: readonly Offer[], inserting: boolean) => {
    const skus = new Map<string, string>();
    for (const offer of offers) {
      if (!OFFER_STATUSES.includes(offer.status)) {
        throw new InMemoryConstraintError(
          "23514",
          "offers_status_check",
          `offer status ${offer.status} is not allowed`,
        );
      }
      if (inserting && !context.tables.rows(TEAMS).has(offer.teamId)) {
        throw new InMemoryConstraintError("23503", "offers_team_id_fkey", `team ${offer.teamId} does not exist`);
      }
      if (inserting && rows().has(offer.id)) {
        throw new InMemoryConstraintError("23505", "offers_pkey", `offer ${offer.id} exists`);
      }
      if (offer.brandId !== null && !context.tables.rows(BRANDS).has(offer.brandId)) {
        throw new InMemoryConstraintError("23503", "offers_brand_id_fkey", `brand ${offer.brandId} does not exist`);
      }
      if (offer.sku !== null) {
        const key = `${offer.teamId}\n${offer.sku}`;
        const taken =
          skus.has(key) ||
          [...rows().values()].some(
            (row) =>
              row.teamId === offer.teamId && row.sku === offer.sku && row.deletedAt === null && row.id !== offer.id,
          );
        if (taken) {
          const cause = new InMemoryConstraintError("23505", "offers_team_sku", `sku ${offer.sku} is taken`);
          throw new ConflictError(`An offer with sku ${offer.sku} already exists`, { cause });
        }
        skus.set(key, offer.id);
      }
      const markets = context.tables.rows(MARKETS);
      for (const marketId of offer.marketIds) {
        if (!markets.has(marketId)) {
          throw new InMemoryConstraintError(
            "23503",
            "offer_markets_market_id_fkey",
            `market ${marketId} does not exist`,
          );
        }
      }
      if (new Set(offer.marketIds).size !== offer.marketIds.length) {
        throw new InMemoryConstraintError("23505", "offer_markets_pkey", `offer ${offer.id} links a market twice`);
      }
    }
  };
  const toRow = ({ brand: _, ...offer }: Offer, deletedAt: Date | null): OfferRow => ({ ...copy(offer), deletedAt });

  const repository: OfferRepository = {
    async insert(offer) {
      await repository.insertMany([offer]);
    },
    async insertMany(offers) {
      check(offers, true);
      for (const offer of offers) rows().set(offer.id, toRow(offer, null));
    },
    async update(offer) {
      // The team's live offer only: another team's or a deleted offer is not found, nothing written.
      const row = live(offer.teamId, offer.id);
      if (!row) return false;
      check([offer], false);
      rows().set(offer.id, { ...toRow(offer, null), createdAt: row.createdAt });
      return true;
    },
    async softDelete(teamId, id, at) {
      const row = live(teamId, id);
      if (!row) return false;
      row.deletedAt = new Date(at);
      row.updatedAt = new Date(at);
      return true;
    },
    async findById(teamId, id, _options?: ReadOptions) {
      const row = live(teamId, id);
      return row ? offerOf(context, row) : null;
    },
    async findBySkus(teamId, skus, _options?: ReadOptions) {
      const wanted = new Set(skus);
      return [...rows().values()]
        .filter((row) => row.teamId === teamId && row.deletedAt === null && row.sku !== null && wanted.has(row.sku))
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((row) => offerOf(context, row));
    },
    async list(teamId, page, filters: OfferListFilters = {}) {
      const term = filters.search?.toLowerCase();
      const matching = [...rows().values()].filter(
        (row) =>
          row.teamId === teamId &&
          row.deletedAt === null &&
          (filters.status === undefined || row.status === filters.status) &&
          (filters.serviceType === undefined || row.serviceType === filters.serviceType) &&
          (filters.brandId === undefined || row.brandId === filters.brandId) &&
          (filters.marketId === undefined || row.marketIds.includes(filters.marketId)) &&
          (term === undefined || searchTextOf(row).includes(term) || (row.sku ?? "").toLowerCase().includes(term)),
      );
      return keysetPage(matching, page, (id) => live(teamId, id)).map((row) => offerOf(context, row));
    },
  };
  return repository;
}
