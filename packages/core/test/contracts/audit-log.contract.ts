/**
 * Contract of `AuditLogRepository`: append, then read newest first; entries of one instant
 * newest-appended first (write order), whatever their ids.
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import { type AuditEntry, type AuditFilter, OPERATOR_ACTOR } from "../../src/audit-log/index.ts";
import { randomUuid } from "../../src/ids.ts";
import type { Team } from "../../src/teams/index.ts";
import { aTeam } from "./fixtures.ts";
import { at } from "./fixtures-members.ts";
import { openStore } from "./open-store.ts";
import type { ContractSubject } from "./subject.ts";

/** An entry of `teamId` at `ms` after T0: a member's sign-in unless `entry` says otherwise. */
function anEntry(teamId: string, ms: number, entry: Partial<AuditEntry> = {}): AuditEntry {
  const memberId = randomUuid();
  return {
    id: randomUuid(),
    teamId,
    createdAt: at(ms),
    actor: { type: "member", id: memberId, label: "owner@example.com" },
    action: "member.signed_in",
    target: { type: "member", id: memberId, label: "owner@example.com" },
    detail: null,
    ip: "198.51.100.4",
    userAgent: "Safari",
    ...entry,
  };
}

/**
 * Sorted as the log reads, for entries given in the order they were appended: newest first, the
 * last appended first within one instant (reversed, then a stable sort by time alone).
 */
function newestFirst(appended: readonly AuditEntry[]): AuditEntry[] {
  return [...appended].reverse().sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/**
 * `n` ids, each lower than the one before: entries appended in this order list by ascending id
 * within one instant, the opposite of an order by id (descending), so a log that ordered its ties
 * by id would fail.
 */
function descendingIds(n: number): string[] {
  return Array.from({ length: n }, () => randomUuid())
    .sort()
    .reverse();
}

export function auditLogContract(subject: ContractSubject): void {
  describe(`AuditLogRepository (${subject.name})`, () => {
    const uow = openStore(subject);

    async function aStoredTeam(): Promise<Team> {
      const team = aTeam();
      await uow.transaction((scope) => scope.teams.insert(team));
      return team;
    }

    async function append(entries: readonly AuditEntry[]): Promise<void> {
      await uow.transaction(async (scope) => {
        for (const entry of entries) await scope.auditLog.append(entry);
      });
    }

    it("reads the team's entries whole, newest first; entries of one millisecond newest-appended first", async () => {
      const team = await aStoredTeam();
      const other = await aStoredTeam();
      const [first, second, third] = descendingIds(3);
      const entries = [
        anEntry(team.id, 0, {
          actor: OPERATOR_ACTOR,
          action: "api_key.created",
          target: null,
          ip: null,
          userAgent: null,
        }),
        anEntry(team.id, 9, { actor: { type: "api_key", id: randomUuid(), label: "mk_1234" } }),
        anEntry(team.id, 5, { id: first, detail: "role: viewer -> developer", action: "member.role_changed" }),
        anEntry(team.id, 5, { id: second }),
        anEntry(team.id, 5, { id: third, action: "member.signed_out" }),
      ];
      await append([...entries, anEntry(other.id, 7)]);
      const read = await uow.repositories.auditLog.list(team.id, {}, { kind: "all" });
      expect(read).toEqual(newestFirst(entries));
      expect(read.map((entry) => entry.id).slice(1, 4)).toEqual([third, second, first]);
      expect(await uow.repositories.auditLog.list(aTeam().id, {}, { kind: "all" })).toEqual([]);
    });

    it("filters by action and by actor type, both combined with AND", async () => {
      const team = await aStoredTeam();
      const keyActor = { type: "api_key" as const, id: randomUuid(), label: "mk_abcd" };
      const byKey = anEntry(team.id, 1, { actor: keyActor, action: "api_key.revoked" });
      const byOperator = anEntry(team.id, 2, { actor: OPERATOR_ACTOR, action: "api_key.revoked" });
      const signIn = anEntry(team.id, 3);
      await append([byKey, byOperator, signIn]);
      const list = (filter: AuditFilter) => uow.repositories.auditLog.list(team.id, filter, { kind: "all" });
      expect(await list({ action: "api_key.revoked" })).toEqual([byOperator, byKey]);
      expect(await list({ actorType: "member" })).toEqual([signIn]);
      expect(await list({ action: "api_key.revoked", actorType: "api_key" })).toEqual([byKey]);
      expect(await list({ action: "member.removed" })).toEqual([]);
    });

    it("pages after a cursor entry of the team (limit + 1 rows), matching the filter or not", async () => {
      const team = await aStoredTeam();
      // Three entries of one millisecond (ids descending as appended), so a page ends inside it.
      const ids = descendingIds(6);
      const entries = Array.from({ length: 6 }, (_, i) =>
        anEntry(team.id, i < 3 ? 100 : 100 + i, {
          id: ids[i] as string,
          ...(i % 2 === 0 ? {} : { action: "member.signed_out" as const }),
        }),
      );
      await append(entries);
      const sorted = newestFirst(entries);
      const { auditLog } = uow.repositories;
      expect(await auditLog.list(team.id, {}, { kind: "page", limit: 2, after: null })).toEqual(sorted.slice(0, 3));
      expect(await auditLog.list(team.id, {}, { kind: "page", limit: 2, after: sorted[2]?.id ?? null })).toEqual(
        sorted.slice(3, 6),
      );
      // A cursor inside the millisecond: the entries appended before it, last appended first.
      expect(await auditLog.list(team.id, {}, { kind: "page", limit: 5, after: sorted[3]?.id ?? null })).toEqual([
        entries[1],
        entries[0],
      ]);
      expect(await auditLog.list(team.id, {}, { kind: "page", limit: 5, after: sorted[5]?.id ?? null })).toEqual([]);

      const signedOut = sorted.filter((entry) => entry.action === "member.signed_out");
      const cursor = sorted.find((entry) => entry.action === "member.signed_in") as AuditEntry;
      const afterCursor = signedOut.filter((entry) => sorted.indexOf(entry) > sorted.indexOf(cursor));
      expect(
        await auditLog.list(team.id, { action: "member.signed_out" }, { kind: "page", limit: 10, after: cursor.id }),
      ).toEqual(afterCursor);
      expect(afterCursor.length).toBeGreaterThan(0);
    });

    it("ends the walk at a cursor it does not know or of another team", async () => {
      const team = await aStoredTeam();
      const other = await aStoredTeam();
      const foreign = anEntry(other.id, 0);
      await append([anEntry(team.id, 1), foreign]);
      const { auditLog } = uow.repositories;
      expect(await auditLog.list(team.id, {}, { kind: "page", limit: 10, after: foreign.id })).toEqual([]);
      expect(await auditLog.list(team.id, {}, { kind: "page", limit: 10, after: randomUuid() })).toEqual([]);
    });

    it("refuses an entry of a team that does not exist, and a second entry with the same id", async () => {
      const team = await aStoredTeam();
      const entry = anEntry(team.id, 0);
      await append([entry]);
      await expect(append([anEntry(aTeam().id, 0)])).rejects.toThrow();
      await expect(append([{ ...entry, detail: "again" }])).rejects.toThrow();
      expect(await uow.repositories.auditLog.list(team.id, {}, { kind: "all" })).toEqual([entry]);
    });
  });
}
