/**
 * The analytics rollups' shared SQL: the keys that stand for "all" and "direct", the figure columns,
 * and `analyticsFoldFunction`, which migrations 0024, 0028, 0032 and 0033 (re)create `analytics_fold`
 * with. Kept apart from migration 0024 so each file stays readable; 0024 re-exports what it did.
 */

/** The key that stands for "every offer", "every channel" or "every provider" in a rollup row. */
export const ANALYTICS_ALL = "00000000-0000-0000-0000-000000000000";
/** The channel of orders placed by API key (neither a storefront nor a link). */
export const ANALYTICS_DIRECT = "ffffffff-ffff-ffff-ffff-ffffffffffff";

export const STATUSES = ["pending", "handoff", "accepted", "rejected", "scheduled", "completed", "cancelled"] as const;

const sum = (columns: readonly string[]) => columns.map((c) => `sum(e.${c})`).join(", ");
/** `having` for the fold's groups when it drops zero rows: a group whose deltas sum to zero changes nothing. */
const anySum = (on: boolean, sums: readonly string[]) =>
  on ? `\n          having ${sums.map((c) => `${c} <> 0`).join(" or ")}` : "";
/** Whether the row `r` has every figure in `columns` zero. */
const allZero = (columns: readonly string[]) => columns.map((c) => `r.${c} = 0`).join(" and ");
const add = (table: string, columns: readonly string[]) =>
  columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(", ");

export const PROVIDER_FIGURES = [
  "received",
  "accepted",
  "rejected",
  "completed",
  "cancelled",
  "monthly_accepted",
  "commission",
];
const PROVIDER_SOURCES = [
  "received",
  "accepted",
  "st_rejected",
  "st_completed",
  "st_cancelled",
  "monthly_accepted",
  "commission",
];
export const RESELLER_ITEM_FIGURES = [
  ...STATUSES.map((status) => `st_${status}`),
  "monthly_ordered",
  "monthly_accepted",
  "commission",
  "clicks",
];

const DELTA_SUMS = [
  "orders_all",
  "orders_provider",
  "received",
  ...STATUSES.map((status) => `st_${status}`),
  "accepted",
  "monthly_ordered",
  "monthly_accepted",
  "commission",
  "clicks",
];

/**
 * The fold's deltas summed by key and UTC quarter hour before they are spread over the grains:
 * every bucket of every grain is a whole number of quarter hours, so a quarter's start falls in the
 * bucket of each of its instants, and the 40 grains of migration 0032 multiply the groups, not the
 * deltas (the orders of a busy minute are one group).
 */
const QUARTERS = `
        q as (
          select kind, date_bin(interval '15 minutes', at, timestamptz '2000-01-01 00:00:00+00') as at,
            provider_team_id, reseller_team_id, offer_id, service_type, channel_id, accept_bin,
            ${DELTA_SUMS.map((c) => `sum(${c}) as ${c}`).join(", ")}
          from d
          group by kind, 2, provider_team_id, reseller_team_id, offer_id, service_type, channel_id, accept_bin
        ),`;

/**
 * A `dropZero` upsert's `returning`: the row when the upsert left every figure zero, else null (so
 * the many rows that stay non-zero cost a null each, not a row value; every column is not null,
 * so `is not null` tells them apart).
 */
const ZERO_ROWS = {
  p: `case when ${allZero(PROVIDER_FIGURES)} then r end`,
  h: "case when r.count = 0 then r end",
  s: `case when ${allZero(["orders", ...RESELLER_ITEM_FIGURES])} then r end`,
};

/**
 * The end of a `dropZero` fold: the rows its upserts left with every figure zero are collected from
 * their `returning` (one statement cannot delete the rows it upserts), then deleted by key.
 */
const DROP_ZERO = `select
          (select array_agg(p.zero) filter (where p.zero is not null) from p),
          (select array_agg(h.zero) filter (where h.zero is not null) from h),
          (select array_agg(s.zero) filter (where s.zero is not null) from s)
          into zero_provider, zero_histogram, zero_reseller;
        if zero_provider is not null then
          delete from analytics_provider_rollups r using unnest(zero_provider) z
          where (r.provider_team_id, r.offer_id, r.service_type, r.grain, r.bucket)
            = (z.provider_team_id, z.offer_id, z.service_type, z.grain, z.bucket);
        end if;
        if zero_histogram is not null then
          delete from analytics_accept_histogram r using unnest(zero_histogram) z
          where (r.provider_team_id, r.offer_id, r.service_type, r.grain, r.bucket, r.bin)
            = (z.provider_team_id, z.offer_id, z.service_type, z.grain, z.bucket, z.bin);
        end if;
        if zero_reseller is not null then
          delete from analytics_reseller_rollups r using unnest(zero_reseller) z
          where (r.reseller_team_id, r.channel_id, r.provider_team_id, r.grain, r.bucket)
            = (z.reseller_team_id, z.channel_id, z.provider_team_id, z.grain, z.bucket);
        end if;`;

/**
 * The SQL that creates (or replaces) `analytics_fold()`: it moves every pending delta into the
 * rollups at three UTC grains (15 minutes, hour, day) and, with `months`, a fourth: the UTC calendar
 * month (grain 3, migration 0028), so a long range reads a dozen rows where it read hundreds of days.
 * With `shifts` (UTC offsets in minutes, migration 0032, ADR-0078) it is `analytics_fold(shifted
 * boolean default true)`, which also writes, when `shifted`, the provider and reseller rollups of
 * the days that start at local midnight at each offset (grain 100 + the offset in quarter hours).
 * With `dropZero` (migration 0033, ADR-0068 "Zero periods") no rollup row is left with every figure
 * zero: a group of deltas that sums to zero is skipped, and a row the fold brings to zero (an
 * order deleted after its period was folded) is deleted in a second statement, by the keys the
 * upserts return; so the rollups hold exactly the rows a rebuild from the raw tables writes.
 */
