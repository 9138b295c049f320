import { createPool } from "@marketplace/adapters-postgres";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import {
  eventually,
  recordEvent,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../../test/helpers/webhook-receiver.ts";
import { type DeliveryWorker, runDeliveryWorker } from "./run-delivery-worker.ts";

// A production-like worker (no allowLoopback): targets on private, loopback or link-local addresses
// are refused at send time, and each refusal is a recorded failed attempt.

let t: TestApp;
let pool: pg.Pool;
let worker: DeliveryWorker;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await createTestApp();
  pool = createPool({ connectionString: t.database.url, max: 6 });
  worker = await runDeliveryWorker({
    pgPool: pool,
    concurrency: 2,
    pollIntervalMs: 100,
    relayPollIntervalMs: 50,
    retryDelaysMs: [], // one attempt: the refusal is what this file is about
  });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await pool?.end();
  await t?.close();
});

describe("a worker without allowLoopback", () => {
  it("refuses private, loopback and link-local targets and records each refusal as a failed attempt", async () => {
    const { apiKey, teamId } = await t.createTeam("provider");
    const targets = {
      [`https://localhost:${receiver.port}/named`]:
        /^target refused: localhost resolves to (127\.0\.0\.1|::1) is a loopback address$/,
      [`https://127.0.0.1:${receiver.port}/literal`]: /^target refused: 127\.0\.0\.1 is a loopback address$/,
      "https://10.1.2.3/private": /^target refused: 10\.1\.2\.3 is a private, link-local or reserved address$/,
      "https://169.254.169.254/latest/meta-data": /^target refused: 169\.254\.169\.254 is a private, link-local/,
      "https://[::ffff:192.168.0.1]/mapped": /^target refused: ::ffff:c0a8:1 is a private, link-local/,
    };
    const ids = new Map<string, RegExp>();
    for (const [url, expected] of Object.entries(targets)) {
      // Registration only checks the scheme: these are https, so they are accepted.
      const res = await t.request("POST", "/provider/webhooks", {
        key: apiKey,
        body: { url, events: ["order.created"] },
      });
      expect(res.status, url).toBe(201);
      ids.set((await res.json()).id, expected);
    }
    const event = await recordEvent(
      t.database,
      { type: "order.created", providerTeamIds: [teamId] },
      { onEventsCommitted: () => worker.nudge() },
    );
    for (const [id, expected] of ids) {
      const [attempt] = await eventually(async () => {
        const rows = await (await t.request("GET", `/provider/webhooks/${id}/deliveries`, { key: apiKey })).json();
        return rows.length > 0 ? rows : undefined;
      });
      expect(attempt).toMatchObject({
        eventId: event.id,
        attempt: 1,
        statusCode: null,
        success: false,
        responseBody: expect.stringMatching(expected),
      });
    }
    expect(receiver.requests).toEqual([]);
  });
});
