import { randomUUID } from "node:crypto";
import type { WebhookDelivery } from "@marketplace/core";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { PostgresWebhookDeliveryRepository } from "./postgres-webhook-delivery-repository.ts";
import { PostgresWebhookLogRepository } from "./postgres-webhook-log-repository.ts";

// The portal's team-wide log over real PostgreSQL: keyset pages, filters, health, an order's timeline.

let database: TestDatabase;
let log: PostgresWebhookLogRepository;
let deliveries: PostgresWebhookDeliveryRepository;
const [teamA, teamB, webhookA, webhookB, orderId] = [
  randomUUID(),
  randomUUID(),
  randomUUID(),
  randomUUID(),
  randomUUID(),
];
const events = [randomUUID(), randomUUID()];

beforeAll(async () => {
  database = await createTestDatabase();
  log = new PostgresWebhookLogRepository(database.db);
  deliveries = new PostgresWebhookDeliveryRepository(database.db);
  const now = new Date();
  await sql`
    insert into teams (id, name, role, created_at, updated_at) values
      (${teamA}, 'A', 'provider', ${now}, ${now}), (${teamB}, 'B', 'provider', ${now}, ${now})
  `.execute(database.db);
  await sql`
    insert into webhooks (id, team_id, url, events, is_active, secret, created_at, updated_at) values
      (${webhookA}, ${teamA}, 'https://a.example/h', '{order.created}', true, 'whsec_a', ${now}, ${now}),
      (${webhookB}, ${teamB}, 'https://b.example/h', '{order.created}', true, 'whsec_b', ${now}, ${now})
  `.execute(database.db);
  await sql`
    insert into events (id, type, version, created_at, training, data, provider_team_ids, reseller_team_ids) values
      (${events[0]}, 'order.created', 1, ${new Date(now.getTime() - 60_000)}, false,
        ${JSON.stringify({ orderId, sequence: 1 })}, array[${teamA}]::uuid[], array[]::uuid[]),
      (${events[1]}, 'order.item.status_changed', 1, ${now}, false,
        ${JSON.stringify({ orderId, sequence: 2 })}, array[${teamA}]::uuid[], array[]::uuid[])
  `.execute(database.db);
  const attempt = (i: number, over: Partial<WebhookDelivery>): WebhookDelivery => ({
    id: randomUUID(),
    webhookId: webhookA,
    teamId: teamA,
    eventId: events[0] as string,
    eventType: "order.created",
    attempt: 1,
    trigger: "event",
    url: "https://a.example/h",
    statusCode: 200,
    success: true,
    responseBody: "ok",
    durationMs: 5,
    createdAt: new Date(now.getTime() - (10 - i) * 1000),
    requestHeaders: { "X-Service-Signature": `t=1,v1=${i}` },
    ...over,
  });
  await deliveries.insert(attempt(1, { success: false, statusCode: 500 }));
  await deliveries.insert(attempt(2, { success: false, statusCode: null, attempt: 2 }));
  await deliveries.insert(attempt(3, { trigger: "redelivery", attempt: 3 }));
  await deliveries.insert(attempt(4, { eventId: events[1] as string, eventType: "order.item.status_changed" }));
  await deliveries.insert(attempt(5, { webhookId: webhookB, teamId: teamB, url: "https://b.example/h" }));
});
afterAll(() => database?.drop());

it("walks a team's attempts newest first by keyset pages, never another team's", async () => {
  const seen: WebhookDelivery[] = [];
  let after: string | null = null;
  for (let i = 0; i < 5; i += 1) {
    const rows = await log.listAttempts(teamA, {}, { kind: "page", limit: 2, after });
    seen.push(...rows.slice(0, 2));
    if (rows.length <= 2) break;
    after = rows[1]?.id ?? null;
  }
  expect(seen.map((a) => a.eventType)).toEqual([
    "order.item.status_changed",
    "order.created",
    "order.created",
    "order.created",
  ]);
  expect(seen.every((a) => a.teamId === teamA)).toBe(true);
  const times = seen.map((a) => a.createdAt.getTime());
  expect([...times].sort((x, y) => y - x)).toEqual(times);
  expect(seen[3]?.requestHeaders).toEqual({ "X-Service-Signature": "t=1,v1=1" });
});

