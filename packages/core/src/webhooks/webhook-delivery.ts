/**
 * One delivery round of one event: resolve its targets when the round runs, send the same signed
 * body to every target at once, record every attempt. A host (the worker) runs rounds and decides
 * when to retry a failed one; the round itself never throws for a receiver's failure.
 *
 * @module
 */

import { randomUuid } from "../ids.ts";
import { silentLogger } from "../logger.ts";
import type { Logger } from "../ports.ts";
import type { Clock, IdGenerator } from "../shared-ports.ts";
import { isSuccessStatus, recordableHeaders, recordableText } from "./delivery-records.ts";
import type { WebhookDeliveryRepository, WebhookRepository, WebhookTransport } from "./ports.ts";
import { parseRetryAfter } from "./retry-schedule.ts";
import {
  DEFAULT_DISABLE_FAILING_AFTER_MS,
  type DeliverableEvent,
  type DeliveryTrigger,
  deliveryBody,
  deliveryHeaders,
  signingSecrets,
  type WebhookDelivery,
  type WebhookResponse,
  type WebhookSignatureScheme,
} from "./webhook-rules.ts";

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
  /**
   * Subscription rounds: only these targets (their `targetKey`s), the rest of a round whose targets
   * were deferred. Targets are still resolved now, so one deactivated meanwhile gets nothing.
   */
  onlyTargets?: readonly string[] | null;
  /** When these targets were first deferred; the gate stops deferring after a while. */
  deferredSince?: Date | null;
}

/**
 * Whether a request goes out to a target now: the worker's per-endpoint isolation (see
 * `EndpointGate` in @marketplace/worker). Without a gate every target is sent at once.
 */
export interface DeliveryGate {
  /** Asks to send to `target` now; `force` for tests and redeliveries, which are never held back. */
  admit(target: DeliveryTarget, context: { force: boolean; deferredSince: Date | null }): Promise<DeliveryAdmission>;
}

/** A gate's answer for one target. */
export type DeliveryAdmission =
  /** Send now, then report how it went. */
  | { kind: "send"; done(result: { success: boolean; durationMs: number }): void }
  /** Not now, and not an attempt: the target is sent again in a later job, not before `until`. */
  | { kind: "defer"; until: Date; reason: string }
  /** Recorded as a failed attempt without a request (the endpoint's circuit is open). */
  | { kind: "refuse"; reason: string };

/** The key naming a target in `onlyTargets`: its webhook id, or `submission:<teamId>` for the unsigned fallback. */
export function targetKey(target: Pick<DeliveryTarget, "webhookId" | "teamId">): string {
  return target.webhookId ?? `submission:${target.teamId}`;
}

/** What a round needs. */
export interface DeliveryDependencies {
  webhooks: WebhookRepository;
  deliveries: WebhookDeliveryRepository;
  transport: WebhookTransport;
  clock?: Clock;
  ids?: IdGenerator;
  logger?: Logger;
  /** Holds back targets that are busy or failing, so they cannot delay the others; default none. */
  gate?: DeliveryGate;
  /** How long every attempt at a webhook must fail before it is disabled; default 5 days. */
  disableFailingAfterMs?: number;
}

/** One place an event goes to. */
export interface DeliveryTarget {
  /** The webhook, or null for the unsigned `submissionUrl` fallback. */
  webhookId: string | null;
  teamId: string;
  url: string;
  /** Secrets to sign with; empty for an unsigned delivery. */
  secrets: string[];
  /** How to sign (`standard` adds the Standard Webhooks headers); absent means `service`. */
  signatureScheme?: WebhookSignatureScheme;
  /** Since when every attempt at this webhook failed (null: its last attempt succeeded). */
  failingSince?: Date | null;
}

