import { RateLimitedError } from "../errors.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import {
  OPT_IN_RATE_LIMIT_BUCKETS,
  type OptInRateLimitBucket,
  RATE_LIMITS,
  type RateLimitBucket,
  type RateLimitRule,
  rateLimitClient,
} from "./rate-limits.ts";

/** Rate limits of the public endpoints, over the shared store and the use cases' clock. */
export interface RateLimitUseCases {
  /**
   * Counts a request of `client` (its IP; IPv6 counted per /64, see `rateLimitClient`) against the
   * bucket at the clock's time; RateLimitedError when the bucket's limit was already reached in the
   * sliding window before it (refused requests are not counted).
   *
   * @example
   * await marketplace.rateLimits.consume("public.shop.clicks", "203.0.113.7");
   */
  consume(bucket: RateLimitBucket, client: string): Promise<void>;
  /**
   * The same for a bucket the operator turned on, under the operator's rule (e.g. 20 a minute).
   *
   * @example
   * await marketplace.rateLimits.consume("public.links.orders", "203.0.113.7", { limit: 20, windowMs: 60_000 });
   */
  consume(bucket: OptInRateLimitBucket, client: string, rule: RateLimitRule): Promise<void>;
}

/** The rate-limit use cases over the unit of work's store and the clock. */
export function rateLimitUseCases(ctx: UseCaseContext<"rateLimits">): RateLimitUseCases {
  const { unitOfWork, clock } = ctx;
  return {
    async consume(bucket: RateLimitBucket | OptInRateLimitBucket, client: string, custom?: RateLimitRule) {
      const rule = (OPT_IN_RATE_LIMIT_BUCKETS as readonly string[]).includes(bucket)
        ? custom
        : RATE_LIMITS[bucket as RateLimitBucket];
      if (!rule) throw new TypeError(`unknown rate-limit bucket ${String(bucket)}, or no rule for it`);
      const key = rateLimitClient(client || "unknown");
      const admitted = await unitOfWork.repositories.rateLimits.admit(bucket, key, rule, clock.now());
      if (!admitted) {
        throw new RateLimitedError(
          `Too many requests: at most ${rule.limit} per minute from one client address; retry later`,
        );
      }
    },
  };
}
