/**
 * The offers' entries of the main navigation (offers, brands, markets): providers (and hybrid teams) see it, every role (owner
 * and operations change offers; developer and viewer read).
 *
 * @module
 */

import type { NavItem } from "../../ui/layout.tsx";
import { teamHas } from "../workspaces/shared.tsx";

/** Spread into `NAV_ITEMS` (one line there). */
export const OFFER_NAV_ITEMS: readonly NavItem[] = [
  {
    section: "offers",
    label: "Offers",
    href: (teamBase) => `${teamBase}/provider/offers`,
    visible: (_member, team) => teamHas(team, "provider"),
  },
  {
    section: "brands",
    label: "Brands",
    href: (teamBase) => `${teamBase}/provider/brands`,
    visible: (_member, team) => teamHas(team, "provider"),
  },
  {
    section: "markets",
    label: "Markets",
    href: (teamBase) => `${teamBase}/provider/markets`,
    visible: (_member, team) => teamHas(team, "provider"),
  },
];
