import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { insertWebhook } from "../../../test/helpers/delivery.ts";
import { insertTeam } from "../../../test/helpers/fixtures.ts";
import {
  eventually,
  recordEvent,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../../test/helpers/webhook-receiver.ts";
import { type DeliveryWorker, runDeliveryWorker } from "./run-delivery-worker.ts";

// One tenant's endpoint that never answers must not delay another tenant's deliveries: before the
// endpoint gate, every hanging round held a job slot for the whole request timeout, so 40 events
// for a hanging endpoint filled every slot and the healthy endpoint waited behind them.

const TIMEOUT_MS = 4000;

let database: TestDatabase;
let receiver: WebhookReceiver;
let worker: DeliveryWorker;

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await startWebhookReceiver();
  receiver.reply((request) => (request.path === "/hang" ? "hang" : { status: 200, body: "ok" }));
  worker = await runDeliveryWorker({
    pgPool: database.pool,
    allowLoopback: true,
    concurrency: 8,
    pollIntervalMs: 100,
    relayPollIntervalMs: 20,
    requestTimeoutMs: TIMEOUT_MS,
  });
});

afterAll(async () => {
  await receiver?.close(); // ends the hanging requests first
  await worker?.stop();
  await database?.drop();
});

it("delivers to a healthy endpoint without waiting behind 40 events for a hanging one", async () => {
  const hanging = await insertTeam(database.db, { role: "provider", name: "Hanging" });
  const healthy = await insertTeam(database.db, { role: "provider", name: "Healthy" });
  const hangingHook = await insertWebhook(database.db, {
    teamId: hanging.id,
    url: `${receiver.url}/hang`,
    events: ["order.created"],
  });
  await insertWebhook(database.db, { teamId: healthy.id, url: `${receiver.url}/ok`, events: ["order.created"] });

  for (let i = 0; i < 40; i++) {
    await recordEvent(
      database,
      { type: "order.created", providerTeamIds: [hanging.id] },
      { onEventsCommitted: worker.nudge },
    );
  }
  // Let the hanging endpoint's jobs take what slots they can.
  await eventually(async () => (receiver.on("/hang").length > 0 ? true : undefined));

  const recordedAt = new Map<string, number>();
  for (let i = 0; i < 20; i++) {
    const event = await recordEvent(
      database,
      { type: "order.created", providerTeamIds: [healthy.id] },
      { onEventsCommitted: worker.nudge },
    );
    recordedAt.set(event.id, Date.now());
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const received = await receiver.waitFor(20, { path: "/ok", timeoutMs: TIMEOUT_MS });
  const latencies = received.map((request) => request.receivedAt - (recordedAt.get(JSON.parse(request.body).id) ?? 0));
  // Well inside one request timeout: the healthy deliveries did not wait for a hanging round.
  expect(Math.max(...latencies)).toBeLessThan(TIMEOUT_MS / 2);

  // The hanging endpoint got one request at a time; the others were deferred, not failed: no
  // attempt is recorded for a target that was held back.
  expect(receiver.on("/hang").length).toBe(1);
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from webhook_deliveries where webhook_id = ${hangingHook.id}
  `.execute(database.db);
  expect(Number(rows[0]?.n)).toBe(0);
});
