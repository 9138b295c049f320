import type { PageRequest, Team, TeamRole } from "@marketplace/core";
import type { TeamRepository } from "@marketplace/core/teams";
import type { Kysely, Selectable } from "kysely";
import { applyPage } from "../pagination.ts";
import type { Database, TeamsTable } from "../schema.ts";

/** Teams in PostgreSQL. */
export class PostgresTeamRepository implements TeamRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(team: Team): Promise<void> {
    await this.db
      .insertInto("teams")
      .values({ id: team.id, name: team.name, role: team.role, created_at: team.createdAt, updated_at: team.updatedAt })
      .execute();
  }

  async findById(id: string): Promise<Team | null> {
    const row = await this.db.selectFrom("teams").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toTeam(row) : null;
  }

  async list(page: PageRequest): Promise<Team[]> {
    const rows = await applyPage(this.db.selectFrom("teams").selectAll(), page, "teams").execute();
    return rows.map(toTeam);
  }

  async isEmpty(): Promise<boolean> {
    const row = await this.db.selectFrom("teams").select("id").limit(1).executeTakeFirst();
    return row === undefined;
  }
}

function toTeam(row: Selectable<TeamsTable>): Team {
  return {
    id: row.id,
    name: row.name,
    role: row.role as TeamRole,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
