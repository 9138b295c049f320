/**
 * Ports of storefronts, shareable links and outbound clicks.
 *
 * @module
 */

import type { Offer } from "../offers/index.ts";
import type { PageRequest } from "../pagination.ts";
import type { OutboundClick, PublicOffer, ShareableLink, Storefront } from "./types.ts";

/** Stores resellers' storefronts: at most one per team, slugs unique across teams. */
export interface StorefrontRepository {
  /** The team's storefront, or null. */
  findByTeam(teamId: string): Promise<Storefront | null>;
  /** The storefront with this slug, or null. */
  findBySlug(slug: string): Promise<Storefront | null>;
  /** Creates the team's storefront or changes its slug; ConflictError when another storefront has the slug. */
  save(storefront: Storefront): Promise<Storefront>;
}

/** Stores shareable links; a deleted link is invisible but keeps its slug, which is never reused. */
export interface LinkRepository {
  /** Inserts a link; false (nothing written) when its slug is taken, so the caller draws another. */
  insert(link: ShareableLink): Promise<boolean>;
  /** The team's link, or null (absent, deleted or another team's). */
  findById(teamId: string, id: string): Promise<ShareableLink | null>;
  /** The link with this slug, or null (absent or deleted). */
  findBySlug(slug: string): Promise<ShareableLink | null>;
  /** The team's links, newest first, as the page request asks. */
  list(teamId: string, page: PageRequest): Promise<ShareableLink[]>;
  /** Marks the team's link deleted at `at`; false when the team has no such link. */
  softDelete(teamId: string, id: string, at: Date): Promise<boolean>;
}

/** Reads active offers for consumers and records their outbound clicks. */
export interface PublicOfferRepository {
  /**
   * The active, non-deleted offers among `offerIds` as consumers see them, in the order of
   * `offerIds`; each offer once (where its id first appears), however often its id is repeated.
   */
  findPublic(offerIds: readonly string[]): Promise<PublicOffer[]>;
  /** The active, non-deleted offer with its displayed provider name, or null. */
  findClickable(offerId: string): Promise<{ offer: Offer; providerName: string } | null>;
  /** Records an outbound click. */
  insertClick(click: OutboundClick): Promise<void>;
}
