/**
 * The cancel-order command: every non-final item of a reseller's order moves to cancelled.
 *
 * @module
 */

import { ConflictError, NotFoundError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import type { Principal } from "../teams/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { itemStatusChangedEvent, orderCancelledEvent } from "./order-events.ts";
import { isCancellable, recomputeOrderStatus } from "./order-status.ts";
import type { Order } from "./types.ts";

/** What `cancelOrder` carries out. */
export interface CancelOrderCommand {
  /** The reseller team that placed the order. */
  principal: Pick<Principal, "teamId">;
  /** The order to cancel. */
  orderId: string;
}

/**
 * Cancels every non-final item of the order (see `OrderUseCases.cancel`).
 *
 * @example
 * const order = await cancelOrder(ctx, { principal, orderId });
 */
export async function cancelOrder(
  ctx: UseCaseContext<"orders" | "outbox">,
  command: CancelOrderCommand,
): Promise<Order> {
  const { unitOfWork, clock, ids } = ctx;
  const { principal, orderId } = command;
  const at = () => ({ id: () => ids.uuid(), now: clock.now() });
  if (!isUuidV4(orderId)) throw new NotFoundError("Order", orderId);
  return unitOfWork.transaction(async (tx) => {
    const order = await tx.orders.findForReseller(principal.teamId, orderId, { lock: true });
    if (!order) throw new NotFoundError("Order", orderId);
    const cancellable = order.items.filter((item) => isCancellable(item.status));
    if (cancellable.length === 0) {
      throw new ConflictError(
        `Order ${orderId} has no item that can be cancelled (every item is ${describeFinal(order)})`,
      );
    }
    const now = clock.now();
    const moves = cancellable.map((item) => {
      const from = item.status;
      item.status = "cancelled";
      item.updatedAt = now;
      return { item, from };
    });
    order.status = recomputeOrderStatus(order.items.map((item) => item.status));
    order.updatedAt = now;
    await tx.orders.saveProgress(order, cancellable);
    await tx.outbox.record([
      ...moves.map(({ item, from }) => itemStatusChangedEvent(order, item, from, at())),
      orderCancelledEvent(order, at()),
    ]);
    return order;
  });
}

function describeFinal(order: Order): string {
  return [...new Set(order.items.map((item) => item.status))].join(" or ");
}
