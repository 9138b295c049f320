/**
 * What the delivery worker tells a host about its work: an observer interface for metrics (the
 * reference server registers prom-client behind it), OpenTelemetry spans through
 * `@opentelemetry/api` only (no-ops until the host registers an SDK), and the job queue's depth.
 *
 * @module
 */

import type { WebhookDelivery, WebhookTransport } from "@marketplace/core";
import { type Context, ROOT_CONTEXT, SpanKind, SpanStatusCode, TraceFlags, trace } from "@opentelemetry/api";
import type pg from "pg";

/** One delivery attempt, as the observer sees it. */
export interface DeliveryAttemptObservation {
  eventType: string;
  trigger: WebhookDelivery["trigger"];
  attempt: number;
  /** `success` (2xx in time), `failure` (another status), `error` (no response: network, timeout, refusal, open circuit). */
  outcome: "success" | "failure" | "error";
  /** The response status, or null without a response. */
  statusCode: number | null;
  durationMs: number;
  /**
   * First attempts of an event's own round: ms from the event's recording to this attempt (relay,
   * queue, deferrals included); null otherwise.
   */
  firstAttemptLatencyMs: number | null;
}

/** Told of the worker's work, synchronously; keep it cheap. */
export interface DeliveryObserver {
  /** Every recorded attempt. */
  deliveryAttempt?(observation: DeliveryAttemptObservation): void;
  /** Every relay pass that moved entries to the job queue. */
  outboxRelayed?(entries: number): void;
}

/** The observation of a recorded attempt of an event recorded at `eventCreatedAt`. */
export function observeAttempt(delivery: WebhookDelivery, eventCreatedAt: Date): DeliveryAttemptObservation {
  return {
    eventType: delivery.eventType,
    trigger: delivery.trigger,
    attempt: delivery.attempt,
    outcome: delivery.success ? "success" : delivery.statusCode === null ? "error" : "failure",
    statusCode: delivery.statusCode,
    durationMs: delivery.durationMs,
    firstAttemptLatencyMs:
      delivery.attempt === 1 && delivery.trigger === "event"
        ? Math.max(0, delivery.createdAt.getTime() - eventCreatedAt.getTime())
        : null,
  };
}

export const tracer = trace.getTracer("@marketplace/worker");

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * A context whose parent is the span named by a W3C `traceparent` (the request that recorded the
 * event), or the root context when there is none or it is malformed.
 */
export function contextOfTraceparent(traceparent: string | null | undefined): Context {
  const match = traceparent ? TRACEPARENT.exec(traceparent) : null;
  if (!match || /^0+$/.test(match[1] as string) || /^0+$/.test(match[2] as string)) return ROOT_CONTEXT;
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: match[1] as string,
    spanId: match[2] as string,
    traceFlags: Number.parseInt(match[3] as string, 16) & TraceFlags.SAMPLED,
    isRemote: true,
  });
}

/**
 * A transport that sends each attempt in a client span (a child of the round's span) and adds the
 * W3C `traceparent` header naming that span, so the receiver's work joins the trace of the request
 * that created the event. Nothing else of the request changes: the body and the signed headers are
 * the same bytes. Without a span context (nothing traced) the header is not added.
 */
export function tracingTransport(inner: WebhookTransport): WebhookTransport {
  return {
    send(request) {
      return tracer.startActiveSpan("webhook attempt", { kind: SpanKind.CLIENT }, async (span) => {
        const spanContext = span.spanContext();
        const traced = trace.isSpanContextValid(spanContext);
        const headers = traced
          ? {
              ...request.headers,
              traceparent: `00-${spanContext.traceId}-${spanContext.spanId}-0${spanContext.traceFlags & 1}`,
            }
          : request.headers;
        try {
          const response = await inner.send({ ...request, headers });
          if (span.isRecording()) {
            if (response.kind === "response") {
              span.setAttribute("http.response.status_code", response.statusCode);
              if (response.statusCode >= 300) span.setStatus({ code: SpanStatusCode.ERROR });
            } else {
              span.setStatus({ code: SpanStatusCode.ERROR, message: response.error });
            }
          }
          return response;
        } finally {
          span.end();
        }
      });
    },
  };
}

/** Jobs in graphile-worker's queue by state. */
export interface JobQueueDepth {
  /** Due and waiting for a slot. */
  waiting: number;
  /** Due later (retries on their schedule). */
  scheduled: number;
  /** Locked by a worker: running now (or held by a worker that died, until it is unlocked). */
  running: number;
  /** Out of attempts (kept by graphile-worker until removed). */
  failed: number;
}

/**
 * Counts graphile-worker's jobs by state, for a metrics scrape (one statement over the queue).
 *
 * @example
 * const { waiting } = await jobQueueDepth(pool);
 */
export async function jobQueueDepth(pool: pg.Pool, schema = "graphile_worker"): Promise<JobQueueDepth> {
  const table = `"${schema.replaceAll('"', '""')}"._private_jobs`;
  const { rows } = await pool.query<{ state: keyof JobQueueDepth; count: string }>(
    `select case
        when locked_at is not null then 'running'
        when attempts >= max_attempts then 'failed'
        when run_at > now() then 'scheduled'
        else 'waiting'
      end as state, count(*) as count
     from ${table} group by 1`,
  );
  const depth: JobQueueDepth = { waiting: 0, scheduled: 0, running: 0, failed: 0 };
  for (const row of rows) depth[row.state] = Number(row.count);
  return depth;
}
