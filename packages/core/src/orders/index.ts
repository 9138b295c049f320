/**
 * The orders feature: what other features, flows and the package's entry points use of it.
 *
 * @module
 */

export { deletionBlockers, type OrderDeletion, type OrderDeletionActor } from "./delete-order.ts";
export {
  ITEM_STATUS_UPDATE_SCHEMA,
  normalizeAddress,
  normalizeContact,
  PLACE_ORDER_FIELDS,
  type PlaceOrderInput,
  parseItemStatusUpdate,
  parsePlaceOrder,
} from "./input.ts";
export { ORDER_EVENT_SCHEMAS } from "./order-event-schemas.ts";
export {
  type ItemStatusChangedPayload,
  type OrderEventPayloads,
  type OrderItemOfOrderPayload,
  type OrderItemPayload,
  type OrderPayload,
  orderPlacedEvents,
} from "./order-events.ts";
export { canProviderMove, isCancellable, type ProviderItemUpdate, recomputeOrderStatus } from "./order-status.ts";
export type {
  IdempotencyRecord,
  IdempotencyRepository,
  OrderableOffer,
  OrderedOffer,
  OrderRepository,
  OrderSummary,
  ProviderOrderItem,
} from "./ports.ts";
export {
  type Commission,
  CUSTOMER_KINDS,
  type CustomerContact,
  type CustomerKind,
  itemHandoff,
  type OfferSnapshot,
  type OfferTerms,
  ORDER_ITEM_STATUSES,
  ORDER_STATUSES,
  type Order,
  type OrderChannel,
  type OrderItem,
  type OrderItemStatus,
  type OrderStatus,
  offerTerms,
  type PlaceOrderOptions,
  type ServiceAddress,
} from "./types.ts";
export { type OrderUseCases, orderUseCases } from "./use-cases.ts";
