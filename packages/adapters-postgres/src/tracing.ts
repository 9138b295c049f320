/**
 * OpenTelemetry for the adapters, through `@opentelemetry/api` only: a no-op until the host
 * registers an SDK.
 *
 * @module
 */

import { context, isSpanContextValid, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { LogEvent } from "kysely";

const tracer = trace.getTracer("@marketplace/adapters-postgres");

/**
 * The W3C `traceparent` of the span active now (`00-<trace id>-<span id>-<flags>`), or null when
 * nothing is traced (no SDK, or no span): what an event keeps of the request that recorded it.
 */
export function currentTraceparent(): string | null {
  const spanContext = trace.getSpanContext(context.active());
  if (!spanContext || !isSpanContextValid(spanContext)) return null;
  const flags = (spanContext.traceFlags & 0xff).toString(16).padStart(2, "0");
  return `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`;
}

/**
 * Kysely's `log` hook that records each statement as a client span of the span active when it ran
 * (the use case's, the relay's, a delivery's), timed by Kysely, with the statement's text (its
 * parameters never). Nothing is done when no recording span is active, so the cost without an SDK
 * is one check per statement.
 *
 * @example
 * new Kysely<Database>({ dialect, log: traceQuery });
 */
export function traceQuery(event: LogEvent): void {
  const parent = trace.getActiveSpan();
  if (!parent?.isRecording()) return;
  const text = event.query.sql;
  const verb = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? "SQL";
  const end = Date.now();
  const span = tracer.startSpan(`db ${verb}`, {
    kind: SpanKind.CLIENT,
    startTime: end - event.queryDurationMillis,
    attributes: { "db.system.name": "postgresql", "db.query.text": text },
  });
  if (event.level === "error") {
    span.setStatus({ code: SpanStatusCode.ERROR, message: (event.error as Error)?.message });
  }
  span.end(end);
}
