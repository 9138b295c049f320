import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { recordEvent } from "../../../test/helpers/webhook-receiver.ts";

// POST /{side}/webhooks/{id}/recover against real PostgreSQL (issue 14): which events are re-sent,
// dryRun, one recovery at a time, and bad input. The worker's side (the attempts, trigger
// `recovery`) is in packages/worker/src/endpoint-health.test.ts.

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const badRequest = (...message: string[]) => ({ statusCode: 400, message, error: "Bad Request" });

async function setUp() {
  const provider = await t.createTeam("provider");
  const res = await t.request("POST", "/provider/webhooks", {
    key: provider.apiKey,
    body: { url: "https://hooks.example.com/recover", events: ["order.created"], isActive: false },
  });
  expect(res.status).toBe(201);
  const hook = (await res.json()) as { id: string };
  return { provider, hook };
}

async function recordedAt(teamId: string, type: "order.created" | "order.cancelled", at: string) {
  const event = await recordEvent(t.database, { type, providerTeamIds: [teamId] });
  await sql`update events set created_at = ${at} where id = ${event.id}`.execute(t.database.db);
  return event.id;
}

async function attempt(webhookId: string, teamId: string, eventId: string, success: boolean, at: string) {
  await t.database.db
    .insertInto("webhook_deliveries")
    .values({
      id: randomUUID(),
      webhook_id: webhookId,
      team_id: teamId,
      event_id: eventId,
      event_type: "order.created",
      attempt: 1,
      trigger: "event",
      url: "https://hooks.example.com/recover",
      status_code: success ? 200 : 500,
      success,
      response_body: "",
      duration_ms: 1,
      created_at: new Date(at),
    })
    .execute();
}

