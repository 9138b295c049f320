/**
 * The delete-order command: a reseller removes an order from its views (the dashboard's "delete
 * order", also `DELETE /reseller/orders/{id}`). No event is recorded and no webhook is sent.
 *
 * @module
 */

import type { AuditActor, AuditEntry, RequestOrigin } from "../audit-log/index.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import type { Principal } from "../teams/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { FINAL_ITEM_STATUSES } from "./order-status.ts";
import type { Order } from "./types.ts";

/**
 * Who deletes an order, for the audit log: the API key of `DELETE /reseller/orders/{id}`, or a
 * dashboard member (their e-mail is the entry's label).
 */
export type OrderDeletionActor =
  | { kind: "api_key"; apiKeyId: string }
  | { kind: "member"; memberId: string; email: string };

/** What `deleteOrder` carries out. */
export interface DeleteOrderCommand {
  /** The reseller team that placed the order. */
  principal: Pick<Principal, "teamId">;
  /** The order to delete. */
  orderId: string;
  /** Who asked for it (recorded in the audit log). */
  actor: OrderDeletionActor;
  /** Where the request came from (kept with the audit entry); unknown when absent. */
  origin?: RequestOrigin;
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
 * Provider-side records (items, consents, ledger entries, delivery logs) are kept. The deletion is
 * written to the reseller team's audit log (`order.deleted`) in the same transaction; the entry
 * names the order by id only, never the customer (the log is append-only, so it must hold nothing
 * an erasure request would have to remove).
 *
 * @example
 * await deleteOrder(ctx, { principal, orderId, actor: { kind: "api_key", apiKeyId: principal.apiKeyId } });
 */
export async function deleteOrder(
  ctx: UseCaseContext<"apiKeys" | "auditLog" | "orders">,
  command: DeleteOrderCommand,
): Promise<OrderDeletion> {
  const { unitOfWork, clock, ids } = ctx;
  const { principal, orderId, actor } = command;
  const origin = command.origin ?? { ip: null, userAgent: null };
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
    const entry: AuditEntry = {
      id: ids.uuid(),
      teamId: principal.teamId,
      createdAt: deletedAt,
      actor: await auditActor(tx, principal.teamId, actor),
      action: "order.deleted",
      target: { type: "order", id: order.id, label: `${order.isTraining ? "Training order" : "Order"} ${order.id}` },
      detail: deletionDetail(order),
      ip: origin.ip,
      userAgent: origin.userAgent,
    };
    await tx.auditLog.append(entry);
    return { order, actor, deletedAt };
  });
}

/** What the audit entry says of the order: training or live, and its items' statuses (no personal data). */
export function deletionDetail(order: Pick<Order, "isTraining" | "items">): string {
  const statuses = [...new Set(order.items.map((item) => item.status))].join(", ");
  return `${order.isTraining ? "training" : "live"} order; items: ${statuses || "none"}`;
}

async function auditActor(
  tx: { apiKeys: { findById(teamId: string, keyId: string): Promise<{ prefix: string } | null> } },
  teamId: string,
  actor: OrderDeletionActor,
): Promise<AuditActor> {
  if (actor.kind === "member") return { type: "member", id: actor.memberId, label: actor.email };
  const key = isUuidV4(actor.apiKeyId) ? await tx.apiKeys.findById(teamId, actor.apiKeyId) : null;
  return { type: "api_key", id: actor.apiKeyId, label: key ? `${key.prefix}…` : "API key" };
}
