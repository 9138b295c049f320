/**
 * The order-item state machine and the order status derived from the items. Pure functions.
 *
 * @module
 */

import type { OrderItemStatus, OrderStatus } from "./types.ts";

/** Statuses an item never leaves. */
export const FINAL_ITEM_STATUSES: readonly OrderItemStatus[] = ["rejected", "completed", "cancelled"];

/** What a provider asks of an item. */
export type ProviderItemUpdate =
  | { status: "accepted" }
  | { status: "rejected"; reason?: string | null }
  | { status: "scheduled"; scheduledDate: string }
  | { status: "completed" };

/** Provider moves allowed from each status (scheduled → scheduled sets a new date). */
const PROVIDER_MOVES: Record<OrderItemStatus, readonly OrderItemStatus[]> = {
  pending: ["accepted", "rejected"],
  handoff: ["accepted", "rejected"],
  accepted: ["scheduled", "completed"],
  scheduled: ["completed", "scheduled"],
  rejected: [],
  completed: [],
  cancelled: [],
};

/**
 * True when a provider may move an item from `from` to `to`.
 *
 * @example
 * canProviderMove("pending", "accepted"); // true
 * canProviderMove("pending", "completed"); // false: accept it first
 */
export function canProviderMove(from: OrderItemStatus, to: OrderItemStatus): boolean {
  return PROVIDER_MOVES[from].includes(to);
}

/** True when the reseller's cancel moves an item in this status (every non-final one). */
export function isCancellable(status: OrderItemStatus): boolean {
  return !FINAL_ITEM_STATUSES.includes(status);
}

/**
 * The order status from its items' statuses:
 * - `cancelled`: every item cancelled;
 * - `rejected`: no item left alive (every item rejected or cancelled), at least one rejected;
 * - `completed`: every live item (neither rejected nor cancelled) completed;
 * - `submitted`: every live item is a handoff not yet decided (a handoff-only order starts here);
 * - `in_progress`: some live item accepted, scheduled or completed;
 * - `pending`: otherwise (live items pending, or pending and handoff).
 *
 * @example
 * recomputeOrderStatus(["handoff"]); // "submitted"
 * recomputeOrderStatus(["accepted", "pending"]); // "in_progress"
 */
export function recomputeOrderStatus(statuses: readonly OrderItemStatus[]): OrderStatus {
  if (statuses.length === 0) return "pending";
  const live = statuses.filter((s) => s !== "rejected" && s !== "cancelled");
  if (live.length === 0) return statuses.every((s) => s === "cancelled") ? "cancelled" : "rejected";
  if (live.every((s) => s === "completed")) return "completed";
  if (live.every((s) => s === "handoff")) return "submitted";
  if (live.some((s) => s === "accepted" || s === "scheduled" || s === "completed")) return "in_progress";
  return "pending";
}
