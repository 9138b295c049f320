/**
 * The provider and reseller workspaces (issue 30): a reseller's catalog, orders, storefront, links
 * and customers; a provider's fulfilment, customers and consent. A hybrid team has both under one
 * sign-in; a team's pages of the side it does not work on answer 404.
 *
 * @module
 */

import type { DashboardApp, Kit } from "../../kit.tsx";
import { registerFulfilment } from "./fulfilment.tsx";
import { registerProviderCustomers } from "./provider-customers.tsx";
import { registerResellerCatalog } from "./reseller-catalog.tsx";
import { registerResellerOrders } from "./reseller-orders.tsx";
import { registerResellerStorefront } from "./reseller-storefront.tsx";
import { guardSide } from "./shared.tsx";

/** Registers every workspace page under `/teams/:teamId/reseller/…` and `/teams/:teamId/provider/…`. */
export function registerWorkspaces(app: DashboardApp, kit: Kit): void {
  guardSide(app, kit, "reseller");
  guardSide(app, kit, "provider");
  registerResellerCatalog(app, kit);
  registerResellerOrders(app, kit);
  registerResellerStorefront(app, kit);
  registerFulfilment(app, kit);
  registerProviderCustomers(app, kit);
}
