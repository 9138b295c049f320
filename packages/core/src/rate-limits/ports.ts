/**
 * Ports of the public rate limits.
 *
 * @module
 */

import type { RateLimitRule } from "./rate-limits.ts";

/** Counts admitted requests per bucket and client over a sliding window that all server processes share. */
export interface RateLimitStore {
  /** Admits and records a request at `at` unless `rule.limit` were admitted in the `rule.windowMs` before it. */
  admit(bucket: string, client: string, rule: RateLimitRule, at: Date): Promise<boolean>;
}
