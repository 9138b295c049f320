/**
 * The tables of offers, brands and markets, declared apart from their repositories, which read each
 * other's rows (an offer joins its brand; a brand or market in use by an offer cannot go).
 *
 * @module
 */

import type { Brand } from "../../brands/index.ts";
import type { Market } from "../../markets/index.ts";
import type { Offer } from "../../offers/index.ts";
import { defineTable } from "../in-memory-database.ts";

/** A stored offer: the offer without its joined brand, with its soft deletion. */
export type OfferRow = Omit<Offer, "brand"> & { deletedAt: Date | null };

/** Offers by id, soft-deleted ones included (their rows stay, as in SQL). */
export const OFFERS = defineTable<OfferRow>("offers");

/** Brands by id. */
export const BRANDS = defineTable<Brand>("brands");

/** Markets by id, each with its areas. */
export const MARKETS = defineTable<Market>("markets");
