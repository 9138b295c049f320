/**
 * Idempotency keys of order placement, in memory.
 *
 * @module
 */

import type { IdempotencyRepository } from "../../orders/index.ts";
import { copy, defineTable, InMemoryConstraintError, type InMemoryContext } from "../in-memory-database.ts";
import { TEAMS } from "./teams.ts";

/** A remembered key; `response` is null until the order's transaction completes it. */
export interface IdempotencyKeyRow {
  teamId: string;
  key: string;
  requestHash: string;
  response: unknown;
  createdAt: Date;
}

/** Idempotency keys by team and key (the SQL primary key). */
export const IDEMPOTENCY_KEYS = defineTable<IdempotencyKeyRow>("idempotency_keys");

const keyOf = (teamId: string, key: string) => `${teamId}\u0000${key}`;

/** The in-memory `IdempotencyRepository`. */
export function inMemoryIdempotency(context: InMemoryContext): IdempotencyRepository {
  const rows = () => context.tables.rows(IDEMPOTENCY_KEYS);
  return {
    async claim(teamId, key, requestHash, at, notBefore) {
      // A key used at or after notBefore is taken; an older one (out of the window, not yet pruned)
      // is taken over by the new request, as the SQL's `on conflict do update … where`.
      const taken = rows().get(keyOf(teamId, key));
      if (taken && taken.createdAt.getTime() >= notBefore.getTime()) return false;
      if (!context.tables.rows(TEAMS).has(teamId)) {
        throw new InMemoryConstraintError("23503", "idempotency_keys_team_id_fkey", `team ${teamId} does not exist`);
      }
      rows().set(keyOf(teamId, key), { teamId, key, requestHash, response: null, createdAt: new Date(at) });
      return true;
    },
    async complete(teamId, key, response) {
      const row = rows().get(keyOf(teamId, key));
      // Stored as jsonb: what comes back is the JSON of the response (dates as ISO strings).
      if (row) row.response = JSON.parse(JSON.stringify(response) ?? "null");
    },
    async find(teamId, key, notBefore) {
      const row = rows().get(keyOf(teamId, key));
      if (!row || row.createdAt.getTime() < notBefore.getTime()) return null;
      return { requestHash: row.requestHash, response: copy(row.response) };
    },
  };
}
