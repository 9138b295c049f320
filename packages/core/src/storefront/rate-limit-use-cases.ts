import { RateLimitedError } from "../errors.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { RATE_LIMITS, type RateLimitBucket, rateLimitClient } from "./rate-limits.ts";

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
}

export function rateLimitUseCases(ctx: UseCaseContext): RateLimitUseCases {
  const { unitOfWork, clock } = ctx;
  return {
    async consume(bucket, client) {
      const rule = RATE_LIMITS[bucket];
      if (!rule) throw new TypeError(`unknown rate-limit bucket ${String(bucket)}`);
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
