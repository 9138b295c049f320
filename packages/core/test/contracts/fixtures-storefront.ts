/**
 * Rows of the storefront, link and public offer suites, with fresh ids.
 *
 * @module
 */

import { randomUuid } from "../../src/ids.ts";
import type { OutboundClick, ShareableLink, Storefront } from "../../src/storefront/index.ts";
import { T0 } from "./fixtures-offers.ts";

/** A slug no other test uses (lowercase letters and digits). */
export const uniqueSlug = (prefix = "s"): string => `${prefix}${randomUuid().replaceAll("-", "").slice(0, 10)}`;

/** A storefront of `teamId` with a fresh slug, created at T0. */
export function aStorefront(teamId: string, overrides: Partial<Storefront> = {}): Storefront {
  return {
    id: randomUuid(),
    resellerTeamId: teamId,
    slug: uniqueSlug("shop-"),
    createdAt: new Date(T0),
    updatedAt: new Date(T0),
    ...overrides,
  };
}

/** A link of `teamId` to `offerIds` (one made-up offer unless given) with a fresh slug, created at T0. */
export function aLink(teamId: string, overrides: Partial<ShareableLink> = {}): ShareableLink {
  return {
    id: randomUuid(),
    resellerTeamId: teamId,
    slug: uniqueSlug(),
    name: null,
    offerIds: [randomUuid()],
    createdAt: new Date(T0),
    ...overrides,
  };
}

/** A click on `offerId` of `providerTeamId` through the storefront or link `via` of `resellerTeamId`. */
export function aClick(
  resellerTeamId: string,
  via: { storefrontId: string } | { linkId: string },
  offerId: string,
  providerTeamId: string,
): OutboundClick {
  return {
    id: randomUuid(),
    resellerTeamId,
    storefrontId: "storefrontId" in via ? via.storefrontId : null,
    linkId: "linkId" in via ? via.linkId : null,
    offerId,
    providerTeamId,
    redirectUrl: null,
    phone: null,
    ipAddress: "203.0.113.7",
    userAgent: "test",
    createdAt: new Date(T0),
  };
}
