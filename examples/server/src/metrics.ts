/**
 * The reference host's Prometheus metrics (prom-client), served at `/metrics` on a listener of
 * their own (`MARKETPLACE_METRICS_PORT`, loopback by default), never on the API's port. The
 * packages only expose hooks (`HttpObserver`, `DeliveryObserver`) and read-only queries
 * (`operationalStats`, `jobQueueDepth`); this module is the only one that knows prom-client.
 *
 * Families (see docs/operations.md for what to alert on):
 * - `marketplace_http_request_duration_seconds{method,route,status_class}` (histogram; its `_count`
 *   is the request count) and `marketplace_http_requests_in_flight`;
 * - `marketplace_rate_limit_rejections_total{route}` (public endpoints' 429s);
 * - `marketplace_db_pool_connections{pool,state}` (total, idle, waiting);
 * - `marketplace_outbox_backlog`, `marketplace_outbox_oldest_age_seconds`;
 * - `marketplace_job_queue_jobs{state}` (waiting, scheduled, running, failed);
 * - `marketplace_webhook_delivery_attempts_total{outcome,status_class}`,
 *   `marketplace_webhook_delivery_attempt_duration_seconds`,
 *   `marketplace_webhook_event_first_attempt_latency_seconds{event_type}`;
 * - `marketplace_webhooks_disabled{reason}` (gone, failing, paused);
 * - prom-client's default process metrics (`process_*`, `nodejs_*`; on Deno and Bun as far as their
 *   Node compatibility reports them).
 *
 * No `node:` import here: the registry and `metricsFetch` serve the Deno and Bun hosts too; each
 * runtime serves the handler on a listener of its own (see host/runtime.ts).
 *
 * @module
 */

import { type Database, operationalStats } from "@marketplace/adapters-postgres";
import type { Logger } from "@marketplace/core";
import type { HttpObserver } from "@marketplace/http";
import { type DeliveryObserver, jobQueueDepth } from "@marketplace/worker";
import type { Kysely } from "kysely";
import type pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** Status class label of an HTTP status: `2xx`, `4xx`, …, or `none`. */
export function statusClass(status: number | null): string {
  return status === null ? "none" : `${Math.floor(status / 100)}xx`;
}

/** The host's metrics: observers to hand to the packages, and the registry to serve. */
export interface HostMetrics {
  registry: Registry;
  http: HttpObserver;
  delivery: DeliveryObserver;
  /** Refreshes the figures read from the database and the pools, then renders the exposition text. */
  render(): Promise<string>;
}

/** What the scrape-time gauges read. */
export interface MetricsSources {
  db: Kysely<Database>;
  pools: Record<string, pg.Pool>;
  /** The pool graphile-worker's queue lives in. */
  pool: pg.Pool;
  logger: Logger;
}

