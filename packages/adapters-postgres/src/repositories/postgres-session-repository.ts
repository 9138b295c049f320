import type { AuthenticatedSession, MemberRole } from "@marketplace/core";
import type { MemberSession, SessionRepository, StoredSession } from "@marketplace/core/members";
import type { Kysely, Selectable } from "kysely";
import type { Database, MemberSessionsTable } from "../schema.ts";

/** Members' dashboard sessions in PostgreSQL (tokens as hashes only). */
export class PostgresSessionRepository implements SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(session: StoredSession): Promise<void> {
    await this.db
      .insertInto("member_sessions")
      .values({
        id: session.id,
        token_hash: session.tokenHash,
        member_id: session.memberId,
        team_id: session.teamId,
        created_at: session.createdAt,
        last_seen_at: session.lastSeenAt,
        expires_at: session.expiresAt,
        ip: session.ip,
        user_agent: session.userAgent,
        reauthenticated_at: session.reauthenticatedAt ?? null,
      })
      .execute();
  }

  async findByTokenHash(tokenHash: string): Promise<AuthenticatedSession | null> {
    // One statement by primary keys: the member, its authenticator and its team's policy.
    const row = await this.db
      .selectFrom("member_sessions as s")
      .innerJoin("members as m", "m.id", "s.member_id")
      .leftJoin("member_totp as t", "t.member_id", "s.member_id")
      .leftJoin("team_security_policies as p", "p.team_id", "s.team_id")
      .selectAll("s")
      .select([
        "m.email as member_email",
        "m.role as member_role",
        "m.created_at as member_created_at",
        "m.updated_at as member_updated_at",
        "t.enabled_at as totp_enabled_at",
        "p.require_two_factor as require_two_factor",
      ])
      .where("s.token_hash", "=", tokenHash)
      .executeTakeFirst();
    if (!row) return null;
    return {
      session: toSession(row),
      member: {
        id: row.member_id,
        teamId: row.team_id,
        email: row.member_email,
        role: row.member_role as MemberRole,
        createdAt: row.member_created_at,
        updatedAt: row.member_updated_at,
      },
      twoFactor: { enabled: row.totp_enabled_at !== null, required: row.require_two_factor === true },
    };
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.db.updateTable("member_sessions").set({ last_seen_at: at }).where("id", "=", id).execute();
  }

  async markReauthenticated(id: string, at: Date): Promise<void> {
    await this.db.updateTable("member_sessions").set({ reauthenticated_at: at }).where("id", "=", id).execute();
  }

  async end(memberId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("member_sessions")
      .where("id", "=", id)
      .where("member_id", "=", memberId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async endAll(memberId: string, exceptId?: string): Promise<number> {
    let query = this.db.deleteFrom("member_sessions").where("member_id", "=", memberId);
    if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async listActive(memberId: string, now: Date, idleMs: number): Promise<MemberSession[]> {
    const rows = await this.db
      .selectFrom("member_sessions")
      .selectAll()
      .where("member_id", "=", memberId)
      .where("expires_at", ">", now)
      .where("last_seen_at", ">", new Date(now.getTime() - idleMs))
      .orderBy("last_seen_at", "desc")
      .orderBy("id", "desc")
      .execute();
    return rows.map(toSession);
  }
}

function toSession(row: Selectable<MemberSessionsTable>): MemberSession {
  return {
    id: row.id,
    memberId: row.member_id,
    teamId: row.team_id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    ip: row.ip,
    userAgent: row.user_agent,
    reauthenticatedAt: row.reauthenticated_at,
  };
}
