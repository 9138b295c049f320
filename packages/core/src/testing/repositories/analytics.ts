/**
 * Analytics in memory: no rollups, each answer recounted from the orders and their items (and the
 * outbound clicks) with the rules of the SQL rollup triggers (migration
 * 0024): an item counts in the period its order was placed in, with its status now; training and
 * deleted orders count only in the training view; handoff items add no money; an order counts once
 * (once per provider under a provider filter). A period without items is absent.
 *
 * @module
 */

import type {
  AnalyticsRepository,
  ChannelCounts,
  ProviderCounts,
  ProviderRollups,
  ResellerCounts,
  ResellerRollups,
} from "../../analytics/index.ts";
import {
  type AnalyticsPeriod,
  acceptBin,
  bucketEnd,
  type ProviderAnalyticsFilter,
  type ResellerAnalyticsFilter,
  type RollupPiece,
} from "../../analytics/index.ts";
import { ORDER_ITEM_STATUSES, type OrderItemStatus } from "../../orders/index.ts";
import type { InMemoryContext } from "../in-memory-database.ts";
import { MARKETS, OFFERS } from "./offer-tables.ts";
import { ORDER_ITEMS, ORDERS, type OrderItemRow, type OrderRow } from "./orders-tables.ts";
import { OUTBOUND_CLICKS, SHAREABLE_LINKS, STOREFRONTS } from "./storefront.ts";

/** An item with its order. */
interface Placed {
  item: OrderItemRow;
  order: OrderRow;
}

/** Which period(s) an instant counts in: one per covering piece (or period), as the SQL's joins count. */
type PeriodsOf = (at: Date) => number[];

function piecesPeriods(pieces: readonly RollupPiece[]): PeriodsOf {
  return (at) => {
    const t = at.getTime();
    return pieces
      .filter((piece) => piece.bucket.getTime() <= t && t < bucketEnd(piece.grain, piece.bucket.getTime()))
      .map((piece) => piece.period);
  };
}

function rangePeriods(periods: readonly AnalyticsPeriod[]): PeriodsOf {
  return (at) => {
    const t = at.getTime();
    return periods.flatMap((period, index) =>
      period.from.getTime() <= t && t < period.until.getTime() ? [index] : [],
    );
  };
}

/** A decimal string in cents (numeric values have at most two decimals here). */
function cents(value: string | null | undefined): bigint {
  if (!value) return 0n;
  const negative = value.trim().startsWith("-");
  const [whole = "0", fraction = ""] = value.trim().replace(/^[+-]/, "").split(".");
  const amount = BigInt(whole || "0") * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2));
  return negative ? -amount : amount;
}

