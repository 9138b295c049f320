/**
 * Pagination where the cursor is looked up in a wider scope than the listed rows, as the SQL
 * adapter's `applyPage` does with its `cursorScope`: a list filtered by kind or status pages after
 * a cursor row of the team that the filter leaves out.
 *
 * @module
 */

import type { PageRequest } from "../../pagination.ts";
import { newestFirst } from "./ordering.ts";

type Keyed = { createdAt: Date; id: string };

/**
 * The rows of `sorted` (newest first) after `cursorOf(page.after)`, the cursor row as the scope
 * finds it (none: no rows, which ends the walk), `limit + 1` of them.
 */
export function scopedPage<T>(
  sorted: readonly T[],
  page: PageRequest,
  keyOf: (row: T) => Keyed,
  cursorOf: (id: string) => Keyed | undefined,
): T[] {
  if (page.kind === "all") return [...sorted];
  let after = sorted;
  if (page.after !== null) {
    const cursor = cursorOf(page.after);
    if (!cursor) return [];
    after = sorted.filter((row) => newestFirst(cursor, keyOf(row)) < 0);
  }
  return after.slice(0, page.limit + 1);
}
