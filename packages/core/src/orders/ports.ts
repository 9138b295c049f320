/**
 * Ports of the order capability.
 *
 * @module
 */

import type { Offer } from "../offers/index.ts";
import type { PageRequest } from "../pagination.ts";
import type { Order, OrderItem, OrderItemStatus } from "./types.ts";

/** What an order reads of an offer: the fields its item snapshots, and the partner signup. */
export type OrderedOffer = Pick<
  Offer,
  | "id"
  | "teamId"
  | "name"
  | "serviceType"
  | "monthlyPrice"
  | "promoMonthlyPrice"
  | "promoDurationMonths"
  | "contractTermMonths"
  | "commission"
  | "partnerSignup"
  | "submissionUrl"
  | "internet"
  | "electricity"
>;

/** An active offer as an order sees it. */
export interface OrderableOffer {
  offer: OrderedOffer;
  /** The brand's name, or the provider team's name when the offer has no brand. */
  providerName: string;
  /** True when the offer has no market, or one of its markets holds the ZIP code asked about. */
  availableAtZip: boolean;
}

/** An order without its items: what an item's view shows of its order. */
export type OrderSummary = Omit<Order, "items">;

/** One item with its order, as a provider sees it. */
export interface ProviderOrderItem {
  /** The item's id (the list's key). */
  id: string;
  item: OrderItem;
  order: OrderSummary;
}

/** Stores orders and their items. */
export interface OrderRepository {
  /** The active, non-deleted offers among `offerIds`, with their availability at `zipCode`. */
  findOrderableOffers(offerIds: readonly string[], zipCode: string): Promise<OrderableOffer[]>;
  /**
   * Inserts an order with its items. Its events are recorded by the transaction's outbox
   * (`TransactionScope.outbox`), not here.
   */
  insert(order: Order): Promise<void>;
  /**
   * The reseller team's order with every item, or null (also for a deleted order); `lock` holds
   * the order row for update.
   */
  findForReseller(teamId: string, orderId: string, options?: { lock?: boolean }): Promise<Order | null>;
  /**
   * The reseller team's orders that are not deleted, newest first, as the page request asks; only
   * training (or only live) orders when `filter.isTraining` is set.
   */
  listForReseller(teamId: string, page: PageRequest, filter?: { isTraining?: boolean }): Promise<Order[]>;
  /**
   * An item on one of the provider team's offers with its whole order (every item, for
   * recomputing the order status), or null; `lock` holds the order row for update.
   */
  findItemForProvider(
    teamId: string,
    itemId: string,
    options?: { lock?: boolean },
  ): Promise<{ order: Order; item: OrderItem } | null>;
  /** Items on the provider team's offers, newest first, optionally of one status. */
  listItemsForProvider(
    teamId: string,
    filter: { status?: OrderItemStatus },
    page: PageRequest,
  ): Promise<ProviderOrderItem[]>;
  /**
   * Marks the reseller's order deleted at `at`: every reseller read (`findForReseller`,
   * `listForReseller`) leaves it out from then on; the items stay for their providers.
   */
  markDeleted(order: Order, at: Date): Promise<void>;
  /**
   * Saves the items' status, dates and commission, and the order's status and update time; an
   * item's first move to accepted is stamped as its acceptance time.
   */
  saveProgress(order: Order, items: readonly OrderItem[]): Promise<void>;
}

/** A remembered `Idempotency-Key` of `POST /reseller/orders`. */
export interface IdempotencyRecord {
  /** Hash of the request it was first used with. */
  requestHash: string;
  /** The first response's order, as it was returned. */
  response: unknown;
}

/** Remembers idempotency keys per team. */
export interface IdempotencyRepository {
  /**
   * Claims `key` for the team at `at`; false when it is taken, that is used at or after `notBefore`
   * (waits for a concurrent claim to settle). A key last used before `notBefore` has left the replay
   * window (`find` no longer sees it) and is taken over: the new request's hash, no response yet. So
   * an expired key places a new order rather than answering 409 until retention prunes it.
   */
  claim(teamId: string, key: string, requestHash: string, at: Date, notBefore: Date): Promise<boolean>;
  /** Stores the response of a claimed key. */
  complete(teamId: string, key: string, response: unknown): Promise<void>;
  /** The record of a key used at or after `notBefore`, or null. */
  find(teamId: string, key: string, notBefore: Date): Promise<IdempotencyRecord | null>;
}
