import type { Logger } from "@marketplace/core";
import { silentLogger } from "@marketplace/core";
import { type Kysely, sql } from "kysely";
import type { Database } from "./schema.ts";

/** The graphile-worker task that delivers one event. */
export const DELIVER_EVENT_TASK = "marketplace.deliver_event";

/** Options of `relayOutboxBatch` and `startOutboxRelay`. */
export interface OutboxRelayOptions {
  /** Most events moved per transaction; default 500. */
  batchSize?: number;
  /** Task identifier of the jobs; default `marketplace.deliver_event`. */
  taskIdentifier?: string;
  /** graphile-worker's max_attempts per job; default 8. */
  maxAttempts?: number;
  /** Schema of graphile-worker; default `graphile_worker`. */
  workerSchema?: string;
}

/**
 * Moves up to one batch of recorded events from the outbox into graphile-worker's queue, as one job
 * per event, in one transaction: each event is enqueued exactly once, and concurrent relays skip each
 * other's rows. One `add_jobs` call (hence one NOTIFY) per batch. Returns how many were moved.
 */
export async function relayOutboxBatch(db: Kysely<Database>, options: OutboxRelayOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  const taskIdentifier = options.taskIdentifier ?? DELIVER_EVENT_TASK;
  const maxAttempts = options.maxAttempts ?? 8;
  const schema = options.workerSchema ?? "graphile_worker";
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ event_id: string }>`
      delete from event_outbox
      where seq in (select seq from event_outbox order by seq limit ${batchSize} for update skip locked)
      returning event_id
    `.execute(trx);
    if (rows.length === 0) return 0;
    const specs = rows.map((row) => ({
      identifier: taskIdentifier,
      payload: { eventId: row.event_id },
      max_attempts: maxAttempts,
      job_key: row.event_id,
    }));
    await sql`
      select 1 from ${sql.id(schema, "add_jobs")}(
        array(
          select row(s.identifier, s.payload, null, null, s.max_attempts, s.job_key, null, null)::${sql.id(schema, "job_spec")}
          from jsonb_to_recordset(${JSON.stringify(specs)}::jsonb)
            as s(identifier text, payload json, max_attempts integer, job_key text)
        )
      )
    `.execute(trx);
    return rows.length;
  });
}

/** A running relay. */
export interface OutboxRelay {
  /** Asks for a relay pass now (coalesced with one already under way). */
  nudge(): void;
  /** Stops after the pass under way; resolves when stopped. */
  stop(): Promise<void>;
  /** Settles when the relay stops. */
  promise: Promise<void>;
}

/** Options of `startOutboxRelay`. */
export interface StartOutboxRelayOptions extends OutboxRelayOptions {
  db: Kysely<Database>;
  logger?: Logger;
  /** Pass interval when nothing nudges it (other processes' commits); default 200 ms. */
  pollIntervalMs?: number;
}

/**
 * Runs relay passes: at once when nudged (a commit in this process), otherwise every
 * `pollIntervalMs` (commits of other processes). Errors are logged and retried at the next pass.
 */
export function startOutboxRelay(options: StartOutboxRelayOptions): OutboxRelay {
  const { db } = options;
  const logger = options.logger ?? silentLogger;
  const pollIntervalMs = options.pollIntervalMs ?? 200;
  let stopped = false;
  let pending = true;
  let wake: (() => void) | null = null;

  const loop = async () => {
    while (!stopped) {
      if (!pending) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollIntervalMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
        if (stopped) break;
      }
      pending = false;
      try {
        // Drain: keep going while full batches come back.
        let moved = 0;
        do {
          moved = await relayOutboxBatch(db, options);
          if (moved > 0) logger.debug("outbox relayed", { events: moved });
        } while (!stopped && moved >= (options.batchSize ?? 500));
      } catch (error) {
        logger.error("outbox relay failed", { error: error instanceof Error ? error.message : String(error) });
        await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
      }
    }
  };

  const promise = loop();
  return {
    nudge() {
      pending = true;
      wake?.();
    },
    async stop() {
      stopped = true;
      wake?.();
      await promise;
    },
    promise,
  };
}
