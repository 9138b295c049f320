/**
 * The order every list of the SQL adapter uses, and its page requests, over arrays.
 *
 * @module
 */

import type { PageRequest } from "../../pagination.ts";

/** Newest first, the id (descending) as the tie-break: a total order, as `applyPage` sorts. */
export function newestFirst(a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/**
 * Applies a page request to rows already sorted `newestFirst` and scoped to the list: the rows after
 * the cursor row (none when the cursor row is not among them: deleted or another list's, which ends
 * the walk), `limit + 1` of them so the caller can tell whether more exist.
 */
export function pageOf<T extends { id: string }>(sorted: readonly T[], page: PageRequest): T[] {
  if (page.kind === "all") return [...sorted];
  let start = 0;
  if (page.after !== null) {
    const index = sorted.findIndex((row) => row.id === page.after);
    if (index < 0) return [];
    start = index + 1;
  }
  return sorted.slice(start, start + page.limit + 1);
}