async function queuedRecoveries(webhookId: string) {
  const rows = await t.database.db
    .selectFrom("event_outbox")
    .select(["event_id", "trigger"])
    .where("webhook_id", "=", webhookId)
    .orderBy("seq")
    .execute();
  return rows;
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

describe("POST /{side}/webhooks/{id}/recover", () => {
  it("re-sends every event of the subscription since `since` that the webhook missed (paused) or failed", async () => {
    const { provider, hook } = await setUp();
    const before = await recordedAt(provider.teamId, "order.created", minutesAgo(120)); // before since
    const missed = await recordedAt(provider.teamId, "order.created", minutesAgo(50)); // while paused
    const failed = await recordedAt(provider.teamId, "order.created", minutesAgo(40));
    const delivered = await recordedAt(provider.teamId, "order.created", minutesAgo(30));
    const failedThenDelivered = await recordedAt(provider.teamId, "order.created", minutesAgo(20));
    const notSubscribed = await recordedAt(provider.teamId, "order.cancelled", minutesAgo(10));
    const deliveredThenFailed = await recordedAt(provider.teamId, "order.created", minutesAgo(5));
    await attempt(hook.id, provider.teamId, failed, false, minutesAgo(39));
    await attempt(hook.id, provider.teamId, delivered, true, minutesAgo(29));
    await attempt(hook.id, provider.teamId, failedThenDelivered, false, minutesAgo(19));
    await attempt(hook.id, provider.teamId, failedThenDelivered, true, minutesAgo(18));
    await attempt(hook.id, provider.teamId, deliveredThenFailed, true, minutesAgo(4));
    await attempt(hook.id, provider.teamId, deliveredThenFailed, false, minutesAgo(3));
    // Another team's event of the same type is not this webhook's.
    await recordedAt((await t.createTeam("provider")).teamId, "order.created", minutesAgo(45));
    void before;
    void notSubscribed;

    const since = minutesAgo(60);
    const dry = await t.request("POST", `/provider/webhooks/${hook.id}/recover`, {
      key: provider.apiKey,
      body: { since, dryRun: true },
    });
    expect(dry.status).toBe(200);
    expect(await dry.json()).toEqual({
      webhookId: hook.id,
      count: 3,
      dryRun: true,
      since,
      until: expect.stringMatching(ISO),
    });
    expect(await queuedRecoveries(hook.id)).toEqual([]);

    const res = await t.request("POST", `/provider/webhooks/${hook.id}/recover`, {
      key: provider.apiKey,
      body: { since },
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ webhookId: hook.id, count: 3, dryRun: false, since });
    // Oldest first, one entry each, naming this webhook alone.
    expect(await queuedRecoveries(hook.id)).toEqual(
      [missed, failed, deliveredThenFailed].map((event_id) => ({ event_id, trigger: "recovery" })),
    );

    // One recovery at a time: the first still has events to run.
    const second = await t.request("POST", `/provider/webhooks/${hook.id}/recover`, {
      key: provider.apiKey,
      body: { since },
    });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      statusCode: 409,
      message: `A recovery of webhook ${hook.id} is already in progress`,
      error: "Conflict",
    });
    expect(await queuedRecoveries(hook.id)).toHaveLength(3);
    // A dry run is still allowed, and once the worker has run them all, a new recovery is.
    expect(
      (
        await t.request("POST", `/provider/webhooks/${hook.id}/recover`, {
          key: provider.apiKey,
          body: { since, dryRun: true },
        })
      ).status,
    ).toBe(200);
    await sql`update webhook_recoveries set pending = 0 where webhook_id = ${hook.id}`.execute(t.database.db);
    const third = await t.request("POST", `/provider/webhooks/${hook.id}/recover`, {
      key: provider.apiKey,
      body: { since, until: minutesAgo(35) },
    });
    expect(third.status).toBe(202);
    expect((await third.json()).count).toBe(2);
  });

  it("answers 202 with count 0 when nothing was missed, and starts nothing", async () => {
    const { provider, hook } = await setUp();
    const body = { since: minutesAgo(5) };
    for (let i = 0; i < 2; i++) {
      const res = await t.request("POST", `/provider/webhooks/${hook.id}/recover`, { key: provider.apiKey, body });
      expect(res.status).toBe(202);
      expect((await res.json()).count).toBe(0);
    }
  });

  it("answers 404 for another team's webhook, and for an unknown one", async () => {
    const { hook } = await setUp();
    const stranger = await t.createTeam("provider");
    for (const id of [hook.id, randomUUID()]) {
      const res = await t.request("POST", `/provider/webhooks/${id}/recover`, {
        key: stranger.apiKey,
        body: { since: minutesAgo(5) },
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ statusCode: 404, message: `Webhook ${id} not found`, error: "Not Found" });
    }
  });

  it.each([
    [{}, ["since is required"]],
    [{ since: "2026-11-24" }, ["since must be a timestamp in the form YYYY-MM-DDTHH:mm:ss.sssZ"]],
    [{ since: minutesAgo(5), until: "yesterday" }, ["until must be a timestamp in the form YYYY-MM-DDTHH:mm:ss.sssZ"]],
    [{ since: minutesAgo(5), until: minutesAgo(10) }, ["since must not be after until"]],
    [{ since: minutesAgo(5), dryRun: "yes" }, ["dryRun must be a boolean"]],
    [{ since: minutesAgo(5), webhookId: "x" }, ["property webhookId should not exist"]],
    [null, ["body must be an object"]],
  ])("answers 400 for %j", async (body, message) => {
    const { provider, hook } = await setUp();
    const res = await t.request("POST", `/provider/webhooks/${hook.id}/recover`, {
      key: provider.apiKey,
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest(...message));
  });

  it("answers 400 naming the retention window for a `since` older than 30 days", async () => {
    const { provider, hook } = await setUp();
    const res = await t.request("POST", `/provider/webhooks/${hook.id}/recover`, {
      key: provider.apiKey,
      body: { since: new Date(Date.now() - 31 * 24 * 3_600_000).toISOString() },
    });
    expect(res.status).toBe(400);
    const { message } = await res.json();
    expect(message).toHaveLength(1);
    expect(message[0]).toMatch(/^since must be within the retention window of 30 days \(not before \d{4}-.*Z\)$/);
  });
});
