import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { silentLogger } from "@marketplace/core";
import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { eventually, startWebhookReceiver, type WebhookReceiver } from "../../../test/helpers/webhook-receiver.ts";
import { loadConfig } from "../src/config.ts";
import { type RunningServer, startServer } from "../src/server.ts";
import { apiCaller, seededKeys } from "./server-process.ts";

/**
 * The reference host in this process, tracing to an in-memory exporter and serving its metrics:
 * one order followed from the reseller's POST to the delivery attempt in one trace, the receiver
 * given the trace's `traceparent`, and each metrics family moving.
 */
describe("traces and metrics of the reference host", () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let server: RunningServer;
  let keys: Record<string, string>;
  const exporter = new InMemorySpanExporter();
  const keysFile = join(tmpdir(), `observability-demo-keys-${process.pid}-${Date.now()}.env`);
  const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller({ baseUrl: server.url })(...args);
  const metricsText = async () => {
    const res = await fetch(server.metricsUrl as string);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };
  /** The value of one sample line, e.g. `marketplace_outbox_backlog` or `name{label="x"}`. */
  const sample = (text: string, prefix: string) => {
    const line = text.split("\n").find((l) => l.startsWith(`${prefix} `));
    return line === undefined ? undefined : Number(line.slice(prefix.length + 1));
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    const config = loadConfig({
      DATABASE_URL: database.url,
      PORT: "0",
      HOST: "127.0.0.1",
      MARKETPLACE_METRICS_PORT: "0",
      MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK: "true",
      MARKETPLACE_SEED: "true",
      MARKETPLACE_DEMO_KEYS_FILE: keysFile,
    });
    let printed = "";
    server = await startServer(config, silentLogger, {
      version: "0.0.0-test",
      spanExporter: exporter,
      print: (text) => {
        printed += text;
      },
    });
    expect(printed).not.toContain("mk_"); // not the embedded database: the keys are in the file only
    keys = seededKeys(await readFile(keysFile, "utf8"));
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    await database?.drop();
  });

  it("follows one order from the POST to the delivery attempt in one trace, and sends its traceparent", async () => {
    const hook = await call(keys.provider as string, "POST", "/provider/webhooks", {
      url: `${receiver.url}/orders`,
      events: ["order.created"],
    });
    expect(hook.status).toBe(201);
    const offers = (await call(keys.provider as string, "GET", "/provider/offers")).body as {
      id: string;
      sku: string;
    }[];
    const offerId = offers.find((offer) => offer.sku === "FIBER-500")?.id as string;
    exporter.reset();
    const placed = await call(keys.reseller as string, "POST", "/reseller/orders", {
      items: [{ offerId }],
      customer: { name: "Ada Lovelace", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
      serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
    });
    expect(placed.status).toBe(201);
    const [delivery] = await receiver.waitFor(1, { path: "/orders", timeoutMs: 20_000 });
    const traceparent = delivery?.headers.traceparent as string;
    expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const [, traceId, parentSpanId] = traceparent.split("-");

    // The attempt's span ends after the receiver answered, its round's after the attempt is recorded.
    const spans = await eventually(async () => {
      const finished = exporter.getFinishedSpans();
      const attempt = finished.find((s) => s.name === "webhook attempt");
      const round = finished.find((s) => s.spanContext().spanId === attempt?.parentSpanContext?.spanId);
      return round ? finished : undefined;
    });
    const byName = (name: string) => spans.filter((s) => s.name === name);
    const request = byName("POST /reseller/orders")[0] as ReadableSpan;
    expect(request).toBeDefined();
    const trail = spans.filter((s) => s.spanContext().traceId === traceId);
    const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
    const attempt = trail.find((s) => s.name === "webhook attempt") as ReadableSpan;
    const round = trail.find((s) => s.spanContext().spanId === parentOf(attempt)) as ReadableSpan;
    const useCase = trail.find((s) => s.name === "use case orders.place") as ReadableSpan;
    // One trace: request → use case → SQL; request → delivery round → attempt (→ the receiver).
    expect(request.spanContext().traceId).toBe(traceId);
    expect(parentOf(useCase)).toBe(request.spanContext().spanId);
    expect(trail.some((s) => s.name.startsWith("db ") && parentOf(s) === useCase.spanContext().spanId)).toBe(true);
    // The round continues the trace of the use case that recorded the event (order.created).
    expect(round.name).toBe("webhook delivery round");
    expect(parentOf(round)).toBe(useCase.spanContext().spanId);
    expect(parentOf(attempt)).toBe(round.spanContext().spanId);
    expect(attempt.spanContext().spanId).toBe(parentSpanId);
    expect(attempt.attributes["http.response.status_code"]).toBe(200);
    expect(request.attributes["http.route"]).toBe("/reseller/orders");
    expect(request.attributes["http.response.status_code"]).toBe(201);
  });

  it("serves every metrics family on its own port, and none on the API's", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(server.metricsUrl).not.toContain(new URL(server.url).port);
    const text = await metricsText();
    for (const family of [
      "marketplace_http_request_duration_seconds",
      "marketplace_http_requests_in_flight",
      "marketplace_rate_limit_rejections_total",
      "marketplace_db_pool_connections",
      "marketplace_outbox_backlog",
      "marketplace_outbox_oldest_age_seconds",
      "marketplace_job_queue_jobs",
      "marketplace_webhook_delivery_attempts_total",
      "marketplace_webhook_delivery_attempt_duration_seconds",
      "marketplace_webhook_event_first_attempt_latency_seconds",
      "marketplace_webhooks_disabled",
      "process_cpu_seconds_total",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(text, family).toContain(`# TYPE ${family} `);
    }
    expect(
      sample(
        text,
        'marketplace_http_request_duration_seconds_count{method="POST",route="/reseller/orders",status_class="2xx"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'marketplace_webhook_delivery_attempts_total{outcome="success",status_class="2xx"}')).toBe(1);
    expect(
      sample(text, 'marketplace_webhook_event_first_attempt_latency_seconds_count{event_type="order.created"}'),
    ).toBe(1);
    expect(sample(text, 'marketplace_db_pool_connections{pool="primary",state="total"}')).toBeGreaterThan(0);
    expect(sample(text, 'marketplace_job_queue_jobs{state="waiting"}')).toBe(0);
    expect(sample(text, 'marketplace_webhooks_disabled{reason="paused"}')).toBe(0);
    expect(sample(text, 'marketplace_webhooks_disabled{reason="gone"}')).toBe(0);
    expect(sample(text, 'marketplace_webhooks_disabled{reason="failing"}')).toBe(0);
    expect(sample(text, "marketplace_outbox_backlog")).toBe(0);
    // An unknown path is one label value, not one per path.
    await fetch(`${server.url}/no/such/${Date.now()}`);
    expect(
      sample(
        await metricsText(),
        'marketplace_http_request_duration_seconds_count{method="GET",route="unmatched",status_class="4xx"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect((await fetch(server.metricsUrl?.replace("/metrics", "/other") as string)).status).toBe(404);
  });

  it("counts paused webhooks and rate-limit rejections", async () => {
    const hook = await call(keys.provider as string, "POST", "/provider/webhooks", {
      url: `${receiver.url}/paused`,
      events: ["order.created"],
      isActive: false,
    });
    expect(hook.status).toBe(201);
    expect(sample(await metricsText(), 'marketplace_webhooks_disabled{reason="paused"}')).toBe(1);
    // The public click endpoint is rate limited per client IP: hammer it until it refuses.
    let refused = 0;
    for (let i = 0; i < 200 && refused === 0; i++) {
      const res = await fetch(`${server.url}/public/shop/clicks`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      await res.arrayBuffer();
      if (res.status === 429) refused += 1;
    }
    expect(refused).toBe(1);
    expect(
      sample(await metricsText(), 'marketplace_rate_limit_rejections_total{route="/public/shop/clicks"}'),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe("configuration of metrics and tracing", () => {
  const base = { PORT: "3000" };
  const refused = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (error) {
      return (error as Error).message;
    }
    return "accepted";
  };

  it("refuses a metrics port equal to the API's, or not a port, naming the variable", () => {
    expect(refused({ MARKETPLACE_METRICS_PORT: "3000" })).toMatch(/MARKETPLACE_METRICS_PORT: must differ from PORT/);
    expect(refused({ MARKETPLACE_METRICS_PORT: "http" })).toMatch(/MARKETPLACE_METRICS_PORT: must be a port number/);
    expect(refused({ MARKETPLACE_METRICS_PORT: "70000" })).toMatch(/MARKETPLACE_METRICS_PORT/);
  });

  it("refuses invalid OTEL_* values, naming the variable", () => {
    expect(refused({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toMatch(
      /OTEL_EXPORTER_OTLP_ENDPOINT: must be an http/,
    );
    expect(refused({ OTEL_TRACES_SAMPLER: "sometimes" })).toMatch(/OTEL_TRACES_SAMPLER:/);
    expect(refused({ OTEL_TRACES_SAMPLER_ARG: "2" })).toMatch(/OTEL_TRACES_SAMPLER_ARG:/);
    expect(refused({ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toMatch(/OTEL_EXPORTER_OTLP_PROTOCOL: only http\/json/);
  });

  it("defaults: metrics on 127.0.0.1:9464, tracing off; the endpoint turns tracing on", () => {
    const config = loadConfig(base);
    expect(config.metrics).toEqual({ port: 9464, host: "127.0.0.1" });
    expect(config.tracing).toBeNull();
    expect(loadConfig({ ...base, MARKETPLACE_METRICS_PORT: "off" }).metrics).toBeNull();
    expect(loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" }).tracing).toEqual({
      tracesEndpoint: "http://collector:4318/v1/traces",
      serviceName: "marketplace-service",
      sampler: "parentbased_always_on",
      samplerRatio: 1,
    });
  });
});
