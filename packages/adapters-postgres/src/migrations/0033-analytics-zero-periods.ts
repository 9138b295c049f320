import { type Migration, sql } from "kysely";
import { SHIFTED_DAY_OFFSETS_0032 } from "./0032-analytics-shifted-days.ts";
import { analyticsFoldFunction, PROVIDER_FIGURES, RESELLER_ITEM_FIGURES } from "./analytics-fold.ts";

const zero = (columns: readonly string[]) => columns.map((c) => `${c} = 0`).join(" and ");

/**
 * Analytics, fourth step (ADR-0068, "Zero periods"): **no rollup row with every figure zero**.
 *
 * A deletion's deltas take its order's contribution away, so a period whose only order was deleted
 * after it had been folded was left as a row of zeros, and one placed and deleted between two folds
 * was inserted as one; a rebuild from the raw tables (and any recount) has no row there. Readers
 * saw the same zeros (core fills a period without rows with zeros), except the reseller's links:
 * a deleted link is listed while it has rows in the range, so an emptied one was listed, 0 clicks
 * and 0 orders, or not, depending on when the fold ran.
 *
 * - `analytics_fold(shifted)` is replaced by one that skips a group of deltas summing to zero and
 *   deletes, by key, the rows its upserts brought to zero (`analyticsFoldFunction({ dropZero })`).
 *   Every figure of a row counts live items (or clicks), so a row is all zero exactly when no
 *   source row is left in it: the rollups are then the rebuild's rows, no more, and stay as small.
 * - The zero rows already written are deleted once, under the fold's lock after folding what was
 *   pending (one scan of each rollup).
 */
export const analyticsZeroPeriods: Migration = {
  async up(db) {
    await sql
      .raw(`
      select pg_advisory_xact_lock(hashtext('marketplace.analytics_fold'));
      select analytics_fold();
      ${analyticsFoldFunction({ months: true, shifts: SHIFTED_DAY_OFFSETS_0032, replace: true, dropZero: true })}
      delete from analytics_provider_rollups where ${zero(PROVIDER_FIGURES)};
      delete from analytics_accept_histogram where count = 0;
      delete from analytics_reseller_rollups where ${zero(["orders", ...RESELLER_ITEM_FIGURES])};
    `)
      .execute(db);
  },
  async down(db) {
    // The zero rows are not written back: they read as the absent rows do.
    await sql
      .raw(`
      select pg_advisory_xact_lock(hashtext('marketplace.analytics_fold'));
      select analytics_fold();
      ${analyticsFoldFunction({ months: true, shifts: SHIFTED_DAY_OFFSETS_0032, replace: true })}
    `)
      .execute(db);
  },
};