/** The outcome of a round. */
export type DeliveryRound =
  | { outcome: "unknown_event" }
  | { outcome: "no_targets"; event: DeliverableEvent }
  | {
      /**
       * `failed` when any attempt failed (retry the whole round), `deferred` when every target was
       * held back (nothing sent), otherwise `delivered`.
       */
      outcome: "delivered" | "failed" | "deferred";
      event: DeliverableEvent;
      deliveries: WebhookDelivery[];
      /** Targets the gate held back (by `targetKey`), and the earliest time to try them again. */
      deferred: { targets: string[]; until: Date } | null;
      /** The latest time a failed target asked to be retried at (`Retry-After` on a 429 or 503), or null. */
      retryAfter: Date | null;
    };

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
      signatureScheme: webhook.signatureScheme ?? "service",
      failingSince: webhook.failingSince ?? null,
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
      ? [
          {
            webhookId: webhook.id,
            teamId: webhook.teamId,
            url: webhook.url,
            secrets: signingSecrets(webhook, now),
            signatureScheme: webhook.signatureScheme ?? "service",
            failingSince: webhook.failingSince ?? null,
          },
        ]
      : [];
    attemptOf = async (target) => (await deps.deliveries.lastAttempt(event.id, target.webhookId as string)) + 1;
  } else {
    targets = await resolveDeliveryTargets(event, deps.webhooks, now);
    if (job.onlyTargets) {
      const only = new Set(job.onlyTargets);
      targets = targets.filter((target) => only.has(targetKey(target)));
    }
    attemptOf = async () => job.attempt;
  }
  if (targets.length === 0) return { outcome: "no_targets", event };

  const body = deliveryBody(event);
  const timestamp = Math.floor(now.getTime() / 1000);
  const force = Boolean(job.webhookId);
  const deferredSince = job.deferredSince ?? null;
  const deferredKeys: string[] = [];
  let deferredUntil: Date | null = null;
  let retryAfter: Date | null = null;
  const disableAfterMs = deps.disableFailingAfterMs ?? DEFAULT_DISABLE_FAILING_AFTER_MS;
  const sent = await Promise.all(
    targets.map(async (target): Promise<WebhookDelivery | null> => {
      const admission: DeliveryAdmission = deps.gate
        ? await deps.gate.admit(target, { force, deferredSince })
        : SEND_UNGATED;
      if (admission.kind === "defer") {
        deferredKeys.push(targetKey(target));
        if (deferredUntil === null || admission.until < deferredUntil) deferredUntil = admission.until;
        logger.debug("webhook delivery deferred", {
          eventId: event.id,
          webhookId: target.webhookId,
          until: admission.until,
          reason: admission.reason,
        });
        return null;
      }
      let success = false;
      let response: WebhookResponse;
      let attempt: number;
      let sentHeaders: Record<string, string> | null = null;
      const started = performance.now();
      try {
        const [number, headers] = await Promise.all([
          attemptOf(target),
          admission.kind === "send"
            ? deliveryHeaders(body, {
                secrets: target.secrets,
                training: event.data.training === true,
                timestamp,
                scheme: target.signatureScheme,
                messageId: event.id,
              })
            : null,
        ]);
        attempt = number;
        sentHeaders = headers;
        response =
          admission.kind === "send" && headers
            ? await deps.transport.send({ url: target.url, body, headers, signal: job.signal })
            : { kind: "error", error: `not sent: ${admission.kind === "refuse" ? admission.reason : ""}` };
        success = response.kind === "response" && isSuccessStatus(response.statusCode);
      } finally {
        // Always hand the slot back, even when the round fails before or during the request.
        if (admission.kind === "send") {
          admission.done({ success, durationMs: Math.round(performance.now() - started) });
        }
      }
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
        success,
        responseBody: recordableText(response.kind === "response" ? response.body : response.error),
        durationMs,
        createdAt: clock.now(),
        requestHeaders: sentHeaders,
        responseHeaders: response.kind === "response" && response.headers ? recordableHeaders(response.headers) : null,
      };
      await deps.deliveries.insert(delivery);
      const status = delivery.statusCode;
      if (response.kind === "response" && (status === 429 || status === 503)) {
        const waitMs = parseRetryAfter(response.retryAfter, delivery.createdAt);
        const until = waitMs === null ? null : new Date(delivery.createdAt.getTime() + waitMs);
        if (until && (retryAfter === null || until > retryAfter)) retryAfter = until;
      }
      // Endpoint health: a 410 disables the webhook at once; failing for too long disables it. A
      // healthy webhook costs nothing here (its streak is already null).
      if (target.webhookId !== null && (!success || target.failingSince)) {
        const disabled = await deps.webhooks.recordHealth(target.webhookId, {
          at: delivery.createdAt,
          success,
          gone: status === 410,
          disableAfterMs,
        });
        if (disabled) {
          logger.warn("webhook disabled", { webhookId: target.webhookId, reason: disabled, eventId: event.id });
        }
      }
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
  const deliveries = sent.filter((delivery): delivery is WebhookDelivery => delivery !== null);
  const deferred = deferredUntil === null ? null : { targets: deferredKeys, until: deferredUntil as Date };
  const outcome = deliveries.some((d) => !d.success) ? "failed" : deliveries.length === 0 ? "deferred" : "delivered";
  return { outcome, event, deliveries, deferred, retryAfter };
}

const SEND_UNGATED: DeliveryAdmission = { kind: "send", done: () => {} };
