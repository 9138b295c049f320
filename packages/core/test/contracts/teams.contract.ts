/**
 * Contract of `TeamRepository` and `ApiKeyRepository`.
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import type { TeamRole } from "../../src/teams/index.ts";
import { anApiKey, aTeam } from "./fixtures.ts";
import { openedStore } from "./opened-store.ts";
import type { ContractSubject } from "./subject.ts";

export function teamContract(subject: ContractSubject): void {
  describe(`TeamRepository and ApiKeyRepository (${subject.name})`, () => {
    const uow = openedStore(subject);

    it("is empty before the first team, and not after", async () => {
      expect(await uow.repositories.teams.isEmpty()).toBe(true);
      await uow.transaction((scope) => scope.teams.insert(aTeam("provider")));
      expect(await uow.repositories.teams.isEmpty()).toBe(false);
    });

    it("stores and finds a team by id; an unknown id is null", async () => {
      const team = aTeam("hybrid", new Date("2026-01-02T03:04:05.678Z"), "Acme Energy");
      await uow.transaction((scope) => scope.teams.insert(team));
      expect(await uow.repositories.teams.findById(team.id)).toEqual(team);
      expect(await uow.repositories.teams.findById(aTeam().id)).toBeNull();
    });

    it("refuses a second team with the same id", async () => {
      const team = aTeam("reseller");
      await uow.transaction((scope) => scope.teams.insert(team));
      await expect(uow.transaction((scope) => scope.teams.insert({ ...team, name: "again" }))).rejects.toThrow();
      expect((await uow.repositories.teams.findById(team.id))?.name).toBe(team.name);
    });

    it("refuses a role outside provider, reseller and hybrid", async () => {
      const team = { ...aTeam(), role: "admin" as TeamRole };
      await expect(uow.transaction((scope) => scope.teams.insert(team))).rejects.toThrow();
      expect(await uow.repositories.teams.findById(team.id)).toBeNull();
    });

    it("lists newest first with the id as the tie-break, and pages after a cursor (limit + 1 rows)", async () => {
      const base = Date.parse("2030-01-01T00:00:00.000Z");
      const inserted = [
        aTeam("provider", new Date(base)),
        aTeam("reseller", new Date(base + 1000)),
        aTeam("hybrid", new Date(base + 1000)),
        aTeam("provider", new Date(base + 2000)),
      ];
      await uow.transaction(async (scope) => {
        for (const team of inserted) await scope.teams.insert(team);
      });
      const expected = [...inserted].sort(
        (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
      );
      expect((await uow.repositories.teams.list({ kind: "all" })).slice(0, 4)).toEqual(expected);
      expect(await uow.repositories.teams.list({ kind: "page", limit: 2, after: null })).toEqual(expected.slice(0, 3));
      const second = await uow.repositories.teams.list({ kind: "page", limit: 2, after: expected[1]?.id ?? null });
      expect(second.slice(0, 2)).toEqual(expected.slice(2, 4));
      expect(await uow.repositories.teams.list({ kind: "page", limit: 2, after: aTeam().id })).toEqual([]);
    });

    it("stores a key's hash, finds it by prefix with its team's role, and lists a team's keys newest first", async () => {
      const team = aTeam("reseller");
      const older = anApiKey(team.id, new Date("2026-02-01T00:00:00.000Z"));
      const newer = {
        ...anApiKey(team.id, new Date("2026-02-02T00:00:00.000Z")),
        name: "CI",
        createdBy: "a@b.example",
      };
      await uow.transaction(async (scope) => {
        await scope.teams.insert(team);
        await scope.apiKeys.insert(older);
        await scope.apiKeys.insert(newer);
      });
      const { keyHash, ...publicOlder } = older;
      expect(await uow.repositories.apiKeys.findByPrefix(older.prefix)).toEqual([
        { ...publicOlder, keyHash, teamRole: "reseller" },
      ]);
      expect(await uow.repositories.apiKeys.findByPrefix("mk_nothing")).toEqual([]);
      const listed = await uow.repositories.apiKeys.listByTeam(team.id);
      expect(listed.map((key) => key.id)).toEqual([newer.id, older.id]);
      expect(listed[0]).not.toHaveProperty("keyHash");
      expect(await uow.repositories.apiKeys.listByTeam(aTeam().id)).toEqual([]);
    });

    it("refuses a key of a team that does not exist", async () => {
      const key = anApiKey(aTeam().id);
      await expect(uow.transaction((scope) => scope.apiKeys.insert(key))).rejects.toThrow();
      expect(await uow.repositories.apiKeys.findByPrefix(key.prefix)).toEqual([]);
    });

    it("records a use, revokes once (the first time stays), expires never later, all scoped to the team", async () => {
      const team = aTeam("provider");
      const other = aTeam("provider");
      const key = anApiKey(team.id);
      await uow.transaction(async (scope) => {
        await scope.teams.insert(team);
        await scope.teams.insert(other);
        await scope.apiKeys.insert(key);
      });
      const t1 = new Date("2026-03-01T00:00:00.000Z");
      const t2 = new Date("2026-03-02T00:00:00.000Z");
      await uow.transaction((scope) => scope.apiKeys.touch(key.id, t1));
      expect((await uow.repositories.apiKeys.findById(team.id, key.id))?.lastUsedAt).toEqual(t1);

      expect(await uow.transaction((scope) => scope.apiKeys.revoke(other.id, key.id, t1))).toBeNull();
      expect((await uow.transaction((scope) => scope.apiKeys.revoke(team.id, key.id, t1)))?.revokedAt).toEqual(t1);
      expect((await uow.transaction((scope) => scope.apiKeys.revoke(team.id, key.id, t2)))?.revokedAt).toEqual(t1);

      expect(await uow.transaction((scope) => scope.apiKeys.expire(other.id, key.id, t2))).toBeNull();
      expect((await uow.transaction((scope) => scope.apiKeys.expire(team.id, key.id, t2)))?.expiresAt).toEqual(t2);
      expect((await uow.transaction((scope) => scope.apiKeys.expire(team.id, key.id, t1)))?.expiresAt).toEqual(t1);
      expect((await uow.transaction((scope) => scope.apiKeys.expire(team.id, key.id, t2)))?.expiresAt).toEqual(t1);
      expect(await uow.repositories.apiKeys.findById(other.id, key.id)).toBeNull();
    });
  });
}
