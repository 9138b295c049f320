import {
  type Database,
  PostgresWebhookDeliveryRepository,
  PostgresWebhookRepository,
} from "@marketplace/adapters-postgres";
import {
  type Clock,
  DEFAULT_RETRY_DELAYS_MS,
  isUuidV4,
  type Logger,
  type SecretKeyring,
  type WebhookTransport,
} from "@marketplace/core";
import {
  DEFAULT_RETRY_JITTER,
  type DeliveryGate,
  type DeliveryTrigger,
  deliverEvent,
  maxDeliveryAttempts,
  nextRetryDelayMs,
} from "@marketplace/core/webhooks";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import type { Task } from "graphile-worker";
import type { Kysely } from "kysely";
import { DELIVER_EVENT_TASK } from "./outbox-relay.ts";
import { contextOfTraceparent, type DeliveryObserver, observeAttempt, tracer } from "./telemetry.ts";

/**
 * Payload of a delivery job. The outbox relay enqueues `{ eventId }` (attempt 1, every subscribed
 * target); a failed round enqueues `{ eventId, attempt }` for the next one; tests and redeliveries
 * name one webhook.
 */
export interface DeliverEventPayload {
  eventId: string;
  /** Attempt number of this round; default 1. */
  attempt?: number;
  /** Deliver to this webhook alone (tests and redeliveries). */
  webhookId?: string;
  /** Why a single-webhook job was queued; default `redelivery`. */
  trigger?: "test" | "redelivery" | "recovery";
  /** The rest of a round whose targets were deferred: only these targets (`targetKey`s). */
  targets?: string[];
  /** When those targets were first deferred (ISO time). */
  deferredSince?: string;
  /** W3C traceparent of the request that recorded the event (or asked for the redelivery). */
  traceparent?: string;
}

/** Options of `deliverEventTask`. */
export interface DeliverEventTaskOptions {
  db: Kysely<Database>;
  /** Opens sealed webhook secrets (the host's key-encryption keyring); default none (plaintext secrets). */
  secretKeyring?: SecretKeyring | null;
  logger: Logger;
  /** How requests are sent (see `NodeWebhookTransport`). */
  transport: WebhookTransport;
  /** Delays before attempts 2, 3, …, in ms; default `DEFAULT_RETRY_DELAYS_MS` (11 attempts over ~3 days). */
  retryDelaysMs?: readonly number[];
  /** Share by which each delay varies either way; default 0.2. */
  retryJitter?: number;
  /** Tries of a retry job when the worker itself fails (database down, crash); default 8. */
  jobMaxAttempts?: number;
  /** Per-endpoint isolation (see `EndpointGate`); default none: every target is sent at once. */
  endpoints?: DeliveryGate;
  /** How long every attempt at a webhook must fail before it is disabled; default 5 days. */
  disableFailingAfterMs?: number;
  /** The clock of the rounds (attempt times, the auto-disable window); default the system clock. */
  clock?: Clock;
  /** Told of every recorded attempt (the host's metrics); default none. */
  observer?: DeliveryObserver;
}

function parsePayload(value: unknown): DeliverEventPayload | null {
  if (typeof value !== "object" || value === null) return null;
  const { eventId, attempt, webhookId, trigger } = value as Record<string, unknown>;
  if (typeof eventId !== "string" || !isUuidV4(eventId)) return null;
  if (attempt !== undefined && !(Number.isInteger(attempt) && (attempt as number) >= 1)) return null;
  if (webhookId !== undefined && (typeof webhookId !== "string" || !isUuidV4(webhookId))) return null;
  if (trigger !== undefined && trigger !== "test" && trigger !== "redelivery" && trigger !== "recovery") return null;
  const { targets, deferredSince, traceparent } = value as Record<string, unknown>;
  if (traceparent !== undefined && typeof traceparent !== "string") return null;
  if (targets !== undefined && !(Array.isArray(targets) && targets.every((t) => typeof t === "string"))) return null;
  if (deferredSince !== undefined && (typeof deferredSince !== "string" || Number.isNaN(Date.parse(deferredSince)))) {
    return null;
  }
  return value as DeliverEventPayload;
}

/**
 * The task behind each delivery job: one round of `deliverEvent` (targets resolved now, every
 * attempt recorded). When any target fails, the round is retried for all targets on the retry
 * schedule: the task queues the next round as a new job (same job key, `run_at` = now + the
 * schedule's delay with jitter, `attempt` + 1) and completes, since graphile-worker's own backoff
 * (exp(attempts) seconds) would spend eight attempts in about 1.3 hours. Throwing is kept for
 * failures of the worker itself (the database), which graphile-worker retries with its backoff.
 *
 * Attempt numbers: the payload's `attempt` plus the tries graphile-worker already made of this job
 * (a job taken again after its worker died counts as a new attempt).
 */
