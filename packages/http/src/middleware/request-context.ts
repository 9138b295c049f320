import type { Logger, Principal } from "@marketplace/core";
import { requestIdOf } from "@marketplace/core/kernel";
import { context, propagation, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";

/** Variables set on the Hono context by the app's middleware. */
export interface AppVariables {
  /** Correlates the request's log line, errors and response (`x-request-id`). */
  requestId: string;
  /** The authenticated team, on provider and reseller routes. */
  principal: Principal;
}

/** Hono environment of the app. */
export interface AppEnv {
  Variables: AppVariables;
}

/** A finished request, as the app's observer sees it (the host turns these into metrics). */
export interface RequestObservation {
  method: string;
  /** The route template that answered, e.g. `/provider/offers/:id`; `unmatched` for a 404 no route matched. */
  route: string;
  status: number;
  durationMs: number;
}

/**
 * Told of every request the app handles: hooks for a host's metrics (the reference server counts
 * them with prom-client). Both are called synchronously; keep them cheap.
 */
export interface HttpObserver {
  /** A request arrived (requests in flight = started − finished). */
  requestStarted?(): void;
  /** Its response is ready (status 429 is a rate-limit rejection). */
  requestFinished?(observation: RequestObservation): void;
}

const tracer = trace.getTracer("@marketplace/http");
const headerGetter = {
  keys: (carrier: Headers) => [...carrier.keys()],
  get: (carrier: Headers, key: string) => carrier.get(key) ?? undefined,
};

/**
 * The route template that answered: the last route matched that is not middleware. Without one
 * (nothing matched but `app.use` patterns: a 404), `unmatched`, so a scan of random paths cannot
 * grow the metrics' label sets.
 */
export function routeTemplate(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i] as { method: string; path: string };
    if (route.method !== "ALL") return route.path;
  }
  return "unmatched";
}

/**
 * Assigns a request id (a sane incoming `x-request-id` is kept), echoes it in the response, runs the
 * request in an OpenTelemetry server span (a child of an incoming W3C `traceparent` when the host
 * registered a propagator; a no-op without an SDK), logs one structured line per request when the
 * response is ready, and tells the observer.
 */
export function requestContext(
  logger: Logger,
  newId: () => string,
  observer: HttpObserver = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    observer.requestStarted?.();
    const requestId = requestIdOf(c.req.header("x-request-id"), newId);
    c.set("requestId", requestId);
    // Set before the response exists: every response built through the context (handlers, onError,
    // notFound) carries it. Setting it afterwards made Hono copy the finished response into a new one
    // with a streamed body, which also cost @hono/node-server its fast path for plain bodies
    // (ADR-0066; figures: docs/performance.md, "Request hot path").
    c.header("x-request-id", requestId);
    const parent = propagation.extract(context.active(), c.req.raw.headers, headerGetter);
    const span = tracer.startSpan(
      c.req.method,
      { kind: SpanKind.SERVER, attributes: { "http.request.method": c.req.method, "url.path": c.req.path } },
      parent,
    );
    try {
      await context.with(trace.setSpan(parent, span), next);
    } finally {
      const status = c.res.status;
      const route = routeTemplate(c);
      const durationMs = Math.round((performance.now() - started) * 100) / 100;
      if (span.isRecording()) {
        span.updateName(`${c.req.method} ${route}`);
        span.setAttributes({
          "http.route": route,
          "http.response.status_code": status,
          "marketplace.request_id": requestId,
        });
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
      const fields = {
        requestId,
        method: c.req.method,
        route,
        path: c.req.path,
        status,
        durationMs,
        teamId: c.get("principal")?.teamId ?? null,
      };
      // 503 is a designed answer (the database is away, the node is draining), not a fault here:
      // a warning, so error lines stay for what needs a look.
      if (status === 503) logger.warn("request", fields);
      else if (status >= 500) logger.error("request", fields);
      else logger.info("request", fields);
      observer.requestFinished?.({ method: c.req.method, route, status, durationMs });
    }
  };
}
