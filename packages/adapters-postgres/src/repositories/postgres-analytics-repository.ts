import { ORDER_ITEM_STATUSES, type OrderItemStatus } from "@marketplace/core";
import {
  type AnalyticsPeriod,
  type AnalyticsRepository,
  bucketEnd,
  type ChannelCounts,
  type ProviderAnalyticsFilter,
  type ProviderCounts,
  type ProviderRollups,
  type ResellerAnalyticsFilter,
  type ResellerCounts,
  type ResellerRollups,
  type RollupGrain,
  type RollupPiece,
} from "@marketplace/core/analytics";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { ANALYTICS_ALL, ANALYTICS_DIRECT } from "../migrations/0024-analytics-rollups.ts";
import type { Database } from "../schema.ts";
import { providerTraining, resellerTraining } from "./postgres-analytics-training.ts";

/**
 * Analytics from the rollups of migrations 0024, 0028 and 0032: `refresh` folds the pending deltas (written by
 * triggers in each order's own transaction), then each figure is a sum over the rollup buckets
 * that cover the asked periods, joined by (grain, bucket): a one-year range reads at most a few
 * thousand rows per key whatever the number of orders.
 */
export class PostgresAnalyticsRepository implements AnalyticsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async refresh(): Promise<Date> {
    // The fold takes its advisory lock (ADR-0068) only when a delta is pending; an idle read
    // returns `now()` without waiting behind another reader's fold. `now()` is this statement's
    // transaction start, taken before its snapshot: every delta committed before it is either
    // seen here (so folded, under the lock) or already folded by a committed fold, whose rollups
    // the following reads see; a delta being folded by an uncommitted fold is still seen here, so
    // this read waits for it on the lock. A provider's own change is committed before its read,
    // so it is always folded first.
    const { rows } = await sql<{ as_of: Date }>`
      select case when exists (select from analytics_deltas) then analytics_fold() else now() end as as_of`.execute(
      this.db,
    );
    return (rows[0] as { as_of: Date }).as_of;
  }

  async providerRollups(
    teamId: string,
    filter: ProviderAnalyticsFilter,
    buckets: { series: readonly RollupPiece[]; range: readonly RollupPiece[]; topOffers: number },
  ): Promise<ProviderRollups> {
    const filtered =
      filter.offerId !== undefined ||
      filter.brandId !== undefined ||
      filter.marketId !== undefined ||
      filter.serviceType !== undefined;
    const key = (alias: string) => {
      const r = sql.ref(alias);
      if (!filtered) return sql`${r}.offer_id = ${ANALYTICS_ALL}::uuid and ${r}.service_type = ''`;
      return offerConditions(r, teamId, filter);
    };
    const figures = sql`
      sum(r.received)::int as received, sum(r.accepted)::int as accepted, sum(r.rejected)::int as rejected,
      sum(r.completed)::int as completed, sum(r.cancelled)::int as cancelled,
      sum(r.monthly_accepted)::numeric(16, 2)::text as monthly_accepted,
      sum(r.commission)::numeric(16, 2)::text as commission`;
    const [series, histogram, offers] = await Promise.all([
      sql<ProviderRow & { period: number }>`
        select p.period, ${figures}
        from ${pieces(buckets.series)}
        cross join lateral (select * from analytics_provider_rollups r
          where r.provider_team_id = ${teamId} and r.grain = p.grain and r.bucket between p.first and p.last
            and ${key("r")} offset 0) r
        group by p.period`.execute(this.db),
      sql<{ bin: number; count: number }>`
        select h.bin, sum(h.count)::int as count
        from ${pieces(buckets.range)}
        cross join lateral (select * from analytics_accept_histogram h
          where h.provider_team_id = ${teamId} and h.grain = p.grain and h.bucket between p.first and p.last
            and ${key("h")} offset 0) h
        group by h.bin`.execute(this.db),
      sql<ProviderRow & { offer_id: string; offer_name: string | null }>`
        select r.offer_id, min(o.name) as offer_name, ${figures}
        from ${pieces(buckets.range)}
        cross join lateral (select * from analytics_provider_rollups r
          where r.provider_team_id = ${teamId} and r.grain = p.grain and r.bucket between p.first and p.last
            and ${offerConditions(sql.ref("r"), teamId, filter)} offset 0) r
        left join offers o on o.id = r.offer_id
        group by r.offer_id
        having sum(r.received) <> 0 or sum(r.accepted) <> 0
        order by sum(r.accepted) desc, sum(r.received) desc, r.offer_id
        limit ${buckets.topOffers}`.execute(this.db),
    ]);
    return {
      periods: new Map(series.rows.map((row) => [row.period, providerCounts(row)])),
      histogram: new Map(histogram.rows.filter((row) => row.count !== 0).map((row) => [row.bin, row.count])),
      offers: offers.rows.map((row) => ({ offerId: row.offer_id, offerName: row.offer_name, ...providerCounts(row) })),
    };
  }

  providerTraining(
    teamId: string,
    filter: ProviderAnalyticsFilter,
    query: { periods: readonly AnalyticsPeriod[]; topOffers: number },
  ): Promise<ProviderRollups> {
    return providerTraining(this.db, teamId, filter, query);
  }

  resellerTraining(
    teamId: string,
    filter: ResellerAnalyticsFilter,
    query: { periods: readonly AnalyticsPeriod[] },
  ): Promise<ResellerRollups> {
    return resellerTraining(this.db, teamId, filter, query);
  }

  async resellerRollups(
    teamId: string,
    filter: ResellerAnalyticsFilter,
    buckets: { series: readonly RollupPiece[]; range: readonly RollupPiece[] },
  ): Promise<ResellerRollups> {
    const provider = filter.providerTeamId ?? ANALYTICS_ALL;
    const channel: RawBuilder<unknown>[] = [];
    if (filter.storefrontId !== undefined) {
      channel.push(sql`r.channel_id = ${filter.storefrontId}::uuid and exists (
        select 1 from storefronts s where s.id = ${filter.storefrontId}::uuid and s.reseller_team_id = ${teamId})`);
    }
    if (filter.linkId !== undefined) {
      channel.push(sql`r.channel_id = ${filter.linkId}::uuid and exists (
        select 1 from shareable_links l where l.id = ${filter.linkId}::uuid and l.reseller_team_id = ${teamId})`);
    }
    if (channel.length === 0) channel.push(sql`r.channel_id = ${ANALYTICS_ALL}::uuid`);
    const [series, channels] = await Promise.all([
      sql<ResellerRow & { period: number }>`
        select p.period, sum(r.orders)::int as orders,
          ${sql.join(
            ORDER_ITEM_STATUSES.map(
              (status) => sql`sum(${sql.ref(`r.st_${status}`)})::int as ${sql.ref(`st_${status}`)}`,
            ),
          )},
          sum(r.monthly_ordered)::numeric(16, 2)::text as monthly_ordered,
          sum(r.monthly_accepted)::numeric(16, 2)::text as monthly_accepted,
          sum(r.commission)::numeric(16, 2)::text as commission,
          sum(r.clicks)::int as clicks
        from ${pieces(buckets.series)}
        cross join lateral (select * from analytics_reseller_rollups r
          where r.reseller_team_id = ${teamId} and r.provider_team_id = ${provider}::uuid
            and r.grain = p.grain and r.bucket between p.first and p.last and ${sql.join(channel, sql` and `)}
          offset 0) r
        group by p.period`.execute(this.db),
      sql<{
        kind: "storefront" | "link";
        id: string;
        slug: string;
        name: string | null;
        clicks: number;
        orders: number;
      }>`
        with f as (
          select r.channel_id, sum(r.clicks)::int as clicks, sum(r.orders)::int as orders
          from ${pieces(buckets.range)}
          cross join lateral (select * from analytics_reseller_rollups r
            where r.reseller_team_id = ${teamId} and r.provider_team_id = ${provider}::uuid
              and r.grain = p.grain and r.bucket between p.first and p.last
              and r.channel_id <> ${ANALYTICS_ALL}::uuid and r.channel_id <> ${ANALYTICS_DIRECT}::uuid
            offset 0) r
          group by r.channel_id
        )
        select 'storefront' as kind, s.id, s.slug, null::text as name,
          coalesce(f.clicks, 0) as clicks, coalesce(f.orders, 0) as orders
        from storefronts s left join f on f.channel_id = s.id
        where s.reseller_team_id = ${teamId} and ${filter.linkId === undefined ? sql`true` : sql`false`}
          and ${filter.storefrontId === undefined ? sql`true` : sql`s.id = ${filter.storefrontId}::uuid`}
        union all
        select 'link', l.id, l.slug, l.name, coalesce(f.clicks, 0), coalesce(f.orders, 0)
        from shareable_links l left join f on f.channel_id = l.id
        where l.reseller_team_id = ${teamId} and (l.deleted_at is null or f.channel_id is not null)
          and ${filter.storefrontId === undefined ? sql`true` : sql`false`}
          and ${filter.linkId === undefined ? sql`true` : sql`l.id = ${filter.linkId}::uuid`}
        order by kind desc, slug`.execute(this.db),
    ]);
    return {
      periods: new Map(series.rows.map((row) => [row.period, resellerCounts(row)])),
      channels: channels.rows.map(
        (row): ChannelCounts => ({
          kind: row.kind,
          id: row.id,
          slug: row.slug,
          name: row.name,
          clicks: row.clicks,
          orders: row.orders,
        }),
      ),
    };
  }
}

