import type { RateLimitRule, RateLimitStore } from "@marketplace/core/rate-limits";
import { type Kysely, sql } from "kysely";
import type { Database } from "./schema.ts";

/**
 * Sliding-window rate limits in PostgreSQL, shared by every process on the database: one row per
 * bucket and client holding the times of the requests admitted inside the window (a sliding log, at
 * most `limit` entries). One upsert per request prunes the expired times, counts the rest and appends
 * the new time when under the limit; `ON CONFLICT DO UPDATE` holds the row lock, so concurrent
 * requests of one client, from any process, are counted one after the other: exact, never over.
 * Rows whose newest admitted request has left the window are deleted at most once a window per
 * bucket by each store.
 */
export class PostgresRateLimitStore implements RateLimitStore {
  private readonly lastPrune = new Map<string, number>();

  constructor(private readonly db: Kysely<Database>) {}

  async admit(bucket: string, client: string, rule: RateLimitRule, at: Date): Promise<boolean> {
    if (!Number.isInteger(rule.limit) || rule.limit < 1) throw new TypeError("rate limit must be a positive integer");
    const since = new Date(at.getTime() - rule.windowMs);
    const inWindow = sql`array(select h from unnest(w.hits) as h where h > ${since} order by h)`;
    const count = sql`(select count(*) from unnest(w.hits) as h where h > ${since})`;
    const { rows } = await sql<{ admitted: boolean }>`
      insert into rate_limit_windows as w (bucket, client, hits, admitted, last_hit_at)
      values (${bucket}, ${client}, array[${at}::timestamptz], true, ${at})
      on conflict (bucket, client) do update set
        admitted = ${count} < ${rule.limit},
        hits = case when ${count} < ${rule.limit} then ${inWindow} || ${at}::timestamptz else ${inWindow} end,
        last_hit_at = case when ${count} < ${rule.limit} then greatest(w.last_hit_at, ${at}) else w.last_hit_at end
      returning admitted
    `.execute(this.db);
    await this.prune(bucket, rule, at);
    return rows[0]?.admitted === true;
  }

  /** Deletes the bucket's rows with nothing left in the window, at most once a window. */
  private async prune(bucket: string, rule: RateLimitRule, at: Date): Promise<void> {
    const last = this.lastPrune.get(bucket);
    if (last !== undefined && Math.abs(at.getTime() - last) < rule.windowMs) return;
    this.lastPrune.set(bucket, at.getTime());
    await this.db
      .deleteFrom("rate_limit_windows")
      .where("bucket", "=", bucket)
      .where("last_hit_at", "<=", new Date(at.getTime() - rule.windowMs))
      .execute();
  }
}
