/**
 * The port of the analytics capability: rollups read by bucket.
 *
 * @module
 */

import type { OrderItemStatus } from "../orders/index.ts";
import type {
  AnalyticsPeriod,
  ProviderAnalyticsFilter,
  ResellerAnalyticsFilter,
  RollupPiece,
} from "./analytics-query.ts";

/** Additive provider figures of one period (or one offer). */
export interface ProviderCounts {
  received: number;
  /** Items that were accepted (whatever came after: scheduled, completed, even cancelled). */
  accepted: number;
  rejected: number;
  completed: number;
  cancelled: number;
  /** Sum of the accepted items' monthly prices (handoff items excluded, as from `totalMonthly`). */
  totalMonthlyAccepted: string;
  /** Commission accrued on the accepted items. */
  commission: string;
}

/** One offer's figures over the whole range. */
export interface OfferCounts extends ProviderCounts {
  offerId: string;
  /** The offer's current name (null when it is gone). */
  offerName: string | null;
}

/** What the store answers for a provider's query. */
export interface ProviderRollups {
  /** By period index; a period without rows is absent. */
  periods: Map<number, ProviderCounts>;
  /** Accepted items over the whole range by time-to-accept bin (see `acceptBinSeconds`). */
  histogram: Map<number, number>;
  /** Offers over the whole range, most accepted first, at most `limit`. */
  offers: OfferCounts[];
}

/** Additive reseller figures of one period (or one channel). */
export interface ResellerCounts {
  orders: number;
  items: Record<OrderItemStatus, number>;
  totalMonthlyOrdered: string;
  totalMonthlyAccepted: string;
  commission: string;
  clicks: number;
}

/** One storefront or shareable link over the whole range. */
export interface ChannelCounts {
  kind: "storefront" | "link";
  id: string;
  slug: string;
  /** A link's name (null for a storefront or an unnamed link). */
  name: string | null;
  clicks: number;
  orders: number;
}

/** What the store answers for a reseller's query. */
export interface ResellerRollups {
  periods: Map<number, ResellerCounts>;
  channels: ChannelCounts[];
}

/** Reads analytics from rollups kept beside the orders. */
export interface AnalyticsRepository {
  /**
   * Brings the rollups up to date with every change committed so far and returns the instant they
   * are exact as of (every write committed before it is included).
   */
  refresh(): Promise<Date>;
  /** A provider team's figures for the given buckets, filtered. */
  providerRollups(
    teamId: string,
    filter: ProviderAnalyticsFilter,
    buckets: { series: readonly RollupPiece[]; range: readonly RollupPiece[]; topOffers: number },
  ): Promise<ProviderRollups>;
  /** A reseller team's figures for the given buckets, filtered. */
  resellerRollups(
    teamId: string,
    filter: ResellerAnalyticsFilter,
    buckets: { series: readonly RollupPiece[]; range: readonly RollupPiece[] },
  ): Promise<ResellerRollups>;
  /**
   * The same figures over training orders alone (not deleted), counted from the orders themselves:
   * training orders are few, and a partial index keeps the read to the team's training rows.
   * Clicks are live traffic: none are counted here.
   */
  providerTraining(
    teamId: string,
    filter: ProviderAnalyticsFilter,
    query: { periods: readonly AnalyticsPeriod[]; topOffers: number },
  ): Promise<ProviderRollups>;
  /** A reseller team's training figures (see `providerTraining`). */
  resellerTraining(
    teamId: string,
    filter: ResellerAnalyticsFilter,
    query: { periods: readonly AnalyticsPeriod[] },
  ): Promise<ResellerRollups>;
}
