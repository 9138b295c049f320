import type { Invite, MemberRole, ReadOptions } from "@marketplace/core";
import type { InviteRepository, StoredInvite } from "@marketplace/core/members";
import type { Kysely, Selectable } from "kysely";
import type { Database, MemberInvitesTable } from "../schema.ts";

/** Invites in PostgreSQL (tokens as hashes only). */
export class PostgresInviteRepository implements InviteRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(invite: StoredInvite): Promise<void> {
    await this.db
      .insertInto("member_invites")
      .values({
        id: invite.id,
        team_id: invite.teamId,
        email: invite.email,
        role: invite.role,
        token_hash: invite.tokenHash,
        invited_by: invite.invitedBy,
        created_at: invite.createdAt,
        expires_at: invite.expiresAt,
        accepted_at: invite.acceptedAt,
      })
      .execute();
  }

  async findByTokenHash(tokenHash: string, options: ReadOptions = {}): Promise<StoredInvite | null> {
    let query = this.db.selectFrom("member_invites").selectAll().where("token_hash", "=", tokenHash);
    if (options.forUpdate) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row ? { ...toInvite(row), tokenHash: row.token_hash } : null;
  }

  async markAccepted(id: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("member_invites")
      .set({ accepted_at: at })
      .where("id", "=", id)
      .where("accepted_at", "is", null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async listPending(teamId: string, now: Date): Promise<Invite[]> {
    const rows = await this.db
      .selectFrom("member_invites")
      .selectAll()
      .where("team_id", "=", teamId)
      .where("accepted_at", "is", null)
      .where("expires_at", ">", now)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    return rows.map(toInvite);
  }

  async delete(teamId: string, id: string): Promise<Invite | null> {
    const row = await this.db
      .deleteFrom("member_invites")
      .where("id", "=", id)
      .where("team_id", "=", teamId)
      .where("accepted_at", "is", null)
      .returningAll()
      .executeTakeFirst();
    return row ? toInvite(row) : null;
  }
}

function toInvite(row: Selectable<MemberInvitesTable>): Invite {
  return {
    id: row.id,
    teamId: row.team_id,
    email: row.email,
    role: row.role as MemberRole,
    invitedBy: row.invited_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    acceptedAt: row.accepted_at,
  };
}