/** Cents as numeric(16, 2) text. */
function money(amount: bigint): string {
  const sign = amount < 0n ? "-" : "";
  const digits = (amount < 0n ? -amount : amount).toString().padStart(3, "0");
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The item's monthly price as the rollups count it: none for a handoff item. */
const monthly = ({ item }: Placed) => (item.handoffRedirectUrl === null ? cents(item.offer.monthlyPrice) : 0n);
const accepted = ({ item }: Placed) => item.acceptedAt !== null;

function providerCounts(placed: readonly Placed[]): ProviderCounts {
  const count = (test: (p: Placed) => boolean) => placed.filter(test).length;
  return {
    received: placed.length,
    accepted: count(accepted),
    rejected: count(({ item }) => item.status === "rejected"),
    completed: count(({ item }) => item.status === "completed"),
    cancelled: count(({ item }) => item.status === "cancelled"),
    totalMonthlyAccepted: money(placed.filter(accepted).reduce((sum, p) => sum + monthly(p), 0n)),
    commission: money(placed.reduce((sum, { item }) => sum + cents(item.commission?.amount), 0n)),
  };
}

/** Groups `placed` by the periods each falls in. */
function byPeriod(placed: readonly Placed[], periodsOf: PeriodsOf): Map<number, Placed[]> {
  const groups = new Map<number, Placed[]>();
  for (const p of placed) {
    for (const period of periodsOf(p.order.createdAt)) groups.set(period, [...(groups.get(period) ?? []), p]);
  }
  return groups;
}

/** The in-memory `AnalyticsRepository`. */
export function inMemoryAnalytics(context: InMemoryContext): AnalyticsRepository {
  /** Every item with its order: live (not training) or training ones, never a deleted order's. */
  const placed = (training: boolean): Placed[] => {
    const orders = context.tables.rows(ORDERS);
    const out: Placed[] = [];
    for (const item of context.tables.rows(ORDER_ITEMS).values()) {
      const order = orders.get(item.orderId);
      if (!order || order.deletedAt !== null || order.isTraining !== training) continue;
      // The training view reads training items (`i.is_training`) of training orders.
      if (training && !item.isTraining) continue;
      out.push({ item, order });
    }
    return out;
  };

  const providerMatches = (teamId: string, filter: ProviderAnalyticsFilter) => {
    const offers = context.tables.rows(OFFERS);
    const markets = context.tables.rows(MARKETS);
    return ({ item }: Placed) => {
      if (item.offer.providerTeamId !== teamId) return false;
      if (filter.offerId !== undefined && item.offer.offerId !== filter.offerId) return false;
      if (filter.serviceType !== undefined && (item.offer.serviceType ?? "") !== filter.serviceType) return false;
      const offer = offers.get(item.offer.offerId);
      if (filter.brandId !== undefined && !(offer?.teamId === teamId && offer.brandId === filter.brandId)) {
        return false;
      }
      if (filter.marketId !== undefined) {
        const market = markets.get(filter.marketId);
        if (!(market?.teamId === teamId && offer?.marketIds.includes(filter.marketId))) return false;
      }
      return true;
    };
  };

  const providerAnswer = (
    teamId: string,
    filter: ProviderAnalyticsFilter,
    training: boolean,
    series: PeriodsOf,
    range: PeriodsOf,
    topOffers: number,
  ): ProviderRollups => {
    const mine = placed(training).filter(providerMatches(teamId, filter));
    const periods = new Map([...byPeriod(mine, series)].map(([period, list]) => [period, providerCounts(list)]));
    const inRange = [...byPeriod(mine, range).values()].flat();
    const histogram = new Map<number, number>();
    for (const { item, order } of inRange) {
      if (item.acceptedAt === null) continue;
      const bin = acceptBin((item.acceptedAt.getTime() - order.createdAt.getTime()) / 1000);
      histogram.set(bin, (histogram.get(bin) ?? 0) + 1);
    }
    const byOffer = new Map<string, Placed[]>();
    for (const p of inRange) byOffer.set(p.item.offer.offerId, [...(byOffer.get(p.item.offer.offerId) ?? []), p]);
    const offers = [...byOffer]
      .map(([offerId, list]) => ({
        offerId,
        offerName: context.tables.rows(OFFERS).get(offerId)?.name ?? null,
        ...providerCounts(list),
      }))
      .sort(
        (a, b) =>
          b.accepted - a.accepted ||
          b.received - a.received ||
          (a.offerId < b.offerId ? -1 : a.offerId > b.offerId ? 1 : 0),
      )
      .slice(0, topOffers);
    return { periods, histogram, offers };
  };

  const resellerAnswer = (
    teamId: string,
    filter: ResellerAnalyticsFilter,
    training: boolean,
    series: PeriodsOf,
    range: PeriodsOf,
  ): ResellerRollups => {
    const provider = filter.providerTeamId;
    const storefronts = context.tables.rows(STOREFRONTS);
    const links = context.tables.rows(SHAREABLE_LINKS);
    const all = placed(training).filter(({ order }) => order.resellerTeamId === teamId);
    const ofProvider = all.filter(({ item }) => provider === undefined || item.offer.providerTeamId === provider);
    // Live clicks of the team (of the provider's offers under a provider filter); none in training.
    const clicks = training
      ? []
      : [...context.tables.rows(OUTBOUND_CLICKS).values()].filter(
          (click) => click.resellerTeamId === teamId && (provider === undefined || click.providerTeamId === provider),
        );
    // The channel filter; the rollups' also asks that the storefront or link be the team's.
    const owned = (id: string, table: typeof storefronts | typeof links) =>
      training || table.get(id)?.resellerTeamId === teamId;
    const inChannel = (channel: { storefrontId: string | null; linkId: string | null }) =>
      (filter.storefrontId === undefined ||
        (channel.storefrontId === filter.storefrontId && owned(filter.storefrontId, storefronts))) &&
      (filter.linkId === undefined || (channel.linkId === filter.linkId && owned(filter.linkId, links)));
    // An order counts once: at its first item, or its first item of the filtered provider.
    const first = ({ item }: Placed) =>
      provider === undefined
        ? item.position === 0
        : !all.some(
            (other) =>
              other.item.orderId === item.orderId &&
              other.item.offer.providerTeamId === provider &&
              other.item.position < item.position,
          );
    const counts = (list: readonly Placed[], clickCount: number): ResellerCounts => ({
      orders: list.filter(first).length,
      items: Object.fromEntries(
        ORDER_ITEM_STATUSES.map((status) => [status, list.filter(({ item }) => item.status === status).length]),
      ) as Record<OrderItemStatus, number>,
      totalMonthlyOrdered: money(list.reduce((sum, p) => sum + monthly(p), 0n)),
      totalMonthlyAccepted: money(list.filter(accepted).reduce((sum, p) => sum + monthly(p), 0n)),
      commission: money(list.reduce((sum, { item }) => sum + cents(item.commission?.amount), 0n)),
      clicks: clickCount,
    });
    const itemsByPeriod = byPeriod(
      ofProvider.filter(({ order }) => inChannel(order)),
      series,
    );
    const clicksByPeriod = new Map<number, number>();
    for (const click of clicks.filter(inChannel)) {
      for (const period of series(click.createdAt)) clicksByPeriod.set(period, (clicksByPeriod.get(period) ?? 0) + 1);
    }
    const periods = new Map(
      [...new Set([...itemsByPeriod.keys(), ...clicksByPeriod.keys()])].map((period) => [
        period,
        counts(itemsByPeriod.get(period) ?? [], clicksByPeriod.get(period) ?? 0),
      ]),
    );

    // Each storefront and link over the range: its orders and clicks, whatever the channel filter.
    const figures = new Map<string, { orders: number; clicks: number }>();
    const add = (channel: string | null, at: Date, key: "orders" | "clicks", count: number) => {
      if (channel === null) return;
      for (const _ of range(at)) {
        const counted = figures.get(channel) ?? { orders: 0, clicks: 0 };
        counted[key] += count;
        figures.set(channel, counted);
      }
    };
    for (const p of ofProvider)
      add(p.order.storefrontId ?? p.order.linkId, p.order.createdAt, "orders", first(p) ? 1 : 0);
    for (const click of clicks) add(click.storefrontId ?? click.linkId, click.createdAt, "clicks", 1);
    const channel = (kind: ChannelCounts["kind"], row: { id: string; slug: string }, name: string | null) => ({
      kind,
      id: row.id,
      slug: row.slug,
      name,
      clicks: figures.get(row.id)?.clicks ?? 0,
      orders: figures.get(row.id)?.orders ?? 0,
    });
    const bySlug = (a: { slug: string }, b: { slug: string }) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
    const channels: ChannelCounts[] = [
      ...[...storefronts.values()]
        .filter(
          (row) =>
            row.resellerTeamId === teamId &&
            filter.linkId === undefined &&
            (filter.storefrontId === undefined || row.id === filter.storefrontId),
        )
        .sort(bySlug)
        .map((row) => channel("storefront", row, null)),
      ...[...links.values()]
        .filter(
          (row) =>
            row.resellerTeamId === teamId &&
            (row.deletedAt === null || figures.has(row.id)) &&
            filter.storefrontId === undefined &&
            (filter.linkId === undefined || row.id === filter.linkId),
        )
        .sort(bySlug)
        .map((row) => channel("link", row, row.name)),
    ];
    return { periods, channels };
  };

  return {
    async refresh() {
      // Nothing to fold: every answer is a recount of what is committed.
      return context.clock.now();
    },
    async providerRollups(teamId, filter, buckets) {
      return providerAnswer(
        teamId,
        filter,
        false,
        piecesPeriods(buckets.series),
        piecesPeriods(buckets.range),
        buckets.topOffers,
      );
    },
    async resellerRollups(teamId, filter, buckets) {
      return resellerAnswer(teamId, filter, false, piecesPeriods(buckets.series), piecesPeriods(buckets.range));
    },
    async providerTraining(teamId, filter, query) {
      const periods = rangePeriods(query.periods);
      return providerAnswer(teamId, filter, true, periods, periods, query.topOffers);
    },
    async resellerTraining(teamId, filter, query) {
      const periods = rangePeriods(query.periods);
      return resellerAnswer(teamId, filter, true, periods, periods);
    },
  };
}
