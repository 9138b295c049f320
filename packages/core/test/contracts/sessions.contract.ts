/**
 * Contract of `SessionRepository` and `PasswordResetRepository`.
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import type { StoredSession } from "../../src/members/index.ts";
import { aTeam } from "./fixtures.ts";
import { aReset, aSession, aTeamWithMembers, at, T0, withoutHash } from "./fixtures-members.ts";
import { openStore } from "./open-store.ts";
import type { ContractSubject } from "./subject.ts";

/** The session as the port returns it: no hash, no step-up yet. */
function shown({ tokenHash: _, ...session }: StoredSession, reauthenticatedAt: Date | null = null) {
  return { ...session, reauthenticatedAt };
}

export function sessionContract(subject: ContractSubject): void {
  describe(`SessionRepository and PasswordResetRepository (${subject.name})`, () => {
    const uow = openStore(subject);

    it("finds a session by its token hash with its member and their two-factor state", async () => {
      const { team, members } = await aTeamWithMembers(uow, ["owner"]);
      const member = members[0] as (typeof members)[number];
      const session = { ...aSession(member), ip: null, userAgent: null };
      await uow.transaction((scope) => scope.sessions.insert(session));
      const found = () => uow.repositories.sessions.findByTokenHash(session.tokenHash);
      expect(await found()).toEqual({
        session: shown(session),
        member: withoutHash(member),
        twoFactor: { enabled: false, required: false },
      });
      await uow.transaction(async (scope) => {
        await scope.twoFactor.savePendingTotp(member.id, "JBSWY3DPEHPK3PXP", T0);
        await scope.twoFactor.setTeamRequiresTwoFactor(team.id, true, T0);
      });
      expect((await found())?.twoFactor).toEqual({ enabled: false, required: true });
      await uow.transaction((scope) => scope.twoFactor.enableTotp(member.id, 1, T0));
      expect((await found())?.twoFactor).toEqual({ enabled: true, required: true });
      expect(await uow.repositories.sessions.findByTokenHash("session-unknown")).toBeNull();
    });

    it("refuses a session whose token hash is taken, and one of a member that does not exist", async () => {
      const { members } = await aTeamWithMembers(uow, ["viewer"]);
      const member = members[0] as (typeof members)[number];
      const session = aSession(member);
      await uow.transaction((scope) => scope.sessions.insert(session));
      const twin = { ...aSession(member), tokenHash: session.tokenHash };
      await expect(uow.transaction((scope) => scope.sessions.insert(twin))).rejects.toThrow();
      const orphan = { ...aSession(member), memberId: aTeam().id };
      await expect(uow.transaction((scope) => scope.sessions.insert(orphan))).rejects.toThrow();
      expect(await uow.repositories.sessions.listActive(member.id, T0, 3_600_000)).toEqual([shown(session)]);
    });

    it("records activity and a step-up sign-in", async () => {
      const { members } = await aTeamWithMembers(uow, ["owner"]);
      const session = aSession(members[0] as (typeof members)[number]);
      await uow.transaction(async (scope) => {
        await scope.sessions.insert(session);
        await scope.sessions.touch(session.id, at(60_000));
      });
      expect((await uow.repositories.sessions.findByTokenHash(session.tokenHash))?.session).toEqual(
        shown({ ...session, lastSeenAt: at(60_000) }),
      );
      await uow.transaction((scope) => scope.sessions.markReauthenticated(session.id, at(90_000)));
      expect((await uow.repositories.sessions.findByTokenHash(session.tokenHash))?.session).toEqual(
        shown({ ...session, lastSeenAt: at(60_000) }, at(90_000)),
      );
    });

    it("keeps a step-up time given at insert, as every other field", async () => {
      const { members } = await aTeamWithMembers(uow, ["owner"]);
      const member = members[0] as (typeof members)[number];
      const session = { ...aSession(member), reauthenticatedAt: at(30_000) };
      await uow.transaction((scope) => scope.sessions.insert(session));
      expect((await uow.repositories.sessions.findByTokenHash(session.tokenHash))?.session).toEqual(
        shown(session, at(30_000)),
      );
      expect(await uow.repositories.sessions.listActive(member.id, T0, 3_600_000)).toEqual([
        shown(session, at(30_000)),
      ]);
    });

    it("ends one session of the member, or all but one, saying how many", async () => {
      const { members } = await aTeamWithMembers(uow, ["owner", "developer"]);
      const [member, other] = members as [(typeof members)[number], (typeof members)[number]];
      const [a, b, c] = [aSession(member, at(0)), aSession(member, at(1)), aSession(member, at(2))];
      const others = aSession(other);
      await uow.transaction(async (scope) => {
        for (const session of [a, b, c, others]) await scope.sessions.insert(session);
      });
      expect(await uow.transaction((scope) => scope.sessions.end(other.id, a.id))).toBe(false);
      expect(await uow.transaction((scope) => scope.sessions.end(member.id, a.id))).toBe(true);
      expect(await uow.transaction((scope) => scope.sessions.end(member.id, a.id))).toBe(false);
      expect(await uow.repositories.sessions.findByTokenHash(a.tokenHash)).toBeNull();
      expect(await uow.transaction((scope) => scope.sessions.endAll(member.id, c.id))).toBe(1);
      expect(await uow.repositories.sessions.findByTokenHash(c.tokenHash)).not.toBeNull();
      expect(await uow.transaction((scope) => scope.sessions.endAll(member.id))).toBe(1);
      expect(await uow.transaction((scope) => scope.sessions.endAll(member.id))).toBe(0);
      expect(await uow.repositories.sessions.findByTokenHash(others.tokenHash)).not.toBeNull();
    });

    it("lists the member's sessions unexpired and not idle at `now`, most recently seen first", async () => {
      const { members } = await aTeamWithMembers(uow, ["owner", "viewer"]);
      const [member, other] = members as [(typeof members)[number], (typeof members)[number]];
      const idleMs = 60_000;
      const now = at(100_000);
      const seen = (ms: number, expires = at(200_000)) => ({
        ...aSession(member),
        lastSeenAt: at(ms),
        expiresAt: expires,
      });
      const idle = seen(40_000);
      const edgeOfIdle = seen(40_001);
      const tiedA = seen(90_000);
      const tiedB = seen(90_000);
      const expired = seen(99_000, now);
      const newest = seen(99_500);
      await uow.transaction(async (scope) => {
        for (const session of [idle, edgeOfIdle, tiedA, tiedB, expired, newest, aSession(other, at(99_000))]) {
          await scope.sessions.insert(session);
        }
      });
      const tied = [tiedA, tiedB].sort((x, y) => (x.id < y.id ? 1 : -1));
      expect(await uow.repositories.sessions.listActive(member.id, now, idleMs)).toEqual(
        [newest, ...tied, edgeOfIdle].map((session) => shown(session)),
      );
      expect(await uow.repositories.sessions.listActive(aTeam().id, now, idleMs)).toEqual([]);
    });

    it("stores a password reset, finds it with its member, and marks it used once", async () => {
      const { members } = await aTeamWithMembers(uow, ["operations"]);
      const member = members[0] as (typeof members)[number];
      const reset = aReset(member.id);
      await uow.transaction((scope) => scope.passwordResets.insert(reset));
      expect(await uow.repositories.passwordResets.findByTokenHash(reset.tokenHash)).toEqual({
        ...reset,
        member: withoutHash(member),
      });
      expect(await uow.transaction((scope) => scope.passwordResets.markUsed(reset.id, at(1000)))).toBe(true);
      expect(await uow.transaction((scope) => scope.passwordResets.markUsed(reset.id, at(2000)))).toBe(false);
      expect((await uow.repositories.passwordResets.findByTokenHash(reset.tokenHash))?.usedAt).toEqual(at(1000));
      expect(await uow.repositories.passwordResets.findByTokenHash("reset-unknown")).toBeNull();
      await expect(uow.transaction((scope) => scope.passwordResets.insert(aReset(aTeam().id)))).rejects.toThrow();
    });

    it("drops the member's expired resets when a new one is stored, and keeps the rest", async () => {
      const { members } = await aTeamWithMembers(uow, ["owner", "owner"]);
      const [member, other] = members as [(typeof members)[number], (typeof members)[number]];
      const expired = aReset(member.id, at(0)); // expires at 1 h
      const live = aReset(member.id, at(1_800_000)); // expires at 1 h 30
      const othersExpired = aReset(other.id, at(0));
      await uow.transaction(async (scope) => {
        for (const reset of [expired, live, othersExpired]) await scope.passwordResets.insert(reset);
      });
      const fresh = aReset(member.id, at(3_600_000));
      await uow.transaction((scope) => scope.passwordResets.insert(fresh));
      const { passwordResets } = uow.repositories;
      expect(await passwordResets.findByTokenHash(expired.tokenHash)).toBeNull();
      expect((await passwordResets.findByTokenHash(live.tokenHash))?.id).toBe(live.id);
      expect((await passwordResets.findByTokenHash(fresh.tokenHash))?.id).toBe(fresh.id);
      expect((await passwordResets.findByTokenHash(othersExpired.tokenHash))?.id).toBe(othersExpired.id);
    });
  });
}
