/**
 * Names unique per team, compared case-insensitively, as the SQL schema's `(team_id, lower(name))`
 * unique indexes keep them (JavaScript's `toLowerCase` for PostgreSQL's `lower`: they differ only on
 * a few special cases such as the dotted capital I).
 *
 * @module
 */

import { ConflictError } from "../../errors.ts";
import { InMemoryConstraintError } from "../in-memory-database.ts";

type Named = { id: string; teamId: string; name: string };

/**
 * Throws ConflictError (`A <kind> named <name> already exists`, its cause the `constraint`
 * violation, as the SQL adapter turns it) when another row of `rows` in the team has the name.
 */
export function refuseTakenName(rows: Iterable<Named>, row: Named, kind: string, constraint: string): void {
  const name = row.name.toLowerCase();
  for (const other of rows) {
    if (other.teamId === row.teamId && other.id !== row.id && other.name.toLowerCase() === name) {
      const cause = new InMemoryConstraintError("23505", constraint, `${kind} name ${row.name} is taken`);
      throw new ConflictError(`A ${kind} named ${row.name} already exists`, { cause });
    }
  }
}
