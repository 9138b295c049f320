import type { PageRequest } from "@marketplace/core";
import { type RawBuilder, type SelectQueryBuilder, sql } from "kysely";

/**
 * Applies a page request to a list query ordered newest first, id last: after the cursor record
 * (located by id with the list's own scope, so a deleted or foreign record yields no rows, which
 * ends the walk) and `limit + 1` rows so the caller can tell whether more exist.
 *
 * `table` is the table (or alias) of the listed rows; `cursorScope` restricts the cursor lookup,
 * written against the alias `cursor_row`. `tieBreak` are the columns after `created_at`, each
 * descending, ending with the unique id: `["id"]`, or the audit log's `["seq", "id"]` (its write
 * order, migration 0035). The cursor names the record by id either way.
 */
export function applyPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
  table: string,
  cursorScope: RawBuilder<unknown> = sql`true`,
  tieBreak: readonly ("seq" | "id")[] = ["id"],
): SelectQueryBuilder<DB, TB, O> {
  const keys = ["created_at", ...tieBreak];
  let ordered = query;
  for (const key of keys) ordered = ordered.orderBy(sql.ref(`${table}.${key}`), "desc");
  if (page.kind === "all") return ordered;
  if (page.after !== null) {
    const listed = sql.join(keys.map((key) => sql.ref(`${table}.${key}`)));
    const cursor = sql.join(keys.map((key) => sql.ref(`cursor_row.${key}`)));
    ordered = ordered.where(
      sql<boolean>`(${listed}) < (
        select ${cursor} from ${sql.table(table)} as cursor_row
        where cursor_row.id = ${page.after} and ${cursorScope}
      )`,
    );
  }
  return ordered.limit(page.limit + 1);
}
