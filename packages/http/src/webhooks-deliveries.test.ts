import { describe, expect, it } from "vitest";
import {
  badRequest,
  createWebhook,
  ISO,
  jobsFor,
  seedDeliveries,
  setupWebhooksApp,
  t,
  URL_A,
  UUID_V4,
} from "../../../test/helpers/http/webhooks.ts";

setupWebhooksApp();

describe("POST /{side}/webhooks/{id}/test", () => {
  it("queues a webhook.test event for this webhook alone and answers 202", async () => {
    const { apiKey, teamId } = await t.createTeam("reseller");
    const created = await createWebhook(apiKey, { url: URL_A, events: ["order.created"], isActive: false }, "reseller");
    const res = await t.request("POST", `/reseller/webhooks/${created.id}/test`, { key: apiKey });
    expect(res.status).toBe(202);
    const queued = await res.json();
    expect(queued).toEqual({
      webhookId: created.id,
      eventId: expect.stringMatching(UUID_V4),
      eventType: "webhook.test",
      trigger: "test",
      queuedAt: expect.stringMatching(ISO),
    });
    const event = await t.database.db
      .selectFrom("events")
      .selectAll()
      .where("id", "=", queued.eventId)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      type: "webhook.test",
      training: false,
      provider_team_ids: [],
      reseller_team_ids: [],
    });
    expect(event.data).toMatchObject({ webhookId: created.id, teamId, training: false });
    expect(await jobsFor(queued.eventId)).toEqual([
      { eventId: queued.eventId, webhookId: created.id, trigger: "test" },
    ]);
    const withBody = await t.request("POST", `/reseller/webhooks/${created.id}/test`, { key: apiKey, body: {} });
    expect(withBody.status).toBe(202);
    // An empty body labelled JSON (what a client sending that header on every request does) is no body.
    const labelled = await t.app.request(`/reseller/webhooks/${created.id}/test`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json", "content-length": "0" },
    });
    expect(labelled.status).toBe(202);
    const unknown = await t.request("POST", `/reseller/webhooks/${created.id}/test`, {
      key: apiKey,
      body: { type: "order.created" },
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual(badRequest("property type should not exist"));
    // Only outbox entries naming this webhook: no subscription delivery can pick the event up.
    const outbox = await t.database.db
      .selectFrom("event_outbox")
      .select(["event_id", "webhook_id"])
      .where("event_id", "=", queued.eventId)
      .execute();
    expect(outbox.every((entry) => entry.webhook_id === created.id)).toBe(true);
  });
});

describe("GET /{side}/webhooks/{id}/deliveries", () => {
  it("answers [] for a webhook without attempts, and a page envelope when paginated", async () => {
    const { apiKey } = await t.createTeam("provider");
    const created = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] });
    const res = await t.request("GET", `/provider/webhooks/${created.id}/deliveries`, { key: apiKey });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    const page = await t.request("GET", `/provider/webhooks/${created.id}/deliveries?limit=5`, { key: apiKey });
    expect(await page.json()).toEqual({ data: [], hasMore: false, nextCursor: null });
  });

  it("gives unpaginated callers the 50 newest attempts and lets paginated callers walk them all", async () => {
    const { apiKey, teamId } = await t.createTeam("provider");
    const created = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] });
    const { ids, eventId } = await seedDeliveries(created.id, teamId, 60);

    const newest = await (
      await t.request("GET", `/provider/webhooks/${created.id}/deliveries`, { key: apiKey })
    ).json();
    expect(newest).toHaveLength(50);
    expect(newest.map((d: { id: string }) => d.id)).toEqual(ids.slice(0, 50));
    expect(newest[0]).toEqual({
      id: ids[0],
      webhookId: created.id,
      eventId,
      eventType: "order.created",
      attempt: 60,
      trigger: "event",
      url: URL_A,
      statusCode: null,
      success: false,
      responseBody: "ECONNREFUSED: connect ECONNREFUSED",
      durationMs: 12,
      createdAt: "2025-01-01T00:00:59.000Z",
    });
    expect(newest[1]).toMatchObject({ attempt: 59, statusCode: 500, responseBody: "boom" });

    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `limit=25&cursor=${cursor}` : "limit=25";
      const res = await t.request("GET", `/provider/webhooks/${created.id}/deliveries?${query}`, { key: apiKey });
      expect(res.status).toBe(200);
      const page = await res.json();
      walked.push(...page.data.map((d: { id: string }) => d.id));
      cursor = page.hasMore ? page.nextCursor : null;
    } while (cursor);
    expect(walked).toEqual(ids);

    // A webhooks cursor is not a deliveries cursor.
    const list = await (await t.request("GET", "/provider/webhooks?limit=1", { key: apiKey })).json();
    expect(list.hasMore).toBe(false);
    const other = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] });
    const webhookCursor = (await (await t.request("GET", "/provider/webhooks?limit=1", { key: apiKey })).json())
      .nextCursor;
    expect(other.id).toBeTruthy();
    const wrong = await t.request("GET", `/provider/webhooks/${created.id}/deliveries?cursor=${webhookCursor}`, {
      key: apiKey,
    });
    expect(wrong.status).toBe(400);
  });
});

describe("POST /{side}/webhooks/{id}/deliveries/{deliveryId}/redeliver", () => {
  it("queues the recorded event for this webhook again", async () => {
    const { apiKey, teamId } = await t.createTeam("provider");
    const created = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] });
    const { ids, eventId } = await seedDeliveries(created.id, teamId, 1);
    const res = await t.request("POST", `/provider/webhooks/${created.id}/deliveries/${ids[0]}/redeliver`, {
      key: apiKey,
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({
      webhookId: created.id,
      eventId,
      eventType: "order.created",
      trigger: "redelivery",
      queuedAt: expect.stringMatching(ISO),
    });
    expect(await jobsFor(eventId)).toEqual([{ eventId, webhookId: created.id, trigger: "redelivery" }]);
    const unknown = await t.request("POST", `/provider/webhooks/${created.id}/deliveries/${ids[0]}/redeliver`, {
      key: apiKey,
      body: { webhookId: created.id },
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual(badRequest("property webhookId should not exist"));
  });

  it("answers 404 for an attempt of another webhook", async () => {
    const { apiKey, teamId } = await t.createTeam("provider");
    const first = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] });
    const second = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] });
    const { ids } = await seedDeliveries(first.id, teamId, 1);
    const res = await t.request("POST", `/provider/webhooks/${second.id}/deliveries/${ids[0]}/redeliver`, {
      key: apiKey,
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, message: `Delivery ${ids[0]} not found`, error: "Not Found" });
  });
});
