import { randomUUID } from "node:crypto";
import { createPool } from "@marketplace/adapters-postgres";
import { sql } from "kysely";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { recordEvent } from "../../../test/helpers/webhook-receiver.ts";
import { pruneOnce } from "./retention.ts";
import { PRUNE_TASK, runDeliveryWorker } from "./run-delivery-worker.ts";

// Retention against real PostgreSQL (issue 14): old delivery records, events and idempotency keys
// are deleted in small batches; recent ones, and events still referenced, stay.

const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function eventAged(teamId: string, ageMs: number): Promise<string> {
  const event = await recordEvent(t.database, { type: "order.created", providerTeamIds: [teamId] });
  await sql`update events set created_at = ${new Date(Date.now() - ageMs)} where id = ${event.id}`.execute(
    t.database.db,
  );
  // Relayed: the relay deletes the outbox entry when it hands the event to the queue.
  await sql`delete from event_outbox where event_id = ${event.id}`.execute(t.database.db);
  return event.id;
}

async function attemptAged(webhookId: string, teamId: string, eventId: string, ageMs: number): Promise<string> {
  const id = randomUUID();
  await t.database.db
    .insertInto("webhook_deliveries")
    .values({
      id,
      webhook_id: webhookId,
      team_id: teamId,
      event_id: eventId,
      event_type: "order.created",
      attempt: 1,
      trigger: "event",
      url: "https://hooks.example.com/x",
      status_code: 200,
      success: true,
      response_body: "",
      duration_ms: 1,
      created_at: new Date(Date.now() - ageMs),
    })
    .execute();
  return id;
}

const exists = async (table: "events" | "webhook_deliveries", id: string) =>
  (await t.database.db.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst()) !== undefined;

