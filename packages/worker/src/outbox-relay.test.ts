import { PostgresUnitOfWork } from "@marketplace/adapters-postgres";
import { createEvent, type DomainEvent, randomUuid } from "@marketplace/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { DELIVER_EVENT_TASK, relayOutboxBatch } from "./outbox-relay.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

function anEvent(): DomainEvent {
  return createEvent(
    {
      type: "order.created",
      data: { orderId: randomUuid() },
      training: false,
      audience: { providerTeamIds: [randomUuid()], resellerTeamIds: [randomUuid()] },
    },
    { id: randomUuid(), now: new Date() },
  );
}

async function jobsFor(eventId: string) {
  const { rows } = await sql<{ task_identifier: string; payload: { eventId: string } }>`
    select t.identifier as task_identifier, j.payload
    from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    where j.payload->>'eventId' = ${eventId}
  `.execute(database.db);
  return rows;
}

describe("event outbox", () => {
  it("records the event and, once relayed, enqueues exactly one delivery job when the transaction commits", async () => {
    let nudged = 0;
    const uow = new PostgresUnitOfWork({ db: database.db, onEventsCommitted: () => nudged++ });
    const event = anEvent();
    await uow.transaction((tx) => tx.outbox.record([event]));
    expect(nudged).toBe(1);

    const stored = await database.db
      .selectFrom("events")
      .selectAll()
      .where("id", "=", event.id)
      .executeTakeFirstOrThrow();
    expect(stored.type).toBe("order.created");
    // The outbox numbers the events of an order (data.sequence): this is the order's first.
    expect(stored.data).toEqual({ ...event.data, sequence: 1 });
    expect(stored.created_at.toISOString()).toBe(event.createdAt.toISOString());
    expect(stored.provider_team_ids).toEqual(event.audience.providerTeamIds);

    expect(await relayOutboxBatch(database.db)).toBeGreaterThanOrEqual(1);
    const jobs = await jobsFor(event.id);
    expect(jobs).toEqual([{ task_identifier: DELIVER_EVENT_TASK, payload: { eventId: event.id } }]);

    // Relaying again moves nothing: each event is enqueued once.
    await relayOutboxBatch(database.db);
    expect(await jobsFor(event.id)).toHaveLength(1);
  });

  it("leaves no event and no job when the transaction rolls back", async () => {
    let nudged = 0;
    const uow = new PostgresUnitOfWork({ db: database.db, onEventsCommitted: () => nudged++ });
    const event = anEvent();
    await expect(
      uow.transaction(async (tx) => {
        await tx.outbox.record([event]);
        throw new Error("use case failed after recording");
      }),
    ).rejects.toThrow("use case failed after recording");
    expect(nudged).toBe(0);
    await relayOutboxBatch(database.db);
    expect(await database.db.selectFrom("events").select("id").where("id", "=", event.id).execute()).toEqual([]);
    expect(await jobsFor(event.id)).toEqual([]);
  });

  it("relays in batches without losing or duplicating events under concurrent relays", async () => {
    const uow = new PostgresUnitOfWork({ db: database.db });
    const events = Array.from({ length: 120 }, anEvent);
    await uow.transaction((tx) => tx.outbox.record(events));
    const moved = await Promise.all([
      relayOutboxBatch(database.db, { batchSize: 25 }),
      relayOutboxBatch(database.db, { batchSize: 25 }),
      relayOutboxBatch(database.db, { batchSize: 25 }),
    ]);
    let total = moved.reduce((a, b) => a + b, 0);
    while (true) {
      const more = await relayOutboxBatch(database.db, { batchSize: 25 });
      if (more === 0) break;
      total += more;
    }
    expect(total).toBe(120);
    const { rows } = await sql<{ count: string }>`
      select count(distinct payload->>'eventId') as count from graphile_worker._private_jobs
      where payload->>'eventId' = any(${events.map((e) => e.id)})
    `.execute(database.db);
    expect(Number(rows[0]?.count)).toBe(120);
  });

  it("moves a batch in one statement: one job per event, keyed by event id; an empty outbox adds none", async () => {
    while ((await relayOutboxBatch(database.db)) > 0) {}
    const before = await sql<{ n: string }>`select count(*) as n from graphile_worker._private_jobs`.execute(
      database.db,
    );
    expect(await relayOutboxBatch(database.db)).toBe(0);
    const after = await sql<{ n: string }>`select count(*) as n from graphile_worker._private_jobs`.execute(
      database.db,
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);

    const uow = new PostgresUnitOfWork({ db: database.db });
    const events = Array.from({ length: 5 }, anEvent);
    await uow.transaction((tx) => tx.outbox.record(events));
    expect(await relayOutboxBatch(database.db, { maxAttempts: 3 })).toBe(5);
    const { rows } = await sql<{ key: string; payload: { eventId: string }; max_attempts: number }>`
      select key, payload, max_attempts from graphile_worker._private_jobs
      where payload->>'eventId' = any(${events.map((e) => e.id)}) order by id
    `.execute(database.db);
    const ids = events.map((e) => e.id).sort();
    expect(rows.map((row) => row.payload.eventId).sort()).toEqual(ids);
    expect(rows.map((row) => row.key).sort()).toEqual(ids);
    expect(rows.every((row) => row.max_attempts === 3)).toBe(true);
  });
});

