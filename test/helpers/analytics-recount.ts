import { ORDER_ITEM_STATUSES, type ProviderAnalytics, type ResellerAnalytics } from "@marketplace/core";
import {
  type AnalyticsWindow,
  type ProviderAnalyticsFilter,
  parseAnalyticsWindow,
  type ResellerAnalyticsFilter,
} from "@marketplace/core/analytics";
import { type Kysely, sql } from "kysely";
import { expect } from "vitest";
import { PostgresAnalyticsRepository } from "../../packages/adapters-postgres/src/repositories/postgres-analytics-repository.ts";
import type { Database } from "../../packages/adapters-postgres/src/schema.ts";

// The analytics property test's plain SQL recount over the raw tables (orders, order_items,
// outbound_clicks): what every rollup figure must equal (issue 31), and the checks of an answer
// against it.

export interface Query {
  from: string;
  to: string;
  timeZone: string;
  granularity: "day" | "week" | "month";
  /** `only`: the training view, recounted over training orders alone. */
  training: "exclude" | "only";
}

/** `day` in the period key of the query: the period's first date. */
function periodKey(q: Query): ReturnType<typeof sql> {
  if (q.granularity === "day") return sql`d`;
  return sql`greatest(date_trunc(${q.granularity}, d::timestamp)::date, ${q.from}::date)`;
}

const BIN = sql`case
  when s < 3600 then floor(s / 60) * 60
  when s < 86400 then 3600 + floor((s - 3600) / 900) * 900
  when s < 2592000 then 86400 + floor((s - 86400) / 3600) * 3600
  else 2592000 end`;

export async function recountProvider(
  db: Kysely<Database>,
  teamId: string,
  q: Query,
  filter: { offer?: string; serviceType?: string; brand?: string },
) {
  const where = sql`i.provider_team_id = ${teamId} and o.is_training = ${q.training === "only"} and o.deleted_at is null
    and (o.created_at at time zone ${q.timeZone})::date between ${q.from}::date and ${q.to}::date
    and (${filter.offer ?? null}::uuid is null or i.offer_id = ${filter.offer ?? null}::uuid)
    and (${filter.serviceType ?? null}::text is null or i.offer_snapshot->>'serviceType' = ${filter.serviceType ?? null}::text)
    and (${filter.brand ?? null}::uuid is null or i.offer_id in (select id from offers where brand_id = ${filter.brand ?? null}::uuid))`;
  const price = sql`case when i.handoff_redirect_url is null then (i.offer_snapshot->>'monthlyPrice')::numeric else 0 end`;
  const figures = sql`count(*)::int as received,
      (count(*) filter (where i.accepted_at is not null))::int as accepted,
      (count(*) filter (where i.status = 'rejected'))::int as rejected,
      (count(*) filter (where i.status = 'completed'))::int as completed,
      (count(*) filter (where i.status = 'cancelled'))::int as cancelled,
      coalesce(sum(${price}) filter (where i.accepted_at is not null), 0)::numeric(16, 2)::text as monthly,
      coalesce(sum(i.commission_amount), 0)::numeric(16, 2)::text as commission`;
  const series = await sql<Record<string, string | number>>`
    select to_char(${periodKey(q)}, 'YYYY-MM-DD') as start, ${figures}
    from (select i.*, (o.created_at at time zone ${q.timeZone})::date as d
          from order_items i join orders o on o.id = i.order_id where ${where}) i
    group by 1`.execute(db);
  const times = await sql<{ seconds: number }>`
    select (${BIN})::int as seconds from (
      select greatest(extract(epoch from i.accepted_at - o.created_at), 0) as s
      from order_items i join orders o on o.id = i.order_id where ${where} and i.accepted_at is not null
    ) x order by 1`.execute(db);
  const offers = await sql<Record<string, string | number>>`
    select i.offer_id, ${figures}
    from order_items i join orders o on o.id = i.order_id where ${where}
    group by i.offer_id order by accepted desc, received desc, i.offer_id limit 10`.execute(db);
  return { series: series.rows, times: times.rows.map((row) => row.seconds), offers: offers.rows };
}

