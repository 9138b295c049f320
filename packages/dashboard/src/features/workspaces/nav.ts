/**
 * The workspaces' entries of the main navigation, by team kind: a reseller's catalog, orders,
 * storefront and customers; a provider's fulfilment and customers with consent; a hybrid team sees
 * both. Every role sees them (owner and operations change things; developer and viewer read).
 *
 * @module
 */

import type { NavItem } from "../../ui/layout.tsx";
import { teamHas } from "./shared.tsx";

/** Spread into `NAV_ITEMS` (one line there). */
export const WORKSPACE_NAV_ITEMS: readonly NavItem[] = [
  {
    section: "catalog",
    label: "Catalog",
    href: (teamBase) => `${teamBase}/reseller/catalog`,
    visible: (_member, team) => teamHas(team, "reseller"),
  },
  {
    section: "reseller-orders",
    label: "Orders",
    href: (teamBase) => `${teamBase}/reseller/orders`,
    visible: (_member, team) => teamHas(team, "reseller"),
  },
  {
    section: "storefront",
    label: "Storefront and links",
    href: (teamBase) => `${teamBase}/reseller/storefront`,
    visible: (_member, team) => teamHas(team, "reseller"),
  },
  {
    section: "reseller-customers",
    label: "Customers",
    href: (teamBase) => `${teamBase}/reseller/customers`,
    visible: (_member, team) => teamHas(team, "reseller"),
  },
  {
    section: "fulfilment",
    label: "Fulfilment",
    href: (teamBase) => `${teamBase}/provider/orders`,
    visible: (_member, team) => teamHas(team, "provider"),
  },
  {
    section: "provider-customers",
    label: "Customers and consent",
    href: (teamBase) => `${teamBase}/provider/customers`,
    visible: (_member, team) => teamHas(team, "provider"),
  },
];
