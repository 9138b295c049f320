/**
 * Orders, items and customers to JSON, as resellers and providers see them.
 *
 * @module
 */

import type { Customer, Order, OrderItem, OrderSummary, ProviderCustomer, ProviderOrderItem } from "@marketplace/core";
import { itemHandoff, offerTerms } from "@marketplace/core/orders";

const iso = (date: Date) => date.toISOString();

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

/** A customer record. */
export function customerJson(customer: Customer) {
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    kind: customer.kind,
    createdAt: iso(customer.createdAt),
    updatedAt: iso(customer.updatedAt),
  };
}

/** A customer as a provider team sees it, with the team's own unsubscribe flag. */
export function providerCustomerJson(customer: ProviderCustomer) {
  return {
    ...customerJson(customer),
    unsubscribed: customer.unsubscribedAt !== null,
    unsubscribedAt: customer.unsubscribedAt ? iso(customer.unsubscribedAt) : null,
  };
}
