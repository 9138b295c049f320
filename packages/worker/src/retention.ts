import type { Database } from "@marketplace/adapters-postgres";
import { DEFAULT_EVENT_RETENTION_DAYS } from "@marketplace/core";
import { IDEMPOTENCY_WINDOW_MS } from "@marketplace/core/flows";
import { type Kysely, sql } from "kysely";

/** Name of the graphile-worker task that prunes old rows. */
export const PRUNE_TASK: string = "prune_retention";

/** Default schedule of the pruning task: every 10 minutes (UTC cron pattern). */
export const DEFAULT_PRUNE_SCHEDULE: string = "*/10 * * * *";

/** Options of `pruneOnce` (and `runDeliveryWorker({ retention })`). */
export interface RetentionOptions {
  /** Days events and delivery records are kept; default 30 (as the events API lists). */
  retentionDays?: number;
  /**
   * Rows looked at per statement; default 500: each batch is a short transaction on an index (a few
   * milliseconds), so a delivery that queues behind one waits little.
   */
  batchSize?: number;
  /** Shortest pause between batches in ms, so pruning yields to deliveries; default 20. */
  pauseMs?: number;
  /**
   * Pause after each batch as a multiple of the time the batch took (never under `pauseMs`), so
   * pruning keeps at most 1 / (1 + ratio) of one database connection busy however slow a batch is
   * on the machine; default 4 (a fifth). 0: `pauseMs` alone.
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
  const batch = options.batchSize ?? 500;
  const cutoff = new Date(options.now.getTime() - days * 24 * 60 * 60 * 1000);
  const keysCutoff = new Date(options.now.getTime() - IDEMPOTENCY_WINDOW_MS);
  const ratio = options.pauseRatio ?? 4;
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
  // By ctid: the oldest rows found on the created_at index, then deleted by their tuple ids (a TID
  // scan), not looked up again through the primary key, several times cheaper a batch (ADR-0036;
  // figures: docs/performance.md, "Retention and the events API"). A row updated meanwhile has moved
  // and is simply left for the next batch.
  const deliveries = await run(async () =>
    count(
      await sql`
        delete from webhook_deliveries where ctid = any(array(
          select ctid from webhook_deliveries where created_at < ${cutoff} order by created_at limit ${batch}
        ))`.execute(db),
    ),
  );
  // Events walk forward on the (created_at, id) index from a cursor: each batch looks at the next
  // `batch` old events and deletes those no delivery record or outbox entry refers to, with an index
  // probe each. Kept events (an attempt still inside the window) are stepped over, not scanned
  // again by every batch; and the plan cannot turn into a scan of the whole table, as an anti join
  // ordered by created_at did once the delivery records were gone but not yet analysed (a sequential
  // scan of every event and a hash of every delivery record in every batch; same figures).
  // The cursor as PostgreSQL's own text: a Date would drop the microseconds.
  let after: { createdAt: string; id: string } | null = null;
  let events = 0;
  await run(async () => {
    const { rows } = await sql<{ deleted: string; scanned: string; created_at: string | null; id: string | null }>`
      with candidates as materialized (
        select id, created_at from events
        where created_at < ${cutoff}
          and (created_at, id) > (${after?.createdAt ?? "-infinity"}::timestamptz, ${after?.id ?? "00000000-0000-0000-0000-000000000000"}::uuid)
        order by created_at, id
        limit ${batch}
      ), deleted as (
        delete from events e using candidates c
        where e.id = c.id
          and not exists (select 1 from webhook_deliveries d where d.event_id = c.id)
          and not exists (select 1 from event_outbox o where o.event_id = c.id)
        returning 1
      ), last as (
        select created_at, id from candidates order by created_at desc, id desc limit 1
      )
      select (select count(*) from deleted) as deleted, (select count(*) from candidates) as scanned,
        (select created_at::text from last) as created_at, (select id from last) as id
    `.execute(db);
    const row = rows[0];
    events += Number(row?.deleted ?? 0);
    if (row?.created_at && row.id) after = { createdAt: row.created_at, id: row.id };
    // A full batch looked at means there may be more; `run` pauses and goes on.
    return Number(row?.scanned ?? 0);
  });
  const idempotencyKeys = await run(async () =>
    count(
      await sql`
        delete from idempotency_keys where ctid = any(array(
          select ctid from idempotency_keys where created_at < ${keysCutoff} order by created_at limit ${batch}
        ))`.execute(db),
    ),
  );
  // The endpoints' hourly health counts (migration 0031) serve a 24-hour window: two days are kept.
  // A few rows per endpoint and hour, so one statement (not reported in the result).
  await sql`delete from webhook_health_hourly where hour < ${new Date(options.now.getTime() - 48 * 60 * 60 * 1000)}`.execute(
    db,
  );
  return { deliveries, events, idempotencyKeys };
}
