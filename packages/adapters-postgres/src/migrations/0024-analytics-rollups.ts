import { type Migration, sql } from "kysely";
import {
  ANALYTICS_ALL,
  ANALYTICS_DIRECT,
  analyticsFoldFunction,
  PROVIDER_FIGURES,
  RESELLER_ITEM_FIGURES,
  STATUSES,
} from "./analytics-fold.ts";

export { ANALYTICS_ALL, ANALYTICS_DIRECT, analyticsFoldFunction, PROVIDER_FIGURES, RESELLER_ITEM_FIGURES };

/**
 * The insert of one signed delta per item of `items` (a relation of order_items rows) joined with
 * `orders` (a relation of orders rows): what the item adds to analytics (`sign` 1) or takes away
 * (`sign` -1). Training orders and deleted orders add nothing. `orders_provider` is 1 for the
 * first item of its provider in its order: with `statementFirst` (the insert trigger, migration
 * 0032), an earlier item of the same provider among `items` (the statement's own rows, all in
 * `order_items` too) answers "not first" without probing `order_items`, which is then probed once
 * per order and provider instead of once per item.
 */
export function itemDeltas(items: string, orders: string, sign: 1 | -1, where = "", statementFirst = false): string {
  const s = String(sign);
  const probe = `not exists (
        select 1 from order_items j
        where j.order_id = i.order_id and j.provider_team_id = i.provider_team_id and j.position < i.position
      )`;
  const first = statementFirst
    ? `case when exists (
        select 1 from ${items} k
        where k.order_id = i.order_id and k.provider_team_id = i.provider_team_id and k.position < i.position
      ) then false else ${probe} end`
    : probe;
  const monthly = `case when i.handoff_redirect_url is null
      then coalesce((i.offer_snapshot->>'monthlyPrice')::numeric, 0) else 0 end`;
  return `
    insert into analytics_deltas (
      kind, at, provider_team_id, reseller_team_id, offer_id, service_type, channel_id,
      orders_all, orders_provider, received, ${STATUSES.map((status) => `st_${status}`).join(", ")},
      accepted, monthly_ordered, monthly_accepted, commission, accept_bin
    )
    select 'i', o.created_at, i.provider_team_id, o.reseller_team_id, i.offer_id,
      coalesce(i.offer_snapshot->>'serviceType', ''),
      coalesce(o.storefront_id, o.link_id, '${ANALYTICS_DIRECT}'::uuid),
      ${s} * (i.position = 0)::int,
      ${s} * (${first})::int,
      ${s},
      ${STATUSES.map((status) => `${s} * (i.status = '${status}')::int`).join(",\n      ")},
      ${s} * (i.accepted_at is not null)::int,
      ${s} * ${monthly},
      ${s} * case when i.accepted_at is not null then ${monthly} else 0 end,
      ${s} * coalesce(i.commission_amount, 0),
      case when i.accepted_at is not null then analytics_accept_bin(i.accepted_at - o.created_at) end
    from ${items} i join ${orders} o on o.id = i.order_id
    where not o.is_training and o.deleted_at is null ${where};`;
}

const CLICK_DELTAS = (clicks: string) => `
    insert into analytics_deltas (kind, at, provider_team_id, reseller_team_id, offer_id, service_type, channel_id, clicks)
    select 'c', c.created_at, c.provider_team_id, c.reseller_team_id, c.offer_id, '',
      coalesce(c.storefront_id, c.link_id, '${ANALYTICS_DIRECT}'::uuid), 1
    from ${clicks} c;`;

/**
 * The SQL that creates (or replaces) `analytics_rebuild()`: every rollup recomputed from the raw
 * tables. With `shifted` (migration 0032, ADR-0078) it folds the UTC grains only, then derives the
 * shifted days from the quarter-hour rows (`analytics_fill_shifted_days()`): a shifted day is 96
 * quarter hours, so the result is the fold's, at a fraction of folding every item at 40 grains.
 */
