/**
 * Webhooks, their deliveries and recoveries to JSON.
 *
 * @module
 */

import type { Webhook, WebhookDelivery } from "@marketplace/core";
import { maskWebhookSecret, type QueuedDelivery, type WebhookRecovery } from "@marketplace/core/webhooks";

/** A webhook as JSON; the secret masked unless this is the creation or rotation response. */
export function webhookJson(webhook: Webhook, options: { revealSecret?: boolean; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const overlapEnds = webhook.previousSecretExpiresAt;
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    isActive: webhook.isActive,
    signatureScheme: webhook.signatureScheme ?? "service",
    secret: options.revealSecret ? webhook.secret : maskWebhookSecret(webhook.secret),
    previousSecretExpiresAt:
      webhook.previousSecret !== null && overlapEnds !== null && overlapEnds > now ? overlapEnds.toISOString() : null,
    disabledReason: webhook.disabledReason ?? null,
    disabledAt: webhook.disabledAt ? webhook.disabledAt.toISOString() : null,
    createdAt: webhook.createdAt.toISOString(),
    updatedAt: webhook.updatedAt.toISOString(),
  };
}

/** A delivery attempt as JSON. */
export function deliveryJson(delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    webhookId: delivery.webhookId as string,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    attempt: delivery.attempt,
    trigger: delivery.trigger,
    url: delivery.url,
    statusCode: delivery.statusCode,
    success: delivery.success,
    responseBody: delivery.responseBody,
    durationMs: delivery.durationMs,
    createdAt: delivery.createdAt.toISOString(),
  };
}

/** A delivery just queued (a test event or a redelivery). */
export function queuedJson(queued: QueuedDelivery) {
  return {
    webhookId: queued.webhookId,
    eventId: queued.eventId,
    eventType: queued.eventType,
    trigger: queued.trigger,
    queuedAt: queued.queuedAt.toISOString(),
  };
}

/** A recovery: how many events it re-sent, or would with `dryRun`, over which window. */
export function recoveryJson(recovery: WebhookRecovery) {
  return {
    webhookId: recovery.webhookId,
    count: recovery.count,
    dryRun: recovery.dryRun,
    since: recovery.since.toISOString(),
    until: recovery.until.toISOString(),
  };
}
