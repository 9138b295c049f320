import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import type { Database } from "./schema.ts";

// `team_events` (migration 0020) follows `events` whoever writes them: one row per event and team
// of its audience, a hybrid team once; deletes and updates of events carry over. How a team's
// events are listed from it is the contract suite's (core/test/contracts/webhook-deliveries.contract.ts).

let database: TestDatabase;
let db: Kysely<Database>;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.drop());

const rowsOf = async (eventIds: string[]) =>
  (
    await db
      .selectFrom("team_events")
      .select(["id", "team_id", "created_at"])
      .where("id", "in", eventIds)
      .orderBy("id")
      .orderBy("team_id")
      .execute()
  ).map((row) => ({ ...row, created_at: row.created_at.toISOString() }));

it("gets a row per event and audience team from any insert, and follows deletes and updates", async () => {
  const [provider, reseller, hybrid] = [randomUUID(), randomUUID(), randomUUID()];
  const [a, b] = [randomUUID(), randomUUID()].sort() as [string, string];
  await sql`
    insert into events (id, type, version, created_at, training, data, provider_team_ids, reseller_team_ids) values
      (${a}, 'order.created', 1, '2026-11-01T00:00:00Z', false, '{}', array[${provider}, ${hybrid}]::uuid[], array[${reseller}, ${hybrid}]::uuid[]),
      (${b}, 'order.created', 1, '2026-11-02T00:00:00Z', false, '{}', array[${provider}]::uuid[], array[]::uuid[])
  `.execute(db);
  const expected = (id: string, teams: string[], at: string) =>
    teams.sort().map((team_id) => ({ id, team_id, created_at: at }));
  expect(await rowsOf([a, b])).toEqual([
    ...expected(a, [provider, reseller, hybrid], "2026-11-01T00:00:00.000Z"),
    ...expected(b, [provider], "2026-11-02T00:00:00.000Z"),
  ]);

  await sql`update events set created_at = '2026-10-01T00:00:00Z', reseller_team_ids = array[]::uuid[] where id = ${a}`.execute(
    db,
  );
  expect(await rowsOf([a])).toEqual(expected(a, [provider, hybrid], "2026-10-01T00:00:00.000Z"));

  await sql`delete from events where id = ${a}`.execute(db);
  expect(await rowsOf([a, b])).toEqual(expected(b, [provider], "2026-11-02T00:00:00.000Z"));
});
