/**
 * The analytics use cases: a provider's and a reseller's figures over a range of local days.
 * Training orders and deleted orders are never counted; each item and order counts towards the
 * period in which its order was placed.
 *
 * @module
 */

import { InvalidInputError } from "../errors.ts";
import { isoTime } from "../iso-time.ts";
import { sumMoney } from "../money.ts";
import type { ServiceType } from "../offers/index.ts";
import { ORDER_ITEM_STATUSES, type OrderItemStatus } from "../orders/index.ts";
import type { Principal } from "../teams/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { histogramPercentile, ratio } from "./analytics-figures.ts";
import {
  type AnalyticsGranularity,
  type AnalyticsTraining,
  type AnalyticsWindow,
  type ProviderAnalyticsInput,
  parseAnalyticsWindow,
  parseProviderFilter,
  parseResellerFilter,
  type ResellerAnalyticsInput,
} from "./analytics-query.ts";
import type { ProviderCounts, ResellerCounts } from "./ports.ts";

/** What analytics never count, stated in every answer. */
export const ANALYTICS_EXCLUDED = ["trainingOrders", "deletedOrders"] as const;

/** What the training view (`training=only`) leaves out: it counts training orders alone. */
export const ANALYTICS_EXCLUDED_IN_TRAINING = ["liveOrders", "deletedOrders", "clicks"] as const;

/** How many offers `topOffers` lists. */
export const TOP_OFFERS = 10;

/** The part every answer shares. */
export interface AnalyticsHeader {
  from: string;
  to: string;
  timeZone: string;
  granularity: AnalyticsGranularity;
  /** `exclude`: live orders only (the default); `only`: training orders alone. */
  training: AnalyticsTraining;
  /**
   * `["trainingOrders", "deletedOrders"]`; in the training view
   * `["liveOrders", "deletedOrders", "clicks"]`.
   */
  excluded: string[];
  /** The figures include every change committed before this instant (ISO 8601). */
  asOf: string;
}

/** A provider's figures of one period or of the whole range. */
export interface ProviderFigures {
  itemsReceived: number;
  itemsAccepted: number;
  itemsRejected: number;
  itemsCompleted: number;
  itemsCancelled: number;
  /** itemsAccepted ÷ itemsReceived, 4 decimals; null without items. */
  acceptanceRate: number | null;
  totalMonthlyAccepted: string;
  commissionAccrued: string;
}

/** `GET /provider/analytics`. */
export interface ProviderAnalytics extends AnalyticsHeader {
  filters: { offer: string | null; brand: string | null; market: string | null; serviceType: ServiceType | null };
  totals: ProviderFigures & {
    timeToAccept: { accepted: number; medianSeconds: number | null; p90Seconds: number | null };
  };
  series: (ProviderFigures & { start: string; end: string })[];
  topOffers: (ProviderFigures & { offerId: string; offerName: string | null })[];
}

/** A reseller's figures of one period or of the whole range. */
export interface ResellerFigures {
  ordersPlaced: number;
  itemsByStatus: Record<OrderItemStatus, number>;
  totalMonthlyOrdered: string;
  totalMonthlyAccepted: string;
  commissionEarned: string;
}

/** One storefront's or link's conversion over the range. */
export interface ChannelConversion {
  clicks: number;
  orders: number;
  /** orders ÷ clicks, 4 decimals; null without clicks. */
  conversion: number | null;
}

/** `GET /reseller/analytics`. */
export interface ResellerAnalytics extends AnalyticsHeader {
  filters: { storefront: string | null; link: string | null; provider: string | null };
  totals: ResellerFigures & { clicks: number };
  series: (ResellerFigures & { start: string; end: string })[];
  storefronts: (ChannelConversion & { storefrontId: string; slug: string })[];
  links: (ChannelConversion & { linkId: string; slug: string; name: string | null })[];
}

/** Analytics for providers and resellers, from rollups. */
export interface AnalyticsUseCases {
  /** A provider team's figures; InvalidInputError for bad parameters. */
  provider(principal: Pick<Principal, "teamId">, input: ProviderAnalyticsInput): Promise<ProviderAnalytics>;
  /** A reseller team's figures; InvalidInputError for bad parameters. */
  reseller(principal: Pick<Principal, "teamId">, input: ResellerAnalyticsInput): Promise<ResellerAnalytics>;
}

const ZERO_PROVIDER: ProviderCounts = {
  received: 0,
  accepted: 0,
  rejected: 0,
  completed: 0,
  cancelled: 0,
  totalMonthlyAccepted: "0.00",
  commission: "0.00",
};

function zeroItems(): Record<OrderItemStatus, number> {
  return Object.fromEntries(ORDER_ITEM_STATUSES.map((status) => [status, 0])) as Record<OrderItemStatus, number>;
}

/**
 * Builds the analytics use cases.
 *
 * @example
 * const figures = await analyticsUseCases(ctx).provider(principal, { from: "2026-01-01", to: "2026-12-31" });
 */
