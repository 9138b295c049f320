import type { Database } from "@marketplace/adapters-postgres";
import { DEFAULT_EVENT_RETENTION_DAYS, IDEMPOTENCY_WINDOW_MS } from "@marketplace/core";
import { type Kysely, sql } from "kysely";

/** Name of the graphile-worker task that prunes old rows. */
export const PRUNE_TASK: string = "prune_retention";

/** Default schedule of the pruning task: every 10 minutes (UTC cron pattern). */
export const DEFAULT_PRUNE_SCHEDULE: string = "*/10 * * * *";

/** Options of `pruneOnce` (and `runDeliveryWorker({ retention })`). */
export interface RetentionOptions {
  /** Days events and delivery records are kept; default 30 (as the events API lists). */
  retentionDays?: number;
  /** Rows deleted per statement; default 1000: each batch is a short transaction on an index. */
  batchSize?: number;
  /** Shortest pause between batches in ms, so pruning yields to deliveries; default 20. */
  pauseMs?: number;
  /**
   * Pause after each batch as a multiple of the time the batch took (never under `pauseMs`), so
   * pruning keeps at most 1 / (1 + ratio) of one database connection busy however slow a batch is
   * on the machine; default 3 (a quarter). 0: `pauseMs` alone.
   */
  pauseRatio?: number;
  /** How to wait between batches; default a timer (tests record the pauses). */
  sleep?: (ms: number) => Promise<void>;
  /** Most batches per table per run (the next run goes on); default 500. */
  maxBatches?: number;
}

/** What one run deleted. */
export interface PruneResult {
  deliveries: number;
  events: number;
  idempotencyKeys: number;
}

/**
 * Deletes what is past its window, in small batches, each on an index: delivery records and events
 * older than `retentionDays` (an event once no delivery record or outbox entry refers to it), and
 * idempotency keys older than their 24 h window. Relayed outbox rows are deleted by the relay itself
 * and rate-limit windows by their store, as they expire; graphile-worker deletes finished jobs.
 *
 * @example
 * await pruneOnce(db, { now: new Date() }); // { deliveries: 1200, events: 300, idempotencyKeys: 40 }
 */
export async function pruneOnce(db: Kysely<Database>, options: RetentionOptions & { now: Date }): Promise<PruneResult> {
  const days = options.retentionDays ?? DEFAULT_EVENT_RETENTION_DAYS;
  const batch = options.batchSize ?? 1000;
  const cutoff = new Date(options.now.getTime() - days * 24 * 60 * 60 * 1000);
  const keysCutoff = new Date(options.now.getTime() - IDEMPOTENCY_WINDOW_MS);
  const ratio = options.pauseRatio ?? 3;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const run = async (statement: () => Promise<number>): Promise<number> => {
    let total = 0;
    for (let i = 0; i < (options.maxBatches ?? 500); i++) {
      const started = performance.now();
      const deleted = await statement();
      total += deleted;
      if (deleted < batch) break;
      await sleep(Math.max(options.pauseMs ?? 20, (performance.now() - started) * ratio));
    }
    return total;
  };
  const count = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0n);
  const deliveries = await run(async () =>
    count(
      await sql`
        delete from webhook_deliveries where id in (
          select id from webhook_deliveries where created_at < ${cutoff} order by created_at limit ${batch}
        )`.execute(db),
    ),
  );
  const events = await run(async () =>
    count(
      await sql`
        delete from events where id in (
          select e.id from events e
          where e.created_at < ${cutoff}
            and not exists (select 1 from webhook_deliveries d where d.event_id = e.id)
            and not exists (select 1 from event_outbox o where o.event_id = e.id)
          order by e.created_at limit ${batch}
        )`.execute(db),
    ),
  );
  const idempotencyKeys = await run(async () =>
    count(
      await sql`
        delete from idempotency_keys where (team_id, key) in (
          select team_id, key from idempotency_keys where created_at < ${keysCutoff} order by created_at limit ${batch}
        )`.execute(db),
    ),
  );
  return { deliveries, events, idempotencyKeys };
}
