import { createPool } from "@marketplace/adapters-postgres";
import { parseSignatureHeader, verifySignature } from "@marketplace/core/signing";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import {
  eventually,
  type ReceivedRequest,
  recordEvent,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../../test/helpers/webhook-receiver.ts";
import { type DeliveryWorker, runDeliveryWorker } from "./run-delivery-worker.ts";

// The delivery worker end to end: webhooks registered over HTTP, events recorded through the unit of
// work and outbox, the real worker (graphile-worker on real PostgreSQL) sending to local receivers.

let t: TestApp;
let pool: pg.Pool;
let worker: DeliveryWorker;
let receiver: WebhookReceiver;

const RETRY_DELAY_MS = 250;

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

interface WebhookJson {
  id: string;
  secret: string;
}

interface DeliveryJson {
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
const freshPath = (label: string) => `/${label}-${++pathCounter}`;

async function register(
  key: string,
  body: { url: string; events: string[]; isActive?: boolean },
  side: "provider" | "reseller" = "provider",
): Promise<WebhookJson> {
  const res = await t.request("POST", `/${side}/webhooks`, { key, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

async function deliveries(key: string, webhookId: string, side = "provider"): Promise<DeliveryJson[]> {
  const res = await t.request("GET", `/${side}/webhooks/${webhookId}/deliveries`, { key });
  expect(res.status).toBe(200);
  return res.json();
}

const record = (input: Parameters<typeof recordEvent>[1]) =>
  recordEvent(t.database, input, { onEventsCommitted: () => worker.nudge() });

/** Lets the worker run a while, to show that something does NOT arrive. */
const settle = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));

function envelopeOf(request: ReceivedRequest) {
  return JSON.parse(request.body) as {
    id: string;
    type: string;
    version: number;
    createdAt: string;
    data: Record<string, unknown>;
  };
}

describe("delivery of signed events", () => {
  it("delivers order.created and order.item.created, signed over the exact bytes sent", async () => {
    const provider = await t.createTeam("provider");
    const reseller = await t.createTeam("reseller");
    const providerPath = freshPath("provider");
    const resellerPath = freshPath("reseller");
    const events = ["order.created", "order.item.created"];
    const providerHook = await register(provider.apiKey, { url: receiver.url + providerPath, events });
    const resellerHook = await register(reseller.apiKey, { url: receiver.url + resellerPath, events }, "reseller");

    const audience = { providerTeamIds: [provider.teamId], resellerTeamIds: [reseller.teamId] };
    const created = await record({
      type: "order.created",
      data: { orderId: "o-1", totalMonthly: "49.99" },
      ...audience,
    });
    const item = await record({
      type: "order.item.created",
      data: { orderId: "o-1", orderItemId: "i-1", status: "pending", offerName: "Fibre 500 ✓" },
      ...audience,
    });

    for (const [path, secret] of [
      [providerPath, providerHook.secret],
      [resellerPath, resellerHook.secret],
    ] as const) {
      const got = await receiver.waitFor(2, { path });
      const byType = new Map(got.map((request) => [envelopeOf(request).type, request]));
      for (const event of [created, item]) {
        const request = byType.get(event.type) as ReceivedRequest;
        expect(request.method).toBe("POST");
        expect(request.headers["content-type"]).toBe("application/json");
        expect(request.headers["x-service-training"]).toBeUndefined();
        expect(JSON.parse(request.body)).toEqual({
          id: event.id,
          type: event.type,
          version: 1,
          createdAt: event.createdAt.toISOString(),
          // Events about an order are numbered per order when recorded (data.sequence).
          data: { ...event.data, training: false, sequence: expect.any(Number) },
        });
        const header = request.headers["x-service-signature"] as string;
        expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        expect(Math.abs(Number(parseSignatureHeader(header)?.timestamp) - Date.now() / 1000)).toBeLessThan(30);
        expect(await verifySignature({ payload: request.body, header, secret })).toEqual({
          ok: true,
          timestamp: expect.any(Number),
        });
        // A tampered copy, another secret, or a re-serialised body with a changed byte all fail.
        const tampered = request.body.replace('"training":false', '"training":true');
        expect(tampered).not.toBe(request.body);
        expect(await verifySignature({ payload: tampered, header, secret })).toEqual({
          ok: false,
          reason: "no_matching_signature",
        });
        expect(await verifySignature({ payload: `${request.body} `, header, secret })).toMatchObject({ ok: false });
        const otherSecret = secret === providerHook.secret ? resellerHook.secret : providerHook.secret;
        expect(await verifySignature({ payload: request.body, header, secret: otherSecret })).toMatchObject({
          ok: false,
        });
      }
    }

    const log = await eventually(async () => {
      const rows = await deliveries(provider.apiKey, providerHook.id);
      return rows.length === 2 ? rows : undefined;
    });
    expect(log.map((d) => d.eventType).sort()).toEqual(["order.created", "order.item.created"]);
    for (const entry of log) {
      expect(entry).toEqual({
        id: expect.any(String),
        webhookId: providerHook.id,
        eventId: entry.eventType === "order.created" ? created.id : item.id,
        eventType: entry.eventType,
        attempt: 1,
        trigger: "event",
        url: receiver.url + providerPath,
        statusCode: 200,
        success: true,
        responseBody: "ok",
        durationMs: expect.any(Number),
        createdAt: expect.any(String),
      });
    }
    expect(await deliveries(reseller.apiKey, resellerHook.id, "reseller")).toHaveLength(2);
  });

  it("retries a failed event for every subscribed webhook, and logs every attempt", async () => {
    const provider = await t.createTeam("provider");
    const reseller = await t.createTeam("reseller");
    const failing = freshPath("failing");
    const healthy = freshPath("healthy");
    const providerHook = await register(provider.apiKey, { url: receiver.url + failing, events: ["order.created"] });
    const resellerHook = await register(
      reseller.apiKey,
      { url: receiver.url + healthy, events: ["order.created"] },
      "reseller",
    );
    receiver.reply((request, n) =>
      request.path === failing && n === 1 ? { status: 500, body: "database exploded" } : { status: 200, body: "ok" },
    );
    try {
      const event = await record({
        type: "order.created",
        providerTeamIds: [provider.teamId],
        resellerTeamIds: [reseller.teamId],
      });
      const [first, second] = await receiver.waitFor(2, { path: failing });
      const healthyGot = await receiver.waitFor(2, { path: healthy });
      // Per event, not per target: the healthy webhook gets the retry too, with the same envelope id.
      for (const request of [first, second, ...healthyGot] as ReceivedRequest[]) {
        expect(envelopeOf(request).id).toBe(event.id);
      }
      expect((second as ReceivedRequest).body).toBe((first as ReceivedRequest).body);
      expect((second as ReceivedRequest).receivedAt - (first as ReceivedRequest).receivedAt).toBeGreaterThanOrEqual(
        RETRY_DELAY_MS - 50,
      );

      const failingLog = await eventually(async () => {
        const rows = await deliveries(provider.apiKey, providerHook.id);
        return rows.length === 2 ? rows : undefined;
      });
      expect(failingLog.map((d) => [d.attempt, d.statusCode, d.success, d.responseBody])).toEqual([
        [2, 200, true, "ok"],
        [1, 500, false, "database exploded"],
      ]);
      const healthyLog = await eventually(async () => {
        const rows = await deliveries(reseller.apiKey, resellerHook.id, "reseller");
        return rows.length === 2 ? rows : undefined;
      });
      expect(healthyLog.map((d) => [d.attempt, d.statusCode, d.success])).toEqual([
        [2, 200, true],
        [1, 200, true],
      ]);
      await settle();
      expect(receiver.on(failing)).toHaveLength(2);
      expect(receiver.on(healthy)).toHaveLength(2);
    } finally {
      receiver.reply(() => ({ status: 200, body: "ok" }));
    }
  });

  it("gives up after the last attempt of the schedule", async () => {
    const provider = await t.createTeam("provider");
    const path = freshPath("down");
    const hook = await register(provider.apiKey, { url: receiver.url + path, events: ["order.cancelled"] });
    receiver.reply((request) => (request.path === path ? { status: 503, body: "down" } : { status: 200, body: "ok" }));
    try {
      await record({ type: "order.cancelled", providerTeamIds: [provider.teamId] });
      await receiver.waitFor(3, { path });
      await settle(3 * RETRY_DELAY_MS);
      expect(receiver.on(path)).toHaveLength(3);
      const log = await deliveries(provider.apiKey, hook.id);
      expect(log.map((d) => [d.attempt, d.statusCode, d.success])).toEqual([
        [3, 503, false],
        [2, 503, false],
        [1, 503, false],
      ]);
    } finally {
      receiver.reply(() => ({ status: 200, body: "ok" }));
    }
  });

  it("treats a redirect as a failure and does not follow it", async () => {
    const provider = await t.createTeam("provider");
    const path = freshPath("redirect");
    const target = freshPath("redirect-target");
    const hook = await register(provider.apiKey, { url: receiver.url + path, events: ["order.cancelled"] });
    receiver.reply((request) =>
      request.path === path
        ? { status: 307, body: "moved", headers: { location: receiver.url + target } }
        : { status: 200, body: "ok" },
    );
    try {
      await record({ type: "order.cancelled", providerTeamIds: [provider.teamId] });
      const log = await eventually(async () => {
        const rows = await deliveries(provider.apiKey, hook.id);
        return rows.length > 0 ? rows : undefined;
      });
      expect(log[log.length - 1]).toMatchObject({ attempt: 1, statusCode: 307, success: false, responseBody: "moved" });
      expect(receiver.on(target)).toEqual([]);
    } finally {
      receiver.reply(() => ({ status: 200, body: "ok" }));
    }
  });
});

describe("targets", () => {
  it("sends nothing to paused webhooks or to webhooks not subscribed to the type", async () => {
    const provider = await t.createTeam("provider");
    const paused = freshPath("paused");
    const unsubscribed = freshPath("unsubscribed");
    const active = freshPath("active");
    const pausedHook = await register(provider.apiKey, {
      url: receiver.url + paused,
      events: ["order.created"],
      isActive: false,
    });
    await register(provider.apiKey, { url: receiver.url + unsubscribed, events: ["order.cancelled"] });
    await register(provider.apiKey, { url: receiver.url + active, events: ["order.created"] });
    // Paused after creation too: PATCH isActive false.
    const later = await register(provider.apiKey, { url: receiver.url + paused, events: ["order.created"] });
    const patch = await t.request("PATCH", `/provider/webhooks/${later.id}`, {
      key: provider.apiKey,
      body: { isActive: false },
    });
    expect(patch.status).toBe(200);

    await record({ type: "order.created", providerTeamIds: [provider.teamId] });
    await receiver.waitFor(1, { path: active });
    await settle();
    expect(receiver.on(paused)).toEqual([]);
    expect(receiver.on(unsubscribed)).toEqual([]);
    expect(receiver.on(active)).toHaveLength(1);
    expect(await deliveries(provider.apiKey, pausedHook.id)).toEqual([]);

    // Resumed, it receives the next event.
    await t.request("PATCH", `/provider/webhooks/${later.id}`, { key: provider.apiKey, body: { isActive: true } });
    await record({ type: "order.created", providerTeamIds: [provider.teamId] });
    await receiver.waitFor(1, { path: paused });
  });

  it("delivers only to the teams of the event's audience", async () => {
    const inAudience = await t.createTeam("reseller");
    const outsider = await t.createTeam("reseller");
    const mine = freshPath("mine");
    const theirs = freshPath("theirs");
    await register(inAudience.apiKey, { url: receiver.url + mine, events: ["order.created"] }, "reseller");
    await register(outsider.apiKey, { url: receiver.url + theirs, events: ["order.created"] }, "reseller");
    await record({ type: "order.created", resellerTeamIds: [inAudience.teamId] });
    await receiver.waitFor(1, { path: mine });
    await settle();
    expect(receiver.on(theirs)).toEqual([]);
  });

  it("delivers each event once to a hybrid team's webhook, even when the team is in both audiences", async () => {
    const hybrid = await t.createTeam("hybrid");
    const path = freshPath("hybrid");
    const hook = await register(hybrid.apiKey, {
      url: receiver.url + path,
      events: ["order.created", "order.consent_recorded"],
    });
    const event = await record({
      type: "order.created",
      providerTeamIds: [hybrid.teamId],
      resellerTeamIds: [hybrid.teamId],
    });
    const consent = await record({ type: "order.consent_recorded", providerTeamIds: [hybrid.teamId] });
    await receiver.waitFor(2, { path });
    await settle();
    expect(
      receiver
        .on(path)
        .map((r) => envelopeOf(r).id)
        .sort(),
    ).toEqual([event.id, consent.id].sort());
    expect(await deliveries(hybrid.apiKey, hook.id, "reseller")).toHaveLength(2);
  });

  it("marks training deliveries with X-Service-Training: true, and live ones not at all", async () => {
    const reseller = await t.createTeam("reseller");
    const path = freshPath("training");
    await register(reseller.apiKey, { url: receiver.url + path, events: ["order.item.created"] }, "reseller");
    const training = await record({
      type: "order.item.created",
      training: true,
      resellerTeamIds: [reseller.teamId],
    });
    const live = await record({ type: "order.item.created", training: false, resellerTeamIds: [reseller.teamId] });
    const got = await receiver.waitFor(2, { path });
    const byId = new Map(got.map((request) => [envelopeOf(request).id, request]));
    const trainingRequest = byId.get(training.id) as ReceivedRequest;
    const liveRequest = byId.get(live.id) as ReceivedRequest;
    expect(trainingRequest.headers["x-service-training"]).toBe("true");
    expect(envelopeOf(trainingRequest).data.training).toBe(true);
    expect("x-service-training" in liveRequest.headers).toBe(false);
    expect(envelopeOf(liveRequest).data.training).toBe(false);
  });
});

describe("unsigned submissionUrl fallback", () => {
  it("sends order.item.created unsigned to the submissionUrl hint when the provider has no webhook at all", async () => {
    const provider = await t.createTeam("provider");
    const path = freshPath("submission");
    const event = await record({
      type: "order.item.created",
      data: { orderItemId: "i-9", status: "pending" },
      delivery: { submissionUrl: receiver.url + path },
      providerTeamIds: [provider.teamId],
    });
    const [request] = await receiver.waitFor(1, { path });
    expect(request?.headers["x-service-signature"]).toBeUndefined();
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(envelopeOf(request as ReceivedRequest)).toMatchObject({ id: event.id, type: "order.item.created" });
    const rows = await eventually(async () => {
      const found = await t.database.db
        .selectFrom("webhook_deliveries")
        .selectAll()
        .where("event_id", "=", event.id)
        .execute();
      return found.length > 0 ? found : undefined;
    });
    expect(rows).toMatchObject([{ webhook_id: null, team_id: provider.teamId, status_code: 200, success: true }]);

    // Other event types never use the fallback.
    const other = freshPath("submission-other");
    await record({
      type: "order.created",
      delivery: { submissionUrl: receiver.url + other },
      providerTeamIds: [provider.teamId],
    });
    await settle();
    expect(receiver.on(other)).toEqual([]);
  });

  it("does not use the fallback once the team has a webhook, even a paused one", async () => {
    const provider = await t.createTeam("provider");
    const hookPath = freshPath("registered");
    const submission = freshPath("submission-unused");
    await register(provider.apiKey, { url: receiver.url + hookPath, events: ["order.cancelled"], isActive: false });
    await record({
      type: "order.item.created",
      delivery: { submissionUrl: receiver.url + submission },
      providerTeamIds: [provider.teamId],
    });
    await settle();
    expect(receiver.on(submission)).toEqual([]);
    expect(receiver.on(hookPath)).toEqual([]);
  });
});

describe("secret rotation, tests and redelivery", () => {
  it("signs with both secrets during the overlap", async () => {
    const provider = await t.createTeam("provider");
    const path = freshPath("rotation");
    const hook = await register(provider.apiKey, { url: receiver.url + path, events: ["order.created"] });
    const rotated = await (
      await t.request("POST", `/provider/webhooks/${hook.id}/rotate-secret`, { key: provider.apiKey })
    ).json();
    await record({ type: "order.created", providerTeamIds: [provider.teamId] });
    const [request] = await receiver.waitFor(1, { path });
    const header = request?.headers["x-service-signature"] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    for (const secret of [hook.secret, rotated.secret]) {
      expect(await verifySignature({ payload: request?.body as string, header, secret })).toMatchObject({ ok: true });
    }

    // With no overlap the old secret stops signing at once.
    await t.request("POST", `/provider/webhooks/${hook.id}/rotate-secret`, {
      key: provider.apiKey,
      body: { overlapSeconds: 0 },
    });
    await record({ type: "order.created", providerTeamIds: [provider.teamId] });
    const [, next] = await receiver.waitFor(2, { path });
    expect(next?.headers["x-service-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it("sends a signed webhook.test to one webhook, paused or not, and logs it", async () => {
    const reseller = await t.createTeam("reseller");
    const path = freshPath("test-event");
    const hook = await register(
      reseller.apiKey,
      { url: receiver.url + path, events: ["order.created"], isActive: false },
      "reseller",
    );
    const queued = await (
      await t.request("POST", `/reseller/webhooks/${hook.id}/test`, { key: reseller.apiKey })
    ).json();
    const [request] = await receiver.waitFor(1, { path });
    expect(envelopeOf(request as ReceivedRequest)).toMatchObject({
      id: queued.eventId,
      type: "webhook.test",
      version: 1,
      data: { webhookId: hook.id, training: false },
    });
    const header = request?.headers["x-service-signature"] as string;
    expect(await verifySignature({ payload: request?.body as string, header, secret: hook.secret })).toMatchObject({
      ok: true,
    });
    const log = await eventually(async () => {
      const rows = await deliveries(reseller.apiKey, hook.id, "reseller");
      return rows.length > 0 ? rows : undefined;
    });
    expect(log).toMatchObject([
      { eventId: queued.eventId, eventType: "webhook.test", trigger: "test", attempt: 1, statusCode: 200 },
    ]);
  });

  it("redelivers a recorded event to one webhook as a new attempt", async () => {
    const provider = await t.createTeam("provider");
    const path = freshPath("redeliver");
    const hook = await register(provider.apiKey, { url: receiver.url + path, events: ["order.cancelled"] });
    const event = await record({ type: "order.cancelled", providerTeamIds: [provider.teamId] });
    await receiver.waitFor(1, { path });
    const [first] = await eventually(async () => {
      const rows = await deliveries(provider.apiKey, hook.id);
      return rows.length > 0 ? rows : undefined;
    });
    const res = await t.request("POST", `/provider/webhooks/${hook.id}/deliveries/${first?.id}/redeliver`, {
      key: provider.apiKey,
    });
    expect(res.status).toBe(202);
    const [, again] = await receiver.waitFor(2, { path });
    expect(envelopeOf(again as ReceivedRequest).id).toBe(event.id);
    const log = await eventually(async () => {
      const rows = await deliveries(provider.apiKey, hook.id);
      return rows.length === 2 ? rows : undefined;
    });
    expect(log.map((d) => [d.attempt, d.trigger, d.eventId])).toEqual([
      [2, "redelivery", event.id],
      [1, "event", event.id],
    ]);
  });
});
