/**
 * The rate-limits feature: what other features, flows and the package's entry points use of it.
 *
 * @module
 */

export type { RateLimitStore } from "./ports.ts";
export {
  OPT_IN_RATE_LIMIT_BUCKETS,
  type OptInRateLimitBucket,
  RATE_LIMITS,
  type RateLimitBucket,
  type RateLimitRule,
  rateLimitClient,
} from "./rate-limits.ts";
export { type RateLimitUseCases, rateLimitUseCases } from "./use-cases.ts";
