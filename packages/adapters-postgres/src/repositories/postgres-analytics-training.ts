import { ORDER_ITEM_STATUSES, type OrderItemStatus } from "@marketplace/core";
import type {
  AnalyticsPeriod,
  ChannelCounts,
  ProviderAnalyticsFilter,
  ProviderCounts,
  ProviderRollups,
  ResellerAnalyticsFilter,
  ResellerRollups,
} from "@marketplace/core/analytics";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { ANALYTICS_DIRECT } from "../migrations/0024-analytics-rollups.ts";
import type { Database } from "../schema.ts";

/**
 * The training view of analytics (`training=only`): the same figures as the rollups give, over
 * training orders alone (not deleted), counted from the orders themselves. Training orders are
 * few (a team's tries against the sandbox), so the rollups leave them out and this reads them
 * through the partial indexes of migration 0028 (a team's training rows only). Every rule is the
 * rollup triggers' (migration 0024): an item counts in the period its order was placed in, with its
 * status now; handoff items add no money; an order counts once (once per provider when filtered).
 */

/** The periods as a relation `p(from_at, until_at, period)`. */
function periodsRelation(periods: readonly AnalyticsPeriod[]) {
  return sql`(select f.from_at, f.until_at, (f.n - 1)::int as period from unnest(
    ${periods.map((p) => p.from.toISOString())}::timestamptz[],
    ${periods.map((p) => p.until.toISOString())}::timestamptz[]
  ) with ordinality as f(from_at, until_at, n)) p`;
}

const MONTHLY = sql`case when i.handoff_redirect_url is null
  then coalesce((i.offer_snapshot->>'monthlyPrice')::numeric, 0) else 0 end`;

const PROVIDER_FIGURES = sql`
  count(*)::int as received,
  count(*) filter (where x.accepted_at is not null)::int as accepted,
  count(*) filter (where x.status = 'rejected')::int as rejected,
  count(*) filter (where x.status = 'completed')::int as completed,
  count(*) filter (where x.status = 'cancelled')::int as cancelled,
  coalesce(sum(x.monthly) filter (where x.accepted_at is not null), 0)::numeric(16, 2)::text as monthly_accepted,
  coalesce(sum(x.commission), 0)::numeric(16, 2)::text as commission`;

interface ProviderRow {
  received: number;
  accepted: number;
  rejected: number;
  completed: number;
  cancelled: number;
  monthly_accepted: string;
  commission: string;
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

/** A provider's training figures (see the module note). */
export async function providerTraining(
  db: Kysely<Database>,
  teamId: string,
  filter: ProviderAnalyticsFilter,
  query: { periods: readonly AnalyticsPeriod[]; topOffers: number },
): Promise<ProviderRollups> {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.offerId !== undefined) conditions.push(sql`i.offer_id = ${filter.offerId}::uuid`);
  if (filter.serviceType !== undefined) {
    conditions.push(sql`coalesce(i.offer_snapshot->>'serviceType', '') = ${filter.serviceType}`);
  }
  if (filter.brandId !== undefined) {
    conditions.push(sql`i.offer_id in (
      select o.id from offers o where o.team_id = ${teamId} and o.brand_id = ${filter.brandId}::uuid)`);
  }
  if (filter.marketId !== undefined) {
    conditions.push(sql`i.offer_id in (
      select om.offer_id from offer_markets om join markets m on m.id = om.market_id
      where m.team_id = ${teamId} and om.market_id = ${filter.marketId}::uuid)`);
  }
  const items = sql`with x as (
    select p.period, i.offer_id, i.status, i.accepted_at, ${MONTHLY} as monthly,
      coalesce(i.commission_amount, 0) as commission,
      case when i.accepted_at is not null then analytics_accept_bin(i.accepted_at - o.created_at) end as bin
    from order_items i
    join orders o on o.id = i.order_id and o.is_training and o.deleted_at is null
    join ${periodsRelation(query.periods)} on o.created_at >= p.from_at and o.created_at < p.until_at
    where i.provider_team_id = ${teamId} and i.is_training
      ${conditions.length > 0 ? sql`and ${sql.join(conditions, sql` and `)}` : sql``}
  )`;
  const [series, histogram, offers] = await Promise.all([
    sql<ProviderRow & { period: number }>`${items}
      select x.period, ${PROVIDER_FIGURES} from x group by x.period`.execute(db),
    sql<{ bin: number; count: number }>`${items}
      select x.bin, count(*)::int as count from x where x.bin is not null group by x.bin`.execute(db),
    sql<ProviderRow & { offer_id: string; offer_name: string | null }>`${items}
      select x.offer_id, min(f.name) as offer_name, ${PROVIDER_FIGURES}
      from x left join offers f on f.id = x.offer_id
      group by x.offer_id
      order by count(*) filter (where x.accepted_at is not null) desc, count(*) desc, x.offer_id
      limit ${query.topOffers}`.execute(db),
  ]);
  return {
    periods: new Map(series.rows.map((row) => [row.period, providerCounts(row)])),
    histogram: new Map(histogram.rows.map((row) => [row.bin, row.count])),
    offers: offers.rows.map((row) => ({ offerId: row.offer_id, offerName: row.offer_name, ...providerCounts(row) })),
  };
}

