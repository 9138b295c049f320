import { createPool } from "@marketplace/adapters-postgres";
import { type DeliveryWorker, runDeliveryWorker } from "@marketplace/worker";
import type pg from "pg";
import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "./app.ts";
import { type ReceivedRequest, recordEvent, startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver.ts";

// The delivery worker end to end, shared by the webhook-delivery-*.test.ts files of packages/worker:
// webhooks registered over HTTP, events recorded through the unit of work and outbox, the real
// worker (graphile-worker on real PostgreSQL) sending to a local receiver. Each test file calls
// `useDeliveryWorkerApp()` once, at its top, and gets its own app, database, worker and receiver.

/** The test app (its database included); set once the file's `beforeAll` ran. */
export let t: TestApp;
/** The delivery worker over the test app's database. */
export let worker: DeliveryWorker;
/** The local receiver every webhook of these tests points at. */
export let receiver: WebhookReceiver;
let pool: pg.Pool;

/** The delay before each retry (two of them: three attempts in all), without jitter. */
export const RETRY_DELAY_MS = 250;

/** Starts the app, the worker and the receiver before the file's tests, and stops them after. */
export function useDeliveryWorkerApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ allowLoopbackWebhooks: true });
    pool = createPool({ connectionString: t.database.url, max: 8 });
    worker = await runDeliveryWorker({
      pgPool: pool,
      allowLoopback: true,
      concurrency: 4,
      pollIntervalMs: 100,
      relayPollIntervalMs: 50,
      retryDelaysMs: [RETRY_DELAY_MS, RETRY_DELAY_MS],
      retryJitter: 0,
    });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await worker?.stop();
    await receiver?.close();
    await pool?.end();
    await t?.close();
  });
}

/** A webhook as the API answers its registration. */
export interface WebhookJson {
  id: string;
  secret: string;
}

/** A delivery record as the API lists it. */
export interface DeliveryJson {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  attempt: number;
  trigger: string;
  url: string;
  statusCode: number | null;
  success: boolean;
  responseBody: string;
  durationMs: number;
  createdAt: string;
}

let pathCounter = 0;
/** A fresh path on the shared receiver, so each test reads only its own requests. */
export const freshPath = (label: string) => `/${label}-${++pathCounter}`;

/** Registers a webhook over the API (201 expected). */
export async function register(
  key: string,
  body: { url: string; events: string[]; isActive?: boolean },
  side: "provider" | "reseller" = "provider",
): Promise<WebhookJson> {
  const res = await t.request("POST", `/${side}/webhooks`, { key, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** A webhook's delivery log over the API. */
export async function deliveries(key: string, webhookId: string, side = "provider"): Promise<DeliveryJson[]> {
  const res = await t.request("GET", `/${side}/webhooks/${webhookId}/deliveries`, { key });
  expect(res.status).toBe(200);
  return res.json();
}

/** Records an event through the unit of work and outbox, nudging the worker on commit. */
export const record = (input: Parameters<typeof recordEvent>[1]) =>
  recordEvent(t.database, input, { onEventsCommitted: () => worker.nudge() });

/** Lets the worker run a while, to show that something does NOT arrive. */
export const settle = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));

/** The envelope of a received delivery. */
export function envelopeOf(request: ReceivedRequest) {
  return JSON.parse(request.body) as {
    id: string;
    type: string;
    version: number;
    createdAt: string;
    data: Record<string, unknown>;
  };
}