export async function recountReseller(
  db: Kysely<Database>,
  teamId: string,
  q: Query,
  filter: { provider?: string; storefront?: string; link?: string },
) {
  const local = (column: string) => sql`(${sql.ref(column)} at time zone ${q.timeZone})::date`;
  const itemWhere = sql`o.reseller_team_id = ${teamId} and o.is_training = ${q.training === "only"} and o.deleted_at is null
    and ${local("o.created_at")} between ${q.from}::date and ${q.to}::date
    and (${filter.provider ?? null}::uuid is null or i.provider_team_id = ${filter.provider ?? null}::uuid)
    and (${filter.storefront ?? null}::uuid is null or o.storefront_id = ${filter.storefront ?? null}::uuid)
    and (${filter.link ?? null}::uuid is null or o.link_id = ${filter.link ?? null}::uuid)`;
  const price = sql`case when i.handoff_redirect_url is null then (i.offer_snapshot->>'monthlyPrice')::numeric else 0 end`;
  const series = await sql<Record<string, string | number>>`
    select to_char(${periodKey(q)}, 'YYYY-MM-DD') as start, count(distinct x.order_id)::int as orders,
      ${sql.join(ORDER_ITEM_STATUSES.map((s) => sql`(count(*) filter (where x.status = ${s}))::int as ${sql.ref(s)}`))},
      coalesce(sum(x.price), 0)::numeric(16, 2)::text as money_ordered,
      coalesce(sum(x.price) filter (where x.accepted_at is not null), 0)::numeric(16, 2)::text as money_accepted,
      coalesce(sum(x.commission_amount), 0)::numeric(16, 2)::text as commission
    from (select i.*, ${price} as price, ${local("o.created_at")} as d
          from order_items i join orders o on o.id = i.order_id where ${itemWhere}) x
    group by 1`.execute(db);
  // Without a provider filter, the money ordered must also equal the orders' own totalMonthly.
  const orderTotals = await sql<{ start: string; total: string }>`
    select to_char(${periodKey(q)}, 'YYYY-MM-DD') as start, sum(total_monthly)::numeric(16, 2)::text as total
    from (select o.*, ${local("o.created_at")} as d from orders o
          where o.reseller_team_id = ${teamId} and o.is_training = ${q.training === "only"} and o.deleted_at is null
            and ${local("o.created_at")} between ${q.from}::date and ${q.to}::date
            and (${filter.storefront ?? null}::uuid is null or o.storefront_id = ${filter.storefront ?? null}::uuid)
            and (${filter.link ?? null}::uuid is null or o.link_id = ${filter.link ?? null}::uuid)) o
    group by 1`.execute(db);
  const clicks = await sql<{ channel: string; clicks: number }>`
    select coalesce(c.storefront_id, c.link_id)::text as channel, count(*)::int as clicks
    from outbound_clicks c
    where ${q.training !== "only"} and c.reseller_team_id = ${teamId} and ${local("c.created_at")} between ${q.from}::date and ${q.to}::date
      and (${filter.provider ?? null}::uuid is null or c.provider_team_id = ${filter.provider ?? null}::uuid)
      and (${filter.storefront ?? null}::uuid is null or c.storefront_id = ${filter.storefront ?? null}::uuid)
      and (${filter.link ?? null}::uuid is null or c.link_id = ${filter.link ?? null}::uuid)
    group by 1`.execute(db);
  const channelOrders = await sql<{ channel: string; orders: number }>`
    select coalesce(o.storefront_id, o.link_id)::text as channel, count(distinct o.id)::int as orders
    from order_items i join orders o on o.id = i.order_id
    where ${itemWhere} and coalesce(o.storefront_id, o.link_id) is not null
    group by 1`.execute(db);
  // The periods with anything to count: an item or a click (clicks count in no series figure).
  const clickPeriods = await sql<{ start: string }>`
    select distinct to_char(${periodKey(q)}, 'YYYY-MM-DD') as start
    from (select ${local("c.created_at")} as d from outbound_clicks c
          where ${q.training !== "only"} and c.reseller_team_id = ${teamId}
            and ${local("c.created_at")} between ${q.from}::date and ${q.to}::date
            and (${filter.provider ?? null}::uuid is null or c.provider_team_id = ${filter.provider ?? null}::uuid)
            and (${filter.storefront ?? null}::uuid is null or c.storefront_id = ${filter.storefront ?? null}::uuid)
            and (${filter.link ?? null}::uuid is null or c.link_id = ${filter.link ?? null}::uuid)) c`.execute(db);
  const periods = [
    ...new Set([...series.rows.map((row) => String(row.start)), ...clickPeriods.rows.map((row) => row.start)]),
  ];
  return {
    series: series.rows,
    orderTotals: orderTotals.rows,
    clicks: clicks.rows,
    channelOrders: channelOrders.rows,
    periods: periods.sort(),
  };
}

const money = (value: string | number | undefined) => Number(value ?? 0).toFixed(2);

function nearestRank(sorted: number[], percent: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.floor((percent * sorted.length + 99) / 100) - 1] ?? null;
}

