/**
 * Contract of `ConsentLedgerRepository`: chain heads, entries, checkpoints and signing keys.
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import { GENESIS_HASH } from "../../src/consents/index.ts";
import { aTeam } from "./fixtures.ts";
import { aCheckpoint, aSigningKey } from "./fixtures-consents.ts";
import { openedStore } from "./opened-store.ts";
import type { ContractSubject } from "./subject.ts";

const T0 = new Date("2026-05-01T00:00:00.000Z");
const later = (days: number) => new Date(T0.getTime() + days * 86_400_000);

export function consentLedgerContract(subject: ContractSubject): void {
  describe(`ConsentLedgerRepository: heads, checkpoints, keys (${subject.name})`, () => {
    const uow = openedStore(subject);

    async function providers(count: number) {
      const teams = Array.from({ length: count }, () => aTeam("provider"));
      await uow.transaction(async (scope) => {
        for (const team of teams) await scope.teams.insert(team);
      });
      return teams.map((team) => team.id);
    }

    it("creates empty heads on first lock, in the order given, and keeps them", async () => {
      const [a, b] = (await providers(2)) as [string, string];
      expect(await uow.repositories.consentLedger.head(a)).toBeNull();
      expect(await uow.transaction((scope) => scope.consentLedger.lockHeads([b, a]))).toEqual([
        { providerTeamId: b, seq: 0, hash: GENESIS_HASH },
        { providerTeamId: a, seq: 0, hash: GENESIS_HASH },
      ]);
      expect(await uow.repositories.consentLedger.head(a)).toEqual({ providerTeamId: a, seq: 0, hash: GENESIS_HASH });
      expect(await uow.transaction((scope) => scope.consentLedger.lockHeads([]))).toEqual([]);
      // An empty chain awaits no checkpoint.
      expect(await uow.repositories.consentLedger.headsAwaitingCheckpoint(100)).toEqual([]);
    });

    it("refuses a head for a team that does not exist", async () => {
      const missing = aTeam().id;
      await expect(uow.transaction((scope) => scope.consentLedger.lockHeads([missing]))).rejects.toThrow();
      expect(await uow.repositories.consentLedger.head(missing)).toBeNull();
    });

    it("stores the first generated key only while no key is active", async () => {
      const first = aSigningKey(T0);
      const second = aSigningKey(later(1));
      expect(await uow.repositories.consentLedger.signingKeys()).toEqual([]);
      expect(await uow.transaction((scope) => scope.consentLedger.insertFirstSigningKey(first))).toBe(true);
      expect(await uow.transaction((scope) => scope.consentLedger.insertFirstSigningKey(second))).toBe(false);
      expect(await uow.transaction((scope) => scope.consentLedger.insertFirstSigningKey(first))).toBe(false);
      expect(await uow.repositories.consentLedger.signingKeys()).toEqual([first]);
      const { privateJwk: _, ...publicFirst } = first;
      expect(await uow.repositories.consentLedger.publicSigningKeys()).toEqual([publicFirst]);
    });

    it("activates a key: retires the others at its creation, stores a configured key without its private part, revives a retired one", async () => {
      const [initial] = await uow.repositories.consentLedger.signingKeys();
      if (!initial) throw new Error("the previous test stores a key");
      const configured = aSigningKey(later(2), true);
      await uow.transaction((scope) => scope.consentLedger.activateSigningKey(configured));
      expect(await uow.repositories.consentLedger.signingKeys()).toEqual([
        { ...initial, retiredAt: later(2) },
        configured,
      ]);
      // The initial key again: active as stored (its private part kept), the configured one retired.
      await uow.transaction((scope) =>
        scope.consentLedger.activateSigningKey({ ...initial, privateJwk: null, createdAt: later(3) }),
      );
      expect(await uow.repositories.consentLedger.signingKeys()).toEqual([
        initial,
        { ...configured, retiredAt: later(3) },
      ]);
      expect((await uow.repositories.consentLedger.publicSigningKeys()).map((key) => key.kid)).toEqual([
        initial.kid,
        configured.kid,
      ]);
      expect(await uow.transaction((scope) => scope.consentLedger.insertFirstSigningKey(aSigningKey(later(4))))).toBe(
        false,
      );
    });

    it("stores checkpoints (the first of a position wins) and reads the latest; refuses an unknown key", async () => {
      const [team, other] = (await providers(2)) as [string, string];
      const [key] = await uow.repositories.consentLedger.signingKeys();
      if (!key) throw new Error("a key is stored above");
      expect(await uow.repositories.consentLedger.latestCheckpoint(team)).toBeNull();
      const third = aCheckpoint(team, 3, key.kid, later(5));
      await uow.transaction(async (scope) => {
        await scope.consentLedger.insertCheckpoint(aCheckpoint(team, 1, key.kid, later(4)));
        await scope.consentLedger.insertCheckpoint(third);
        await scope.consentLedger.insertCheckpoint({ ...third, signature: "another", signedAt: later(6) });
        await scope.consentLedger.insertCheckpoint(aCheckpoint(other, 1, key.kid, later(4)));
      });
      expect(await uow.repositories.consentLedger.latestCheckpoint(team)).toEqual(third);
      await expect(
        uow.transaction((scope) => scope.consentLedger.insertCheckpoint(aCheckpoint(team, 9, "unknown-kid", T0))),
      ).rejects.toThrow();
      expect(await uow.repositories.consentLedger.latestCheckpoint(team)).toEqual(third);
    });
  });
}