export function analyticsUseCases(ctx: UseCaseContext<"analytics">): AnalyticsUseCases {
  const { unitOfWork } = ctx;

  function header(window: AnalyticsWindow, asOf: Date): AnalyticsHeader {
    return {
      from: window.from,
      to: window.to,
      timeZone: window.timeZone,
      granularity: window.granularity,
      training: window.training,
      excluded: window.training === "only" ? [...ANALYTICS_EXCLUDED_IN_TRAINING] : [...ANALYTICS_EXCLUDED],
      asOf: isoTime(asOf),
    };
  }

  return {
    async provider(principal, input) {
      const window = parseAnalyticsWindow(input);
      const filter = parseProviderFilter(input);
      const problems = [...(window.ok ? [] : window.problems), ...(filter.ok ? [] : filter.problems)];
      if (!window.ok || !filter.ok) throw new InvalidInputError(problems);
      const repository = unitOfWork.repositories.analytics;
      const asOf = await repository.refresh();
      const rollups =
        window.value.training === "only"
          ? await repository.providerTraining(principal.teamId, filter.value, {
              periods: window.value.periods,
              topOffers: TOP_OFFERS,
            })
          : await repository.providerRollups(principal.teamId, filter.value, {
              series: window.value.seriesPieces,
              range: window.value.rangePieces,
              topOffers: TOP_OFFERS,
            });
      const series = window.value.periods.map((period, index) => ({
        start: period.start,
        end: period.end,
        ...providerFigures(rollups.periods.get(index) ?? ZERO_PROVIDER),
      }));
      const totals = providerFigures(sumProvider([...rollups.periods.values()]));
      return {
        ...header(window.value, asOf),
        filters: {
          offer: filter.value.offerId ?? null,
          brand: filter.value.brandId ?? null,
          market: filter.value.marketId ?? null,
          serviceType: filter.value.serviceType ?? null,
        },
        totals: {
          ...totals,
          timeToAccept: {
            accepted: [...rollups.histogram.values()].reduce((a, b) => a + b, 0),
            medianSeconds: histogramPercentile(rollups.histogram, 50),
            p90Seconds: histogramPercentile(rollups.histogram, 90),
          },
        },
        series,
        topOffers: rollups.offers.map((offer) => ({
          offerId: offer.offerId,
          offerName: offer.offerName,
          ...providerFigures(offer),
        })),
      };
    },

    async reseller(principal, input) {
      const window = parseAnalyticsWindow(input);
      const filter = parseResellerFilter(input);
      const problems = [...(window.ok ? [] : window.problems), ...(filter.ok ? [] : filter.problems)];
      if (!window.ok || !filter.ok) throw new InvalidInputError(problems);
      const repository = unitOfWork.repositories.analytics;
      const asOf = await repository.refresh();
      const rollups =
        window.value.training === "only"
          ? await repository.resellerTraining(principal.teamId, filter.value, { periods: window.value.periods })
          : await repository.resellerRollups(principal.teamId, filter.value, {
              series: window.value.seriesPieces,
              range: window.value.rangePieces,
            });
      const all = [...rollups.periods.values()];
      const totals = sumReseller(all);
      const conversion = (clicks: number, orders: number) => ({ clicks, orders, conversion: ratio(orders, clicks) });
      return {
        ...header(window.value, asOf),
        filters: {
          storefront: filter.value.storefrontId ?? null,
          link: filter.value.linkId ?? null,
          provider: filter.value.providerTeamId ?? null,
        },
        totals: { ...resellerFigures(totals), clicks: totals.clicks },
        series: window.value.periods.map((period, index) => {
          const counts = rollups.periods.get(index);
          return { start: period.start, end: period.end, ...resellerFigures(counts ?? sumReseller([])) };
        }),
        storefronts: rollups.channels
          .filter((channel) => channel.kind === "storefront")
          .map((channel) => ({
            storefrontId: channel.id,
            slug: channel.slug,
            ...conversion(channel.clicks, channel.orders),
          })),
        links: rollups.channels
          .filter((channel) => channel.kind === "link")
          .map((channel) => ({
            linkId: channel.id,
            slug: channel.slug,
            name: channel.name,
            ...conversion(channel.clicks, channel.orders),
          })),
      };
    },
  };
}

function providerFigures(counts: ProviderCounts): ProviderFigures {
  return {
    itemsReceived: counts.received,
    itemsAccepted: counts.accepted,
    itemsRejected: counts.rejected,
    itemsCompleted: counts.completed,
    itemsCancelled: counts.cancelled,
    acceptanceRate: ratio(counts.accepted, counts.received),
    totalMonthlyAccepted: counts.totalMonthlyAccepted,
    commissionAccrued: counts.commission,
  };
}

function sumProvider(all: readonly ProviderCounts[]): ProviderCounts {
  return {
    received: all.reduce((n, c) => n + c.received, 0),
    accepted: all.reduce((n, c) => n + c.accepted, 0),
    rejected: all.reduce((n, c) => n + c.rejected, 0),
    completed: all.reduce((n, c) => n + c.completed, 0),
    cancelled: all.reduce((n, c) => n + c.cancelled, 0),
    totalMonthlyAccepted: sumMoney(all.map((c) => c.totalMonthlyAccepted)),
    commission: sumMoney(all.map((c) => c.commission)),
  };
}

function resellerFigures(counts: ResellerCounts): ResellerFigures {
  return {
    ordersPlaced: counts.orders,
    itemsByStatus: counts.items,
    totalMonthlyOrdered: counts.totalMonthlyOrdered,
    totalMonthlyAccepted: counts.totalMonthlyAccepted,
    commissionEarned: counts.commission,
  };
}

function sumReseller(all: readonly ResellerCounts[]): ResellerCounts {
  const items = zeroItems();
  for (const counts of all) for (const status of ORDER_ITEM_STATUSES) items[status] += counts.items[status];
  return {
    orders: all.reduce((n, c) => n + c.orders, 0),
    items,
    totalMonthlyOrdered: sumMoney(all.map((c) => c.totalMonthlyOrdered)),
    totalMonthlyAccepted: sumMoney(all.map((c) => c.totalMonthlyAccepted)),
    commission: sumMoney(all.map((c) => c.commission)),
    clicks: all.reduce((n, c) => n + c.clicks, 0),
  };
}
