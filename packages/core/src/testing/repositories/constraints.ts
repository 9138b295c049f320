/**
 * The SQL schema's unique and foreign keys over in-memory tables, raised as the SQL adapter would
 * raise them (`InMemoryConstraintError` with the SQLSTATE and the constraint's name). Repositories
 * check in PostgreSQL's order, so a row that breaks two constraints reports the same one: checks,
 * then unique keys, then foreign keys.
 *
 * @module
 */

import { InMemoryConstraintError, type InMemoryTables } from "../in-memory-database.ts";
import { TEAMS } from "./teams.ts";

/** Refuses a row whose `team_id` names no team (SQLSTATE 23503, `<table>_team_id_fkey`). */
export function checkTeam(tables: InMemoryTables, table: string, teamId: string): void {
  if (!tables.rows(TEAMS).has(teamId)) {
    throw new InMemoryConstraintError("23503", `${table}_team_id_fkey`, `team ${teamId} does not exist`);
  }
}

/**
 * Refuses a row of `table` whose id is taken (`<table>_pkey`) or whose value of a unique key is (the
 * key's constraint name); null values never collide, as in SQL. SQLSTATE 23505.
 */
export function checkUnique<Row extends { id: string }>(
  rows: Map<string, Row>,
  table: string,
  row: Row,
  unique: readonly (readonly [key: (row: Row) => unknown, constraint: string])[] = [],
): void {
  if (rows.has(row.id)) throw new InMemoryConstraintError("23505", `${table}_pkey`, `${table} ${row.id} exists`);
  for (const [key, constraint] of unique) {
    const value = key(row);
    if (value === null || value === undefined) continue;
    for (const other of rows.values()) {
      if (key(other) === value) throw new InMemoryConstraintError("23505", constraint, `${constraint}: duplicate key`);
    }
  }
}
