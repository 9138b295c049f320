/**
 * The public rate limits' sliding windows in memory, as the SQL adapter keeps them: per bucket and
 * client, the times of the requests admitted within the window (a sliding log of at most `limit`
 * times); a request is admitted, and its time added, when fewer than `limit` admitted requests are
 * younger than `windowMs` before it (a refused request is not counted). Windows whose newest
 * admitted request has left the window are dropped.
 *
 * The store is used outside transactions, so its writes go straight to the committed tables.
 *
 * @module
 */

import type { RateLimitStore } from "../../rate-limits/index.ts";
import { defineTable, type InMemoryContext } from "../in-memory-database.ts";

/** A window: the admitted requests' times still in it, and the newest admitted one. */
interface RateLimitWindow {
  bucket: string;
  hits: Date[];
  lastHitAt: Date;
}

/** Windows by bucket and client (`bucket\nclient`). */
export const RATE_LIMIT_WINDOWS = defineTable<RateLimitWindow>("rate_limit_windows");

/** The in-memory `RateLimitStore`. */
export function inMemoryRateLimits(context: InMemoryContext): RateLimitStore {
  return {
    async admit(bucket, client, rule, at) {
      if (!Number.isInteger(rule.limit) || rule.limit < 1) throw new TypeError("rate limit must be a positive integer");
      const windows = context.tables.rows(RATE_LIMIT_WINDOWS);
      const since = at.getTime() - rule.windowMs;
      const key = `${bucket}\n${client}`;
      const window = windows.get(key);
      let admitted = true;
      if (!window) {
        windows.set(key, { bucket, hits: [new Date(at)], lastHitAt: new Date(at) });
      } else {
        const inWindow = window.hits.filter((hit) => hit.getTime() > since).sort((a, b) => a.getTime() - b.getTime());
        admitted = inWindow.length < rule.limit;
        window.hits = admitted ? [...inWindow, new Date(at)] : inWindow;
        if (admitted && at.getTime() > window.lastHitAt.getTime()) window.lastHitAt = new Date(at);
      }
      for (const [other, stale] of windows) {
        if (stale.bucket === bucket && stale.lastHitAt.getTime() <= since) windows.delete(other);
      }
      return admitted;
    },
  };
}