describe("targeted outbox entries (tests and redeliveries)", () => {
  it("become one job each for that webhook, without the event's job key and with 3 tries", async () => {
    const event = anEvent();
    const webhookId = randomUuid();
    const uow = new PostgresUnitOfWork({ db: database.db });
    await uow.transaction(async (tx) => {
      await tx.outbox.record([event]);
      await tx.deliveryQueue.enqueue({ eventId: event.id, webhookId, trigger: "redelivery" });
    });
    while ((await relayOutboxBatch(database.db)) > 0) {}
    const { rows } = await sql<{ payload: Record<string, unknown>; key: string | null; max_attempts: number }>`
      select j.payload, j.key, j.max_attempts from graphile_worker._private_jobs j
      where j.payload->>'eventId' = ${event.id} order by j.id
    `.execute(database.db);
    expect(rows).toEqual([
      { payload: { eventId: event.id }, key: event.id, max_attempts: 8 },
      { payload: { eventId: event.id, webhookId, trigger: "redelivery" }, key: null, max_attempts: 3 },
    ]);
  });
});

describe("held-back rounds (deferred targets)", () => {
  it("wait in the outbox until due, then become one job under the event's key with the rest of the round", async () => {
    const event = anEvent();
    const uow = new PostgresUnitOfWork({ db: database.db });
    await uow.transaction((tx) => tx.outbox.record([event]));
    while ((await relayOutboxBatch(database.db)) > 0) {}
    await sql`delete from graphile_worker._private_jobs where payload->>'eventId' = ${event.id}`.execute(database.db);

    const since = new Date("2026-11-24T00:00:00.000Z");
    await database.db
      .insertInto("event_outbox")
      .values({
        event_id: event.id,
        attempt: 2,
        targets: ["submission:t1"],
        deferred_since: since,
        not_before: new Date(Date.now() + 60_000),
      })
      .execute();
    expect(await relayOutboxBatch(database.db)).toBe(0); // not due yet
    await sql`update event_outbox set not_before = now() - interval '1 second' where event_id = ${event.id}`.execute(
      database.db,
    );
    expect(await relayOutboxBatch(database.db)).toBe(1);
    const { rows } = await sql<{ payload: Record<string, unknown>; key: string | null; max_attempts: number }>`
      select j.payload, j.key, j.max_attempts from graphile_worker._private_jobs j
      where j.payload->>'eventId' = ${event.id}
    `.execute(database.db);
    expect(rows).toEqual([
      {
        payload: { eventId: event.id, attempt: 2, targets: ["submission:t1"], deferredSince: since.toISOString() },
        key: event.id,
        max_attempts: 8,
      },
    ]);
  });
});