describe("pruneOnce", () => {
  it("deletes delivery records and events past 30 days in small batches, and keeps the rest", async () => {
    const provider = await t.createTeam("provider");
    const res = await t.request("POST", "/provider/webhooks", {
      key: provider.apiKey,
      body: { url: "https://hooks.example.com/x", events: ["order.created"] },
    });
    const hook = (await res.json()) as { id: string };
    const oldEvents: string[] = [];
    const oldAttempts: string[] = [];
    for (let i = 0; i < 7; i++) {
      const eventId = await eventAged(provider.teamId, 40 * DAY_MS);
      oldEvents.push(eventId);
      oldAttempts.push(await attemptAged(hook.id, provider.teamId, eventId, 40 * DAY_MS - 1000));
    }
    // An old event whose last attempt is recent stays until that attempt is past the window too.
    const referenced = await eventAged(provider.teamId, 31 * DAY_MS);
    const recentAttempt = await attemptAged(hook.id, provider.teamId, referenced, 29 * DAY_MS);
    // An old event not yet relayed (its outbox entry still there) stays.
    const unrelayed = await recordEvent(t.database, { type: "order.created", providerTeamIds: [provider.teamId] });
    await sql`update events set created_at = ${new Date(Date.now() - 40 * DAY_MS)} where id = ${unrelayed.id}`.execute(
      t.database.db,
    );
    const recent = await eventAged(provider.teamId, 29 * DAY_MS);
    // Idempotency keys: past their 24 h window, and inside it.
    await sql`
      insert into idempotency_keys (team_id, key, request_hash, response, created_at) values
        (${provider.teamId}, 'old', 'h', null, now() - interval '25 hours'),
        (${provider.teamId}, 'new', 'h', null, now() - interval '23 hours')
    `.execute(t.database.db);

    const pruned = await pruneOnce(t.database.db, { now: new Date(), batchSize: 3, pauseMs: 0 });
    expect(pruned).toEqual({ deliveries: 7, events: 7, idempotencyKeys: 1 });
    for (const id of oldEvents) expect(await exists("events", id)).toBe(false);
    for (const id of oldAttempts) expect(await exists("webhook_deliveries", id)).toBe(false);
    expect(await exists("events", referenced)).toBe(true);
    expect(await exists("webhook_deliveries", recentAttempt)).toBe(true);
    expect(await exists("events", unrelayed.id)).toBe(true);
    expect(await exists("events", recent)).toBe(true);
    const keys = await t.database.db
      .selectFrom("idempotency_keys")
      .select("key")
      .where("team_id", "=", provider.teamId)
      .execute();
    expect(keys.map((row) => row.key)).toEqual(["new"]);
    // Nothing left to do: a second run deletes nothing.
    expect(await pruneOnce(t.database.db, { now: new Date(), batchSize: 3, pauseMs: 0 })).toEqual({
      deliveries: 0,
      events: 0,
      idempotencyKeys: 0,
    });
  });

  it("pauses after each full batch in proportion to how long it took, never under pauseMs", async () => {
    const provider = await t.createTeam("provider");
    const res = await t.request("POST", "/provider/webhooks", {
      key: provider.apiKey,
      body: { url: "https://hooks.example.com/y", events: ["order.created"] },
    });
    const hook = (await res.json()) as { id: string };
    for (let i = 0; i < 4; i++) {
      const eventId = await eventAged(provider.teamId, 40 * DAY_MS);
      await attemptAged(hook.id, provider.teamId, eventId, 40 * DAY_MS);
    }
    const pauses: number[] = [];
    const sleep = async (ms: number) => {
      pauses.push(ms);
    };
    // A pause follows each full batch: delivery records deleted, events looked at (the events
    // kept by the test above are looked at too). With batches of 2 and n rows, floor(n / 2) pauses.
    const fullBatches = async () => {
      const { rows } = await sql<{ deliveries: string; events: string }>`
        select (select count(*) from webhook_deliveries where created_at < now() - interval '30 days') as deliveries,
               (select count(*) from events where created_at < now() - interval '30 days') as events
      `.execute(t.database.db);
      return Math.floor(Number(rows[0]?.deliveries) / 2) + Math.floor(Number(rows[0]?.events) / 2);
    };
    const expectedSlow = await fullBatches();
    const slow = await pruneOnce(t.database.db, { now: new Date(), batchSize: 2, pauseMs: 0, pauseRatio: 1000, sleep });
    expect(slow).toEqual({ deliveries: 4, events: 4, idempotencyKeys: 0 });
    expect(expectedSlow).toBeGreaterThanOrEqual(4);
    expect(pauses).toHaveLength(expectedSlow);
    // A statement takes well over 1 µs: 1000 × its time is over 1 ms.
    for (const ms of pauses) expect(ms).toBeGreaterThan(1);

    pauses.length = 0;
    for (let i = 0; i < 2; i++) {
      const eventId = await eventAged(provider.teamId, 40 * DAY_MS);
      await attemptAged(hook.id, provider.teamId, eventId, 40 * DAY_MS);
    }
    const expectedFixed = await fullBatches();
    await pruneOnce(t.database.db, { now: new Date(), batchSize: 2, pauseMs: 250, pauseRatio: 0, sleep });
    expect(pauses).toEqual(Array.from({ length: expectedFixed }, () => 250));
  });

  it("steps over old events still referenced instead of looking at them again in every batch", async () => {
    const provider = await t.createTeam("provider");
    const res = await t.request("POST", "/provider/webhooks", {
      key: provider.apiKey,
      body: { url: "https://hooks.example.com/z", events: ["order.created"] },
    });
    const hook = (await res.json()) as { id: string };
    // Five old events each with an attempt still inside the window, older than three prunable ones.
    const kept: string[] = [];
    for (let i = 0; i < 5; i++) {
      const eventId = await eventAged(provider.teamId, 50 * DAY_MS + i);
      await attemptAged(hook.id, provider.teamId, eventId, DAY_MS);
      kept.push(eventId);
    }
    const prunable: string[] = [];
    for (let i = 0; i < 3; i++) prunable.push(await eventAged(provider.teamId, 45 * DAY_MS));
    const pruned = await pruneOnce(t.database.db, { now: new Date(), batchSize: 2, pauseMs: 0 });
    // With batches of 2, a walk that started over from the oldest event each time would find the
    // five kept ones first and never reach the others within a batch.
    expect(pruned.events).toBeGreaterThanOrEqual(3);
    for (const id of prunable) expect(await exists("events", id)).toBe(false);
    for (const id of kept) expect(await exists("events", id)).toBe(true);
  });

  it("is scheduled as a graphile-worker cron item when runDeliveryWorker gets `retention`", async () => {
    const pool: pg.Pool = createPool({ connectionString: t.database.url, max: 2 });
    const worker = await runDeliveryWorker({ pgPool: pool, concurrency: 1, retention: { schedule: "*/5 * * * *" } });
    try {
      const { rows } = await sql<{ identifier: string }>`
        select identifier from graphile_worker._private_known_crontabs
      `.execute(t.database.db);
      expect(rows.map((row) => row.identifier)).toContain(PRUNE_TASK);
    } finally {
      await worker.stop();
      await pool.end();
    }
  });
});
