import { randomUUID } from "node:crypto";
import type { AuditEntry } from "@marketplace/core";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { auditLogWriteOrder } from "../migrations/0035-audit-log-write-order.ts";
import { PostgresAuditLogRepository } from "./postgres-audit-log-repository.ts";

// What is PostgreSQL's own in the audit log: migration 0035's write order over entries written
// before it. The log's behaviour (order, filters, pages) is the contract suite's:
// core/test/contracts/audit-log.contract.ts, run on both adapters.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

function anEntry(teamId: string, createdAt: Date, action: AuditEntry["action"]): AuditEntry {
  return {
    id: randomUUID(),
    teamId,
    createdAt,
    actor: { type: "operator", id: null, label: "operator" },
    action,
    target: null,
    detail: null,
    ip: null,
    userAgent: null,
  };
}

it("keeps entries written before migration 0035 in their (time, id) order, and their cursors; newer ones list in write order", async () => {
  const team = randomUUID();
  const now = new Date("2026-03-01T12:00:00.000Z");
  await sql`
    insert into teams (id, name, role, created_at, updated_at) values (${team}, 'A', 'provider', ${now}, ${now})
  `.execute(database.db);
  const log = new PostgresAuditLogRepository(database.db);

  // The table as it was before 0035: four entries, three of one millisecond, in a random id order.
  await auditLogWriteOrder.down?.(database.db);
  const earlier = new Date(now.getTime() - 60_000);
  const old = [
    anEntry(team, earlier, "member.invited"),
    anEntry(team, now, "member.joined"),
    anEntry(team, now, "member.signed_in"),
    anEntry(team, now, "api_key.created"),
  ];
  for (const entry of old) {
    await sql`
      insert into audit_log (id, team_id, created_at, actor_type, actor_label, action)
      values (${entry.id}, ${team}, ${entry.createdAt}, 'operator', 'operator', ${entry.action})
    `.execute(database.db);
  }
  // How the log read then: newest first, the id descending within one instant.
  const before = [...old].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  const cursor = before[1]?.id as string;

  await auditLogWriteOrder.up(database.db);
  expect(await log.list(team, {}, { kind: "all" })).toEqual(before);
  // A cursor handed out before the migration names an entry by id: the walk goes on where it was.
  expect(await log.list(team, {}, { kind: "page", limit: 10, after: cursor })).toEqual(before.slice(2));

  // Written after it, in one millisecond (ids descending as written, the opposite of an id order):
  // the last written lists first, above the older entries of an earlier instant.
  const later = new Date(now.getTime() + 1000);
  const ids = [randomUUID(), randomUUID()].sort().reverse();
  const joined = { ...anEntry(team, later, "member.joined"), id: ids[0] as string };
  const signedIn = { ...anEntry(team, later, "member.signed_in"), id: ids[1] as string };
  await log.append(joined);
  await log.append(signedIn);
  expect(await log.list(team, {}, { kind: "page", limit: 2, after: null })).toEqual([signedIn, joined, before[0]]);
  expect(await log.list(team, {}, { kind: "page", limit: 10, after: signedIn.id })).toEqual([joined, ...before]);

  // The numbering is the database's: an insert cannot choose it, and the log stays append-only.
  await expect(
    sql`insert into audit_log (id, team_id, created_at, actor_type, actor_label, action, seq)
        values (${randomUUID()}, ${team}, ${now}, 'operator', 'operator', 'member.invited', 1)`.execute(database.db),
  ).rejects.toThrow(/seq/);
  await expect(sql`update audit_log set detail = 'x' where team_id = ${team}`.execute(database.db)).rejects.toThrow(
    /append-only/,
  );
});