/** Creates the registry and its families. */
export function createHostMetrics(sources: MetricsSources): HostMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requestDuration = new Histogram({
    name: "marketplace_http_request_duration_seconds",
    help: "HTTP requests by method, route template and status class, and how long they took",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const inFlight = new Gauge({
    name: "marketplace_http_requests_in_flight",
    help: "HTTP requests being handled now",
    registers,
  });
  const rateLimited = new Counter({
    name: "marketplace_rate_limit_rejections_total",
    help: "Requests refused by a rate limit (429), by route template",
    labelNames: ["route"] as const,
    registers,
  });
  const poolConnections = new Gauge({
    name: "marketplace_db_pool_connections",
    help: "Database pool connections: total, idle, and clients waiting for one",
    labelNames: ["pool", "state"] as const,
    registers,
    collect() {
      for (const [name, pool] of Object.entries(sources.pools)) {
        this.set({ pool: name, state: "total" }, pool.totalCount);
        this.set({ pool: name, state: "idle" }, pool.idleCount);
        this.set({ pool: name, state: "waiting" }, pool.waitingCount);
      }
    },
  });
  void poolConnections;
  const outboxBacklog = new Gauge({
    name: "marketplace_outbox_backlog",
    help: "Outbox entries not yet relayed to the job queue (deferred rounds included)",
    registers,
  });
  const outboxOldest = new Gauge({
    name: "marketplace_outbox_oldest_age_seconds",
    help: "Age of the oldest outbox entry that is due and not yet relayed (0 when none)",
    registers,
  });
  const webhooksDisabled = new Gauge({
    name: "marketplace_webhooks_disabled",
    help: "Webhooks that are not active, by reason: gone (a 410) or failing (disabled by the service), paused (by their team)",
    labelNames: ["reason"] as const,
    registers,
  });
  const queueJobs = new Gauge({
    name: "marketplace_job_queue_jobs",
    help: "Delivery jobs in the queue by state (waiting: due; scheduled: retries later; running: locked; failed: out of attempts)",
    labelNames: ["state"] as const,
    registers,
  });
  const scrapeErrors = new Counter({
    name: "marketplace_metrics_database_errors_total",
    help: "Scrapes whose database figures could not be read (the gauges keep their last values)",
    registers,
  });
  const attempts = new Counter({
    name: "marketplace_webhook_delivery_attempts_total",
    help: "Webhook delivery attempts by outcome (success, failure, error) and response status class",
    labelNames: ["outcome", "status_class"] as const,
    registers,
  });
  const attemptDuration = new Histogram({
    name: "marketplace_webhook_delivery_attempt_duration_seconds",
    help: "How long a delivery attempt took, request and response",
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const firstAttemptLatency = new Histogram({
    name: "marketplace_webhook_event_first_attempt_latency_seconds",
    help: "From an event's recording to its first delivery attempt, by event type",
    labelNames: ["event_type"] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers,
  });
  const relayed = new Counter({
    name: "marketplace_outbox_relayed_total",
    help: "Outbox entries moved to the job queue by this process's relay",
    registers,
  });

  let inFlightNow = 0;
  const http: HttpObserver = {
    requestStarted() {
      inFlightNow += 1;
    },
    requestFinished({ method, route, status, durationMs }) {
      inFlightNow -= 1;
      requestDuration.observe({ method, route, status_class: statusClass(status) }, durationMs / 1000);
      if (status === 429) rateLimited.inc({ route });
    },
  };
  const delivery: DeliveryObserver = {
    deliveryAttempt(observation) {
      attempts.inc({ outcome: observation.outcome, status_class: statusClass(observation.statusCode) });
      attemptDuration.observe(observation.durationMs / 1000);
      if (observation.firstAttemptLatencyMs !== null) {
        firstAttemptLatency.observe({ event_type: observation.eventType }, observation.firstAttemptLatencyMs / 1000);
      }
    },
    outboxRelayed(entries) {
      relayed.inc(entries);
    },
  };

  const refresh = async () => {
    inFlight.set(inFlightNow);
    try {
      const [stats, depth] = await withTimeout(
        Promise.all([operationalStats(sources.db), jobQueueDepth(sources.pool)]),
        2000,
      );
      outboxBacklog.set(stats.outboxBacklog);
      outboxOldest.set(stats.outboxOldestAgeSeconds);
      for (const [reason, count] of Object.entries(stats.webhooksInactiveByReason)) {
        webhooksDisabled.set({ reason }, count);
      }
      for (const [state, count] of Object.entries(depth)) queueJobs.set({ state }, count);
    } catch (error) {
      scrapeErrors.inc();
      sources.logger.debug("metrics: database figures unavailable", { error: (error as Error).message });
    }
  };
  return {
    registry,
    http,
    delivery,
    async render() {
      await refresh();
      return registry.metrics();
    },
  };
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The metrics endpoint as a fetch handler: `GET /metrics` (and HEAD) renders the registry; any
 * other path or method is 404. Each runtime serves it on its own listener.
 */
export function metricsFetch(metrics: HostMetrics): (request: Request) => Promise<Response> {
  return async (request) => {
    const path = new URL(request.url).pathname;
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      return new Response("not found\n", { status: 404, headers: { "content-type": "text/plain" } });
    }
    try {
      const text = await metrics.render();
      return new Response(request.method === "HEAD" ? null : text, {
        headers: { "content-type": metrics.registry.contentType },
      });
    } catch (error) {
      return new Response(`${(error as Error).message}\n`, { status: 500, headers: { "content-type": "text/plain" } });
    }
  };
}