interface ProviderRow {
  received: number;
  accepted: number;
  rejected: number;
  completed: number;
  cancelled: number;
  monthly_accepted: string;
  commission: string;
}

type ResellerRow = {
  orders: number;
  monthly_ordered: string;
  monthly_accepted: string;
  commission: string;
  clicks: number;
} & Record<`st_${OrderItemStatus}`, number>;

/**
 * The buckets as a relation `p(grain, first, last, period)` of runs: consecutive buckets of one
 * grain and one period merged, so each run is one index range scan (`bucket between first and
 * last`) instead of one index lookup per bucket. A local day is one shifted-day bucket in any zone
 * (migration 0032, ADR-0078), or on a DST change day one run of hour buckets (New York) or three
 * of quarter and hour buckets (Kathmandu-like offsets); a year in UTC is 12 month buckets and one run. Each grain is its own key (a shifted grain holds one offset's days
 * only), so a run of one grain never reads another offset's rows. Rollup rows sit on their grain's boundaries,
 * so a run reads exactly its buckets. Each run is read by a LATERAL subquery behind `offset 0`
 * (never pulled up into a join): with the range condition as a join filter the planner chose a
 * merge join on `grain` alone, comparing every run with every row of the grain (ADR-0068; figures:
 * docs/performance.md, "Analytics (issue 31)").
 */
