/**
 * Contract of `IdempotencyRepository`.
 *
 * @module
 */

import { beforeAll, describe, expect, it } from "vitest";
import { aTeam } from "./fixtures.ts";
import { openedStore } from "./opened-store.ts";
import type { ContractSubject } from "./subject.ts";

const T0 = new Date("2026-04-01T10:00:00.000Z");
const BEFORE = new Date(T0.getTime() - 1);
const AFTER = new Date(T0.getTime() + 1);
/** The start of a 24 h replay window ending at T0: keys used before it are out of the window. */
const SINCE = new Date(T0.getTime() - 24 * 60 * 60 * 1000);

export function idempotencyContract(subject: ContractSubject): void {
  describe(`IdempotencyRepository (${subject.name})`, () => {
    const uow = openedStore(subject);
    const team = aTeam("reseller");
    const other = aTeam("reseller");
    beforeAll(async () => {
      await uow.transaction(async (scope) => {
        await scope.teams.insert(team);
        await scope.teams.insert(other);
      });
    });

    it("claims a key once per team; the record has no response until completed", async () => {
      expect(await uow.transaction((scope) => scope.idempotency.claim(team.id, "k-1", "hash-1", T0, SINCE))).toBe(true);
      expect(await uow.transaction((scope) => scope.idempotency.claim(team.id, "k-1", "hash-1", T0, SINCE))).toBe(
        false,
      );
      expect(await uow.transaction((scope) => scope.idempotency.claim(team.id, "k-1", "hash-2", AFTER, SINCE))).toBe(
        false,
      );
      expect(await uow.transaction((scope) => scope.idempotency.claim(other.id, "k-1", "hash-3", T0, SINCE))).toBe(
        true,
      );
      expect(await uow.repositories.idempotency.find(team.id, "k-1", BEFORE)).toEqual({
        requestHash: "hash-1",
        response: null,
      });
      expect(await uow.repositories.idempotency.find(other.id, "k-1", BEFORE)).toEqual({
        requestHash: "hash-3",
        response: null,
      });
    });

    it("stores the response as JSON (dates come back as ISO text) for that team's key only", async () => {
      await uow.transaction(async (scope) => {
        await scope.idempotency.claim(team.id, "k-2", "hash", T0, SINCE);
        await scope.idempotency.claim(other.id, "k-2", "hash", T0, SINCE);
        await scope.idempotency.complete(team.id, "k-2", { id: "order-1", createdAt: T0, total: "10.00", n: 2 });
      });
      expect(await uow.repositories.idempotency.find(team.id, "k-2", BEFORE)).toEqual({
        requestHash: "hash",
        response: { id: "order-1", createdAt: T0.toISOString(), total: "10.00", n: 2 },
      });
      expect((await uow.repositories.idempotency.find(other.id, "k-2", BEFORE))?.response).toBeNull();
    });

    it("finds a key used at or after notBefore only; an unknown key or team is null", async () => {
      await uow.transaction((scope) => scope.idempotency.claim(team.id, "k-3", "hash", T0, SINCE));
      expect(await uow.repositories.idempotency.find(team.id, "k-3", T0)).not.toBeNull();
      expect(await uow.repositories.idempotency.find(team.id, "k-3", AFTER)).toBeNull();
      expect(await uow.repositories.idempotency.find(team.id, "unknown", BEFORE)).toBeNull();
      expect(await uow.repositories.idempotency.find(aTeam().id, "k-3", BEFORE)).toBeNull();
    });

    it("takes over a key used before notBefore (out of the window, not yet pruned), once", async () => {
      const old = new Date("2020-01-01T00:00:00.000Z");
      await uow.transaction(async (scope) => {
        await scope.idempotency.claim(team.id, "k-old", "hash", old, new Date(old.getTime() - 1));
        await scope.idempotency.complete(team.id, "k-old", { id: "order-old" });
      });
      // Used at notBefore: still in the window, taken.
      expect(await uow.transaction((scope) => scope.idempotency.claim(team.id, "k-old", "new", T0, old))).toBe(false);
      expect(await uow.repositories.idempotency.find(team.id, "k-old", old)).toEqual({
        requestHash: "hash",
        response: { id: "order-old" },
      });
      expect(await uow.transaction((scope) => scope.idempotency.claim(team.id, "k-old", "new", T0, SINCE))).toBe(true);
      expect(await uow.repositories.idempotency.find(team.id, "k-old", SINCE)).toEqual({
        requestHash: "new",
        response: null,
      });
      expect(await uow.transaction((scope) => scope.idempotency.claim(team.id, "k-old", "again", AFTER, SINCE))).toBe(
        false,
      );
    });

    it("forgets a claim whose transaction rolled back, and refuses a team that does not exist", async () => {
      await expect(
        uow.transaction(async (scope) => {
          await scope.idempotency.claim(team.id, "k-4", "hash", T0, SINCE);
          throw new Error("the order failed");
        }),
      ).rejects.toThrow("the order failed");
      expect(await uow.repositories.idempotency.find(team.id, "k-4", BEFORE)).toBeNull();
      expect(await uow.transaction((scope) => scope.idempotency.claim(team.id, "k-4", "hash", T0, SINCE))).toBe(true);
      await expect(
        uow.transaction((scope) => scope.idempotency.claim(aTeam().id, "k-5", "hash", T0, SINCE)),
      ).rejects.toThrow();
    });
  });
}
