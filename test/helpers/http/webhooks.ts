import { randomUUID } from "node:crypto";
import { createEvent } from "@marketplace/core";
import { sql } from "kysely";
import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "../app.ts";

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const FULL_SECRET = /^whsec_[A-Za-z0-9_-]{43}$/;
export const ALL_TYPES =
  "order.created, order.item.created, order.item.status_changed, order.cancelled, order.consent_recorded, order.consent_revoked";
export const RESELLER_TYPES = "order.created, order.item.created, order.item.status_changed, order.cancelled";
export const URL_A = "https://hooks.example.com/marketplace";

export interface WebhookJson {
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

export let t: TestApp;

export const badRequest = (...message: string[]) => ({ statusCode: 400, message, error: "Bad Request" });
export const notFound = (id: string) => ({ statusCode: 404, message: `Webhook ${id} not found`, error: "Not Found" });
export const masked = (secret: string) => `whsec_••••${secret.slice(-4)}`;

export async function createWebhook(key: string, body: unknown, side: "provider" | "reseller" = "provider") {
  const res = await t.request("POST", `/${side}/webhooks`, { key, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as WebhookJson;
}

/** The delivery requests queued for an event: outbox entries naming a webhook (the worker's relay turns them into jobs). */
export async function jobsFor(eventId: string) {
  const { rows } = await sql<{ eventId: string; webhookId: string; trigger: string }>`
    select event_id as "eventId", webhook_id as "webhookId", trigger from event_outbox
    where event_id = ${eventId} and webhook_id is not null order by seq
  `.execute(t.database.db);
  return rows;
}

/** Records an event and `count` delivery rows for a webhook, one second apart (newest last). */
export async function seedDeliveries(webhookId: string, teamId: string, count: number) {
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

/** Registers the hooks of a webhooks test file: a test app, closed after the file. */
export function setupWebhooksApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
}
