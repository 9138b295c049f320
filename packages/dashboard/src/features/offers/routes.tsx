/**
 * The provider's offers (issue 30): the offers table and editor, bulk CSV upload and update, brands
 * with their logos, and markets with their ZIP areas.
 * Under `/teams/:teamId/provider/…`, whose side guard (404 for a team that is not a provider) the
 * workspaces feature registers.
 *
 * @module
 */

import type { DashboardApp, Kit } from "../../kit.tsx";
import { registerBrands } from "./brands.tsx";
import { registerBulkOffers } from "./bulk.tsx";
import { registerMarkets } from "./markets.tsx";
import { registerOfferPages } from "./offers.tsx";

/** Registers every offers page (the bulk pages first: their paths would match `:offerId`). */
export function registerOffers(app: DashboardApp, kit: Kit): void {
  registerBulkOffers(app, kit);
  registerOfferPages(app, kit);
  registerBrands(app, kit);
  registerMarkets(app, kit);
}
