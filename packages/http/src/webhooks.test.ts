import { randomUUID } from "node:crypto";
import { createEvent } from "@marketplace/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const FULL_SECRET = /^whsec_[A-Za-z0-9_-]{43}$/;
const ALL_TYPES =
  "order.created, order.item.created, order.item.status_changed, order.cancelled, order.consent_recorded, order.consent_revoked";
const RESELLER_TYPES = "order.created, order.item.created, order.item.status_changed, order.cancelled";
const URL_A = "https://hooks.example.com/marketplace";

interface WebhookJson {
  id: string;
  url: string;
  events: string[];
  isActive: boolean;
  signatureScheme: string;
  secret: string;
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const badRequest = (...message: string[]) => ({ statusCode: 400, message, error: "Bad Request" });
const notFound = (id: string) => ({ statusCode: 404, message: `Webhook ${id} not found`, error: "Not Found" });
const masked = (secret: string) => `whsec_••••${secret.slice(-4)}`;

async function createWebhook(key: string, body: unknown, side: "provider" | "reseller" = "provider") {
  const res = await t.request("POST", `/${side}/webhooks`, { key, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as WebhookJson;
}

describe("POST /{side}/webhooks", () => {
  it("registers a webhook and shows the full secret in the 201 response only", async () => {
    const { apiKey } = await t.createTeam("provider");
    const before = Date.now();
    const res = await t.request("POST", "/provider/webhooks", {
      key: apiKey,
      body: { url: URL_A, events: ["order.created", "order.item.created"] },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const created = (await res.json()) as WebhookJson;
    expect(created).toEqual({
      id: expect.stringMatching(UUID_V4),
      url: URL_A,
      events: ["order.created", "order.item.created"],
      isActive: true,
      signatureScheme: "service",
      secret: expect.stringMatching(FULL_SECRET),
      previousSecretExpiresAt: null,
      disabledReason: null,
      disabledAt: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: created.createdAt,
    });
    expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(before - 1000);

    const expected = { ...created, secret: masked(created.secret) };
    expect(expected.secret).toMatch(/^whsec_••••[A-Za-z0-9_-]{4}$/);
    const one = await t.request("GET", `/provider/webhooks/${created.id}`, { key: apiKey });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(expected);
    const list = await t.request("GET", "/provider/webhooks", { key: apiKey });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([expected]);
    expect(JSON.stringify(await (await t.request("GET", "/provider/webhooks", { key: apiKey })).json())).not.toContain(
      created.secret,
    );
  });

  it("registers a Standard Webhooks webhook: the scheme shown everywhere, a standard base64 secret, rotated in kind", async () => {
    const { apiKey } = await t.createTeam("provider");
    const created = await createWebhook(apiKey, { url: URL_A, events: ["order.created"], signatureScheme: "standard" });
    expect(created).toMatchObject({ signatureScheme: "standard", isActive: true });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const one = await t.request("GET", `/provider/webhooks/${created.id}`, { key: apiKey });
    expect(await one.json()).toMatchObject({ signatureScheme: "standard", secret: masked(created.secret) });
    const rotated = await t.request("POST", `/provider/webhooks/${created.id}/rotate-secret`, { key: apiKey });
    expect(rotated.status).toBe(200);
    const body = await rotated.json();
    expect(body.signatureScheme).toBe("standard");
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // Explicitly asking for the default is the default.
    const service = await createWebhook(apiKey, { url: URL_A, events: ["order.created"], signatureScheme: "service" });
    expect(service.signatureScheme).toBe("service");
    expect(service.secret).toMatch(FULL_SECRET);
  });

  it("gives every webhook its own secret", async () => {
    const { apiKey } = await t.createTeam("provider");
    const a = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] });
    const b = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] });
    expect(a.secret).not.toBe(b.secret);
  });

  it("accepts isActive false, removes duplicate event types and trims the url", async () => {
    const { apiKey } = await t.createTeam("provider");
    const created = await createWebhook(apiKey, {
      url: `  ${URL_A}  `,
      events: ["order.cancelled", "order.created", "order.cancelled"],
      isActive: false,
    });
    expect(created).toMatchObject({ url: URL_A, events: ["order.cancelled", "order.created"], isActive: false });
  });

  it("lets providers subscribe to every type, consent types included", async () => {
    const { apiKey } = await t.createTeam("provider");
    const types = ALL_TYPES.split(", ");
    expect((await createWebhook(apiKey, { url: URL_A, events: types })).events).toEqual(types);
  });

