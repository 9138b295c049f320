/**
 * The audit log, in memory: append and read only, as the SQL adapter (whose trigger refuses UPDATE
 * and DELETE).
 *
 * @module
 */

import type { AuditEntry, AuditLogRepository } from "../../audit-log/index.ts";
import { AUDIT_ACTOR_TYPES } from "../../audit-log/index.ts";
import { copy, defineTable, InMemoryConstraintError, type InMemoryContext } from "../in-memory-database.ts";
import { checkTeam, checkUnique } from "./constraints.ts";

/**
 * Audit entries by id (`audit_log`). A `Map` keeps insertion order (kept by a transaction's clone
 * and its commit), and entries are never replaced or deleted: its order is the write order, the
 * SQL adapter's `seq`.
 */
export const AUDIT_LOG = defineTable<AuditEntry>("audit_log");

/** The in-memory `AuditLogRepository`. */
export function inMemoryAuditLog(context: InMemoryContext): AuditLogRepository {
  const rows = () => context.tables.rows(AUDIT_LOG);
  return {
    async append(entry) {
      if (!(AUDIT_ACTOR_TYPES as readonly string[]).includes(entry.actor.type)) {
        throw new InMemoryConstraintError("23514", "audit_log_actor_type_check", `actor type ${entry.actor.type}`);
      }
      checkUnique(rows(), "audit_log", entry);
      checkTeam(context.tables, "audit_log", entry.teamId);
      rows().set(entry.id, copy(entry));
    },
    async list(teamId, filter, page) {
      // Newest first by (time, write order): entries of one millisecond list newest-appended first.
      // Reversed, then a stable sort by time alone.
      const ofTeam = [...rows().values()]
        .filter((entry) => entry.teamId === teamId)
        .reverse()
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      let start = 0;
      if (page.kind === "page" && page.after !== null) {
        // The cursor is any entry of the team (matching the filter or not), as the SQL locates it.
        const index = ofTeam.findIndex((entry) => entry.id === page.after);
        if (index < 0) return [];
        start = index + 1;
      }
      const matching = ofTeam
        .slice(start)
        .filter(
          (entry) =>
            (filter.action === undefined || entry.action === filter.action) &&
            (filter.actorType === undefined || entry.actor.type === filter.actorType),
        );
      return (page.kind === "all" ? matching : matching.slice(0, page.limit + 1)).map(copy);
    },
  };
}