it("filters by outcome, status (0: no response), trigger, event and order", async () => {
  const page = { kind: "page", limit: 10, after: null } as const;
  expect(await log.listAttempts(teamA, { outcome: "failed" }, page)).toHaveLength(2);
  expect((await log.listAttempts(teamA, { statusCode: 0 }, page)).map((a) => a.attempt)).toEqual([2]);
  expect((await log.listAttempts(teamA, { statusCode: 500 }, page)).map((a) => a.statusCode)).toEqual([500]);
  expect((await log.listAttempts(teamA, { trigger: "redelivery" }, page)).map((a) => a.attempt)).toEqual([3]);
  expect(await log.listAttempts(teamA, { eventId: events[1] as string }, page)).toHaveLength(1);
  expect(await log.listAttempts(teamA, { orderId }, page)).toHaveLength(4);
  expect(await log.listAttempts(teamB, { orderId }, page)).toHaveLength(1);
  expect(await log.listAttempts(teamA, { webhookId: webhookB }, page)).toHaveLength(0);
});

it("sums each endpoint's last 24 hours and finds one attempt of the team only", async () => {
  const health = await log.health(teamA, new Date(Date.now() - 24 * 60 * 60 * 1000));
  expect(health).toEqual([
    expect.objectContaining({ webhookId: webhookA, attempts: 4, successes: 2, lastStatusCode: 200, lastSuccess: true }),
  ]);
  // The counts come from the hourly rollup the insert trigger keeps: it matches a plain recount,
  // and an attempt older than the window's first hour is not counted.
  const recount = await sql<{ attempts: number; successes: number }>`
    select count(*)::int as attempts, count(*) filter (where success)::int as successes
    from webhook_deliveries where webhook_id = ${webhookA}`.execute(database.db);
  expect(recount.rows[0]).toEqual({ attempts: 4, successes: 2 });
  const old = new Date(Date.now() - 30 * 60 * 60 * 1000);
  const oldEvent = randomUUID();
  await sql`
    insert into events (id, type, version, created_at, training, data, provider_team_ids, reseller_team_ids)
    values (${oldEvent}, 'order.created', 1, ${old}, false, '{}', array[${teamA}]::uuid[], array[]::uuid[])
  `.execute(database.db);
  await deliveries.insert({
    id: randomUUID(),
    webhookId: webhookA,
    teamId: teamA,
    eventId: oldEvent,
    eventType: "order.created",
    attempt: 1,
    trigger: "event",
    url: "https://a.example/h",
    statusCode: 500,
    success: false,
    responseBody: "old",
    durationMs: 5,
    createdAt: old,
    requestHeaders: {},
  });
  expect(await log.health(teamA, new Date(Date.now() - 24 * 60 * 60 * 1000))).toEqual([
    expect.objectContaining({ webhookId: webhookA, attempts: 4, successes: 2, lastStatusCode: 200 }),
  ]);
  expect((await log.health(teamA, new Date(Date.now() - 31 * 60 * 60 * 1000)))[0]).toMatchObject({
    attempts: 5,
    successes: 2,
  });
  const [one] = await log.listAttempts(teamB, {}, { kind: "page", limit: 1, after: null });
  expect(await log.findAttempt(teamB, one?.id as string)).not.toBeNull();
  expect(await log.findAttempt(teamA, one?.id as string)).toBeNull();
});

it("gives an order's events for the team in sequence order, each with its attempts", async () => {
  const timeline = await log.orderTimeline(teamA, orderId, ["order.created", "order.item.status_changed"]);
  expect(timeline.map((e) => [e.sequence, e.type, e.attempts.length])).toEqual([
    [1, "order.created", 3],
    [2, "order.item.status_changed", 1],
  ]);
  expect(await log.orderTimeline(teamB, orderId, ["order.created"])).toEqual([]);
});
