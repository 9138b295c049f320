/**
 * Storefronts, links, consumer-facing offers and orders, and outbound clicks to JSON.
 *
 * @module
 */

import type { Order, PublicOffer, ShareableLink, Storefront } from "@marketplace/core";
import type { LinkView, RecordedClick } from "@marketplace/core/flows";
import { itemHandoff, offerTerms } from "@marketplace/core/orders";
import { catalogEntryJson } from "./catalog.ts";
import { iso } from "./iso.ts";
import { handoffsJson } from "./orders.ts";

export function storefrontJson(storefront: Storefront) {
  return {
    id: storefront.id,
    slug: storefront.slug,
    createdAt: iso(storefront.createdAt),
    updatedAt: iso(storefront.updatedAt),
  };
}

export function linkJson(link: ShareableLink) {
  return { id: link.id, slug: link.slug, name: link.name, offerIds: link.offerIds, createdAt: iso(link.createdAt) };
}

/** An offer as consumers see it: the catalog entry without the commission. */
export function publicOfferJson(offer: PublicOffer) {
  const { commission: _commission, ...json } = catalogEntryJson({ ...offer, commission: null });
  return json;
}

export function linkViewJson(view: LinkView) {
  return { slug: view.link.slug, offers: view.offers.map(publicOfferJson), disclosures: view.disclosures };
}

/** An order as the consumer who placed it sees it: no team ids, no commissions. */
export function publicOrderJson(order: Order) {
  return {
    id: order.id,
    status: order.status,
    totalMonthly: order.totalMonthly,
    customer: order.customer,
    serviceAddress: order.serviceAddress,
    moveInDate: order.moveInDate,
    installationDate: order.installationDate,
    items: order.items.map((item) => ({
      id: item.id,
      status: item.status,
      ...offerTerms(item.offer),
      metadata: { handoff: itemHandoff(item) },
    })),
    handoffs: handoffsJson(order),
    createdAt: iso(order.createdAt),
  };
}

export function clickJson({ click, phoneShared }: RecordedClick) {
  return {
    id: click.id,
    offerId: click.offerId,
    redirectUrl: click.redirectUrl,
    phoneShared,
    createdAt: iso(click.createdAt),
  };
}
