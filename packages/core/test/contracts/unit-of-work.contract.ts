/**
 * Contract of `UnitOfWork`: a transaction commits when its work resolves and leaves nothing when it
 * throws; reads outside a transaction see what was committed.
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import { aTeam } from "./fixtures.ts";
import { openedStore } from "./opened-store.ts";
import type { ContractSubject } from "./subject.ts";

export function unitOfWorkContract(subject: ContractSubject): void {
  describe(`UnitOfWork (${subject.name})`, () => {
    const uow = openedStore(subject);

    it("commits what the work wrote and returns what it returned", async () => {
      const team = aTeam();
      const result = await uow.transaction(async (scope) => {
        await scope.teams.insert(team);
        return "done";
      });
      expect(result).toBe("done");
      expect(await uow.repositories.teams.findById(team.id)).toEqual(team);
    });

    it("rolls back every write of a work that throws, and rethrows its error", async () => {
      const first = aTeam();
      const second = aTeam();
      const failure = new Error("the work failed");
      await expect(
        uow.transaction(async (scope) => {
          await scope.teams.insert(first);
          await scope.teams.insert(second);
          expect(await scope.teams.findById(first.id)).toEqual(first);
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await uow.repositories.teams.findById(first.id)).toBeNull();
      expect(await uow.repositories.teams.findById(second.id)).toBeNull();
    });

    it("rolls back when a write breaks a constraint, keeping the writes before it out too", async () => {
      const team = aTeam();
      const fresh = aTeam();
      await uow.transaction((scope) => scope.teams.insert(team));
      await expect(
        uow.transaction(async (scope) => {
          await scope.teams.insert(fresh);
          await scope.teams.insert(team);
        }),
      ).rejects.toThrow();
      expect(await uow.repositories.teams.findById(fresh.id)).toBeNull();
    });

    it("keeps a write made outside a transaction while one is open, when that one commits", async () => {
      const inside = aTeam();
      const outside = aTeam();
      await uow.transaction(async (scope) => {
        await scope.teams.insert(inside);
        await uow.repositories.teams.insert(outside);
      });
      expect(await uow.repositories.teams.findById(inside.id)).toEqual(inside);
      expect(await uow.repositories.teams.findById(outside.id)).toEqual(outside);
    });

    it("runs concurrent transactions without losing either's writes", async () => {
      const teams = Array.from({ length: 5 }, () => aTeam());
      await Promise.all(teams.map((team) => uow.transaction((scope) => scope.teams.insert(team))));
      for (const team of teams) expect(await uow.repositories.teams.findById(team.id)).toEqual(team);
    });

    it("hands out copies: changing a row read does not change what is stored", async () => {
      const team = aTeam();
      await uow.transaction((scope) => scope.teams.insert(team));
      const read = await uow.repositories.teams.findById(team.id);
      if (read) read.name = "changed by the caller";
      team.name = "changed after insert";
      expect((await uow.repositories.teams.findById(team.id))?.name).not.toMatch(/changed/);
    });
  });
}
