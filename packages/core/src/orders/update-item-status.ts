/**
 * The update-item-status command: a provider accepts, rejects, schedules or completes an item.
 *
 * @module
 */

import { ConflictError, InvalidInputError, NotFoundError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import type { Principal } from "../teams/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { parseItemStatusUpdate } from "./input.ts";
import { itemStatusChangedEvent } from "./order-events.ts";
import { canProviderMove, recomputeOrderStatus } from "./order-status.ts";
import type { ProviderOrderItem } from "./ports.ts";
import type { Order, OrderItem } from "./types.ts";

/** What `updateItemStatus` carries out. */
export interface UpdateItemStatusCommand {
  /** The provider team whose offer the item is on. */
  principal: Pick<Principal, "teamId">;
  /** The item to move. */
  itemId: string;
  /** The move as sent: parsed as `parseItemStatusUpdate` does. */
  update: unknown;
}

/**
 * Moves an item (see `OrderUseCases.updateItemStatus`); ConflictError for a move the state machine
 * forbids.
 *
 * @example
 * await updateItemStatus(ctx, { principal, itemId, update: { status: "accepted" } });
 */
export async function updateItemStatus(
  ctx: UseCaseContext<"orders" | "outbox">,
  command: UpdateItemStatusCommand,
): Promise<ProviderOrderItem> {
  const { unitOfWork, clock, ids } = ctx;
  const { principal, itemId, update: rawUpdate } = command;
  const at = () => ({ id: () => ids.uuid(), now: clock.now() });
  const parsed = parseItemStatusUpdate(rawUpdate);
  if (!parsed.ok) throw new InvalidInputError(parsed.problems);
  const update = parsed.value;
  if (!isUuidV4(itemId)) throw new NotFoundError("Order item", itemId);
  return unitOfWork.transaction(async (tx) => {
    const found = await tx.orders.findItemForProvider(principal.teamId, itemId, { lock: true });
    if (!found) throw new NotFoundError("Order item", itemId);
    const { order } = found;
    const item = order.items.find((candidate) => candidate.id === itemId) as OrderItem;
    const from = item.status;
    if (!canProviderMove(from, update.status)) {
      throw new ConflictError(`Order item ${itemId} cannot move from ${from} to ${update.status}`);
    }
    const now = clock.now();
    item.status = update.status;
    item.updatedAt = now;
    if (update.status === "scheduled") item.scheduledDate = update.scheduledDate;
    if (update.status === "rejected") item.rejectionReason = update.reason?.trim() || null;
    if (
      update.status === "accepted" &&
      !order.isTraining &&
      item.offer.commission !== null &&
      item.commission === null
    ) {
      item.commission = { amount: item.offer.commission, accruedAt: now };
    }
    order.status = recomputeOrderStatus(order.items.map((candidate) => candidate.status));
    order.updatedAt = now;
    await tx.orders.saveProgress(order, [item]);
    await tx.outbox.record([itemStatusChangedEvent(order, item, from, at())]);
    return { id: item.id, item, order: orderSummary(order) };
  });
}

/** An order without its items, as a provider's item carries it. */
export function orderSummary(order: Order): ProviderOrderItem["order"] {
  const { items: _items, ...summary } = order;
  return summary;
}
