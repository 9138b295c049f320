/**
 * OpenTelemetry for the reference host: registers a tracer provider, AsyncLocalStorage context and
 * the W3C trace-context propagator when `OTEL_EXPORTER_OTLP_ENDPOINT` (or `…_TRACES_ENDPOINT`) is
 * set, exporting spans over OTLP/HTTP (JSON) in batches. The packages use `@opentelemetry/api` only;
 * without this registration their spans are no-ops.
 *
 * @module
 */

import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  SimpleSpanProcessor,
  type SpanExporter,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import type { TracingConfig } from "./config.ts";

/** Registered tracing; `shutdown` flushes the spans still queued. */
export interface Tracing {
  shutdown(): Promise<void>;
}

function samplerOf(config: TracingConfig): Sampler {
  const ratio = new TraceIdRatioBasedSampler(config.samplerRatio);
  switch (config.sampler) {
    case "always_on":
      return new AlwaysOnSampler();
    case "always_off":
      return new AlwaysOffSampler();
    case "traceidratio":
      return ratio;
    case "parentbased_always_off":
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case "parentbased_traceidratio":
      return new ParentBasedSampler({ root: ratio });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/**
 * Registers the global tracer provider. With `exporter` (tests: an in-memory exporter) spans go
 * there one by one; otherwise to the OTLP endpoint in batches.
 */
export function startTracing(config: TracingConfig, version: string, exporter?: SpanExporter): Tracing {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": config.serviceName, "service.version": version }),
    sampler: samplerOf(config),
    spanProcessors: [
      exporter
        ? new SimpleSpanProcessor({ exporter })
        : new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: config.tracesEndpoint }) }),
    ],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return {
    async shutdown() {
      await provider.shutdown().catch(() => {});
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}
