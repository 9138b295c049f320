/**
 * The team-wide delivery log in memory, with the rules of `PostgresWebhookLogRepository`: attempts at
 * the team's webhooks (never the unsigned submission-URL fallback), newest first; endpoint health
 * counted per whole hour; an order's events in sequence order.
 *
 * @module
 */

import type { EventType } from "../../events/index.ts";
import type { WebhookLogRepository } from "../../webhooks/index.ts";
import { copy, type InMemoryContext } from "../in-memory-database.ts";
import { EVENTS } from "./events.ts";
import { keysetPage } from "./keyset.ts";
import { newestFirst } from "./ordering.ts";
import { isTeamEvent } from "./webhook-deliveries.ts";
import {
  type DeliveryRow,
  WEBHOOK_DELIVERIES,
  WEBHOOK_HEALTH_HOURLY,
  WEBHOOK_RECOVERIES,
  WEBHOOKS,
} from "./webhook-tables.ts";

/** Oldest first, the id as the tie-break. */
function oldestFirst(a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }): number {
  return -newestFirst(a, b);
}

const HOUR_MS = 60 * 60 * 1000;

/** The in-memory `WebhookLogRepository`. */
export function inMemoryWebhookLog(context: InMemoryContext): WebhookLogRepository {
  const deliveries = () => [...context.tables.rows(WEBHOOK_DELIVERIES).values()];
  const orderEvents = (orderId: string) =>
    [...context.tables.rows(EVENTS).values()].filter((event) => event.data.orderId === orderId);
  return {
    async listAttempts(teamId, filter, page) {
      let eventIds: Set<string> | null = null;
      if (filter.orderId) {
        eventIds = new Set(
          orderEvents(filter.orderId)
            .slice(0, 1000)
            .map((event) => event.id),
        );
        if (eventIds.size === 0) return [];
      }
      const matches = (delivery: DeliveryRow) =>
        delivery.teamId === teamId &&
        delivery.webhookId !== null &&
        (!filter.webhookId || delivery.webhookId === filter.webhookId) &&
        (!filter.eventType || delivery.eventType === filter.eventType) &&
        (!filter.outcome || delivery.success === (filter.outcome === "succeeded")) &&
        (filter.statusCode === undefined ||
          (filter.statusCode === 0 ? delivery.statusCode === null : delivery.statusCode === filter.statusCode)) &&
        (!filter.trigger || delivery.trigger === filter.trigger) &&
        (!filter.from || delivery.createdAt >= filter.from) &&
        (!filter.to || delivery.createdAt < filter.to) &&
        (!filter.eventId || delivery.eventId === filter.eventId) &&
        (eventIds === null || eventIds.has(delivery.eventId));
      // The cursor is any attempt of the team (the scope of the SQL cursor), whatever the filter.
      const after = page.kind === "page" && page.after !== null ? page.after : null;
      const cursor = after === null ? undefined : context.tables.rows(WEBHOOK_DELIVERIES).get(after);
      const scoped = cursor && cursor.teamId === teamId ? cursor : undefined;
      return keysetPage(deliveries().filter(matches), page, () => scoped).map(copy);
    },
    async findAttempt(teamId, id) {
      const delivery = context.tables.rows(WEBHOOK_DELIVERIES).get(id);
      return delivery && delivery.teamId === teamId && delivery.webhookId !== null ? copy(delivery) : null;
    },
    async health(teamId, since) {
      // Exactly the attempts at or after `since`, read as the SQL reads them: the whole hours from
      // the first one starting at or after `since` from the hourly rollup, the part of an hour
      // before them from the log.
      const whole = Math.ceil(since.getTime() / HOUR_MS) * HOUR_MS;
      const hours = [...context.tables.rows(WEBHOOK_HEALTH_HOURLY).values()];
      const all = deliveries();
      const health = [];
      for (const webhook of context.tables.rows(WEBHOOKS).values()) {
        if (webhook.teamId !== teamId) continue;
        const own = all.filter((delivery) => delivery.webhookId === webhook.id).sort(newestFirst);
        const last = own[0];
        if (!last || last.createdAt < since) continue;
        const counted = hours.filter((hour) => hour.webhookId === webhook.id && hour.hour.getTime() >= whole);
        const part = own.filter((delivery) => delivery.createdAt >= since && delivery.createdAt.getTime() < whole);
        health.push({
          webhookId: webhook.id,
          attempts: counted.reduce((sum, hour) => sum + hour.attempts, part.length),
          successes: counted.reduce((sum, hour) => sum + hour.successes, part.filter((d) => d.success).length),
          lastAttemptAt: new Date(last.createdAt),
          lastStatusCode: last.statusCode,
          lastSuccess: last.success,
        });
      }
      return health;
    },
    async orderTimeline(teamId, orderId, types) {
      const sequence = (data: Record<string, unknown>) => (data.sequence === undefined ? null : Number(data.sequence));
      const events = orderEvents(orderId)
        .filter((event) => isTeamEvent(event, teamId) && types.includes(event.type as EventType))
        .sort((a, b) => {
          const [x, y] = [sequence(a.data), sequence(b.data)];
          if (x !== y) return x === null ? -1 : y === null ? 1 : x - y;
          return oldestFirst(a, b);
        })
        .slice(0, 500);
      const attempts = deliveries()
        .filter((delivery) => delivery.teamId === teamId && delivery.webhookId !== null)
        .sort(oldestFirst);
      return events.map((event) => ({
        id: event.id,
        type: event.type,
        createdAt: new Date(event.createdAt),
        sequence: sequence(event.data),
        attempts: attempts.filter((delivery) => delivery.eventId === event.id).map(copy),
      }));
    },
    async recovery(teamId, webhookId) {
      const recovery = context.tables.rows(WEBHOOK_RECOVERIES).get(webhookId);
      const webhook = context.tables.rows(WEBHOOKS).get(webhookId);
      if (!recovery || !webhook || webhook.teamId !== teamId) return null;
      const sent = deliveries().filter(
        (delivery) =>
          delivery.webhookId === webhookId &&
          delivery.trigger === "recovery" &&
          delivery.createdAt >= recovery.startedAt,
      ).length;
      return { webhookId, startedAt: new Date(recovery.startedAt), pending: Math.max(0, recovery.pending), sent };
    },
  };
}