  it.each([
    [{ url: "http://hooks.example.com/x", events: ["order.created"] }, ["url must be an https URL"]],
    [{ url: "http://127.0.0.1:8080/x", events: ["order.created"] }, ["url must be an https URL"]],
    [{ url: "ftp://hooks.example.com/x", events: ["order.created"] }, ["url must be an https URL"]],
    [{ url: "not a url", events: ["order.created"] }, ["url must be a valid URL"]],
    [{ url: "https://a.example/\u0000", events: ["order.created"] }, ["url must not contain NUL characters"]],
    [
      { url: `https://a.example/${"x".repeat(2048)}`, events: ["order.created"] },
      ["url must be at most 2048 characters"],
    ],
    [{ events: ["order.created"] }, ["url is required"]],
    [{ url: 5, events: ["order.created"] }, ["url must be a string"]],
    [{ url: URL_A }, ["events is required"]],
    [{ url: URL_A, events: "order.created" }, ["events must be an array"]],
    [{ url: URL_A, events: [] }, ["events must contain at least 1 element"]],
    [{ url: URL_A, events: [7] }, ["events.0 must be a string"]],
    [
      { url: URL_A, events: ["order.created", "order.shipped"] },
      [`events.1 must be one of the following values: ${ALL_TYPES}`],
    ],
    [{ url: URL_A, events: ["webhook.test"] }, [`events.0 must be one of the following values: ${ALL_TYPES}`]],
    [{ url: URL_A, events: ["order.created"], isActive: "yes" }, ["isActive must be a boolean"]],
    [
      { url: URL_A, events: ["order.created"], signatureScheme: "stripe" },
      ["signatureScheme must be one of the following values: service, standard"],
    ],
    [
      { url: URL_A, events: ["order.created"], signatureScheme: null },
      ["signatureScheme must be one of the following values: service, standard"],
    ],
    [
      { url: URL_A, events: ["order.created"], secret: "mine", id: randomUUID() },
      ["property secret should not exist", "property id should not exist"],
    ],
    [
      { url: "http://x.example", events: ["nope"] },
      ["url must be an https URL", `events.0 must be one of the following values: ${ALL_TYPES}`],
    ],
  ])("answers 400 for %j", async (body, message) => {
    const { apiKey } = await t.createTeam("provider");
    const res = await t.request("POST", "/provider/webhooks", { key: apiKey, body });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest(...message));
    expect(await (await t.request("GET", "/provider/webhooks", { key: apiKey })).json()).toEqual([]);
  });

  it("rejects consent event types for resellers at validation", async () => {
    const { apiKey } = await t.createTeam("reseller");
    for (const type of ["order.consent_recorded", "order.consent_revoked"]) {
      const res = await t.request("POST", "/reseller/webhooks", {
        key: apiKey,
        body: { url: URL_A, events: ["order.created", type] },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(badRequest(`events.1 must be one of the following values: ${RESELLER_TYPES}`));
    }
    const ok = await createWebhook(apiKey, { url: URL_A, events: RESELLER_TYPES.split(", ") }, "reseller");
    expect(ok.events).toEqual(RESELLER_TYPES.split(", "));
  });

  it("answers 415 for a body that is not JSON and 401/403 before validation", async () => {
    const { apiKey } = await t.createTeam("provider");
    const text = await t.request("POST", "/provider/webhooks", {
      key: apiKey,
      body: "url=x",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect((await t.request("POST", "/provider/webhooks", { body: { bad: true } })).status).toBe(401);
    const reseller = await t.createTeam("reseller");
    const provider = await t.createTeam("provider");
    const forbidden = await t.request("POST", "/provider/webhooks", { key: reseller.apiKey, body: { bad: true } });
    expect(forbidden.status).toBe(403);
    expect((await t.request("GET", "/reseller/webhooks", { key: provider.apiKey })).status).toBe(403);
  });
});

describe("a hybrid team", () => {
  it("sees the same webhooks under /provider and /reseller and may subscribe to every type on both", async () => {
    const { apiKey } = await t.createTeam("hybrid");
    const viaProvider = await createWebhook(apiKey, { url: URL_A, events: ["order.consent_recorded"] });
    const viaReseller = await createWebhook(
      apiKey,
      { url: URL_A, events: ["order.created", "order.consent_revoked"] },
      "reseller",
    );
    const provider = await (await t.request("GET", "/provider/webhooks", { key: apiKey })).json();
    const reseller = await (await t.request("GET", "/reseller/webhooks", { key: apiKey })).json();
    expect(provider).toEqual(reseller);
    expect(provider.map((w: WebhookJson) => w.id)).toEqual([viaReseller.id, viaProvider.id]);
    const crossed = await t.request("GET", `/reseller/webhooks/${viaProvider.id}`, { key: apiKey });
    expect(crossed.status).toBe(200);
  });
});

describe("GET /{side}/webhooks", () => {
  it("lists only the team's own webhooks, newest first, and paginates", async () => {
    const { apiKey } = await t.createTeam("reseller");
    const other = await t.createTeam("reseller");
    await createWebhook(other.apiKey, { url: URL_A, events: ["order.created"] }, "reseller");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.unshift((await createWebhook(apiKey, { url: `${URL_A}/${i}`, events: ["order.created"] }, "reseller")).id);
    }
    const all = await (await t.request("GET", "/reseller/webhooks", { key: apiKey })).json();
    expect(all.map((w: WebhookJson) => w.id)).toEqual(ids);
    const first = await (await t.request("GET", "/reseller/webhooks?limit=2", { key: apiKey })).json();
    expect(first.data.map((w: WebhookJson) => w.id)).toEqual(ids.slice(0, 2));
    expect(first.hasMore).toBe(true);
    expect(first.data[0].secret).toMatch(/^whsec_••••/);
    const second = await (
      await t.request("GET", `/reseller/webhooks?limit=2&cursor=${first.nextCursor}`, { key: apiKey })
    ).json();
    expect(second).toEqual({ data: [all[2]], hasMore: false, nextCursor: null });
    const unknown = await t.request("GET", "/reseller/webhooks?active=true", { key: apiKey });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual(badRequest("property active should not exist"));
  });
});

describe("PATCH /{side}/webhooks/{id}", () => {
  it("changes only the fields sent, and false pauses without deleting", async () => {
    const { apiKey } = await t.createTeam("provider");
    const created = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] });
    const paused = await t.request("PATCH", `/provider/webhooks/${created.id}`, {
      key: apiKey,
      body: { isActive: false },
    });
    expect(paused.status).toBe(200);
    const body = (await paused.json()) as WebhookJson;
    expect(body).toEqual({
      ...created,
      isActive: false,
      secret: masked(created.secret),
      updatedAt: expect.stringMatching(ISO),
    });
    expect(Date.parse(body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    const changed = await t.request("PATCH", `/provider/webhooks/${created.id}`, {
      key: apiKey,
      body: { url: "https://other.example/hook", events: ["order.cancelled", "order.consent_revoked"], isActive: true },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      id: created.id,
      url: "https://other.example/hook",
      events: ["order.cancelled", "order.consent_revoked"],
      isActive: true,
      secret: masked(created.secret),
    });
    const unchanged = await t.request("PATCH", `/provider/webhooks/${created.id}`, { key: apiKey, body: {} });
    expect(unchanged.status).toBe(200);
    expect(await unchanged.json()).toMatchObject({ url: "https://other.example/hook", isActive: true });
  });

  it("validates like creation and writes nothing on 400", async () => {
    const { apiKey } = await t.createTeam("reseller");
    const created = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] }, "reseller");
    const cases: Array<[unknown, string[]]> = [
      [{ url: "http://insecure.example" }, ["url must be an https URL"]],
      [{ events: ["order.consent_recorded"] }, [`events.0 must be one of the following values: ${RESELLER_TYPES}`]],
      [{ events: [] }, ["events must contain at least 1 element"]],
      [{ isActive: null }, ["isActive must be a boolean"]],
      [{ secret: "whsec_x" }, ["property secret should not exist"]],
      [{ signatureScheme: "standard" }, ["property signatureScheme should not exist"]],
      [{ id: created.id, url: URL_A }, ["property id should not exist"]],
    ];
    for (const [body, message] of cases) {
      const res = await t.request("PATCH", `/reseller/webhooks/${created.id}`, { key: apiKey, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual(badRequest(...message));
    }
    const after = await (await t.request("GET", `/reseller/webhooks/${created.id}`, { key: apiKey })).json();
    expect(after).toEqual({ ...created, secret: masked(created.secret) });
  });
});

