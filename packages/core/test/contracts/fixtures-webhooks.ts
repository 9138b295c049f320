/**
 * Webhooks, events and attempts the webhook contract suites store.
 *
 * @module
 */

import { createEvent, type DomainEvent, type EventType } from "../../src/events/index.ts";
import { randomUuid } from "../../src/ids.ts";
import type { UnitOfWork } from "../../src/ports.ts";
import type { TeamRole } from "../../src/teams/index.ts";
import type { Webhook, WebhookDelivery } from "../../src/webhooks/index.ts";
import { aTeam } from "./fixtures.ts";

const AT = new Date("2026-01-01T00:00:00.000Z");

/** An active webhook of `teamId` subscribed to `order.created`, as the port returns it. */
export function aWebhook(teamId: string, changes: Partial<Webhook> = {}): Required<Webhook> {
  const id = randomUuid();
  return {
    id,
    teamId,
    url: `https://hooks.example/${id.slice(0, 8)}`,
    events: ["order.created"],
    isActive: true,
    secret: `whsec_${id.replaceAll("-", "")}`,
    signatureScheme: "service",
    previousSecret: null,
    previousSecretExpiresAt: null,
    disabledReason: null,
    disabledAt: null,
    failingSince: null,
    createdAt: AT,
    updatedAt: AT,
    ...changes,
  };
}

/** An event for the provider and reseller teams given, about `orderId` when given. */
export function anEvent(
  audience: { providers?: string[]; resellers?: string[] },
  options: {
    type?: EventType;
    at?: Date;
    orderId?: string;
    data?: Record<string, unknown>;
    submissionUrl?: string;
  } = {},
): DomainEvent {
  return createEvent(
    {
      type: options.type ?? "order.created",
      data: { ...(options.orderId ? { orderId: options.orderId } : {}), ...options.data },
      training: false,
      audience: { providerTeamIds: audience.providers ?? [], resellerTeamIds: audience.resellers ?? [] },
      ...(options.submissionUrl ? { delivery: { submissionUrl: options.submissionUrl } } : {}),
    },
    { id: randomUuid(), now: options.at ?? AT },
  );
}

/** An attempt at `webhook` for `eventId`, as the port returns it. */
export function anAttempt(
  webhook: Pick<Webhook, "id" | "teamId" | "url">,
  eventId: string,
  changes: Partial<WebhookDelivery> = {},
): Required<WebhookDelivery> {
  return {
    id: randomUuid(),
    webhookId: webhook.id,
    teamId: webhook.teamId,
    eventId,
    eventType: "order.created",
    attempt: 1,
    trigger: "event",
    url: webhook.url,
    statusCode: 200,
    success: true,
    responseBody: "ok",
    durationMs: 12,
    createdAt: AT,
    requestHeaders: null,
    responseHeaders: null,
    ...changes,
  };
}

/** Stores a new team of `role` with one webhook per entry of `changes` (each `aWebhook` with those changes). */
export async function aTeamWithWebhooks(uow: UnitOfWork, role: TeamRole, ...changes: Partial<Webhook>[]) {
  const team = aTeam(role);
  const hooks = changes.map((change) => aWebhook(team.id, change));
  await uow.transaction(async (scope) => {
    await scope.teams.insert(team);
    for (const hook of hooks) await scope.webhooks.insert(hook);
  });
  return { team, hooks };
}
