/**
 * The webhook tables of the in-memory adapter, declared together because deleting a webhook deletes
 * its rows in the others (`on delete cascade` in the SQL schema).
 *
 * @module
 */

import type { Webhook, WebhookDelivery } from "../../webhooks/index.ts";
import { defineTable, type InMemoryContext } from "../in-memory-database.ts";

/** A stored webhook: every field present (`signatureScheme` and `failingSince` included). */
export type WebhookRow = Required<Webhook>;

/** Webhooks by id. */
export const WEBHOOKS = defineTable<WebhookRow>("webhooks");

/** A stored attempt: the headers present (null when none). */
export type DeliveryRow = Required<WebhookDelivery>;

/** Delivery attempts by id. */
export const WEBHOOK_DELIVERIES = defineTable<DeliveryRow>("webhook_deliveries");

/**
 * Attempts and successes per webhook and hour (`webhook_health_hourly`, kept by a trigger on every
 * attempt), by `${webhookId} ${hour ISO}`: what the endpoint health reads count.
 */
export const WEBHOOK_HEALTH_HOURLY = defineTable<{
  webhookId: string;
  hour: Date;
  attempts: number;
  successes: number;
}>("webhook_health_hourly");

/** Recoveries by webhook id: events still to send and when the recovery started. */
export const WEBHOOK_RECOVERIES = defineTable<{ webhookId: string; pending: number; startedAt: Date }>(
  "webhook_recoveries",
);

/** Deletes a webhook and the rows that go with it. */
export function deleteWebhookRows(context: InMemoryContext, webhookId: string): void {
  context.tables.rows(WEBHOOKS).delete(webhookId);
  context.tables.rows(WEBHOOK_RECOVERIES).delete(webhookId);
  const deliveries = context.tables.rows(WEBHOOK_DELIVERIES);
  for (const [id, delivery] of deliveries) if (delivery.webhookId === webhookId) deliveries.delete(id);
  const hours = context.tables.rows(WEBHOOK_HEALTH_HOURLY);
  for (const [key, hour] of hours) if (hour.webhookId === webhookId) hours.delete(key);
}
