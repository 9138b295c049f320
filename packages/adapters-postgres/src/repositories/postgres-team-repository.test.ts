import { randomUuid, type Team, type TeamRole } from "@marketplace/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { PostgresTeamRepository } from "./postgres-team-repository.ts";

let database: TestDatabase;
let teams: PostgresTeamRepository;

beforeAll(async () => {
  database = await createTestDatabase();
  teams = new PostgresTeamRepository(database.db);
});
afterAll(() => database.drop());

function aTeam(role: TeamRole, createdAt: Date, name = `team ${role}`): Team {
  return { id: randomUuid(), name, role, createdAt, updatedAt: createdAt };
}

describe("PostgresTeamRepository", () => {
  // First in this file: the database is a fresh clone of the template.
  it("is empty before the first team and not after", async () => {
    expect(await teams.isEmpty()).toBe(true);
    await teams.insert(aTeam("provider", new Date("2026-01-01T00:00:00.000Z"), "first"));
    expect(await teams.isEmpty()).toBe(false);
  });

  it("stores and finds a team by id", async () => {
    const team = aTeam("hybrid", new Date("2026-01-02T03:04:05.678Z"), "Acme Energy");
    await teams.insert(team);
    expect(await teams.findById(team.id)).toEqual(team);
  });

  it("finds nothing for an unknown id", async () => {
    expect(await teams.findById(randomUuid())).toBeNull();
  });

  it("rejects a role outside provider, reseller and hybrid", async () => {
    await expect(teams.insert(aTeam("admin" as TeamRole, new Date()))).rejects.toThrow();
  });

  it("lists newest first, id as the tie-break, and pages after a cursor", async () => {
    const base = Date.parse("2030-01-01T00:00:00.000Z");
    const inserted = [
      aTeam("provider", new Date(base)),
      aTeam("reseller", new Date(base + 1000)),
      aTeam("hybrid", new Date(base + 1000)),
      aTeam("provider", new Date(base + 2000)),
    ];
    for (const team of inserted) await teams.insert(team);
    const expected = [...inserted].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
    );

    const all = await teams.list({ kind: "all" });
    expect(all.slice(0, 4)).toEqual(expected);

    const first = await teams.list({ kind: "page", limit: 2, after: null });
    expect(first).toEqual(expected.slice(0, 3)); // limit + 1 rows
    const second = await teams.list({ kind: "page", limit: 2, after: expected[1]?.id ?? null });
    expect(second.slice(0, 2)).toEqual(expected.slice(2, 4));
  });
});
