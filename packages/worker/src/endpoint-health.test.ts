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

// Endpoint health against the real worker and PostgreSQL (issue 14): a 410 disables a webhook at
// once, Retry-After on a 429 or 503 pushes the next round back, and a webhook whose every attempt has
// failed for 5 days is disabled; the clock of the rounds is moved through the core's Clock port.

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let t: TestApp;
let pool: pg.Pool;
let worker: DeliveryWorker;
let receiver: WebhookReceiver;
/** How far the rounds' clock is ahead of the real one. */
let clockOffsetMs = 0;

beforeAll(async () => {
  t = await createTestApp({ allowLoopbackWebhooks: true });
  pool = createPool({ connectionString: t.database.url, max: 8 });
  worker = await runDeliveryWorker({
    pgPool: pool,
    allowLoopback: true,
    concurrency: 4,
    pollIntervalMs: 100,
    relayPollIntervalMs: 50,
    // Retries after 250 ms, then a long last delay: the schedule's window for Retry-After.
    retryDelaysMs: [250, 5_000],
    retryJitter: 0,
    clock: { now: () => new Date(Date.now() + clockOffsetMs) },
  });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await pool?.end();
  await t?.close();
});

let pathCounter = 0;
const freshPath = (label: string) => `/${label}-${++pathCounter}`;

interface WebhookJson {
  id: string;
  isActive: boolean;
  disabledReason: string | null;
  disabledAt: string | null;
}

