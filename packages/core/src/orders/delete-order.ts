/**
 * The delete-order command: a reseller removes an order from its views (the dashboard's "delete
 * order", also `DELETE /reseller/orders/{id}`). No event is recorded and no webhook is sent.
 *
 * @module
 */

import { ConflictError, NotFoundError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import type { Principal } from "../types.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { FINAL_ITEM_STATUSES } from "./order-status.ts";
import type { Order } from "./order-types.ts";

/**
 * Who deletes an order, for the audit log: the API key of `DELETE /reseller/orders/{id}`, or a
 * dashboard member. The audit log itself belongs to the dashboard foundation; this is its hook.
 */
export type OrderDeletionActor = { kind: "api_key"; apiKeyId: string } | { kind: "member"; memberId: string };

/** What `deleteOrder` carries out. */
export interface DeleteOrderCommand {
  /** The reseller team that placed the order. */
  principal: Pick<Principal, "teamId">;
  /** The order to delete. */
  orderId: string;
  /** Who asked for it (recorded in the audit log once the dashboard foundation adds one). */
  actor: OrderDeletionActor;
}

/** What a deletion returns: the order as it was, and who deleted it when. */
export interface OrderDeletion {
  order: Order;
  actor: OrderDeletionActor;
  deletedAt: Date;
}

/**
 * The rule of deletion, pure: an order may be deleted when it is a training order or when every
 * item is final (rejected, completed or cancelled), so no provider is left fulfilling an order the
 * reseller can no longer see. Returns the open statuses that forbid it, if any.
 *
 * @example
 * deletionBlockers({ isTraining: false, items: [{ status: "pending" }] }); // ["pending"]
 */
export function deletionBlockers(order: {
  isTraining: boolean;
  items: readonly { status: Order["items"][number]["status"] }[];
}): string[] {
  if (order.isTraining) return [];
  const open = order.items.map((item) => item.status).filter((status) => !FINAL_ITEM_STATUSES.includes(status));
  return [...new Set(open)];
}

/**
 * Deletes the reseller's order (see `OrderUseCases.delete`): NotFoundError for another team's,
 * unknown or already deleted order; ConflictError, naming the rule, while live items are open.
 * Provider-side records (items, consents, ledger entries, delivery logs) are kept.
 *
 * @example
 * await deleteOrder(ctx, { principal, orderId, actor: { kind: "api_key", apiKeyId: principal.apiKeyId } });
 */
export async function deleteOrder(ctx: UseCaseContext, command: DeleteOrderCommand): Promise<OrderDeletion> {
  const { unitOfWork, clock } = ctx;
  const { principal, orderId, actor } = command;
  if (!isUuidV4(orderId)) throw new NotFoundError("Order", orderId);
  return unitOfWork.transaction(async (tx) => {
    const order = await tx.orders.findForReseller(principal.teamId, orderId, { lock: true });
    if (!order) throw new NotFoundError("Order", orderId);
    const open = deletionBlockers(order);
    if (open.length > 0) {
      throw new ConflictError(
        `Order ${orderId} still has open items (${open.join(", ")}): a live order can be deleted only when ` +
          "every item is rejected, completed or cancelled; cancel it first",
      );
    }
    const deletedAt = clock.now();
    await tx.orders.markDeleted(order, deletedAt);
    return { order, actor, deletedAt };
  });
}