export function analyticsFoldFunction(options: {
  months: boolean;
  replace?: boolean;
  shifts?: readonly number[];
  dropZero?: boolean;
}): string {
  const { months, shifts } = options;
  const dropZero = options.dropZero ?? false;
  const returning = (cte: keyof typeof ZERO_ROWS) =>
    dropZero ? `\n          returning ${ZERO_ROWS[cte]} as zero` : "";
  const replace = options.replace ?? false;
  const utc = "timestamptz '2000-01-01 00:00:00+00'";
  const grains = [
    "(0::smallint, interval '15 minutes'",
    "(1::smallint, interval '1 hour'",
    "(2::smallint, interval '1 day'",
    ...(months ? ["(3::smallint, interval '1 day'"] : []),
  ].map((row) => (shifts ? `${row}, ${utc})` : `${row})`));
  for (const offset of shifts ?? []) {
    grains.push(`(${100 + offset / 15}::smallint, interval '1 day', ${utc} - interval '${offset} minutes')`);
  }
  const origin = shifts ? "g.origin" : utc;
  const bucket = months
    ? `case when g.grain = 3 then date_trunc('month', d.at, 'UTC') else date_bin(g.width, d.at, ${origin}) end`
    : `date_bin(g.width, d.at, ${origin})`;
  return `
      create${replace ? " or replace" : ""} function analytics_fold(${shifts ? "shifted boolean default true" : ""}) returns timestamptz language plpgsql as $fn$
      declare
        as_of timestamptz;${
          dropZero
            ? `
        zero_provider analytics_provider_rollups[];
        zero_histogram analytics_accept_histogram[];
        zero_reseller analytics_reseller_rollups[];`
            : ""
        }
      begin
        perform pg_advisory_xact_lock(hashtext('marketplace.analytics_fold'));
        as_of := clock_timestamp();
        with d as (delete from analytics_deltas returning *),${shifts ? QUARTERS : ""}
        e as (
          select d.*, g.grain, ${bucket} as bucket
          from ${shifts ? "q as d" : "d"} cross join (values ${grains.join(", ")}) g(grain, width${shifts ? ", origin" : ""})${shifts ? " where g.grain <= 3 or shifted" : ""}
        ),
        p as (
          insert into analytics_provider_rollups as r
            (provider_team_id, offer_id, service_type, grain, bucket, ${PROVIDER_FIGURES.join(", ")})
          select e.provider_team_id, k.offer_id, k.service_type, e.grain, e.bucket, ${sum(PROVIDER_SOURCES)}
          from e cross join lateral (values (e.offer_id, e.service_type), ('${ANALYTICS_ALL}'::uuid, '')) k(offer_id, service_type)
          where e.kind = 'i'
          group by e.provider_team_id, k.offer_id, k.service_type, e.grain, e.bucket${anySum(
            dropZero,
            PROVIDER_SOURCES.map((c) => `sum(e.${c})`),
          )}
          on conflict (provider_team_id, offer_id, service_type, grain, bucket)
            do update set ${add("r", PROVIDER_FIGURES)}${returning("p")}
        ),
        h as (
          insert into analytics_accept_histogram as r
            (provider_team_id, offer_id, service_type, grain, bucket, bin, count)
          select e.provider_team_id, k.offer_id, k.service_type, e.grain, e.bucket, e.accept_bin, sum(e.accepted)
          from e cross join lateral (values (e.offer_id, e.service_type), ('${ANALYTICS_ALL}'::uuid, '')) k(offer_id, service_type)
          where e.kind = 'i' and e.accept_bin is not null${shifts ? " and e.grain <= 3" : ""}
          group by e.provider_team_id, k.offer_id, k.service_type, e.grain, e.bucket, e.accept_bin${anySum(dropZero, ["sum(e.accepted)"])}
          on conflict (provider_team_id, offer_id, service_type, grain, bucket, bin)
            do update set count = r.count + excluded.count${returning("h")}
        ),
        s as (
          insert into analytics_reseller_rollups as r
            (reseller_team_id, channel_id, provider_team_id, grain, bucket, orders, ${RESELLER_ITEM_FIGURES.join(", ")})
          select e.reseller_team_id, k.channel_id, k.provider_team_id, e.grain, e.bucket,
            sum(case when k.provider_team_id = '${ANALYTICS_ALL}'::uuid then e.orders_all else e.orders_provider end),
            ${sum(RESELLER_ITEM_FIGURES)}
          from e cross join lateral (values (e.channel_id, e.provider_team_id), (e.channel_id, '${ANALYTICS_ALL}'::uuid),
            ('${ANALYTICS_ALL}'::uuid, e.provider_team_id), ('${ANALYTICS_ALL}'::uuid, '${ANALYTICS_ALL}'::uuid))
            k(channel_id, provider_team_id)
          group by e.reseller_team_id, k.channel_id, k.provider_team_id, e.grain, e.bucket${anySum(dropZero, [
            `sum(case when k.provider_team_id = '${ANALYTICS_ALL}'::uuid then e.orders_all else e.orders_provider end)`,
            ...RESELLER_ITEM_FIGURES.map((c) => `sum(e.${c})`),
          ])}
          on conflict (reseller_team_id, channel_id, provider_team_id, grain, bucket)
            do update set orders = r.orders + excluded.orders, ${add("r", RESELLER_ITEM_FIGURES)}${returning("s")}
        )
        ${dropZero ? DROP_ZERO : "select as_of into as_of;"}
        return as_of;
      end
      $fn$;`;
}
