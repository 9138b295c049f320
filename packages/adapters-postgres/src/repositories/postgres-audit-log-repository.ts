import type { AuditEntry, PageRequest } from "@marketplace/core";
import type { AuditAction, AuditActorType, AuditFilter, AuditLogRepository } from "@marketplace/core/audit-log";
import { type Kysely, type Selectable, sql } from "kysely";
import { applyPage } from "../pagination.ts";
import type { AuditLogTable, Database } from "../schema.ts";

/**
 * The audit log in PostgreSQL: inserts and reads only (a trigger refuses UPDATE and DELETE). Each
 * insert takes the next `seq` (an identity column): entries of one instant list by it, highest first.
 */
export class PostgresAuditLogRepository implements AuditLogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async append(entry: AuditEntry): Promise<void> {
    await this.db
      .insertInto("audit_log")
      .values({
        id: entry.id,
        team_id: entry.teamId,
        created_at: entry.createdAt,
        actor_type: entry.actor.type,
        actor_id: entry.actor.id,
        actor_label: entry.actor.label,
        action: entry.action,
        target_type: entry.target?.type ?? null,
        target_id: entry.target?.id ?? null,
        target_label: entry.target?.label ?? null,
        detail: entry.detail,
        ip: entry.ip,
        user_agent: entry.userAgent,
      })
      .execute();
  }

  async list(teamId: string, filter: AuditFilter, page: PageRequest): Promise<AuditEntry[]> {
    let query = this.db.selectFrom("audit_log").selectAll().where("team_id", "=", teamId);
    if (filter.action) query = query.where("action", "=", filter.action);
    if (filter.actorType) query = query.where("actor_type", "=", filter.actorType);
    // Newest first, entries of one instant in write order (`seq`, migration 0035): a sign-in lists
    // above the join it follows. Entries written before 0035 share seq 0 and keep their id order.
    // The cursor names an entry by id, as before the column existed.
    const scope = sql`cursor_row.team_id = ${teamId}`;
    const rows = await applyPage(query, page, "audit_log", scope, ["seq", "id"]).execute();
    return rows.map(toEntry);
  }
}

function toEntry(row: Selectable<AuditLogTable>): AuditEntry {
  return {
    id: row.id,
    teamId: row.team_id,
    createdAt: row.created_at,
    actor: { type: row.actor_type as AuditActorType, id: row.actor_id, label: row.actor_label },
    action: row.action as AuditAction,
    target:
      row.target_type !== null && row.target_id !== null
        ? { type: row.target_type, id: row.target_id, label: row.target_label ?? "" }
        : null,
    detail: row.detail,
    ip: row.ip,
    userAgent: row.user_agent,
  };
}