describe("DELETE /{side}/webhooks/{id}", () => {
  it("answers 200 with no body, after which the webhook is gone", async () => {
    const { apiKey } = await t.createTeam("provider");
    const created = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] });
    const res = await t.request("DELETE", `/provider/webhooks/${created.id}`, { key: apiKey });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    const again = await t.request("DELETE", `/provider/webhooks/${created.id}`, { key: apiKey });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual(notFound(created.id));
    expect((await t.request("GET", `/provider/webhooks/${created.id}`, { key: apiKey })).status).toBe(404);
    expect(await (await t.request("GET", "/provider/webhooks", { key: apiKey })).json()).toEqual([]);
  });
});

describe("another team's webhook", () => {
  it("is 404 on every route, with the same body as a missing one, and stays untouched", async () => {
    const owner = await t.createTeam("provider");
    const stranger = await t.createTeam("hybrid");
    const created = await createWebhook(owner.apiKey, { url: URL_A, events: ["order.created"] });
    const missing = randomUUID();
    for (const id of [created.id, missing, "not-a-uuid"]) {
      const calls: Array<[string, string, unknown?]> = [
        ["GET", `/provider/webhooks/${id}`],
        ["GET", `/reseller/webhooks/${id}`],
        ["PATCH", `/provider/webhooks/${id}`, { isActive: false }],
        ["DELETE", `/provider/webhooks/${id}`],
        ["GET", `/provider/webhooks/${id}/deliveries`],
        ["POST", `/provider/webhooks/${id}/rotate-secret`],
        ["POST", `/provider/webhooks/${id}/test`],
        ["POST", `/provider/webhooks/${id}/deliveries/${randomUUID()}/redeliver`],
      ];
      for (const [method, path, body] of calls) {
        const res = await t.request(method, path, { key: stranger.apiKey, ...(body === undefined ? {} : { body }) });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await res.json()).toEqual(notFound(id));
      }
    }
    const still = await (await t.request("GET", `/provider/webhooks/${created.id}`, { key: owner.apiKey })).json();
    expect(still).toEqual({ ...created, secret: masked(created.secret) });
  });
});