export function analyticsRebuildFunction(options: { shifted: boolean; replace?: boolean }): string {
  const fold = options.shifted
    ? `as_of := analytics_fold(false);
        perform analytics_fill_shifted_days();
        return as_of;`
    : "return analytics_fold();";
  return `
      create${options.replace ? " or replace" : ""} function analytics_rebuild() returns timestamptz language plpgsql as $fn$
      ${options.shifted ? "declare\n        as_of timestamptz;\n      " : ""}begin
        -- Under the fold's lock, so no fold runs halfway through; writers keep appending deltas.
        perform pg_advisory_xact_lock(hashtext('marketplace.analytics_fold'));
        lock table analytics_deltas in exclusive mode;
        truncate analytics_provider_rollups, analytics_accept_histogram, analytics_reseller_rollups, analytics_deltas;
        ${itemDeltas("order_items", "orders", 1)}
        ${CLICK_DELTAS("outbound_clicks")}
        ${fold}
      end
      $fn$;`;
}

/**
 * Analytics (issue 31): figures come from rollups, never from a scan of every order.
 *
 * - Statement triggers on `order_items` (insert, update of status/acceptance/commission), `orders`
 *   (update: a deletion) and `outbound_clicks` (insert) append signed deltas to
 *   `analytics_deltas`, in the writer's own transaction: append-only, so concurrent orders never
 *   wait on a shared rollup row. Training and deleted orders add nothing; a deletion takes its
 *   order's contribution away again.
 * - `analytics_fold()` moves every visible delta into the rollups in one statement under an advisory
 *   lock (deleting the deltas it sums), at three UTC grains: 15 minutes (grain 0), hour (1) and day
 *   (2). A reader folds, then sums the fewest aligned buckets that cover its local days: any IANA
 *   zone's day boundary is on a UTC quarter hour, so every figure is exact in every zone.
 * - Rows keyed by "every offer/channel/provider" (`ANALYTICS_ALL`) answer unfiltered questions
 *   without summing offers; per-offer, per-channel and per-provider rows answer the filters.
 * - Time to accept is a histogram of bins (`analytics_accept_bin`): whole minutes under an hour,
 *   quarter hours under a day, hours under 30 days, then one bin; percentiles are exact over them.
 *
 * `analytics_rebuild()` recomputes everything from the raw tables (after a bulk load that bypassed
 * triggers, e.g. with `session_replication_role = replica`); the migration runs it once to
 * backfill existing orders and clicks.
 */
