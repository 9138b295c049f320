/**
 * Orders and items as the repositories hand them out: rows copied, items in position order, the
 * order's channel left out (never shown in order views), numeric(12, 2) values as PostgreSQL prints them.
 *
 * @module
 */

import type { Order, OrderItem, OrderSummary, ProviderOrderItem } from "../../orders/index.ts";
import { copy } from "../in-memory-database.ts";
import type { OrderItemRow, OrderRow } from "./orders-tables.ts";

/** An order row without what views leave out. */
export function orderSummary(row: OrderRow): OrderSummary {
  const { storefrontId: _s, linkId: _l, deletedAt: _d, ...summary } = row;
  return copy(summary);
}

/** An item row without its position and acceptance time. */
export function orderItem(row: OrderItemRow): OrderItem {
  const { position: _p, acceptedAt: _a, ...item } = row;
  return copy(item);
}

/** The order with its items (in position order). */
export function orderWithItems(row: OrderRow, items: readonly OrderItemRow[]): Order {
  const sorted = items.filter((item) => item.orderId === row.id).sort((a, b) => a.position - b.position);
  return { ...orderSummary(row), items: sorted.map(orderItem) };
}

/** A provider's view of an item and its order. */
export function providerItem(order: OrderRow, item: OrderItemRow): ProviderOrderItem {
  return { id: item.id, item: orderItem(item), order: orderSummary(order) };
}

/**
 * A decimal as a numeric(12, 2) column returns it: two decimals, rounded half away from zero
 * ("80" → "80.00", "1.005" → "1.01").
 */
export function numeric2(value: string): string {
  const match = /^\s*([+-]?)(\d*)(?:\.(\d*))?\s*$/.exec(value);
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) {
    throw new TypeError(`invalid input syntax for type numeric: "${value}"`);
  }
  const negative = match[1] === "-";
  const fraction = (match[3] ?? "").padEnd(3, "0");
  let cents = BigInt(match[2] || "0") * 100n + BigInt(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1n;
  const digits = cents.toString().padStart(3, "0");
  const text = `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  return negative && cents !== 0n ? `-${text}` : text;
}
