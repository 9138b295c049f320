import type { Member, MemberRole } from "@marketplace/core";
import type { PasswordReset, PasswordResetRepository } from "@marketplace/core/members";
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";

/** Password reset links in PostgreSQL (tokens as hashes only). */
export class PostgresPasswordResetRepository implements PasswordResetRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(reset: PasswordReset): Promise<void> {
    await this.db
      .insertInto("member_password_resets")
      .values({
        id: reset.id,
        token_hash: reset.tokenHash,
        member_id: reset.memberId,
        created_at: reset.createdAt,
        expires_at: reset.expiresAt,
        used_at: reset.usedAt,
      })
      .execute();
    // The member's links that expired go with each new one: the table stays small.
    await this.db
      .deleteFrom("member_password_resets")
      .where("member_id", "=", reset.memberId)
      .where("expires_at", "<=", reset.createdAt)
      .execute();
  }

  async findByTokenHash(tokenHash: string): Promise<(PasswordReset & { member: Member }) | null> {
    const row = await this.db
      .selectFrom("member_password_resets as r")
      .innerJoin("members as m", "m.id", "r.member_id")
      .selectAll("r")
      .select([
        "m.team_id",
        "m.email",
        "m.role",
        "m.created_at as member_created_at",
        "m.updated_at as member_updated_at",
      ])
      .where("r.token_hash", "=", tokenHash)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      memberId: row.member_id,
      tokenHash: row.token_hash,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      usedAt: row.used_at,
      member: {
        id: row.member_id,
        teamId: row.team_id,
        email: row.email,
        role: row.role as MemberRole,
        createdAt: row.member_created_at,
        updatedAt: row.member_updated_at,
      },
    };
  }

  async markUsed(id: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("member_password_resets")
      .set({ used_at: at })
      .where("id", "=", id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