export function checkProvider(answer: ProviderAnalytics, recount: Awaited<ReturnType<typeof recountProvider>>) {
  const byStart = new Map(recount.series.map((row) => [row.start, row]));
  for (const period of answer.series) {
    const row = byStart.get(period.start);
    byStart.delete(period.start);
    expect(period, period.start).toMatchObject({
      itemsReceived: row?.received ?? 0,
      itemsAccepted: row?.accepted ?? 0,
      itemsRejected: row?.rejected ?? 0,
      itemsCompleted: row?.completed ?? 0,
      itemsCancelled: row?.cancelled ?? 0,
      totalMonthlyAccepted: money(row?.monthly),
      commissionAccrued: money(row?.commission),
    });
  }
  expect([...byStart.keys()], "recounted periods the answer lacks").toEqual([]);
  const total = (key: string) => recount.series.reduce((n, row) => n + Number(row[key]), 0);
  expect(answer.totals.itemsReceived).toBe(total("received"));
  expect(answer.totals.itemsAccepted).toBe(total("accepted"));
  expect(answer.totals.acceptanceRate).toBe(
    total("received") === 0 ? null : Math.round((total("accepted") * 10_000) / total("received")) / 10_000,
  );
  expect(answer.totals.commissionAccrued).toBe(
    money(recount.series.reduce((n, row) => n + Number(row.commission) * 100, 0) / 100),
  );
  expect(answer.totals.timeToAccept).toEqual({
    accepted: recount.times.length,
    medianSeconds: nearestRank(recount.times, 50),
    p90Seconds: nearestRank(recount.times, 90),
  });
  expect(
    answer.topOffers.map((o) => [
      o.offerId,
      o.itemsReceived,
      o.itemsAccepted,
      o.itemsCancelled,
      o.totalMonthlyAccepted,
    ]),
  ).toEqual(recount.offers.map((o) => [o.offer_id, o.received, o.accepted, o.cancelled, money(o.monthly)]));
}

export function checkReseller(
  answer: ResellerAnalytics,
  recount: Awaited<ReturnType<typeof recountReseller>>,
  filter: { provider?: string },
) {
  const byStart = new Map(recount.series.map((row) => [row.start, row]));
  const totals = new Map(recount.orderTotals.map((row) => [row.start, row.total]));
  for (const period of answer.series) {
    const row = byStart.get(period.start);
    byStart.delete(period.start);
    expect(period, period.start).toMatchObject({
      ordersPlaced: row?.orders ?? 0,
      itemsByStatus: Object.fromEntries(ORDER_ITEM_STATUSES.map((s) => [s, row?.[s] ?? 0])),
      totalMonthlyOrdered: money(row?.money_ordered),
      totalMonthlyAccepted: money(row?.money_accepted),
      commissionEarned: money(row?.commission),
    });
    if (!filter.provider) expect(period.totalMonthlyOrdered, period.start).toBe(money(totals.get(period.start)));
  }
  expect([...byStart.keys()], "recounted periods the answer lacks").toEqual([]);
  const clicks = new Map(recount.clicks.map((row) => [row.channel, row.clicks]));
  expect(answer.totals.clicks).toBe(recount.clicks.reduce((n, row) => n + row.clicks, 0));
  const orders = new Map(recount.channelOrders.map((row) => [row.channel, row.orders]));
  for (const channel of [
    ...answer.storefronts.map((s) => ({ id: s.storefrontId, ...s })),
    ...answer.links.map((l) => ({ id: l.linkId, ...l })),
  ]) {
    expect(channel.clicks, `clicks of ${channel.slug}`).toBe(clicks.get(channel.id) ?? 0);
    expect(channel.orders, `orders of ${channel.slug}`).toBe(orders.get(channel.id) ?? 0);
  }
}

/**
 * The starts of the periods the store answers for `q` (the rollups, or the training view's count
 * from the orders), sorted: core fills the others with zeros, so the answer's series cannot tell a
 * period the store holds as zeros from one it lacks; this can (ADR-0068, "Zero periods").
 */
export async function storedPeriods(
  db: Kysely<Database>,
  side: { provider: ProviderAnalyticsFilter } | { reseller: ResellerAnalyticsFilter },
  teamId: string,
  q: Query,
): Promise<string[]> {
  const parsed = parseAnalyticsWindow(q);
  if (!parsed.ok) throw new Error(parsed.problems.join("; "));
  const window: AnalyticsWindow = parsed.value;
  const { periods, seriesPieces: series, rangePieces: range } = window;
  const repository = new PostgresAnalyticsRepository(db);
  await repository.refresh();
  const training = q.training === "only";
  const answered =
    "provider" in side
      ? training
        ? await repository.providerTraining(teamId, side.provider, { periods, topOffers: 10 })
        : await repository.providerRollups(teamId, side.provider, { series, range, topOffers: 10 })
      : training
        ? await repository.resellerTraining(teamId, side.reseller, { periods })
        : await repository.resellerRollups(teamId, side.reseller, { series, range });
  return [...answered.periods.keys()].map((index) => periods[index]?.start as string).sort();
}
