/**
 * Orders, their items and customers.
 *
 * @module
 */

import type { CaptureContext, ClientInfo, ConsentDecision } from "../consents/index.ts";
import type { ElectricityDetails, InternetDetails, ServiceType } from "../offers/index.ts";

/** Statuses of an order item. Final: rejected, completed, cancelled. */
export const ORDER_ITEM_STATUSES = [
  "pending",
  "handoff",
  "accepted",
  "rejected",
  "scheduled",
  "completed",
  "cancelled",
] as const;

/** An order item's status. */
export type OrderItemStatus = (typeof ORDER_ITEM_STATUSES)[number];

/** Statuses of an order, recomputed from its items (see `recomputeOrderStatus`). */
export const ORDER_STATUSES = ["submitted", "pending", "in_progress", "completed", "rejected", "cancelled"] as const;

/** An order's status. */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Kinds of customer. */
export const CUSTOMER_KINDS = ["residential", "business"] as const;

/** A customer's kind. */
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

/** Who the order is for, as given when ordering. */
export interface CustomerContact {
  name: string;
  email: string;
  /** E.164, e.g. "+15125550123". */
  phone: string;
  kind: CustomerKind;
}

/** Where the service is delivered (US address). */
export interface ServiceAddress {
  line1: string;
  line2: string | null;
  city: string;
  /** Two-letter state code, e.g. "TX". */
  state: string;
  /** 5-digit ZIP code. */
  zipCode: string;
}

/** What an item keeps of its offer at order time; never changes when the offer does. */
export interface OfferSnapshot {
  offerId: string;
  offerName: string;
  serviceType: ServiceType;
  providerTeamId: string;
  /** The brand's name, or the provider team's when the offer has no brand. */
  providerName: string;
  monthlyPrice: string | null;
  promoMonthlyPrice: string | null;
  promoDurationMonths: number | null;
  contractTermMonths: number | null;
  /** Commission per accepted item, as the offer said at order time. */
  commission: string | null;
  internet: InternetDetails | null;
  electricity: ElectricityDetails | null;
  /** Unsigned delivery target for `order.item.created` (internal; never shown to resellers). */
  submissionUrl: string | null;
}

/** The offer's terms as an item shows them everywhere: in every order view and every order event. */
export type OfferTerms = Pick<
  OfferSnapshot,
  | "offerId"
  | "offerName"
  | "serviceType"
  | "providerName"
  | "monthlyPrice"
  | "promoMonthlyPrice"
  | "promoDurationMonths"
  | "contractTermMonths"
>;

/** The one owner of which snapshot fields an item shows (the commission and details stay internal). */
export function offerTerms(offer: OfferSnapshot): OfferTerms {
  return {
    offerId: offer.offerId,
    offerName: offer.offerName,
    serviceType: offer.serviceType,
    providerName: offer.providerName,
    monthlyPrice: offer.monthlyPrice,
    promoMonthlyPrice: offer.promoMonthlyPrice,
    promoDurationMonths: offer.promoDurationMonths,
    contractTermMonths: offer.contractTermMonths,
  };
}

/** An item's `handoff` (`metadata.handoff` in views): the partner signup link of a lead_gen item, else null. */
export function itemHandoff(item: Pick<OrderItem, "handoffRedirectUrl">): { redirectUrl: string } | null {
  return item.handoffRedirectUrl ? { redirectUrl: item.handoffRedirectUrl } : null;
}

/** A commission accrued to the reseller when an item was accepted. */
export interface Commission {
  amount: string;
  accruedAt: Date;
}

/** One offer ordered. */
export interface OrderItem {
  id: string;
  orderId: string;
  status: OrderItemStatus;
  isTraining: boolean;
  offer: OfferSnapshot;
  /** The partner signup link of a lead_gen item (`metadata.handoff.redirectUrl`), else null. */
  handoffRedirectUrl: string | null;
  /** Installation or service date set when the provider schedules the item. */
  scheduledDate: string | null;
  /** Why the provider rejected the item, when it did. */
  rejectionReason: string | null;
  commission: Commission | null;
  createdAt: Date;
  updatedAt: Date;
}

/** An order placed by a reseller for one customer. */
export interface Order {
  id: string;
  resellerTeamId: string;
  /** The customer record (null for training orders, which create none). */
  customerId: string | null;
  customer: CustomerContact;
  serviceAddress: ServiceAddress;
  /** Calendar dates, YYYY-MM-DD. */
  moveInDate: string | null;
  installationDate: string | null;
  isTraining: boolean;
  status: OrderStatus;
  /** Sum of the items' monthly prices, handoff items excluded, decimal string. */
  totalMonthly: string;
  items: OrderItem[];
  createdAt: Date;
  updatedAt: Date;
  /**
   * The public channel the order came through (storefront or shareable link), for analytics;
   * absent or both null for orders placed by API key. Never shown in order views.
   */
  channel?: OrderChannel;
}

/** Where a public order came from: at most one of the two is set. */
export interface OrderChannel {
  storefrontId: string | null;
  linkId: string | null;
}

/** Options of `orders.place`. */
export interface PlaceOrderOptions {
  /** Opt-in: a retried request with the same key returns the first response instead of a new order. */
  idempotencyKey?: string | null;
  /**
   * The consumer's consent decisions, for orders placed through a public channel: they must include a
   * granted `order_contact` decision (else UnprocessableError `consent_required`); each is recorded
   * once per provider team of the order, with `order.consent_recorded`, in the order's transaction.
   */
  consents?: { decisions: readonly ConsentDecision[]; client: ClientInfo; capture?: CaptureContext };
}
