import { type ApiKey, randomUuid, type Team, type TeamRole } from "@marketplace/core";
import { generateApiKey } from "@marketplace/core/teams";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { PostgresApiKeyRepository } from "./postgres-api-key-repository.ts";
import { PostgresTeamRepository } from "./postgres-team-repository.ts";

let database: TestDatabase;
let teams: PostgresTeamRepository;
let apiKeys: PostgresApiKeyRepository;

beforeAll(async () => {
  database = await createTestDatabase();
  teams = new PostgresTeamRepository(database.db);
  apiKeys = new PostgresApiKeyRepository(database.db);
});
afterAll(() => database.drop());

const T0 = Date.parse("2026-02-01T10:00:00.000Z");

async function createTeam(role: TeamRole): Promise<Team> {
  const team: Team = { id: randomUuid(), name: `${role} team`, role, createdAt: new Date(T0), updatedAt: new Date(T0) };
  await teams.insert(team);
  return team;
}

type StoredKey = ApiKey & { keyHash: string };

async function createKey(teamId: string, overrides: Partial<StoredKey> = {}): Promise<StoredKey & { key: string }> {
  const generated = await generateApiKey();
  const stored: StoredKey = {
    id: randomUuid(),
    teamId,
    name: null,
    prefix: generated.prefix,
    keyHash: generated.hash,
    createdAt: new Date(T0),
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
  await apiKeys.insert(stored);
  return { ...stored, key: generated.key };
}

function publicPart({ keyHash: _, key: __, ...rest }: StoredKey & { key?: string }): ApiKey {
  return { ...rest, createdBy: rest.createdBy ?? null, expiresAt: rest.expiresAt ?? null };
}

describe("PostgresApiKeyRepository.findByPrefix", () => {
  it.each(["provider", "reseller", "hybrid"] as const)(
    "returns the key with its hash and the %s team's role",
    async (role) => {
      const team = await createTeam(role);
      const key = await createKey(team.id, { name: "CI" });
      expect(await apiKeys.findByPrefix(key.prefix)).toEqual([
        { ...publicPart(key), keyHash: key.keyHash, teamRole: role },
      ]);
    },
  );

  it("returns nothing for an unknown prefix", async () => {
    expect(await apiKeys.findByPrefix("mk_nOnEsUcH")).toEqual([]);
  });

  it("returns every key sharing a prefix, each with its own team's role", async () => {
    const provider = await createTeam("provider");
    const reseller = await createTeam("reseller");
    const prefix = "mk_SharEd01";
    const a = await createKey(provider.id, { prefix });
    const b = await createKey(reseller.id, { prefix });
    const found = await apiKeys.findByPrefix(prefix);
    expect(found.map((k) => [k.id, k.teamRole, k.keyHash]).sort()).toEqual(
      [
        [a.id, "provider", a.keyHash],
        [b.id, "reseller", b.keyHash],
      ].sort(),
    );
  });

  it("still returns a revoked key, with its revocation time", async () => {
    const team = await createTeam("provider");
    const key = await createKey(team.id);
    await apiKeys.revoke(team.id, key.id, new Date(T0 + 5000));
    const [found] = await apiKeys.findByPrefix(key.prefix);
    expect(found?.revokedAt).toEqual(new Date(T0 + 5000));
  });
});

describe("PostgresApiKeyRepository.listByTeam", () => {
  it("lists the team's keys newest first, id as the tie-break, without other teams' keys", async () => {
    const team = await createTeam("provider");
    const other = await createTeam("provider");
    const oldest = await createKey(team.id, { createdAt: new Date(T0) });
    const newest = await createKey(team.id, { createdAt: new Date(T0 + 2000) });
    const tiedA = await createKey(team.id, { createdAt: new Date(T0 + 1000) });
    const tiedB = await createKey(team.id, { createdAt: new Date(T0 + 1000) });
    await createKey(other.id, { createdAt: new Date(T0 + 1500) });
    const tied = [tiedA, tiedB].sort((a, b) => (a.id < b.id ? 1 : -1));

    const listed = await apiKeys.listByTeam(team.id);
    expect(listed).toEqual([newest, ...tied, oldest].map(publicPart));
    expect(listed[0]).not.toHaveProperty("keyHash");
  });

  it("lists nothing for a team without keys", async () => {
    const team = await createTeam("reseller");
    expect(await apiKeys.listByTeam(team.id)).toEqual([]);
  });
});

describe("PostgresApiKeyRepository.touch", () => {
  it("records the last use of that key only", async () => {
    const team = await createTeam("provider");
    const used = await createKey(team.id, { createdAt: new Date(T0 + 1) });
    const unused = await createKey(team.id);
    await apiKeys.touch(used.id, new Date(T0 + 60_000));
    await apiKeys.touch(used.id, new Date(T0 + 120_000));
    const listed = await apiKeys.listByTeam(team.id);
    expect(listed.map((k) => [k.id, k.lastUsedAt])).toEqual([
      [used.id, new Date(T0 + 120_000)],
      [unused.id, null],
    ]);
  });
});

describe("PostgresApiKeyRepository.revoke", () => {
  it("revokes the key and returns it", async () => {
    const team = await createTeam("provider");
    const key = await createKey(team.id);
    const at = new Date(T0 + 10_000);
    expect(await apiKeys.revoke(team.id, key.id, at)).toEqual({ ...publicPart(key), revokedAt: at });
  });

  it("is idempotent and keeps the first revocation time", async () => {
    const team = await createTeam("provider");
    const key = await createKey(team.id);
    const first = new Date(T0 + 10_000);
    await apiKeys.revoke(team.id, key.id, first);
    const again = await apiKeys.revoke(team.id, key.id, new Date(T0 + 99_000));
    expect(again).toEqual({ ...publicPart(key), revokedAt: first });
    const [stored] = await apiKeys.findByPrefix(key.prefix);
    expect(stored?.revokedAt).toEqual(first);
  });

  it("returns null for another team's key and leaves it active", async () => {
    const owner = await createTeam("provider");
    const intruder = await createTeam("provider");
    const key = await createKey(owner.id);
    expect(await apiKeys.revoke(intruder.id, key.id, new Date(T0 + 1000))).toBeNull();
    const [stored] = await apiKeys.findByPrefix(key.prefix);
    expect(stored?.revokedAt).toBeNull();
  });

  it("returns null for an unknown key", async () => {
    const team = await createTeam("provider");
    expect(await apiKeys.revoke(team.id, randomUuid(), new Date(T0))).toBeNull();
  });

  it("revokes only the named key", async () => {
    const team = await createTeam("hybrid");
    const revoked = await createKey(team.id, { createdAt: new Date(T0 + 1) });
    const kept = await createKey(team.id);
    await apiKeys.revoke(team.id, revoked.id, new Date(T0 + 1000));
    const listed = await apiKeys.listByTeam(team.id);
    expect(listed.map((k) => [k.id, k.revokedAt])).toEqual([
      [revoked.id, new Date(T0 + 1000)],
      [kept.id, null],
    ]);
  });
});

describe("PostgresApiKeyRepository.insert", () => {
  it("refuses a second key with the same hash", async () => {
    const team = await createTeam("provider");
    const key = await createKey(team.id);
    await expect(createKey(team.id, { keyHash: key.keyHash })).rejects.toThrow();
  });
});