export const analyticsRollups: Migration = {
  async up(db) {
    await sql
      .raw(`
      create function analytics_accept_bin(elapsed interval) returns smallint
      language sql immutable parallel safe as $fn$
        select (case
          when s < 3600 then floor(s / 60)
          when s < 86400 then 60 + floor((s - 3600) / 900)
          when s < 2592000 then 152 + floor((s - 86400) / 3600)
          else 848 end)::smallint
        from (select greatest(extract(epoch from elapsed), 0) as s) x
      $fn$;

      create table analytics_deltas (
        kind char(1) not null,
        at timestamptz not null,
        provider_team_id uuid not null,
        reseller_team_id uuid not null,
        offer_id uuid not null,
        service_type text not null,
        channel_id uuid not null,
        orders_all integer not null default 0,
        orders_provider integer not null default 0,
        received integer not null default 0,
        ${STATUSES.map((status) => `st_${status} integer not null default 0`).join(",\n        ")},
        accepted integer not null default 0,
        monthly_ordered numeric(14, 2) not null default 0,
        monthly_accepted numeric(14, 2) not null default 0,
        commission numeric(14, 2) not null default 0,
        accept_bin smallint,
        clicks integer not null default 0
      );

      create table analytics_provider_rollups (
        provider_team_id uuid not null,
        offer_id uuid not null,
        service_type text not null,
        grain smallint not null,
        bucket timestamptz not null,
        received integer not null,
        accepted integer not null,
        rejected integer not null,
        completed integer not null,
        cancelled integer not null,
        monthly_accepted numeric(16, 2) not null,
        commission numeric(16, 2) not null,
        primary key (provider_team_id, offer_id, service_type, grain, bucket)
      );
      create index analytics_provider_rollups_bucket on analytics_provider_rollups (provider_team_id, grain, bucket);

      create table analytics_accept_histogram (
        provider_team_id uuid not null,
        offer_id uuid not null,
        service_type text not null,
        grain smallint not null,
        bucket timestamptz not null,
        bin smallint not null,
        count integer not null,
        primary key (provider_team_id, offer_id, service_type, grain, bucket, bin)
      );

      create table analytics_reseller_rollups (
        reseller_team_id uuid not null,
        channel_id uuid not null,
        provider_team_id uuid not null,
        grain smallint not null,
        bucket timestamptz not null,
        orders integer not null,
        ${RESELLER_ITEM_FIGURES.map((c) => `${c} ${c.startsWith("st_") || c === "clicks" ? "integer" : "numeric(16, 2)"} not null`).join(",\n        ")},
        primary key (reseller_team_id, channel_id, provider_team_id, grain, bucket)
      );
      create index analytics_reseller_rollups_provider
        on analytics_reseller_rollups (reseller_team_id, provider_team_id, grain, bucket);

      ${analyticsFoldFunction({ months: false })}

      create function analytics_deltas_of_new_items() returns trigger language plpgsql as $fn$
      begin
        ${itemDeltas("new_items", "orders", 1)}
        return null;
      end
      $fn$;
      create function analytics_deltas_of_changed_items() returns trigger language plpgsql as $fn$
      begin
        ${itemDeltas("old_items", "orders", -1)}
        ${itemDeltas("new_items", "orders", 1)}
        return null;
      end
      $fn$;
      create function analytics_deltas_of_deleted_orders() returns trigger language plpgsql as $fn$
      begin
        -- The order as it was (not yet deleted) takes its items' contribution away.
        ${itemDeltas(
          "order_items",
          "old_orders",
          -1,
          "and exists (select 1 from new_orders n where n.id = o.id and n.deleted_at is not null)",
        )}
        return null;
      end
      $fn$;
      create function analytics_deltas_of_new_clicks() returns trigger language plpgsql as $fn$
      begin
        ${CLICK_DELTAS("new_clicks")}
        return null;
      end
      $fn$;

      create trigger order_items_analytics_insert after insert on order_items
        referencing new table as new_items for each statement execute function analytics_deltas_of_new_items();
      create trigger order_items_analytics_update after update on order_items
        referencing old table as old_items new table as new_items
        for each statement execute function analytics_deltas_of_changed_items();
      create trigger orders_analytics_delete after update on orders
        referencing old table as old_orders new table as new_orders
        for each statement execute function analytics_deltas_of_deleted_orders();
      create trigger outbound_clicks_analytics_insert after insert on outbound_clicks
        referencing new table as new_clicks for each statement execute function analytics_deltas_of_new_clicks();

      ${analyticsRebuildFunction({ shifted: false })}

      select analytics_rebuild();
    `)
      .execute(db);
  },
  async down(db) {
    await sql`
      drop trigger outbound_clicks_analytics_insert on outbound_clicks;
      drop trigger orders_analytics_delete on orders;
      drop trigger order_items_analytics_update on order_items;
      drop trigger order_items_analytics_insert on order_items;
      drop function analytics_deltas_of_new_clicks();
      drop function analytics_deltas_of_deleted_orders();
      drop function analytics_deltas_of_changed_items();
      drop function analytics_deltas_of_new_items();
      drop function analytics_rebuild();
      drop function analytics_fold();
      drop table analytics_reseller_rollups;
      drop table analytics_accept_histogram;
      drop table analytics_provider_rollups;
      drop table analytics_deltas;
      drop function analytics_accept_bin(interval);
    `.execute(db);
  },
};
