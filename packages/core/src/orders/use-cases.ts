/**
 * The order use cases: one module per command (place-order.ts, cancel-order.ts,
 * update-item-status.ts); the queries are here.
 *
 * @module
 */

import type { RequestOrigin } from "../audit-log/index.ts";
import { InvalidInputError, NotFoundError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import { type ListResult, type PageRequest, toListResult } from "../pagination.ts";
import type { Principal } from "../teams/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { cancelOrder } from "./cancel-order.ts";
import { deleteOrder, type OrderDeletion, type OrderDeletionActor } from "./delete-order.ts";
import type { PlaceOrderInput } from "./input.ts";
import type { ProviderItemUpdate } from "./order-status.ts";
import type { ProviderOrderItem } from "./ports.ts";
import { ORDER_ITEM_STATUSES, type Order, type OrderItemStatus, type PlaceOrderOptions } from "./types.ts";
import { orderSummary, updateItemStatus } from "./update-item-status.ts";

export type { PlaceOrderOptions } from "./types.ts";

/** Orders: placed and cancelled by resellers, fulfilled by providers. */
export interface OrderUseCases {
  /**
   * Places an order for the principal's reseller team: offers must be active and available at the
   * address's ZIP (else UnprocessableError naming the offer); prices and offer data are snapshotted;
   * `order.created` and one `order.item.created` per item are recorded in the same transaction.
   */
  place(principal: Pick<Principal, "teamId">, input: PlaceOrderInput, options?: PlaceOrderOptions): Promise<Order>;
  /** The team's orders, newest first; only training (or only live) ones when `filter.isTraining` is set. */
  listForReseller(
    principal: Principal,
    page: PageRequest,
    filter?: { isTraining?: boolean },
  ): Promise<ListResult<Order>>;
  /** One of the team's orders; NotFoundError otherwise. */
  getForReseller(principal: Principal, orderId: string): Promise<Order>;
  /** Cancels every non-final item; ConflictError when none can be cancelled. */
  cancel(principal: Principal, orderId: string): Promise<Order>;
  /**
   * Deletes the order from the reseller's views, emitting no event: allowed for a training order or
   * when every item is final (else ConflictError naming the rule); NotFoundError for another team's,
   * unknown or already deleted order. Written to the team's audit log (`order.deleted`) with `actor`
   * (default: the principal's API key) and `origin`.
   */
  delete(
    principal: Principal,
    orderId: string,
    options?: { actor?: OrderDeletionActor; origin?: RequestOrigin },
  ): Promise<OrderDeletion>;
  /** Items on the team's offers, newest first, optionally of one status. */
  listForProvider(
    principal: Principal,
    filter: { status?: OrderItemStatus },
    page: PageRequest,
  ): Promise<ListResult<ProviderOrderItem>>;
  /** One item on the team's offers with its order; NotFoundError otherwise. */
  getForProvider(principal: Principal, itemId: string): Promise<ProviderOrderItem>;
  /** Accept, reject, schedule or complete an item; ConflictError for a move the state machine forbids. */
  updateItemStatus(principal: Principal, itemId: string, update: ProviderItemUpdate): Promise<ProviderOrderItem>;
}

/**
 * The order use cases; `place` is given by the caller (`createMarketplace` passes the placement
 * flow of `flows/place-order.ts`, which spans orders, customers and consents).
 */
export function orderUseCases(
  ctx: UseCaseContext<"apiKeys" | "auditLog" | "orders" | "outbox">,
  place: OrderUseCases["place"],
): OrderUseCases {
  const { unitOfWork } = ctx;

  return {
    place,

    async listForReseller(principal, page, filter = {}) {
      const rows = await unitOfWork.repositories.orders.listForReseller(principal.teamId, page, filter);
      return toListResult("orders", page, rows);
    },

    async getForReseller(principal, orderId) {
      const order = isUuidV4(orderId)
        ? await unitOfWork.repositories.orders.findForReseller(principal.teamId, orderId)
        : null;
      if (!order) throw new NotFoundError("Order", orderId);
      return order;
    },

    cancel: (principal, orderId) => cancelOrder(ctx, { principal, orderId }),

    delete: (principal, orderId, options = {}) =>
      deleteOrder(ctx, {
        principal,
        orderId,
        actor: options.actor ?? { kind: "api_key", apiKeyId: principal.apiKeyId },
        ...(options.origin && { origin: options.origin }),
      }),

    async listForProvider(principal, filter, page) {
      if (filter.status !== undefined && !ORDER_ITEM_STATUSES.includes(filter.status)) {
        throw new InvalidInputError([`status must be one of the following values: ${ORDER_ITEM_STATUSES.join(", ")}`]);
      }
      const rows = await unitOfWork.repositories.orders.listItemsForProvider(principal.teamId, filter, page);
      return toListResult("provider-order-items", page, rows);
    },

    async getForProvider(principal, itemId) {
      const found = isUuidV4(itemId)
        ? await unitOfWork.repositories.orders.findItemForProvider(principal.teamId, itemId)
        : null;
      if (!found) throw new NotFoundError("Order item", itemId);
      return { id: found.item.id, item: found.item, order: orderSummary(found.order) };
    },

    updateItemStatus: (principal, itemId, update) => updateItemStatus(ctx, { principal, itemId, update }),
  };
}

export type { OrderDeletion, OrderDeletionActor, PlaceOrderInput, ProviderItemUpdate, ProviderOrderItem };
