/**
 * The events an order emits, with payloads that snapshot order-time data. Providers are told only
 * about items on their own offers (and `order.created` for orders including one); the reseller that
 * placed the order hears about all of it.
 *
 * @module
 */

import { createEvent, type DeliveryHints, type DomainEvent, type EventType } from "../events/index.ts";
import { isoTime } from "../iso-time.ts";
import {
  type CustomerContact,
  itemHandoff,
  type OfferTerms,
  type Order,
  type OrderItem,
  type OrderItemStatus,
  type OrderStatus,
  offerTerms,
  type ServiceAddress,
} from "./types.ts";

/** An item inside `order.created` and `order.cancelled` (the order's own fields are beside it). */
export type OrderItemOfOrderPayload = {
  orderItemId: string;
  providerTeamId: string;
  status: OrderItemStatus;
} & OfferTerms & {
    scheduledDate: string | null;
    handoff: { redirectUrl: string } | null;
  };

/** `data` of `order.item.created`: one item with its order's snapshot. */
export type OrderItemPayload = OrderItemOfOrderPayload & {
  orderId: string;
  resellerTeamId: string;
  customer: CustomerContact;
  serviceAddress: ServiceAddress;
  moveInDate: string | null;
  installationDate: string | null;
};

/** `data` of `order.item.status_changed`: the item, its move and the recomputed order status. */
export type ItemStatusChangedPayload = OrderItemPayload & {
  from: OrderItemStatus;
  to: OrderItemStatus;
  orderStatus: OrderStatus;
};

/** `data` of `order.created` and `order.cancelled`: the order as a whole. */
export type OrderPayload = {
  orderId: string;
  resellerTeamId: string;
  providerTeamIds: string[];
  status: OrderStatus;
  totalMonthly: string;
  customer: CustomerContact;
  serviceAddress: ServiceAddress;
  moveInDate: string | null;
  installationDate: string | null;
  createdAt: string;
  items: OrderItemOfOrderPayload[];
};

/** The item as events carry it. */
export function itemPayload(order: Order, item: OrderItem): OrderItemPayload {
  return {
    orderId: order.id,
    orderItemId: item.id,
    resellerTeamId: order.resellerTeamId,
    providerTeamId: item.offer.providerTeamId,
    status: item.status,
    ...offerTerms(item.offer),
    scheduledDate: item.scheduledDate,
    handoff: itemHandoff(item),
    customer: order.customer,
    serviceAddress: order.serviceAddress,
    moveInDate: order.moveInDate,
    installationDate: order.installationDate,
  };
}

/** An item inside `order.created` and `order.cancelled`: `itemPayload` without the order's own fields. */
function itemOfOrderPayload(item: OrderItem): OrderItemOfOrderPayload {
  return {
    orderItemId: item.id,
    providerTeamId: item.offer.providerTeamId,
    status: item.status,
    ...offerTerms(item.offer),
    scheduledDate: item.scheduledDate,
    handoff: itemHandoff(item),
  };
}

/** The order as a whole, as `order.created` and `order.cancelled` carry it. */
export function orderPayload(order: Order): OrderPayload {
  return {
    orderId: order.id,
    resellerTeamId: order.resellerTeamId,
    providerTeamIds: providerTeamIds(order),
    status: order.status,
    totalMonthly: order.totalMonthly,
    customer: order.customer,
    serviceAddress: order.serviceAddress,
    moveInDate: order.moveInDate,
    installationDate: order.installationDate,
    createdAt: isoTime(order.createdAt),
    items: order.items.map(itemOfOrderPayload),
  };
}

/** The distinct provider teams of an order's items, in item order. */
export function providerTeamIds(order: Order): string[] {
  return [...new Set(order.items.map((item) => item.offer.providerTeamId))];
}

type At = { id: () => string; now: Date };

/** Each order event type with the payload it carries. */
export type OrderEventPayloads = {
  "order.created": OrderPayload;
  "order.item.created": OrderItemPayload;
  "order.item.status_changed": ItemStatusChangedPayload;
  "order.cancelled": OrderPayload;
};

function event<T extends keyof OrderEventPayloads & EventType>(
  type: T,
  order: Order,
  data: OrderEventPayloads[T],
  providers: string[],
  at: At,
  delivery?: DeliveryHints,
): DomainEvent {
  return createEvent(
    {
      type,
      data,
      training: order.isTraining,
      audience: { providerTeamIds: providers, resellerTeamIds: [order.resellerTeamId] },
      ...(delivery ? { delivery } : {}),
    },
    { id: at.id(), now: at.now },
  );
}

/**
 * `order.created` for the order, then `order.item.created` for each item; an item's offer
 * `submissionUrl` travels as a private delivery hint (the unsigned fallback), never in the payload.
 */
export function orderPlacedEvents(order: Order, at: At): DomainEvent[] {
  return [
    event("order.created", order, orderPayload(order), providerTeamIds(order), at),
    ...order.items.map((item) =>
      event(
        "order.item.created",
        order,
        itemPayload(order, item),
        [item.offer.providerTeamId],
        at,
        item.offer.submissionUrl ? { submissionUrl: item.offer.submissionUrl } : undefined,
      ),
    ),
  ];
}

/** `order.item.status_changed` with `from`, `to` and the recomputed `orderStatus`. */
export function itemStatusChangedEvent(order: Order, item: OrderItem, from: OrderItemStatus, at: At): DomainEvent {
  return event(
    "order.item.status_changed",
    order,
    {
      ...itemPayload(order, item),
      from,
      to: item.status,
      orderStatus: order.status,
    } satisfies ItemStatusChangedPayload,
    [item.offer.providerTeamId],
    at,
  );
}

/** `order.cancelled` for an order the reseller cancelled. */
export function orderCancelledEvent(order: Order, at: At): DomainEvent {
  return event("order.cancelled", order, orderPayload(order), providerTeamIds(order), at);
}