type ResellerRow = {
  orders: number;
  monthly_ordered: string;
  monthly_accepted: string;
  commission: string;
} & Record<`st_${OrderItemStatus}`, number>;

/** A reseller's training figures (see the module note); clicks are live traffic, always 0 here. */
export async function resellerTraining(
  db: Kysely<Database>,
  teamId: string,
  filter: ResellerAnalyticsFilter,
  query: { periods: readonly AnalyticsPeriod[] },
): Promise<ResellerRollups> {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.storefrontId !== undefined) conditions.push(sql`o.storefront_id = ${filter.storefrontId}::uuid`);
  if (filter.linkId !== undefined) conditions.push(sql`o.link_id = ${filter.linkId}::uuid`);
  if (filter.providerTeamId !== undefined) {
    conditions.push(sql`i.provider_team_id = ${filter.providerTeamId}::uuid`);
  }
  // An order counts once: at its first item, or at its first item of the filtered provider.
  const firstItem =
    filter.providerTeamId === undefined
      ? sql`i.position = 0`
      : sql`not exists (select 1 from order_items j
          where j.order_id = i.order_id and j.provider_team_id = i.provider_team_id and j.position < i.position)`;
  const items = sql`with x as (
    select p.period, i.status, i.accepted_at, ${MONTHLY} as monthly, coalesce(i.commission_amount, 0) as commission,
      coalesce(o.storefront_id, o.link_id, ${ANALYTICS_DIRECT}::uuid) as channel_id, (${firstItem}) as first_item
    from orders o
    join order_items i on i.order_id = o.id
    join ${periodsRelation(query.periods)} on o.created_at >= p.from_at and o.created_at < p.until_at
    where o.reseller_team_id = ${teamId} and o.is_training and o.deleted_at is null
      ${conditions.length > 0 ? sql`and ${sql.join(conditions, sql` and `)}` : sql``}
  )`;
  const [series, channels] = await Promise.all([
    sql<ResellerRow & { period: number }>`${items}
      select x.period, count(*) filter (where x.first_item)::int as orders,
        ${sql.join(
          ORDER_ITEM_STATUSES.map(
            (status) => sql`count(*) filter (where x.status = ${status})::int as ${sql.ref(`st_${status}`)}`,
          ),
        )},
        coalesce(sum(x.monthly), 0)::numeric(16, 2)::text as monthly_ordered,
        coalesce(sum(x.monthly) filter (where x.accepted_at is not null), 0)::numeric(16, 2)::text as monthly_accepted,
        coalesce(sum(x.commission), 0)::numeric(16, 2)::text as commission
      from x group by x.period`.execute(db),
    sql<{ kind: "storefront" | "link"; id: string; slug: string; name: string | null; orders: number }>`${items},
      f as (select x.channel_id, count(*) filter (where x.first_item)::int as orders from x group by x.channel_id)
      select 'storefront' as kind, s.id, s.slug, null::text as name, coalesce(f.orders, 0) as orders
      from storefronts s left join f on f.channel_id = s.id
      where s.reseller_team_id = ${teamId} and ${filter.linkId === undefined ? sql`true` : sql`false`}
        and ${filter.storefrontId === undefined ? sql`true` : sql`s.id = ${filter.storefrontId}::uuid`}
      union all
      select 'link', l.id, l.slug, l.name, coalesce(f.orders, 0)
      from shareable_links l left join f on f.channel_id = l.id
      where l.reseller_team_id = ${teamId} and (l.deleted_at is null or f.channel_id is not null)
        and ${filter.storefrontId === undefined ? sql`true` : sql`false`}
        and ${filter.linkId === undefined ? sql`true` : sql`l.id = ${filter.linkId}::uuid`}
      order by kind desc, slug`.execute(db),
  ]);
  return {
    periods: new Map(
      series.rows.map((row) => [
        row.period,
        {
          orders: row.orders,
          items: Object.fromEntries(ORDER_ITEM_STATUSES.map((status) => [status, row[`st_${status}`]])) as Record<
            OrderItemStatus,
            number
          >,
          totalMonthlyOrdered: row.monthly_ordered,
          totalMonthlyAccepted: row.monthly_accepted,
          commission: row.commission,
          clicks: 0,
        },
      ]),
    ),
    channels: channels.rows.map(
      (row): ChannelCounts => ({
        kind: row.kind,
        id: row.id,
        slug: row.slug,
        name: row.name,
        clicks: 0,
        orders: row.orders,
      }),
    ),
  };
}
