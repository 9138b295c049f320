import { createPool } from "@marketplace/adapters-postgres";
import { sql } from "kysely";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import {
  eventually,
  recordEvent,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../../test/helpers/webhook-receiver.ts";
import { runDeliveryWorker } from "./run-delivery-worker.ts";

// Jobs are fetched in batches (graphile-worker's local queue) and completed in batches: a burst of
// events is still delivered exactly once each, and no job is left behind.

let t: TestApp;
let pool: pg.Pool;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await createTestApp({ allowLoopbackWebhooks: true });
  pool = createPool({ connectionString: t.database.url, max: 6 });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await pool?.end();
  await t?.close();
});

describe("runDeliveryWorker batching options", () => {
  it("rejects a bad localQueueSize or completeJobBatchDelayMs before starting", async () => {
    const pgPool = {} as pg.Pool;
    await expect(runDeliveryWorker({ pgPool, localQueueSize: 0 })).rejects.toThrow(
      /localQueueSize must be a positive integer/,
    );
    await expect(runDeliveryWorker({ pgPool, localQueueSize: 2.5 })).rejects.toThrow(
      /localQueueSize must be a positive integer/,
    );
    await expect(runDeliveryWorker({ pgPool, completeJobBatchDelayMs: -2 })).rejects.toThrow(
      /completeJobBatchDelayMs must be a non-negative integer/,
    );
    // -1 (unbatched) is refused: graphile-worker does not await an unbatched completion.
    await expect(runDeliveryWorker({ pgPool, completeJobBatchDelayMs: -1 })).rejects.toThrow(
      /completeJobBatchDelayMs must be a non-negative integer/,
    );
  });

  for (const options of [
    { localQueueSize: 25, completeJobBatchDelayMs: 0 },
    { localQueueSize: 1, completeJobBatchDelayMs: 5 },
  ]) {
    it(`delivers a burst once per event (${JSON.stringify(options)})`, async () => {
      const { apiKey, teamId } = await t.createTeam("reseller");
      const path = `/burst-${options.localQueueSize}`;
      const res = await t.request("POST", "/reseller/webhooks", {
        key: apiKey,
        body: { url: `${receiver.url}${path}`, events: ["order.created"] },
      });
      expect(res.status).toBe(201);
      const worker = await runDeliveryWorker({
        pgPool: pool,
        allowLoopback: true,
        concurrency: 3,
        pollIntervalMs: 100,
        relayPollIntervalMs: 50,
        ...options,
      });
      try {
        const events: Awaited<ReturnType<typeof recordEvent>>[] = [];
        for (let i = 0; i < 60; i++) {
          events.push(await recordEvent(t.database, { type: "order.created", resellerTeamIds: [teamId] }));
        }
        const received = await receiver.waitFor(60, { path, timeoutMs: 20_000 });
        const ids = received.map((request) => JSON.parse(request.body).id as string);
        expect(new Set(ids).size).toBe(60);
        expect(new Set(ids)).toEqual(new Set(events.map((event) => event.id)));
        await eventually(async () => {
          const { rows } = await sql<{ n: string }>`
            select count(*) as n from graphile_worker._private_jobs where payload->>'eventId' = any(${events.map((e) => e.id)})
          `.execute(t.database.db);
          return Number(rows[0]?.n) === 0 ? true : undefined;
        });
      } finally {
        await worker.stop();
      }
      // Nothing more arrives after the jobs are gone.
      expect(receiver.on(path)).toHaveLength(60);
    });
  }
});
