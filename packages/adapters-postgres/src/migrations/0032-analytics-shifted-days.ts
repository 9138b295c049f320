import { type Migration, sql } from "kysely";
import {
  analyticsFoldFunction,
  analyticsRebuildFunction,
  itemDeltas,
  PROVIDER_FIGURES as PROVIDER,
  RESELLER_ITEM_FIGURES,
} from "./0024-analytics-rollups.ts";

const RESELLER = ["orders", ...RESELLER_ITEM_FIGURES];

/**
 * The UTC offsets (minutes) whose local days get a grain of their own: every whole hour from −11 to
 * +12 but 0, and every offset of the tz database in use since 2020 that is not a whole hour (one
 * per start of a local day in a UTC day). Core's `SHIFTED_DAY_OFFSETS` is the same list (a test
 * holds them equal); a later offset is a new migration.
 */
export const SHIFTED_DAY_OFFSETS_0032 = [
  -660, -600, -570, -540, -480, -420, -360, -300, -240, -210, -180, -150, -120, -60, 60, 120, 180, 210, 240, 270, 300,
  330, 345, 360, 390, 420, 480, 525, 540, 570, 600, 630, 660, 720, 765, 825,
] as const;

/** The insert trigger's function; `statementFirst` false is 0024's. */
const newItems = (statementFirst: boolean) => `
  create or replace function analytics_deltas_of_new_items() returns trigger language plpgsql as $fn$
  begin
    ${itemDeltas("new_items", "orders", 1, "", statementFirst)}
    return null;
  end
  $fn$;`;

const sums = (columns: readonly string[]) => columns.map((c) => `sum(${c})`).join(", ");

/**
 * `analytics_fill_shifted_days()`: the shifted-day rows of the provider and reseller rollups summed
 * from their quarter-hour rows (grain 0), one offset at a time. Only into rollups without shifted
 * rows (after `analytics_rebuild()`'s truncate, or once in this migration).
 */
const FILL = `
  create function analytics_fill_shifted_days() returns void language plpgsql as $fn$
  declare
    shift integer;
  begin
    foreach shift in array array[${SHIFTED_DAY_OFFSETS_0032.join(", ")}]::integer[] loop
      insert into analytics_provider_rollups (provider_team_id, offer_id, service_type, grain, bucket, ${PROVIDER.join(", ")})
      select provider_team_id, offer_id, service_type, 100 + shift / 15,
        date_bin(interval '1 day', bucket, timestamptz '2000-01-01 00:00:00+00' - make_interval(mins => shift)), ${sums(PROVIDER)}
      from analytics_provider_rollups where grain = 0
      group by 1, 2, 3, 4, 5;
      insert into analytics_reseller_rollups (reseller_team_id, channel_id, provider_team_id, grain, bucket, ${RESELLER.join(", ")})
      select reseller_team_id, channel_id, provider_team_id, 100 + shift / 15,
        date_bin(interval '1 day', bucket, timestamptz '2000-01-01 00:00:00+00' - make_interval(mins => shift)), ${sums(RESELLER)}
      from analytics_reseller_rollups where grain = 0
      group by 1, 2, 3, 4, 5;
    end loop;
  end
  $fn$;`;

/**
 * Analytics, third step (issue 31, ADR-0078): **shifted days**. A local day in New York was one run
 * of 24 hour rows, and in a zone whose offset is not a whole hour (Kathmandu +5:45, Kolkata +5:30,
 * Adelaide +9:30/+10:30, St John's −3:30/−2:30 …) three runs of quarter and hour rows (27 rows): at
 * 1M orders a year by day read 41–48 ms p99 in New York and 112–140 ms in Kathmandu. The provider
 * and reseller rollups gain one grain per start of a local day in a UTC day (36: every offset in
 * use), grain 100 + the offset in quarter hours (Kathmandu 123, New York 80): the 24 hours from
 * local midnight at that offset, so a local day (outside a DST change) is one row in every zone.
 * The histogram keeps the UTC grains: it is read over the whole range, a handful of runs.
 *
 * - `analytics_fold(shifted boolean default true)` replaces `analytics_fold()` and writes the 36
 *   shifted grains too. It sums the deltas by key and quarter hour first, so the grains multiply
 *   the groups, not the deltas (the fold runs on read, never on the order path).
 * - `analytics_rebuild()` folds the UTC grains, then derives the shifted days from the quarter hours.
 * - The insert trigger's function probes `order_items` for an earlier item of the same provider
 *   only when the statement's own rows hold none (once per order and provider, not per item).
 * - The existing rollups get their shifted days the same way, under the fold's lock after folding
 *   what was pending (so no delta is counted twice or missed; later deltas fold at every grain).
 */
export const analyticsShiftedDays: Migration = {
  async up(db) {
    await sql
      .raw(`
      select pg_advisory_xact_lock(hashtext('marketplace.analytics_fold'));
      select analytics_fold();
      drop function analytics_fold();
      ${analyticsFoldFunction({ months: true, shifts: SHIFTED_DAY_OFFSETS_0032 })}
      ${FILL}
      ${analyticsRebuildFunction({ shifted: true, replace: true })}
      ${newItems(true)}
      select analytics_fill_shifted_days();
    `)
      .execute(db);
  },
  async down(db) {
    await sql
      .raw(`
      select pg_advisory_xact_lock(hashtext('marketplace.analytics_fold'));
      select analytics_fold();
      drop function analytics_fold(boolean);
      ${analyticsFoldFunction({ months: true })}
      ${analyticsRebuildFunction({ shifted: false, replace: true })}
      drop function analytics_fill_shifted_days();
      ${newItems(false)}
      delete from analytics_provider_rollups where grain > 3;
      delete from analytics_reseller_rollups where grain > 3;
    `)
      .execute(db);
  },
};
