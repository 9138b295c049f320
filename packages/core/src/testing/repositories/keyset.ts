/**
 * Keyset pages over a filtered list, as the SQL adapter's `applyPage` walks them: the cursor row is
 * looked up in the list's scope (the team's live rows, the catalog), not among the rows the filters
 * keep, so a cursor row that stopped matching a filter since the last page, or that a filter leaves
 * out, still places the walk.
 *
 * @module
 */

import type { PageRequest } from "../../pagination.ts";
import { newestFirst } from "./ordering.ts";

/** The position of a row in a newest-first list. */
export interface KeysetRow {
  id: string;
  createdAt: Date;
}

/**
 * The page of `rows` (any order; sorted here newest first) after the cursor row in the list's scope:
 * `cursor` is that row, or a function that finds it by id. None (deleted, another scope's) ends the
 * walk. `limit + 1` rows, so the caller can tell whether more exist.
 */
export function keysetPage<T extends KeysetRow>(
  rows: readonly T[],
  page: PageRequest,
  cursor: KeysetRow | undefined | ((id: string) => KeysetRow | undefined),
): T[] {
  const sorted = [...rows].sort(newestFirst);
  if (page.kind === "all") return sorted;
  if (page.after === null) return sorted.slice(0, page.limit + 1);
  const found = typeof cursor === "function" ? cursor(page.after) : cursor;
  if (found === undefined) return [];
  return sorted.filter((row) => newestFirst(found, row) < 0).slice(0, page.limit + 1);
}
