/**
 * Orders and their items to JSON, as resellers and providers see them.
 *
 * @module
 */

import type { ConsentRecord, Order, OrderItem, OrderSummary, ProviderOrderItem } from "@marketplace/core";
import { itemHandoff, offerTerms } from "@marketplace/core/orders";
import { consentRecordJson } from "./consents.ts";
import { iso } from "./iso.ts";

function itemCommon(item: OrderItem) {
  return {
    id: item.id,
    orderId: item.orderId,
    status: item.status,
    isTraining: item.isTraining,
    ...offerTerms(item.offer),
    scheduledDate: item.scheduledDate,
    rejectionReason: item.rejectionReason,
    metadata: { handoff: itemHandoff(item) },
    createdAt: iso(item.createdAt),
    updatedAt: iso(item.updatedAt),
  };
}

/**
 * An item as the reseller that placed it sees it, with the commission it accrued: `itemCommon`'s
 * fields written out (not spread whole: this runs for every item of every order response).
 */
export function resellerItemJson(item: OrderItem) {
  const { offer } = item;
  return {
    id: item.id,
    orderId: item.orderId,
    status: item.status,
    isTraining: item.isTraining,
    ...offerTerms(offer),
    scheduledDate: item.scheduledDate,
    rejectionReason: item.rejectionReason,
    metadata: { handoff: itemHandoff(item) },
    createdAt: iso(item.createdAt),
    updatedAt: iso(item.updatedAt),
    providerTeamId: offer.providerTeamId,
    commission: item.commission ? { amount: item.commission.amount, accruedAt: iso(item.commission.accruedAt) } : null,
  };
}

function customerOf(order: OrderSummary) {
  return { id: order.customerId, ...order.customer };
}

/** An order as its reseller sees it, with the partner signup links of its handoff items. */
export function resellerOrderJson(order: Order) {
  return {
    id: order.id,
    status: order.status,
    isTraining: order.isTraining,
    totalMonthly: order.totalMonthly,
    customer: customerOf(order),
    serviceAddress: order.serviceAddress,
    moveInDate: order.moveInDate,
    installationDate: order.installationDate,
    items: order.items.map(resellerItemJson),
    handoffs: handoffsJson(order),
    createdAt: iso(order.createdAt),
    updatedAt: iso(order.updatedAt),
  };
}

/** One entry per handoff item: the partner signup link to send the consumer to. */
export function handoffsJson(order: Order) {
  return order.items.flatMap((item) =>
    item.handoffRedirectUrl === null
      ? []
      : [
          {
            orderItemId: item.id,
            offerId: item.offer.offerId,
            offerName: item.offer.offerName,
            providerName: item.offer.providerName,
            redirectUrl: item.handoffRedirectUrl,
          },
        ],
  );
}

/** An item on a provider's offer with the order data the provider needs to fulfil it. */
export function providerItemJson({ item, order }: ProviderOrderItem) {
  return {
    ...itemCommon(item),
    order: {
      id: order.id,
      status: order.status,
      isTraining: order.isTraining,
      resellerTeamId: order.resellerTeamId,
      customer: customerOf(order),
      serviceAddress: order.serviceAddress,
      moveInDate: order.moveInDate,
      installationDate: order.installationDate,
      createdAt: iso(order.createdAt),
    },
  };
}

/** One item in full: `providerItemJson` with the consent records of its order. */
export function providerItemDetailJson(found: ProviderOrderItem, consents: ConsentRecord[]) {
  const item = providerItemJson(found);
  return { ...item, order: { ...item.order, consents: consents.map(consentRecordJson) } };
}
