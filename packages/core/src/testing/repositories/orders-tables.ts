/**
 * The tables of orders and their items, declared apart from the repository so that customers,
 * consents, analytics and onboarding can read them.
 *
 * @module
 */

import type { Order, OrderItem } from "../../orders/index.ts";
import { defineTable } from "../in-memory-database.ts";

/** An order as stored: no items (`ORDER_ITEMS`), its channel and its deletion. */
export type OrderRow = Omit<Order, "items" | "channel"> & {
  storefrontId: string | null;
  linkId: string | null;
  /** When the reseller deleted it; null while it is not. */
  deletedAt: Date | null;
};

/** An item as stored: its place in the order and when it was first accepted. */
export type OrderItemRow = OrderItem & {
  position: number;
  /** The item's first move to accepted (time to accept); null until then. */
  acceptedAt: Date | null;
};

/** Orders by id. */
export const ORDERS = defineTable<OrderRow>("orders");

/** Order items by id. */
export const ORDER_ITEMS = defineTable<OrderItemRow>("order_items");
