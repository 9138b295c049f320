/**
 * The retry schedule of deliveries: the delays between attempts (with jitter), a receiver's
 * `Retry-After` honoured within the schedule's window, and the number of attempts.
 *
 * @module
 */

/**
 * Delays before attempts 2 to 11, in ms: 5 s, 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 20 h.
 * Eleven attempts over about 3 days (71.6 h; each delay varies by ±20 % jitter, see `retryDelayMs`):
 * Svix's first steps (5 s, 5 min, 30 min, 2 h, 5 h, 10 h), stretched to Stripe's 3 days.
 */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 60 * 60_000,
  5 * 60 * 60_000,
  10 * 60 * 60_000,
  14 * 60 * 60_000,
  20 * 60 * 60_000,
  20 * 60 * 60_000,
];

/** Default share of a retry delay by which it varies either way (0.2 = ±20 %). */
export const DEFAULT_RETRY_JITTER = 0.2;

/** Options of `retryDelayMs`. */
export interface RetrySchedule {
  /** Delay before attempt n + 2 at index n; its length + 1 is the number of attempts. */
  delaysMs?: readonly number[];
  /** Share by which a delay varies either way; default 0.2. */
  jitter?: number;
  /** A number in [0, 1); default `Math.random`. */
  random?: () => number;
}

/**
 * How long to wait before the attempt after `failedAttempt` (1-based), jitter applied; null when
 * `failedAttempt` was the last one.
 *
 * @example
 * retryDelayMs(1, { random: () => 0.5 }); // 60000: one minute before attempt 2
 * retryDelayMs(8); // null: eight attempts were made
 */
export function retryDelayMs(failedAttempt: number, schedule: RetrySchedule = {}): number | null {
  const delays = schedule.delaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const base = delays[failedAttempt - 1];
  if (base === undefined || failedAttempt < 1) return null;
  const jitter = schedule.jitter ?? DEFAULT_RETRY_JITTER;
  const random = schedule.random ?? Math.random;
  return Math.max(0, Math.round(base * (1 + jitter * (2 * random() - 1))));
}

/**
 * A `Retry-After` value (delay seconds or an HTTP date) as milliseconds from `now`; null when absent
 * or unreadable. A date in the past is 0.
 *
 * @example
 * parseRetryAfter("120", now); // 120000
 * parseRetryAfter("Wed, 21 Oct 2026 07:28:00 GMT", now); // until then
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  if (value == null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  if (!/[a-z]/i.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/**
 * The delay before the attempt after `failedAttempt` when a receiver asked to wait `retryAfterMs`
 * (a 429 or 503 with `Retry-After`): at least that long, but never past the end of the schedule's
 * remaining window (the sum of the delays still to come); null when no attempt is left.
 *
 * @example
 * nextRetryDelayMs(1, 600_000, { random: () => 0.5 }); // 600000 instead of 5000
 */
export function nextRetryDelayMs(
  failedAttempt: number,
  retryAfterMs: number | null,
  schedule: RetrySchedule = {},
): number | null {
  const base = retryDelayMs(failedAttempt, schedule);
  if (base === null || retryAfterMs === null || retryAfterMs <= base) return base;
  const delays = schedule.delaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const remaining = delays.slice(failedAttempt - 1).reduce((sum, delay) => sum + delay, 0);
  return Math.max(base, Math.min(retryAfterMs, remaining));
}

/** The number of attempts a schedule allows. */
export function maxDeliveryAttempts(delaysMs: readonly number[] = DEFAULT_RETRY_DELAYS_MS): number {
  return delaysMs.length + 1;
}
