/**
 * Contract of `MemberRepository` and `InviteRepository`.
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import { ConflictError } from "../../src/errors.ts";
import { aTeam } from "./fixtures.ts";
import {
  aChallenge,
  aMember,
  anInvite,
  aReset,
  aSession,
  aTeamWithMembers,
  at,
  T0,
  withoutHash,
} from "./fixtures-members.ts";
import { openStore } from "./open-store.ts";
import type { ContractSubject } from "./subject.ts";

export function memberContract(subject: ContractSubject): void {
  describe(`MemberRepository and InviteRepository (${subject.name})`, () => {
    const uow = openStore(subject);

    it("stores a member and finds it by e-mail (any team) and by id within its team, with its hash", async () => {
      const { team, members } = await aTeamWithMembers(uow, ["developer"]);
      const member = members[0] as (typeof members)[number];
      const { members: members2 } = uow.repositories;
      expect(await members2.findByEmail(member.email)).toEqual(member);
      expect(await members2.findById(team.id, member.id)).toEqual(member);
      expect(await uow.transaction((scope) => scope.members.findById(team.id, member.id, { forUpdate: true }))).toEqual(
        member,
      );
      expect(await members2.findById(aTeam().id, member.id)).toBeNull();
      expect(await members2.findByEmail("nobody@example.com")).toBeNull();
    });

    it("refuses a taken e-mail with a ConflictError, whatever the team, and a member of no team", async () => {
      const { members } = await aTeamWithMembers(uow, ["owner"]);
      const { team: other } = await aTeamWithMembers(uow, []);
      const taken = { ...aMember(other.id), email: (members[0] as { email: string }).email };
      const refused = uow.transaction((scope) => scope.members.insert(taken));
      await expect(refused).rejects.toBeInstanceOf(ConflictError);
      await expect(refused).rejects.toThrow("This e-mail address already belongs to a member");
      expect(await uow.repositories.members.findById(other.id, taken.id)).toBeNull();

      // Both taken and of no team: PostgreSQL checks unique keys before foreign keys.
      const takenOrphan = { ...aMember(aTeam().id), email: taken.email };
      await expect(uow.transaction((scope) => scope.members.insert(takenOrphan))).rejects.toBeInstanceOf(ConflictError);

      const orphan = aMember(aTeam().id);
      await expect(uow.transaction((scope) => scope.members.insert(orphan))).rejects.toThrow();
      expect(await uow.repositories.members.findByEmail(orphan.email)).toBeNull();
    });

    it("lists a team's members oldest first (id as the tie-break), without hashes, and counts its owners", async () => {
      const { team, members } = await aTeamWithMembers(uow, ["owner", "viewer", "owner"]);
      const sameTime = [aMember(team.id, "operations", at(500)), aMember(team.id, "developer", at(500))];
      await uow.transaction(async (scope) => {
        for (const member of sameTime) await scope.members.insert(member);
      });
      const tied = [...sameTime].sort((a, b) => (a.id < b.id ? -1 : 1));
      const [first, second, third] = members as [
        (typeof members)[number],
        (typeof members)[number],
        (typeof members)[number],
      ];
      expect(await uow.repositories.members.listByTeam(team.id)).toEqual(
        [first, ...tied, second, third].map(withoutHash),
      );
      expect(await uow.repositories.members.listByTeam(aTeam().id)).toEqual([]);
      expect(await uow.repositories.members.countOwners(team.id)).toBe(2);
      expect(await uow.transaction((scope) => scope.members.countOwners(team.id, { forUpdate: true }))).toBe(2);
      expect(await uow.repositories.members.countOwners(aTeam().id)).toBe(0);
    });

    it("changes a role within the team only, and a password by id, each stamping updatedAt", async () => {
      const { team, members } = await aTeamWithMembers(uow, ["owner", "viewer"]);
      const viewer = members[1] as (typeof members)[number];
      const changedAt = at(60_000);
      expect(
        await uow.transaction((scope) => scope.members.updateRole(aTeam().id, viewer.id, "owner", changedAt)),
      ).toBeNull();
      expect(
        await uow.transaction((scope) => scope.members.updateRole(team.id, viewer.id, "developer", changedAt)),
      ).toEqual(withoutHash({ ...viewer, role: "developer", updatedAt: changedAt }));
      expect(await uow.repositories.members.countOwners(team.id)).toBe(1);

      const later = at(120_000);
      await uow.transaction((scope) => scope.members.updatePassword(viewer.id, "$argon2id$new", later));
      expect(await uow.repositories.members.findById(team.id, viewer.id)).toEqual({
        ...viewer,
        role: "developer",
        passwordHash: "$argon2id$new",
        updatedAt: later,
      });
    });

    it("deletes a member of the team with its sessions, authenticator, challenges and resets", async () => {
      const { team, members } = await aTeamWithMembers(uow, ["owner", "developer"]);
      const [kept, removed] = members as [(typeof members)[number], (typeof members)[number]];
      const session = aSession(removed);
      const keptSession = aSession(kept);
      const challenge = aChallenge(removed.id);
      const reset = aReset(removed.id);
      await uow.transaction(async (scope) => {
        await scope.sessions.insert(session);
        await scope.sessions.insert(keptSession);
        await scope.twoFactor.savePendingTotp(removed.id, "JBSWY3DPEHPK3PXP", T0);
        await scope.twoFactor.replaceRecoveryCodes(removed.id, ["code-a"], T0);
        await scope.twoFactor.insertChallenge(challenge);
        await scope.passwordResets.insert(reset);
      });
      expect(await uow.transaction((scope) => scope.members.delete(aTeam().id, removed.id))).toBe(false);
      expect(await uow.transaction((scope) => scope.members.delete(team.id, removed.id))).toBe(true);
      expect(await uow.transaction((scope) => scope.members.delete(team.id, removed.id))).toBe(false);

      const { members: repository, sessions, twoFactor, passwordResets } = uow.repositories;
      expect(await repository.findByEmail(removed.email)).toBeNull();
      expect(await repository.listByTeam(team.id)).toEqual([withoutHash(kept)]);
      expect(await sessions.findByTokenHash(session.tokenHash)).toBeNull();
      expect(await sessions.listActive(removed.id, T0, 3_600_000)).toEqual([]);
      expect((await sessions.findByTokenHash(keptSession.tokenHash))?.member).toEqual(withoutHash(kept));
      expect(await twoFactor.findTotp(removed.id)).toBeNull();
      expect(await twoFactor.countRecoveryCodes(removed.id)).toBe(0);
      expect(await twoFactor.findChallenge(challenge.tokenHash)).toBeNull();
      expect(await passwordResets.findByTokenHash(reset.tokenHash)).toBeNull();
    });

    it("stores an invite and finds it by its token hash; an unknown hash is null", async () => {
      const { team } = await aTeamWithMembers(uow, []);
      const invite = anInvite(team.id);
      await uow.transaction((scope) => scope.invites.insert(invite));
      expect(await uow.repositories.invites.findByTokenHash(invite.tokenHash)).toEqual(invite);
      expect(
        await uow.transaction((scope) => scope.invites.findByTokenHash(invite.tokenHash, { forUpdate: true })),
      ).toEqual(invite);
      expect(await uow.repositories.invites.findByTokenHash("invite-unknown")).toBeNull();
    });

    it("refuses an invite whose token hash is taken, and one of a team that does not exist", async () => {
      const { team } = await aTeamWithMembers(uow, []);
      const invite = anInvite(team.id);
      await uow.transaction((scope) => scope.invites.insert(invite));
      const twin = { ...anInvite(team.id), tokenHash: invite.tokenHash };
      await expect(uow.transaction((scope) => scope.invites.insert(twin))).rejects.toThrow();
      await expect(uow.transaction((scope) => scope.invites.insert(anInvite(aTeam().id)))).rejects.toThrow();
      expect(await uow.repositories.invites.listPending(team.id, T0)).toEqual([
        expect.objectContaining({ id: invite.id }),
      ]);
    });

    it("lists the team's pending invites newest first: not used, not expired at `now`, no hashes", async () => {
      const { team } = await aTeamWithMembers(uow, []);
      const oldest = anInvite(team.id, at(0));
      const tiedA = anInvite(team.id, at(1000));
      const tiedB = anInvite(team.id, at(1000));
      const used = anInvite(team.id, at(2000));
      const expiring = { ...anInvite(team.id, at(3000)), expiresAt: at(10_000) };
      const foreign = anInvite(aTeam("reseller").id, at(4000));
      await uow.transaction(async (scope) => {
        await scope.teams.insert({ ...aTeam("reseller"), id: foreign.teamId });
        for (const invite of [oldest, tiedA, tiedB, used, expiring, foreign]) await scope.invites.insert(invite);
        expect(await scope.invites.markAccepted(used.id, at(5000))).toBe(true);
      });
      const hidden = ({ tokenHash: _, ...invite }: typeof oldest) => invite;
      const tied = [tiedA, tiedB].sort((a, b) => (a.id < b.id ? 1 : -1));
      expect(await uow.repositories.invites.listPending(team.id, at(9_999))).toEqual(
        [expiring, ...tied, oldest].map(hidden),
      );
      expect(await uow.repositories.invites.listPending(team.id, at(10_000))).toEqual([...tied, oldest].map(hidden));
      expect(await uow.repositories.invites.listPending(aTeam().id, T0)).toEqual([]);
    });

    it("accepts an invite once, and deletes only the team's unused invites", async () => {
      const { team } = await aTeamWithMembers(uow, []);
      const accepted = anInvite(team.id);
      const pending = anInvite(team.id);
      await uow.transaction(async (scope) => {
        await scope.invites.insert(accepted);
        await scope.invites.insert(pending);
      });
      expect(await uow.transaction((scope) => scope.invites.markAccepted(accepted.id, at(1000)))).toBe(true);
      expect(await uow.transaction((scope) => scope.invites.markAccepted(accepted.id, at(2000)))).toBe(false);
      expect((await uow.repositories.invites.findByTokenHash(accepted.tokenHash))?.acceptedAt).toEqual(at(1000));

      expect(await uow.transaction((scope) => scope.invites.delete(team.id, accepted.id))).toBeNull();
      expect(await uow.transaction((scope) => scope.invites.delete(aTeam().id, pending.id))).toBeNull();
      const { tokenHash: _, ...deleted } = pending;
      expect(await uow.transaction((scope) => scope.invites.delete(team.id, pending.id))).toEqual(deleted);
      expect(await uow.transaction((scope) => scope.invites.delete(team.id, pending.id))).toBeNull();
      expect(await uow.repositories.invites.findByTokenHash(pending.tokenHash)).toBeNull();
      expect(await uow.repositories.invites.findByTokenHash(accepted.tokenHash)).not.toBeNull();
    });
  });
}
