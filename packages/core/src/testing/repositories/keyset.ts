/**
 * Keyset pages over a filtered list, as the SQL adapter's `applyPage` walks them: the cursor row is
 * looked up in the list's scope (the team's live rows, the catalog), not among the rows the filters
 * keep, so a cursor row that stopped matching a filter since the last page still places the walk.
 *
 * @module
 */

import type { PageRequest } from "../../pagination.ts";
import { newestFirst } from "./ordering.ts";

type Keyed = { createdAt: Date; id: string };

/**
 * The page of `rows` (any order; sorted here newest first) after `cursorOf(page.after)`, the cursor
 * row in the list's scope: none when it is not there (deleted, another scope's), which ends the
 * walk. `limit + 1` rows, so the caller can tell whether more exist.
 */
export function keysetPage<T extends Keyed>(
  rows: readonly T[],
  page: PageRequest,
  cursorOf: (id: string) => Keyed | undefined,
): T[] {
  const sorted = [...rows].sort(newestFirst);
  if (page.kind === "all") return sorted;
  let after = sorted;
  if (page.after !== null) {
    const cursor = cursorOf(page.after);
    if (cursor === undefined) return [];
    after = sorted.filter((row) => newestFirst(cursor, row) < 0);
  }
  return after.slice(0, page.limit + 1);
}
