/**
 * A reseller's public channels: one storefront (checkout mode, any active offer) and any number of
 * shareable links (a fixed set of offers), each reached by a public slug; and the outbound clicks
 * consumers make on offers there.
 *
 * @module
 */

import type { CatalogEntry } from "../catalog/index.ts";

/** A reseller team's storefront: its public slug, named in the body of public shop requests. */
export interface Storefront {
  id: string;
  resellerTeamId: string;
  /** Chosen by the reseller: 3 to 63 lowercase letters, digits and hyphens. */
  slug: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A shareable link: a set of offers a consumer can see and order, reached at `/public/links/{slug}`. */
export interface ShareableLink {
  id: string;
  resellerTeamId: string;
  /** Generated, short and not a UUID (10 characters of lowercase base32). */
  slug: string;
  /** The reseller's own label, never shown to consumers. */
  name: string | null;
  /** The offers, in the order given; only those still active are shown and orderable. */
  offerIds: string[];
  createdAt: Date;
}

/** An active offer as a consumer sees it: the catalog entry without the reseller's commission. */
export type PublicOffer = Omit<CatalogEntry, "commission">;

/** An outbound click on an offer; for a lead_gen offer it is the lead handed to the partner. */
export interface OutboundClick {
  id: string;
  resellerTeamId: string;
  /** The storefront or the link the click came through (exactly one is set). */
  storefrontId: string | null;
  linkId: string | null;
  offerId: string;
  providerTeamId: string;
  /** The partner signup link returned (lead_gen offers), else null. */
  redirectUrl: string | null;
  /** The lead's phone (E.164): only when a granted `handoff_contact.v1` decision came with it, else null. */
  phone: string | null;
  ipAddress: string;
  userAgent: string | null;
  createdAt: Date;
}