describe("POST /{side}/webhooks/{id}/rotate-secret", () => {
  it("issues a new full secret once and keeps the old one valid for 24 hours by default", async () => {
    const { apiKey } = await t.createTeam("provider");
    const created = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] });
    const before = Date.now();
    const res = await t.request("POST", `/provider/webhooks/${created.id}/rotate-secret`, { key: apiKey });
    expect(res.status).toBe(200);
    const rotated = (await res.json()) as WebhookJson;
    expect(rotated).toEqual({
      ...created,
      secret: expect.stringMatching(FULL_SECRET),
      previousSecretExpiresAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    expect(rotated.secret).not.toBe(created.secret);
    const overlapEnd = Date.parse(rotated.previousSecretExpiresAt as string);
    expect(overlapEnd).toBeGreaterThanOrEqual(before + 86_400_000 - 1000);
    expect(overlapEnd).toBeLessThanOrEqual(Date.now() + 86_400_000 + 1000);
    const shown = await (await t.request("GET", `/provider/webhooks/${created.id}`, { key: apiKey })).json();
    expect(shown.secret).toBe(masked(rotated.secret));
    const row = await t.database.db
      .selectFrom("webhooks")
      .select(["secret", "previous_secret"])
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ secret: rotated.secret, previous_secret: created.secret });
  });

  it("takes an optional overlap: 0 ends the old secret at once", async () => {
    const { apiKey } = await t.createTeam("provider");
    const created = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] });
    const res = await t.request("POST", `/provider/webhooks/${created.id}/rotate-secret`, {
      key: apiKey,
      body: { overlapSeconds: 0 },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).previousSecretExpiresAt).toBeNull();
    const hour = await t.request("POST", `/provider/webhooks/${created.id}/rotate-secret`, {
      key: apiKey,
      body: { overlapSeconds: 3600 },
    });
    const overlapEnd = Date.parse((await hour.json()).previousSecretExpiresAt);
    expect(Math.abs(overlapEnd - (Date.now() + 3_600_000))).toBeLessThan(5000);
    for (const [body, message] of [
      [{ overlapSeconds: -1 }, "overlapSeconds must not be less than 0"],
      [{ overlapSeconds: 604_801 }, "overlapSeconds must not be greater than 604800"],
      [{ overlapSeconds: 1.5 }, "overlapSeconds must be an integer"],
      [{ overlap: 10 }, "property overlap should not exist"],
    ] as const) {
      const bad = await t.request("POST", `/provider/webhooks/${created.id}/rotate-secret`, { key: apiKey, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(await bad.json()).toEqual(badRequest(message));
    }
  });
});

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

