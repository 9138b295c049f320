/**
 * Delivery attempts and the stored events they carry, in memory, with the rules of
 * `PostgresWebhookDeliveryRepository`: an attempt at a webhook deleted meanwhile is skipped; a team
 * reads the events whose audience names it (`team_events`), newest first.
 *
 * @module
 */

import type { EventEnvelope, EventFilter, EventType } from "../../events/index.ts";
import type { PageRequest } from "../../pagination.ts";
import type { WebhookDelivery, WebhookDeliveryRepository } from "../../webhooks/index.ts";
import { copy, InMemoryConstraintError, type InMemoryContext } from "../in-memory-database.ts";
import { EVENTS, type EventRow, insertEventRow } from "./events.ts";
import { keysetPage } from "./keyset.ts";
import { newestFirst, pageOf } from "./ordering.ts";
import { TEAMS } from "./teams.ts";
import { type DeliveryRow, WEBHOOK_DELIVERIES, WEBHOOK_HEALTH_HOURLY, WEBHOOKS } from "./webhook-tables.ts";

const TRIGGERS: readonly string[] = ["event", "test", "redelivery", "recovery"];

/** True when the event's audience names the team (as provider or reseller). */
export function isTeamEvent(event: EventRow, teamId: string): boolean {
  return event.audience.providerTeamIds.includes(teamId) || event.audience.resellerTeamIds.includes(teamId);
}

/** The envelope of a stored event, as the events API returns it. */
export function envelopeOf(event: EventRow): EventEnvelope {
  return {
    id: event.id,
    type: event.type as EventType,
    version: event.version,
    createdAt: event.createdAt.toISOString(),
    data: copy(event.data),
  };
}

/** Stores an attempt as the SQL insert and its triggers do (the hourly health rollup included). */
export function insertDelivery(context: InMemoryContext, delivery: WebhookDelivery): void {
  if (!TRIGGERS.includes(delivery.trigger)) {
    throw new InMemoryConstraintError("23514", "webhook_deliveries_trigger_check", `trigger ${delivery.trigger}`);
  }
  // The webhook was deleted while its request was in flight: its log went with it. Nothing is
  // written and nothing thrown, as the SQL's insert that selects the row only while its webhook exists.
  if (delivery.webhookId !== null && !context.tables.rows(WEBHOOKS).has(delivery.webhookId)) return;
  const rows = context.tables.rows(WEBHOOK_DELIVERIES);
  if (rows.has(delivery.id)) throw new InMemoryConstraintError("23505", "webhook_deliveries_pkey", delivery.id);
  if (!context.tables.rows(TEAMS).has(delivery.teamId)) {
    throw new InMemoryConstraintError("23503", "webhook_deliveries_team_id_fkey", `team ${delivery.teamId}`);
  }
  rows.set(delivery.id, {
    ...copy(delivery),
    requestHeaders: delivery.requestHeaders ? copy(delivery.requestHeaders) : null,
    responseHeaders: delivery.responseHeaders ? copy(delivery.responseHeaders) : null,
  });
  if (delivery.webhookId === null) return;
  const hour = new Date(delivery.createdAt);
  hour.setUTCMinutes(0, 0, 0);
  const key = `${delivery.webhookId} ${hour.toISOString()}`;
  const hours = context.tables.rows(WEBHOOK_HEALTH_HOURLY);
  const counted = hours.get(key) ?? { webhookId: delivery.webhookId, hour, attempts: 0, successes: 0 };
  counted.attempts += 1;
  if (delivery.success) counted.successes += 1;
  hours.set(key, counted);
}

/** The in-memory `WebhookDeliveryRepository`. */
export function inMemoryWebhookDeliveries(context: InMemoryContext): WebhookDeliveryRepository {
  const deliveries = () => [...context.tables.rows(WEBHOOK_DELIVERIES).values()];
  const events = () => [...context.tables.rows(EVENTS).values()];
  const teamEvents = (teamId: string, filter: EventFilter) =>
    events()
      .filter(
        (event) =>
          isTeamEvent(event, teamId) &&
          filter.types.includes(event.type as EventType) &&
          (!filter.createdAfter || event.createdAt > filter.createdAfter) &&
          (!filter.createdBefore || event.createdAt < filter.createdBefore),
      )
      .sort(newestFirst);
  return {
    async insert(delivery) {
      insertDelivery(context, delivery);
    },
    async list(webhookId, page: PageRequest) {
      const own = deliveries().filter((delivery) => delivery.webhookId === webhookId);
      return pageOf(own.sort(newestFirst), page).map(copy);
    },
    async findById(webhookId, id) {
      const delivery = context.tables.rows(WEBHOOK_DELIVERIES).get(id);
      return delivery && delivery.webhookId === webhookId ? copy(delivery) : null;
    },
    async lastAttempt(eventId, webhookId) {
      let last = 0;
      for (const delivery of deliveries()) {
        if (delivery.eventId === eventId && delivery.webhookId === webhookId) last = Math.max(last, delivery.attempt);
      }
      return last;
    },
    async findEvent(id) {
      const event = context.tables.rows(EVENTS).get(id);
      return event ? copy(event) : null;
    },
    async insertEvent(event) {
      const { delivery: _, ...stored } = event;
      insertEventRow(context, stored);
    },
    async listTeamEvents(teamId, filter, page) {
      // The cursor is the team's event, found whatever the filter (the scope of `team_events`).
      const cursor =
        page.kind === "page" && page.after !== null ? context.tables.rows(EVENTS).get(page.after) : undefined;
      const scoped = cursor && isTeamEvent(cursor, teamId) ? cursor : undefined;
      return keysetPage(teamEvents(teamId, filter), page, () => scoped).map(envelopeOf);
    },
    async findRecoverable(webhook, since, until) {
      const latest = new Map<string, DeliveryRow>();
      for (const delivery of deliveries()) {
        if (delivery.webhookId !== webhook.id) continue;
        const seen = latest.get(delivery.eventId);
        const later =
          !seen ||
          delivery.createdAt.getTime() - seen.createdAt.getTime() > 0 ||
          (delivery.createdAt.getTime() === seen.createdAt.getTime() && delivery.attempt > seen.attempt);
        if (later) latest.set(delivery.eventId, delivery);
      }
      return events()
        .filter(
          (event) =>
            isTeamEvent(event, webhook.teamId) &&
            (webhook.events as readonly string[]).includes(event.type) &&
            event.createdAt >= since &&
            event.createdAt <= until &&
            latest.get(event.id)?.success !== true,
        )
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((event) => event.id);
    },
    async findTeamEvent(teamId, eventId, filter) {
      const event = teamEvents(teamId, filter).find((candidate) => candidate.id === eventId);
      return event ? envelopeOf(event) : null;
    },
  };
}
