import { type Database, PostgresTeamRepository } from "@marketplace/adapters-postgres";
import { randomUuid, type Team } from "@marketplace/core";
import type { Kysely } from "kysely";

/** The instant repository tests build their rows at: 2026-03-01T00:00:00Z. */
export const T0 = Date.parse("2026-03-01T00:00:00.000Z");

/**
 * Inserts a team straight through its repository (no API key, no use case) and returns it: the
 * owner that repository tests hang their rows on. A provider named "Provider" unless overridden.
 */
export async function insertTeam(db: Kysely<Database>, overrides: Partial<Team> = {}): Promise<Team> {
  const team: Team = {
    id: randomUuid(),
    name: "Provider",
    role: "provider",
    createdAt: new Date(T0),
    updatedAt: new Date(T0),
    ...overrides,
  };
  await new PostgresTeamRepository(db).insert(team);
  return team;
}
