/**
 * Ports of offers.
 *
 * @module
 */

import type { PageRequest } from "../pagination.ts";
import type { ReadOptions } from "../shared-ports.ts";
import type { OfferListFilters } from "./offer-list-filters.ts";
import type { Offer } from "./types.ts";

/** Stores offers (soft-deleted offers are invisible to every method). */
export interface OfferRepository {
  /** Inserts a new offer and its market links; ConflictError when the SKU is taken within the team. */
  insert(offer: Offer): Promise<void>;
  /**
   * Inserts several offers and their market links, all or nothing (also outside a transaction: a
   * batch that fails leaves no offer behind); ConflictError when a SKU is taken.
   */
  insertMany(offers: readonly Offer[]): Promise<void>;
  /**
   * Saves every field and the market links of the team's live offer `offer.id` (`offer.teamId`
   * says which team; `createdAt` stays); ConflictError when the new SKU is taken. False, and nothing
   * written (neither fields nor market links), when that team has no such live offer: another team's
   * offer is not found, as a 404 would say.
   */
  update(offer: Offer): Promise<boolean>;
  /** Marks the offer deleted at `at`; false when the team has no such offer. */
  softDelete(teamId: string, id: string, at: Date): Promise<boolean>;
  /** The team's offer with its brand and market ids, or null (also when another team's). */
  findById(teamId: string, id: string, options?: ReadOptions): Promise<Offer | null>;
  /**
   * The team's live offers with these SKUs, in id order (not the order of `skus`), each once; with
   * `forUpdate`, locked in that order.
   */
  findBySkus(teamId: string, skus: readonly string[], options?: ReadOptions): Promise<Offer[]>;
  /** The team's offers, newest first, as the page request asks; only those matching `filters`. */
  list(teamId: string, page: PageRequest, filters?: OfferListFilters): Promise<Offer[]>;
}
