/**
 * Keyset pages over filtered lists: what `applyPage` does in the SQL adapter when a list has filters
 * beyond its cursor's scope (the cursor row is found in the scope, then the list continues after its
 * position, whether or not the cursor row itself passes the filters).
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
 * Applies `page` to `sorted` (filtered, sorted `newestFirst`): the rows strictly after `cursor` (the
 * cursor row as found in the list's scope; none when it is absent, which ends the walk), `limit + 1`
 * of them.
 */
export function keysetPage<T extends KeysetRow>(
  sorted: readonly T[],
  page: PageRequest,
  cursor: KeysetRow | undefined,
): T[] {
  if (page.kind === "all") return [...sorted];
  if (page.after === null) return sorted.slice(0, page.limit + 1);
  if (!cursor) return [];
  return sorted.filter((row) => newestFirst(cursor, row) < 0).slice(0, page.limit + 1);
}
