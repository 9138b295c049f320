/**
 * Rate limits of the public endpoints: requests per client IP over a sliding window, kept in a store
 * every server process shares (never in process memory).
 *
 * @module
 */

/** A limit: at most `limit` admitted requests in any `windowMs` milliseconds. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/**
 * The limited buckets. Orders through a shareable link share the checkout's bucket: one budget of
 * 10 orders a minute per client IP, whichever public path places them.
 */
export const RATE_LIMITS = Object.freeze({
  "public.shop.clicks": { limit: 30, windowMs: 60_000 },
  "public.shop.orders": { limit: 10, windowMs: 60_000 },
} as const satisfies Record<string, RateLimitRule>);

/** A limited bucket. */
export type RateLimitBucket = keyof typeof RATE_LIMITS;

/** Counts admitted requests per bucket and client over a sliding window that all server processes share. */
export interface RateLimitStore {
  /** Admits and records a request at `at` unless `rule.limit` were admitted in the `rule.windowMs` before it. */
  admit(bucket: string, client: string, rule: RateLimitRule, at: Date): Promise<boolean>;
}
