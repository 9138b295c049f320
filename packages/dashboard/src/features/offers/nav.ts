/**
 * The offers' entry of the main navigation: providers (and hybrid teams) see it, every role (owner
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
];