/** The delivery requests queued for an event: outbox entries naming a webhook (the worker's relay turns them into jobs). */
async function jobsFor(eventId: string) {
  const { rows } = await sql<{ eventId: string; webhookId: string; trigger: string }>`
    select event_id as "eventId", webhook_id as "webhookId", trigger from event_outbox
    where event_id = ${eventId} and webhook_id is not null order by seq
  `.execute(t.database.db);
  return rows;
}

/** Records an event and `count` delivery rows for a webhook, one second apart (newest last). */
async function seedDeliveries(webhookId: string, teamId: string, count: number) {
  const event = createEvent(
    {
      type: "order.created",
      data: { orderId: randomUUID() },
      training: false,
      audience: { providerTeamIds: [teamId], resellerTeamIds: [] },
    },
    { id: randomUUID(), now: new Date() },
  );
  await t.database.db
    .insertInto("events")
    .values({
      id: event.id,
      type: event.type,
      version: 1,
      created_at: event.createdAt,
      training: false,
      data: JSON.stringify(event.data),
      provider_team_ids: [teamId],
      reseller_team_ids: [],
    })
    .execute();
  const base = Date.parse("2025-01-01T00:00:00.000Z");
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    webhook_id: webhookId,
    team_id: teamId,
    event_id: event.id,
    event_type: "order.created",
    attempt: i + 1,
    trigger: "event",
    url: URL_A,
    status_code: i % 2 === 0 ? 500 : null,
    success: false,
    response_body: i % 2 === 0 ? "boom" : "ECONNREFUSED: connect ECONNREFUSED",
    duration_ms: 12,
    created_at: new Date(base + i * 1000),
  }));
  await t.database.db.insertInto("webhook_deliveries").values(rows).execute();
  return { eventId: event.id, ids: rows.map((row) => row.id).reverse() };
}

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

describe("createApp({ allowLoopbackWebhooks: true })", () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await createTestApp({ allowLoopbackWebhooks: true });
  });
  afterAll(() => local.close());

  it("also accepts http:// to localhost, 127.0.0.1 and [::1], and nothing else over http", async () => {
    const { apiKey } = await local.createTeam("provider");
    for (const url of ["http://127.0.0.1:9000/hook", "http://localhost/hook", "http://[::1]:8080/"]) {
      const res = await local.request("POST", "/provider/webhooks", {
        key: apiKey,
        body: { url, events: ["order.created"] },
      });
      expect(res.status, url).toBe(201);
    }
    for (const url of ["http://example.com/hook", "http://10.0.0.1/hook", "http://127.0.0.1.nip.io/hook"]) {
      const res = await local.request("POST", "/provider/webhooks", {
        key: apiKey,
        body: { url, events: ["order.created"] },
      });
      expect(res.status, url).toBe(400);
      expect(await res.json()).toEqual(badRequest("url must be an https URL"));
    }
  });
});

describe("the OpenAPI document", () => {
  it("documents every webhook operation on both sides with the key, 401, 403 and 404", async () => {
    const doc = await (await t.request("GET", "/openapi.json")).json();
    const operations = Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)
      .filter(([path]) => /^\/(provider|reseller)\/webhooks/.test(path))
      .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ label: `${method} ${path}`, op })));
    expect(operations).toHaveLength(20); // 10 operations (recover included) on each side
    for (const { label, op } of operations) {
      expect(op.security, label).toEqual([{ apiKey: [] }]);
      for (const status of ["400", "401", "403", "500"]) expect(op.responses, label).toHaveProperty(status);
      if (label.includes("{")) expect(op.responses, label).toHaveProperty("404");
    }
    for (const path of ["/provider/webhooks", "/reseller/webhooks/{id}/deliveries"]) {
      const names = (doc.paths[path].get.parameters as Array<{ in: string; name: string }>)
        .filter((p) => p.in === "query")
        .map((p) => p.name)
        .sort();
      expect(names, path).toEqual(["cursor", "limit"]);
    }
    const webhook = doc.components.schemas.Webhook;
    const created = await createWebhook((await t.createTeam("provider")).apiKey, {
      url: URL_A,
      events: ["order.created"],
    });
    expect([...webhook.required].sort()).toEqual(Object.keys(created).sort());
    expect(doc.components.schemas.WebhookDelivery.required).toContain("statusCode");
  });
});
