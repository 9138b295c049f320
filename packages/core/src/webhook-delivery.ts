/**
 * One delivery round of one event: resolve its targets when the round runs, send the same signed
 * body to every target at once, record every attempt. A host (the worker) runs rounds and decides
 * when to retry a failed one; the round itself never throws for a receiver's failure.
 *
 * @module
 */

import { randomUuid } from "./ids.ts";
import { silentLogger } from "./logger.ts";
import type {
  Clock,
  IdGenerator,
  Logger,
  WebhookDeliveryRepository,
  WebhookRepository,
  WebhookTransport,
} from "./ports.ts";
import {
  type DeliverableEvent,
  type DeliveryTrigger,
  deliveryBody,
  deliveryHeaders,
  isSuccessStatus,
  recordableText,
  signingSecrets,
  type WebhookDelivery,
} from "./webhooks.ts";

/** What one round is asked to do. */
export interface DeliveryJob {
  eventId: string;
  /** Attempt number of this round for subscription deliveries (1 for the first). */
  attempt: number;
  trigger: DeliveryTrigger;
  /** Tests and redeliveries: this webhook alone, whatever its subscriptions and state. */
  webhookId?: string | null;
  /** Aborts the requests under way (e.g. when the worker shuts down). */
  signal?: AbortSignal;
}

/** What a round needs. */
export interface DeliveryDependencies {
  webhooks: WebhookRepository;
  deliveries: WebhookDeliveryRepository;
  transport: WebhookTransport;
  clock?: Clock;
  ids?: IdGenerator;
  logger?: Logger;
}

/** One place an event goes to. */
export interface DeliveryTarget {
  /** The webhook, or null for the unsigned `submissionUrl` fallback. */
  webhookId: string | null;
  teamId: string;
  url: string;
  /** Secrets to sign with; empty for an unsigned delivery. */
  secrets: string[];
}

/** The outcome of a round. */
export type DeliveryRound =
  | { outcome: "unknown_event" }
  | { outcome: "no_targets"; event: DeliverableEvent }
  | { outcome: "delivered" | "failed"; event: DeliverableEvent; deliveries: WebhookDelivery[] };

/**
 * The targets of an event, resolved now: every active webhook of a team in the event's audience whose
 * events contain its type, each webhook once (a hybrid team in both audiences included). For
 * `order.item.created` with a `submissionUrl` delivery hint, each provider team of the audience that has no
 * webhook at all (a paused one counts as registered) gets an unsigned delivery at that URL.
 */
export async function resolveDeliveryTargets(
  event: DeliverableEvent,
  webhooks: WebhookRepository,
  now: Date,
): Promise<DeliveryTarget[]> {
  const { providerTeamIds, resellerTeamIds } = event.audience;
  const teamIds = [...new Set([...providerTeamIds, ...resellerTeamIds])];
  if (teamIds.length === 0) return [];
  const subscribed = await webhooks.findSubscribed(teamIds, event.type);
  const targets = new Map<string, DeliveryTarget>();
  for (const webhook of subscribed) {
    targets.set(webhook.id, {
      webhookId: webhook.id,
      teamId: webhook.teamId,
      url: webhook.url,
      secrets: signingSecrets(webhook, now),
    });
  }
  const submissionUrl = event.delivery?.submissionUrl;
  const out = [...targets.values()];
  if (event.type === "order.item.created" && typeof submissionUrl === "string" && submissionUrl !== "") {
    const registered = new Set(await webhooks.teamsWithWebhooks(providerTeamIds));
    for (const teamId of new Set(providerTeamIds)) {
      if (!registered.has(teamId)) out.push({ webhookId: null, teamId, url: submissionUrl, secrets: [] });
    }
  }
  return out;
}

/**
 * Runs one round: loads the event, resolves its targets, serialises the envelope once, and sends
 * it to every target at once, each signed with its own secrets (`X-Service-Training: true` for
 * training events). Every attempt is recorded. `failed` when any target failed: the caller retries
 * the whole round, for all targets.
 *
 * @example
 * const round = await deliverEvent({ eventId, attempt: 1, trigger: "event" }, { webhooks, deliveries, transport });
 * if (round.outcome === "failed") scheduleRetry();
 */
export async function deliverEvent(job: DeliveryJob, deps: DeliveryDependencies): Promise<DeliveryRound> {
  const clock = deps.clock ?? { now: () => new Date() };
  const newId = () => (deps.ids ? deps.ids.uuid() : randomUuid());
  const logger = deps.logger ?? silentLogger;
  const event = await deps.deliveries.findEvent(job.eventId);
  if (!event) return { outcome: "unknown_event" };

  const now = clock.now();
  let targets: DeliveryTarget[];
  let attemptOf: (target: DeliveryTarget) => Promise<number>;
  if (job.webhookId) {
    const webhook = await deps.webhooks.findForDelivery(job.webhookId);
    targets = webhook
      ? [{ webhookId: webhook.id, teamId: webhook.teamId, url: webhook.url, secrets: signingSecrets(webhook, now) }]
      : [];
    attemptOf = async (target) => (await deps.deliveries.lastAttempt(event.id, target.webhookId as string)) + 1;
  } else {
    targets = await resolveDeliveryTargets(event, deps.webhooks, now);
    attemptOf = async () => job.attempt;
  }
  if (targets.length === 0) return { outcome: "no_targets", event };

  const body = deliveryBody(event);
  const timestamp = Math.floor(now.getTime() / 1000);
  const deliveries = await Promise.all(
    targets.map(async (target): Promise<WebhookDelivery> => {
      const [attempt, headers] = await Promise.all([
        attemptOf(target),
        deliveryHeaders(body, { secrets: target.secrets, training: event.data.training === true, timestamp }),
      ]);
      const started = performance.now();
      const response = await deps.transport.send({ url: target.url, body, headers, signal: job.signal });
      const durationMs = Math.max(0, Math.round(performance.now() - started));
      const delivery: WebhookDelivery = {
        id: newId(),
        webhookId: target.webhookId,
        teamId: target.teamId,
        eventId: event.id,
        eventType: event.type,
        attempt,
        trigger: job.trigger,
        url: target.url,
        statusCode: response.kind === "response" ? response.statusCode : null,
        success: response.kind === "response" && isSuccessStatus(response.statusCode),
        responseBody: recordableText(response.kind === "response" ? response.body : response.error),
        durationMs,
        createdAt: clock.now(),
      };
      await deps.deliveries.insert(delivery);
      if (!delivery.success) {
        logger.warn("webhook delivery attempt failed", {
          eventId: event.id,
          webhookId: target.webhookId,
          attempt,
          statusCode: delivery.statusCode,
          error: response.kind === "error" ? response.error : undefined,
        });
      }
      return delivery;
    }),
  );
  return { outcome: deliveries.every((d) => d.success) ? "delivered" : "failed", event, deliveries };
}
