import type { PageRequest } from "@marketplace/core";
import { type RawBuilder, type SelectQueryBuilder, sql } from "kysely";

/**
 * Applies a page request to a list query ordered newest first, id last: after the cursor record
 * (located by id with the list's own scope, so a deleted or foreign record yields no rows, which
 * ends the walk) and `limit + 1` rows so the caller can tell whether more exist.
 *
 * `table` is the table (or alias) of the listed rows; `cursorScope` restricts the cursor lookup,
 * written against the alias `cursor_row`.
 */
export function applyPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
  table: string,
  cursorScope: RawBuilder<unknown> = sql`true`,
): SelectQueryBuilder<DB, TB, O> {
  let ordered = query.orderBy(sql.ref(`${table}.created_at`), "desc").orderBy(sql.ref(`${table}.id`), "desc");
  if (page.kind === "all") return ordered;
  if (page.after !== null) {
    ordered = ordered.where(
      sql<boolean>`(${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)}) < (
        select cursor_row.created_at, cursor_row.id from ${sql.table(table)} as cursor_row
        where cursor_row.id = ${page.after} and ${cursorScope}
      )`,
    );
  }
  return ordered.limit(page.limit + 1);
}