export function deliverEventTask(options: DeliverEventTaskOptions): Task {
  const { db, logger, transport } = options;
  const webhooks = new PostgresWebhookRepository(db, options.secretKeyring ?? null);
  const deliveries = new PostgresWebhookDeliveryRepository(db);
  const delaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const jitter = options.retryJitter ?? DEFAULT_RETRY_JITTER;
  const jobMaxAttempts = options.jobMaxAttempts ?? 8;

  const observer = options.observer;
  const task: Task = async (rawPayload, helpers) => {
    const payload = parsePayload(rawPayload);
    if (!payload) {
      logger.error("delivery job has a malformed payload; dropping it", { jobId: helpers.job.id });
      return;
    }
    // One span per round, a child of the request that recorded the event: the trace runs from the
    // reseller's POST to each attempt (and, through the traceparent header, to the receiver).
    await tracer.startActiveSpan(
      "webhook delivery round",
      { kind: SpanKind.CONSUMER, attributes: { "marketplace.event_id": payload.eventId } },
      contextOfTraceparent(payload.traceparent),
      async (span) => {
        try {
          await runRound(payload, helpers);
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  };
  const runRound = async (payload: DeliverEventPayload, helpers: Parameters<Task>[1]): Promise<void> => {
    const attempt = (payload.attempt ?? 1) + Math.max(0, helpers.job.attempts - 1);
    const trigger: DeliveryTrigger = payload.webhookId ? (payload.trigger ?? "redelivery") : "event";
    const deferredSince = payload.deferredSince ? new Date(payload.deferredSince) : null;
    const round = await deliverEvent(
      {
        eventId: payload.eventId,
        attempt,
        trigger,
        webhookId: payload.webhookId ?? null,
        onlyTargets: payload.targets ?? null,
        deferredSince,
        signal: helpers.abortSignal,
      },
      {
        webhooks,
        deliveries,
        transport,
        logger,
        gate: options.endpoints,
        clock: options.clock,
        disableFailingAfterMs: options.disableFailingAfterMs,
      },
    );
    if (observer?.deliveryAttempt && "deliveries" in round) {
      for (const delivery of round.deliveries)
        observer.deliveryAttempt(observeAttempt(delivery, round.event.createdAt));
    }
    const fields = { eventId: payload.eventId, attempt, trigger, webhookId: payload.webhookId };
    if (trigger === "recovery" && payload.webhookId) {
      // One event of a recovery has run (whatever its outcome): when none is left, the recovery ends.
      await db
        .updateTable("webhook_recoveries")
        .set((eb) => ({ pending: eb("pending", "-", 1) }))
        .where("webhook_id", "=", payload.webhookId)
        .execute();
    }
    switch (round.outcome) {
      case "unknown_event":
        logger.warn("delivery job names an unknown event; dropping it", fields);
        return;
      case "no_targets":
        logger.debug("event has no delivery targets", { ...fields, type: round.event.type });
        return;
      case "delivered":
      case "deferred":
        if (round.deferred) {
          // Held back by the gate (a busy or slow endpoint; tests and redeliveries never are): the
          // same attempt, for those targets only, as an outbox entry due at `until`. The relay hands
          // it to the queue when due, in its batches, under the event's job key (one next round);
          // a graphile job now would notify a worker for nothing. If this process dies before the
          // job completes, the job runs again and the relay's job key keeps one next round.
          await db
            .insertInto("event_outbox")
            .values({
              event_id: payload.eventId,
              attempt,
              targets: round.deferred.targets,
              deferred_since: deferredSince ?? new Date(),
              not_before: round.deferred.until,
              traceparent: payload.traceparent ?? null,
            })
            .execute();
          logger.debug("webhook delivery deferred", {
            ...fields,
            targets: round.deferred.targets,
            until: round.deferred.until,
          });
        } else {
          logger.debug("event delivered", { ...fields, type: round.event.type, targets: round.deliveries.length });
        }
        return;
      case "failed":
        break;
    }
    if (trigger !== "event") {
      // Tests and redeliveries are one attempt each: the log shows the outcome, the team can ask again.
      logger.info("single-webhook delivery failed; not retried", fields);
      return;
    }
    // A 429 or 503 with Retry-After pushes the next round back, within the schedule's window.
    const now = options.clock?.now() ?? new Date();
    const retryAfterMs = round.retryAfter ? Math.max(0, round.retryAfter.getTime() - now.getTime()) : null;
    const delay = nextRetryDelayMs(attempt, retryAfterMs, { delaysMs, jitter });
    if (delay === null) {
      logger.error("webhook delivery failed for good: no attempts left", {
        ...fields,
        maxAttempts: maxDeliveryAttempts(delaysMs),
      });
      return;
    }
    const runAt = new Date(Date.now() + delay);
    // Same job key as the running job: graphile-worker retires this job's key (and its retries), so
    // exactly one next round exists even if this process dies before the job completes.
    await helpers.addJob(
      DELIVER_EVENT_TASK,
      {
        eventId: payload.eventId,
        attempt: attempt + 1,
        ...(payload.traceparent !== undefined && { traceparent: payload.traceparent }),
      },
      { jobKey: payload.eventId, runAt, maxAttempts: jobMaxAttempts },
    );
    logger.info("webhook delivery failed; retry scheduled", {
      ...fields,
      nextAttempt: attempt + 1,
      runAt,
      ...(retryAfterMs !== null ? { retryAfterMs } : {}),
    });
  };
  return task;
}
