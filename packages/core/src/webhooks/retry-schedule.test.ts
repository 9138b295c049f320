import { describe, expect, it } from "vitest";
import {
  DEFAULT_RETRY_DELAYS_MS,
  maxDeliveryAttempts,
  nextRetryDelayMs,
  parseRetryAfter,
  retryDelayMs,
} from "./retry-schedule.ts";

describe("retry schedule", () => {
  it("makes 11 attempts over about 3 days by default, the first retry after 5 s", () => {
    expect(maxDeliveryAttempts()).toBe(11);
    expect(DEFAULT_RETRY_DELAYS_MS[0]).toBe(5_000);
    const total = DEFAULT_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBe(5_000 + (1 + 5 + 30 + 120 + 300 + 600 + 840 + 1200 + 1200) * 60_000);
    expect(total / 86_400_000).toBeGreaterThan(2.9);
    expect(total / 86_400_000).toBeLessThan(3.1);
    // Growing intervals.
    for (let i = 1; i < DEFAULT_RETRY_DELAYS_MS.length; i++) {
      expect(DEFAULT_RETRY_DELAYS_MS[i]).toBeGreaterThanOrEqual(DEFAULT_RETRY_DELAYS_MS[i - 1] as number);
    }
  });

  it("applies jitter within ±20 % and stops after the last attempt", () => {
    expect(retryDelayMs(1, { random: () => 0.5 })).toBe(5_000);
    expect(retryDelayMs(1, { random: () => 0 })).toBe(4_000);
    expect(retryDelayMs(1, { random: () => 0.999999 })).toBe(6_000);
    expect(retryDelayMs(10, { random: () => 0.5 })).toBe(20 * 3_600_000);
    expect(retryDelayMs(11)).toBeNull();
    expect(retryDelayMs(0)).toBeNull();
    expect(retryDelayMs(1, { delaysMs: [100], jitter: 0 })).toBe(100);
    expect(retryDelayMs(2, { delaysMs: [100], jitter: 0 })).toBeNull();
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    const now = new Date("2026-11-24T10:00:00.000Z");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Tue, 24 Nov 2026 10:05:00 GMT", now)).toBe(300_000);
    expect(parseRetryAfter("Tue, 24 Nov 2026 09:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("-5", now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });

  it("waits at least as long as Retry-After asks, within the schedule's remaining window", () => {
    const schedule = { delaysMs: [1_000, 10_000, 100_000], jitter: 0 };
    expect(nextRetryDelayMs(1, null, schedule)).toBe(1_000);
    expect(nextRetryDelayMs(1, 500, schedule)).toBe(1_000);
    expect(nextRetryDelayMs(1, 50_000, schedule)).toBe(50_000);
    // Past the window (1 s + 10 s + 100 s from attempt 1 on): capped at it.
    expect(nextRetryDelayMs(1, 10_000_000, schedule)).toBe(111_000);
    expect(nextRetryDelayMs(3, 10_000_000, schedule)).toBe(100_000);
    expect(nextRetryDelayMs(4, 10_000_000, schedule)).toBeNull();
  });
});
