import { DEFAULT_RETRY_DELAYS_MS, DELIVERY_TIMEOUT_MS, silentLogger, type WebhookTransport } from "@marketplace/core";
import { DEFAULT_DISABLE_FAILING_AFTER_MS } from "@marketplace/core/webhooks";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { type DeliveryWorkerOptions, resolveDeliveryWorkerOptions } from "./delivery-worker-options.ts";

// The worker's options resolved without starting anything: defaults, derived values, bounds.

const pgPool = {} as pg.Pool;
const resolve = (options: Partial<DeliveryWorkerOptions> = {}) => resolveDeliveryWorkerOptions({ pgPool, ...options });

describe("resolveDeliveryWorkerOptions", () => {
  it("applies every default", () => {
    const resolved = resolve();
    expect(resolved).toMatchObject({
      pgPool,
      logger: silentLogger,
      concurrency: 32,
      endpoints: { maxInFlight: 8, maxWaiting: 24, requestTimeoutMs: DELIVERY_TIMEOUT_MS },
      restartDelayMs: { min: 250, max: 5000 },
      onStateChange: null,
      pollIntervalMs: 2000,
      localQueueSize: 1,
      completeJobBatchDelayMs: 0,
      relayPollIntervalMs: 200,
      allowLoopback: false,
      requestTimeoutMs: DELIVERY_TIMEOUT_MS,
      retryDelaysMs: DEFAULT_RETRY_DELAYS_MS,
      disableFailingAfterMs: DEFAULT_DISABLE_FAILING_AFTER_MS,
      retryJitter: 0.2,
      heartbeatIntervalMs: 5000,
      staleWorkerAfterMs: 30_000,
      transport: null,
      consentCheckpoints: null,
      retention: null,
      observer: undefined,
      secretKeyring: null,
    });
    const before = Date.now();
    expect(resolved.clock.now().getTime()).toBeGreaterThanOrEqual(before);
  });

  it("derives the endpoint gate's caps from concurrency, the caller's own winning", () => {
    expect(resolve({ concurrency: 8 }).endpoints).toEqual({
      maxInFlight: 2,
      maxWaiting: 6,
      requestTimeoutMs: DELIVERY_TIMEOUT_MS,
    });
    // A quarter, at least 1; the waiting slots at least maxInFlight.
    expect(resolve({ concurrency: 1 }).endpoints).toMatchObject({ maxInFlight: 1, maxWaiting: 1 });
    expect(resolve({ concurrency: 4, endpoints: { maxInFlight: 3 } }).endpoints).toMatchObject({
      maxInFlight: 3,
      maxWaiting: 3,
    });
    expect(
      resolve({ requestTimeoutMs: 700, endpoints: { maxWaiting: 2, slowAfterMs: 50, requestTimeoutMs: 900 } })
        .endpoints,
    ).toEqual({ maxInFlight: 8, maxWaiting: 2, slowAfterMs: 50, requestTimeoutMs: 900 });
    expect(resolve({ requestTimeoutMs: 700 }).endpoints.requestTimeoutMs).toBe(700);
  });

  it("keeps what the caller set", () => {
    const transport: WebhookTransport = { send: async () => ({ kind: "response", statusCode: 200, body: "" }) };
    const clock = { now: () => new Date("2026-01-31T00:00:00Z") };
    const onStateChange = () => {};
    const run = async () => 0;
    const kept = {
      transport,
      clock,
      onStateChange,
      allowLoopback: true,
      retryDelaysMs: [1, 2],
      retryJitter: 0,
      disableFailingAfterMs: 60_000,
    };
    const resolved = resolve({
      ...kept,
      restartDelayMs: { min: 10 },
      consentCheckpoints: { run },
      retention: { retentionDays: 7 },
    });
    expect(resolved).toMatchObject({
      ...kept,
      restartDelayMs: { min: 10, max: 5000 },
      consentCheckpoints: { run, schedule: "0 3 * * *" },
      retention: { retentionDays: 7, schedule: "*/10 * * * *" },
    });
    expect(resolve({ retention: { schedule: "0 * * * *" } }).retention?.schedule).toBe("0 * * * *");
  });

  it("refuses a missing pool", () => {
    expect(() => resolveDeliveryWorkerOptions({} as DeliveryWorkerOptions)).toThrow(
      new TypeError("runDeliveryWorker: options.pgPool is required"),
    );
  });

  it.each([
    [{ concurrency: 0 }, "concurrency must be a positive integer, got 0"],
    [{ concurrency: 1.5 }, "concurrency must be a positive integer, got 1.5"],
    [{ heartbeatIntervalMs: -1 }, "heartbeatIntervalMs must be a positive integer, got -1"],
    [{ staleWorkerAfterMs: 0 }, "staleWorkerAfterMs must be a positive integer, got 0"],
    [
      { heartbeatIntervalMs: 1000, staleWorkerAfterMs: 1999 },
      "staleWorkerAfterMs (1999) must be at least twice heartbeatIntervalMs (1000)",
    ],
    [{ requestTimeoutMs: Number.NaN }, "requestTimeoutMs must be a positive integer, got NaN"],
    [{ localQueueSize: 0 }, "localQueueSize must be a positive integer, got 0"],
    [{ completeJobBatchDelayMs: -1 }, "completeJobBatchDelayMs must be a non-negative integer, got -1"],
    [{ retryDelaysMs: [5, -1] }, "retryDelaysMs must hold non-negative numbers, got -1"],
    [{ retryDelaysMs: [Number.POSITIVE_INFINITY] }, "retryDelaysMs must hold non-negative numbers, got Infinity"],
    [{ retryJitter: 1.1 }, "retryJitter must be from 0 to 1, got 1.1"],
    [{ retryJitter: Number.NaN }, "retryJitter must be from 0 to 1, got NaN"],
    [{ restartDelayMs: { min: 0 } }, "restartDelayMs.min must be a positive integer, got 0"],
    [{ restartDelayMs: { min: 6000 } }, "restartDelayMs.max (5000) must not be below restartDelayMs.min (6000)"],
  ] as [Partial<DeliveryWorkerOptions>, string][])("refuses %j", (options, message) => {
    expect(() => resolve(options)).toThrow(new RangeError(`runDeliveryWorker: ${message}`));
  });

  it("accepts the bounds themselves", () => {
    expect(() =>
      resolve({
        concurrency: 1,
        heartbeatIntervalMs: 1,
        staleWorkerAfterMs: 2,
        completeJobBatchDelayMs: 0,
        retryDelaysMs: [0],
        retryJitter: 1,
        restartDelayMs: { min: 7, max: 7 },
      }),
    ).not.toThrow();
  });
});
