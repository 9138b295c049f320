import type { Marketplace } from "@marketplace/core";
import { SpanStatusCode, trace } from "@opentelemetry/api";

const tracer = trace.getTracer("@marketplace/http");

/**
 * The same use cases, each call in an OpenTelemetry span named after it (`use case orders.create`),
 * a child of the request's span and the parent of its SQL statements' spans. A host that registers
 * an SDK wraps its marketplace with this before `createApp`; without an SDK the spans are no-ops,
 * so a host without tracing simply does not wrap.
 *
 * @example
 * const app = createApp({ marketplace: traceUseCases(createMarketplace({ unitOfWork })), checkHealth });
 */
export function traceUseCases(marketplace: Marketplace): Marketplace {
  const traced: Record<string, unknown> = {};
  for (const [area, group] of Object.entries(marketplace)) {
    if (typeof group !== "object" || group === null) {
      traced[area] = group;
      continue;
    }
    const wrapped: Record<string, unknown> = {};
    for (const [name, member] of Object.entries(group as Record<string, unknown>)) {
      if (typeof member !== "function") {
        wrapped[name] = member;
        continue;
      }
      const fn = member as (...args: unknown[]) => unknown;
      const spanName = `use case ${area}.${name}`;
      wrapped[name] = (...args: unknown[]) =>
        tracer.startActiveSpan(spanName, (span) => {
          const fail = (error: unknown) => {
            span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.name });
            span.end();
            throw error;
          };
          let result: unknown;
          try {
            result = fn.apply(group, args);
          } catch (error) {
            fail(error);
          }
          if (!(result instanceof Promise)) {
            span.end();
            return result;
          }
          return result.then((value) => {
            span.end();
            return value;
          }, fail);
        });
    }
    traced[area] = wrapped;
  }
  return traced as unknown as Marketplace;
}