function pieces(list: readonly RollupPiece[]) {
  const sorted = [...list].sort(
    (a, b) => a.period - b.period || a.grain - b.grain || a.bucket.getTime() - b.bucket.getTime(),
  );
  const runs: { grain: RollupGrain; first: number; last: number; period: number }[] = [];
  for (const piece of sorted) {
    const at = piece.bucket.getTime();
    const run = runs[runs.length - 1];
    if (run && run.period === piece.period && run.grain === piece.grain && bucketEnd(piece.grain, run.last) === at) {
      run.last = at;
    } else {
      runs.push({ grain: piece.grain, first: at, last: at, period: piece.period });
    }
  }
  const iso = (ms: number) => new Date(ms).toISOString();
  return sql`unnest(
    ${runs.map((run) => run.grain)}::smallint[],
    ${runs.map((run) => iso(run.first))}::timestamptz[],
    ${runs.map((run) => iso(run.last))}::timestamptz[],
    ${runs.map((run) => run.period)}::int[]
  ) as p(grain, first, last, period)`;
}

/** Per-offer rows matching the provider's filters (brand and markets as the offer has them now). */
function offerConditions(
  r: RawBuilder<unknown> | ReturnType<typeof sql.ref>,
  teamId: string,
  filter: ProviderAnalyticsFilter,
) {
  const conditions = [sql`${r}.offer_id <> ${ANALYTICS_ALL}::uuid`];
  if (filter.offerId !== undefined) conditions.push(sql`${r}.offer_id = ${filter.offerId}::uuid`);
  if (filter.serviceType !== undefined) conditions.push(sql`${r}.service_type = ${filter.serviceType}`);
  if (filter.brandId !== undefined) {
    conditions.push(sql`${r}.offer_id in (
      select o.id from offers o where o.team_id = ${teamId} and o.brand_id = ${filter.brandId}::uuid)`);
  }
  if (filter.marketId !== undefined) {
    conditions.push(sql`${r}.offer_id in (
      select om.offer_id from offer_markets om join markets m on m.id = om.market_id
      where m.team_id = ${teamId} and om.market_id = ${filter.marketId}::uuid)`);
  }
  return sql`(${sql.join(conditions, sql` and `)})`;
}

function providerCounts(row: ProviderRow): ProviderCounts {
  return {
    received: row.received,
    accepted: row.accepted,
    rejected: row.rejected,
    completed: row.completed,
    cancelled: row.cancelled,
    totalMonthlyAccepted: row.monthly_accepted,
    commission: row.commission,
  };
}

function resellerCounts(row: ResellerRow): ResellerCounts {
  return {
    orders: row.orders,
    items: Object.fromEntries(ORDER_ITEM_STATUSES.map((status) => [status, row[`st_${status}`]])) as Record<
      OrderItemStatus,
      number
    >,
    totalMonthlyOrdered: row.monthly_ordered,
    totalMonthlyAccepted: row.monthly_accepted,
    commission: row.commission,
    clicks: row.clicks,
  };
}