async function register(key: string, url: string): Promise<WebhookJson> {
  const res = await t.request("POST", "/provider/webhooks", { key, body: { url, events: ["order.created"] } });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

async function webhook(key: string, id: string): Promise<WebhookJson> {
  const res = await t.request("GET", `/provider/webhooks/${id}`, { key });
  expect(res.status).toBe(200);
  return res.json();
}

async function attempts(key: string, id: string): Promise<{ attempt: number; statusCode: number | null }[]> {
  const res = await t.request("GET", `/provider/webhooks/${id}/deliveries`, { key });
  return res.json();
}

const record = (teamId: string) =>
  recordEvent(
    t.database,
    { type: "order.created", providerTeamIds: [teamId] },
    { onEventsCommitted: () => worker.nudge() },
  );

const settle = (ms = 600) => new Promise((resolve) => setTimeout(resolve, ms));

describe("endpoint health", () => {
  it("disables a webhook whose endpoint answers 410 Gone at once, and PATCH isActive true re-enables it", async () => {
    const provider = await t.createTeam("provider");
    const path = freshPath("gone");
    const hook = await register(provider.apiKey, receiver.url + path);
    expect(hook).toMatchObject({ isActive: true, disabledReason: null, disabledAt: null });
    receiver.reply((request) => (request.path === path ? { status: 410, body: "gone" } : { status: 200 }));
    try {
      await record(provider.teamId);
      const disabled = await eventually(async () => {
        const current = await webhook(provider.apiKey, hook.id);
        return current.isActive ? undefined : current;
      });
      expect(disabled).toMatchObject({
        isActive: false,
        disabledReason: "gone",
        disabledAt: expect.stringMatching(ISO),
      });
      // Not retried: the next round resolves no target. Nothing new is sent to it either.
      await settle();
      expect(receiver.on(path)).toHaveLength(1);
      await record(provider.teamId);
      await settle();
      expect(receiver.on(path)).toHaveLength(1);
      expect(await attempts(provider.apiKey, hook.id)).toHaveLength(1);

      receiver.reply(() => ({ status: 200, body: "ok" }));
      const res = await t.request("PATCH", `/provider/webhooks/${hook.id}`, {
        key: provider.apiKey,
        body: { isActive: true },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ isActive: true, disabledReason: null, disabledAt: null });
      await record(provider.teamId);
      await receiver.waitFor(2, { path });
    } finally {
      receiver.reply(() => ({ status: 200, body: "ok" }));
    }
  });

  it("waits as long as a 429's Retry-After asks before the event's next round", async () => {
    const provider = await t.createTeam("provider");
    const path = freshPath("busy");
    const hook = await register(provider.apiKey, receiver.url + path);
    receiver.reply((request, n) =>
      request.path === path && n === 1
        ? { status: 429, body: "slow down", headers: { "retry-after": "2" } }
        : { status: 200, body: "ok" },
    );
    try {
      await record(provider.teamId);
      const [first, second] = await receiver.waitFor(2, { path });
      // The schedule says 250 ms; the receiver asked for 2 s (inside the 5.25 s window).
      expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(1_900);
      const log = await eventually(async () => {
        const rows = await attempts(provider.apiKey, hook.id);
        return rows.length === 2 ? rows : undefined;
      });
      expect(log.map((d) => [d.attempt, d.statusCode])).toEqual([
        [2, 200],
        [1, 429],
      ]);
      expect((await webhook(provider.apiKey, hook.id)).isActive).toBe(true);
    } finally {
      receiver.reply(() => ({ status: 200, body: "ok" }));
    }
  });

  it("disables a webhook whose every attempt has failed for 5 days (the clock moved), and not before", async () => {
    const provider = await t.createTeam("provider");
    const path = freshPath("failing");
    const hook = await register(provider.apiKey, receiver.url + path);
    receiver.reply((request) => (request.path === path ? { status: 500, body: "down" } : { status: 200 }));
    try {
      await record(provider.teamId);
      await receiver.waitFor(2, { path });
      await eventually(async () => ((await attempts(provider.apiKey, hook.id)).length >= 2 ? true : undefined));
      // Four days of failures later: still enabled.
      clockOffsetMs = 4 * DAY_MS;
      await record(provider.teamId);
      await eventually(async () => ((await attempts(provider.apiKey, hook.id)).length >= 3 ? true : undefined));
      expect(await webhook(provider.apiKey, hook.id)).toMatchObject({ isActive: true, disabledReason: null });
      // Past 5 days since the first failure, with no success in between: the next failure disables it.
      clockOffsetMs = 5 * DAY_MS + 60_000;
      await record(provider.teamId);
      const disabled = await eventually(async () => {
        const current = await webhook(provider.apiKey, hook.id);
        return current.isActive ? undefined : current;
      });
      expect(disabled).toMatchObject({ isActive: false, disabledReason: "failing" });
      // disabledAt is the rounds' clock: five days ahead.
      expect(Date.parse(disabled.disabledAt as string) - Date.now()).toBeGreaterThan(5 * DAY_MS - 60_000);
      const sent = receiver.on(path).length;
      await record(provider.teamId);
      await settle();
      expect(receiver.on(path)).toHaveLength(sent);
    } finally {
      clockOffsetMs = 0;
      receiver.reply(() => ({ status: 200, body: "ok" }));
    }
  });

  it("starts the failing streak again after a success", async () => {
    const provider = await t.createTeam("provider");
    const path = freshPath("flaky");
    const hook = await register(provider.apiKey, receiver.url + path);
    let healthy = false;
    receiver.reply((request) =>
      request.path === path && !healthy ? { status: 500, body: "down" } : { status: 200, body: "ok" },
    );
    try {
      await record(provider.teamId);
      await receiver.waitFor(2, { path });
      healthy = true;
      clockOffsetMs = 3 * DAY_MS;
      await record(provider.teamId);
      await eventually(async () => {
        const rows = await attempts(provider.apiKey, hook.id);
        return rows.some((row) => row.statusCode === 200) ? true : undefined;
      });
      healthy = false;
      clockOffsetMs = 6 * DAY_MS;
      await record(provider.teamId);
      await eventually(async () => {
        const rows = await attempts(provider.apiKey, hook.id);
        return rows[0]?.statusCode === 500 && rows.some((row) => row.statusCode === 200) ? true : undefined;
      });
      await settle();
      // Failing since day 6 only: enabled.
      expect(await webhook(provider.apiKey, hook.id)).toMatchObject({ isActive: true, disabledReason: null });
    } finally {
      clockOffsetMs = 0;
      receiver.reply(() => ({ status: 200, body: "ok" }));
    }
  });

  it("recovers after a pause: each missed event once, recorded with trigger recovery, then the recovery ends", async () => {
    const provider = await t.createTeam("provider");
    const path = freshPath("paused");
    const hook = await register(provider.apiKey, receiver.url + path);
    const pause = (isActive: boolean) =>
      t.request("PATCH", `/provider/webhooks/${hook.id}`, { key: provider.apiKey, body: { isActive } });
    expect((await pause(false)).status).toBe(200);
    const since = new Date(Date.now() - 1000).toISOString();
    const missed = [await record(provider.teamId), await record(provider.teamId)];
    await settle();
    expect(receiver.on(path)).toHaveLength(0);
    expect((await pause(true)).status).toBe(200);

    const res = await t.request("POST", `/provider/webhooks/${hook.id}/recover`, {
      key: provider.apiKey,
      body: { since },
    });
    expect(res.status).toBe(202);
    expect((await res.json()).count).toBe(2);
    worker.nudge();
    const got = await receiver.waitFor(2, { path });
    expect(got.map((request) => JSON.parse(request.body).id).sort()).toEqual(missed.map((e) => e.id).sort());
    const log = await eventually(async () => {
      const rows = (await attempts(provider.apiKey, hook.id)) as unknown as { trigger: string; attempt: number }[];
      return rows.length === 2 ? rows : undefined;
    });
    expect(log.map((row) => [row.trigger, row.attempt])).toEqual([
      ["recovery", 1],
      ["recovery", 1],
    ]);
    // Both ran: the recovery is over (no event left), so another may start.
    await eventually(async () => {
      const row = await t.database.db
        .selectFrom("webhook_recoveries")
        .select("pending")
        .where("webhook_id", "=", hook.id)
        .executeTakeFirst();
      return row?.pending === 0 ? true : undefined;
    });
    await settle();
    expect(receiver.on(path)).toHaveLength(2);
  });
});
