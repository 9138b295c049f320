import { ConflictError, type Member, type MemberRole, type ReadOptions } from "@marketplace/core";
import type { MemberRepository, StoredMember } from "@marketplace/core/members";
import type { Kysely, Selectable } from "kysely";
import { isUniqueViolation } from "../errors.ts";
import type { Database, MembersTable } from "../schema.ts";

/** Members of teams in PostgreSQL; e-mails unique across the service. */
export class PostgresMemberRepository implements MemberRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(member: StoredMember): Promise<void> {
    try {
      await this.db
        .insertInto("members")
        .values({
          id: member.id,
          team_id: member.teamId,
          email: member.email,
          role: member.role,
          password_hash: member.passwordHash,
          created_at: member.createdAt,
          updated_at: member.updatedAt,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error, "members_email")) {
        throw new ConflictError("This e-mail address already belongs to a member", { cause: error });
      }
      throw error;
    }
  }

  async findByEmail(email: string): Promise<StoredMember | null> {
    const row = await this.db.selectFrom("members").selectAll().where("email", "=", email).executeTakeFirst();
    return row ? toStoredMember(row) : null;
  }

  async findById(teamId: string, id: string, options: ReadOptions = {}): Promise<StoredMember | null> {
    let query = this.db.selectFrom("members").selectAll().where("id", "=", id).where("team_id", "=", teamId);
    if (options.forUpdate) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row ? toStoredMember(row) : null;
  }

  async listByTeam(teamId: string): Promise<Member[]> {
    const rows = await this.db
      .selectFrom("members")
      .selectAll()
      .where("team_id", "=", teamId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return rows.map(toMember);
  }

  async countOwners(teamId: string, options: ReadOptions = {}): Promise<number> {
    let query = this.db.selectFrom("members").select("id").where("team_id", "=", teamId).where("role", "=", "owner");
    if (options.forUpdate) query = query.forUpdate();
    return (await query.execute()).length;
  }

  async updateRole(teamId: string, id: string, role: MemberRole, at: Date): Promise<Member | null> {
    const row = await this.db
      .updateTable("members")
      .set({ role, updated_at: at })
      .where("id", "=", id)
      .where("team_id", "=", teamId)
      .returningAll()
      .executeTakeFirst();
    return row ? toMember(row) : null;
  }

  async updatePassword(id: string, passwordHash: string, at: Date): Promise<void> {
    await this.db
      .updateTable("members")
      .set({ password_hash: passwordHash, updated_at: at })
      .where("id", "=", id)
      .execute();
  }

  async delete(teamId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("members")
      .where("id", "=", id)
      .where("team_id", "=", teamId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}

function toMember(row: Selectable<MembersTable>): Member {
  return {
    id: row.id,
    teamId: row.team_id,
    email: row.email,
    role: row.role as MemberRole,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toStoredMember(row: Selectable<MembersTable>): StoredMember {
  return { ...toMember(row), passwordHash: row.password_hash };
}
