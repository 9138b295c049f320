/**
 * Contract of `TwoFactorRepository`: authenticators, recovery codes, sign-in challenges and the
 * team's policy.
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import { aTeam } from "./fixtures.ts";
import { aChallenge, aTeamWithMembers, at, T0, withoutHash } from "./fixtures-members.ts";
import { openStore } from "./open-store.ts";
import type { ContractSubject } from "./subject.ts";

const SECRET = "JBSWY3DPEHPK3PXP";

export function twoFactorContract(subject: ContractSubject): void {
  describe(`TwoFactorRepository (${subject.name})`, () => {
    const uow = openStore(subject);

    /** One member of a new team: its id. */
    async function aMemberId(): Promise<string> {
      const { members } = await aTeamWithMembers(uow, ["owner"]);
      return (members[0] as { id: string }).id;
    }

    it("keeps a pending authenticator (a new one replaces it), enables it, then refuses to replace it", async () => {
      const memberId = await aMemberId();
      const { twoFactor } = uow.repositories;
      expect(await twoFactor.findTotp(memberId)).toBeNull();
      expect(
        await uow.transaction((scope) => scope.twoFactor.savePendingTotp(memberId, "AAAAAAAAAAAAAAAA", at(0))),
      ).toBe(true);
      expect(await uow.transaction((scope) => scope.twoFactor.savePendingTotp(memberId, SECRET, at(1000)))).toBe(true);
      expect(await twoFactor.findTotp(memberId)).toEqual({
        memberId,
        secret: SECRET,
        createdAt: at(1000),
        enabledAt: null,
        lastUsedStep: null,
      });
      expect(await uow.transaction((scope) => scope.twoFactor.enableTotp(memberId, 57_000_000, at(2000)))).toBe(true);
      expect(await uow.transaction((scope) => scope.twoFactor.enableTotp(memberId, 57_000_001, at(3000)))).toBe(false);
      expect(
        await uow.transaction((scope) => scope.twoFactor.savePendingTotp(memberId, "BBBBBBBBBBBBBBBB", at(4000))),
      ).toBe(false);
      expect(await twoFactor.findTotp(memberId)).toEqual({
        memberId,
        secret: SECRET,
        createdAt: at(1000),
        enabledAt: at(2000),
        lastUsedStep: 57_000_000,
      });
      expect(await uow.transaction((scope) => scope.twoFactor.enableTotp(aTeam().id, 1, at(0)))).toBe(false);
    });

    it("accepts each time step once, and only after enabling", async () => {
      const memberId = await aMemberId();
      const run = uow.transaction.bind(uow);
      expect(await run((scope) => scope.twoFactor.useStep(memberId, 100))).toBe(false);
      await run((scope) => scope.twoFactor.savePendingTotp(memberId, SECRET, T0));
      expect(await run((scope) => scope.twoFactor.useStep(memberId, 100))).toBe(false);
      expect(await run((scope) => scope.twoFactor.enableTotp(memberId, 100, T0))).toBe(true);
      expect(await run((scope) => scope.twoFactor.useStep(memberId, 100))).toBe(false);
      expect(await run((scope) => scope.twoFactor.useStep(memberId, 101))).toBe(true);
      expect(await run((scope) => scope.twoFactor.useStep(memberId, 101))).toBe(false);
      expect(await run((scope) => scope.twoFactor.useStep(memberId, 99))).toBe(false);
      expect((await uow.repositories.twoFactor.findTotp(memberId))?.lastUsedStep).toBe(101);
    });

    it("replaces recovery codes, uses each once, counts the unused, and drops them with the authenticator", async () => {
      const memberId = await aMemberId();
      const other = await aMemberId();
      const run = uow.transaction.bind(uow);
      await run(async (scope) => {
        await scope.twoFactor.savePendingTotp(memberId, SECRET, T0);
        await scope.twoFactor.enableTotp(memberId, 1, T0);
        await scope.twoFactor.replaceRecoveryCodes(memberId, ["a", "b", "c"], T0);
        await scope.twoFactor.replaceRecoveryCodes(other, ["a"], T0);
      });
      const { twoFactor } = uow.repositories;
      expect(await twoFactor.countRecoveryCodes(memberId)).toBe(3);
      expect(await run((scope) => scope.twoFactor.useRecoveryCode(memberId, "a", at(1)))).toBe(true);
      expect(await run((scope) => scope.twoFactor.useRecoveryCode(memberId, "a", at(2)))).toBe(false);
      expect(await run((scope) => scope.twoFactor.useRecoveryCode(memberId, "z", at(2)))).toBe(false);
      expect(await twoFactor.countRecoveryCodes(memberId)).toBe(2);
      expect(await twoFactor.countRecoveryCodes(other)).toBe(1);

      await run((scope) => scope.twoFactor.replaceRecoveryCodes(memberId, ["a", "d"], at(3)));
      expect(await twoFactor.countRecoveryCodes(memberId)).toBe(2);
      expect(await run((scope) => scope.twoFactor.useRecoveryCode(memberId, "b", at(4)))).toBe(false);
      expect(await run((scope) => scope.twoFactor.useRecoveryCode(memberId, "a", at(4)))).toBe(true);
      await run((scope) => scope.twoFactor.replaceRecoveryCodes(memberId, [], at(5)));
      expect(await twoFactor.countRecoveryCodes(memberId)).toBe(0);

      await run((scope) => scope.twoFactor.replaceRecoveryCodes(memberId, ["e"], at(6)));
      expect(await run((scope) => scope.twoFactor.deleteTotp(memberId))).toBe(true);
      expect(await run((scope) => scope.twoFactor.deleteTotp(memberId))).toBe(false);
      expect(await twoFactor.findTotp(memberId)).toBeNull();
      expect(await twoFactor.countRecoveryCodes(memberId)).toBe(0);
      expect(await twoFactor.countRecoveryCodes(other)).toBe(1);
    });

    it("stores a sign-in challenge, finds it with its member, and deletes it once", async () => {
      const { members } = await aTeamWithMembers(uow, ["developer"]);
      const member = members[0] as (typeof members)[number];
      const challenge = aChallenge(member.id);
      await uow.transaction((scope) => scope.twoFactor.insertChallenge(challenge));
      const { tokenHash, ...shown } = challenge;
      expect(await uow.repositories.twoFactor.findChallenge(tokenHash)).toEqual({
        ...shown,
        member: withoutHash(member),
      });
      expect(await uow.repositories.twoFactor.findChallenge("ch-unknown")).toBeNull();
      expect(await uow.transaction((scope) => scope.twoFactor.deleteChallenge(challenge.id))).toBe(true);
      expect(await uow.transaction((scope) => scope.twoFactor.deleteChallenge(challenge.id))).toBe(false);
      expect(await uow.repositories.twoFactor.findChallenge(tokenHash)).toBeNull();
      await expect(
        uow.transaction((scope) => scope.twoFactor.insertChallenge(aChallenge(aTeam().id))),
      ).rejects.toThrow();
    });

    it("drops the member's expired challenges when a new one is stored, and keeps the rest", async () => {
      const memberId = await aMemberId();
      const other = await aMemberId();
      const expired = aChallenge(memberId, at(0)); // expires at 5 min
      const live = aChallenge(memberId, at(200_000));
      const othersExpired = aChallenge(other, at(0));
      await uow.transaction(async (scope) => {
        for (const challenge of [expired, live, othersExpired]) await scope.twoFactor.insertChallenge(challenge);
      });
      const fresh = aChallenge(memberId, at(300_000));
      await uow.transaction((scope) => scope.twoFactor.insertChallenge(fresh));
      const { twoFactor } = uow.repositories;
      expect(await twoFactor.findChallenge(expired.tokenHash)).toBeNull();
      expect((await twoFactor.findChallenge(live.tokenHash))?.id).toBe(live.id);
      expect((await twoFactor.findChallenge(fresh.tokenHash))?.id).toBe(fresh.id);
      expect((await twoFactor.findChallenge(othersExpired.tokenHash))?.id).toBe(othersExpired.id);
    });

    it("keeps the team's policy (off by default) and lists the members with an enabled authenticator", async () => {
      const { team, members } = await aTeamWithMembers(uow, ["owner", "developer", "viewer"]);
      const [enabledA, pending, enabledB] = members.map((member) => member.id) as [string, string, string];
      const elsewhere = await aMemberId();
      const { twoFactor } = uow.repositories;
      expect(await twoFactor.teamRequiresTwoFactor(team.id)).toBe(false);
      await uow.transaction((scope) => scope.twoFactor.setTeamRequiresTwoFactor(team.id, true, at(1)));
      expect(await twoFactor.teamRequiresTwoFactor(team.id)).toBe(true);
      await uow.transaction((scope) => scope.twoFactor.setTeamRequiresTwoFactor(team.id, false, at(2)));
      expect(await twoFactor.teamRequiresTwoFactor(team.id)).toBe(false);
      expect(await twoFactor.teamRequiresTwoFactor(aTeam().id)).toBe(false);

      expect(await twoFactor.enabledMemberIds(team.id)).toEqual([]);
      await uow.transaction(async (scope) => {
        for (const memberId of [enabledA, pending, enabledB, elsewhere]) {
          await scope.twoFactor.savePendingTotp(memberId, SECRET, T0);
        }
        for (const memberId of [enabledA, enabledB, elsewhere]) await scope.twoFactor.enableTotp(memberId, 1, T0);
      });
      expect((await twoFactor.enabledMemberIds(team.id)).sort()).toEqual([enabledA, enabledB].sort());
    });
  });
}
