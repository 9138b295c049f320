import type { Database } from "@marketplace/adapters-postgres";
import type { Logger } from "@marketplace/core";
import { silentLogger } from "@marketplace/core";
import { type Kysely, sql } from "kysely";
import { type DeliveryObserver, tracer } from "./telemetry.ts";

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
  /** max_attempts of a test or redelivery job (one attempt each; tries of the worker itself); default 3. */
  targetedMaxAttempts?: number;
  /** Schema of graphile-worker; default `graphile_worker`. */
  workerSchema?: string;
}

/**
 * Moves up to one batch of outbox entries into graphile-worker's queue, as one job each, in one
 * statement (hence one transaction and one round trip): each entry is enqueued exactly once, and
 * concurrent relays skip each other's rows. One `add_jobs` call (hence one NOTIFY) per batch.
 * Returns how many were moved.
 *
 * An event's own entry becomes `{eventId}` under the job key of the event (its retries replace it:
 * one chain per event), and so does the rest of a round the worker held back (`{eventId, attempt,
 * targets, deferredSince}`, once its `not_before` has passed); an entry naming a webhook (a test or a redelivery the team asked for)
 * becomes `{eventId, webhookId, trigger}` with no job key, so it never replaces an event's chain.
 * Each carries the entry's W3C `traceparent` when it has one (the delivery continues that trace).
 *
 * The delete and the `add_jobs` call are one statement (a data-modifying CTE feeding the function's
 * argument), atomic like the two-statement transaction it replaces, in a quarter of the round trips
 * (BEGIN, DELETE, SELECT add_jobs, COMMIT): the relay sits between every commit and its delivery.
 */
export async function relayOutboxBatch(db: Kysely<Database>, options: OutboxRelayOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  const taskIdentifier = options.taskIdentifier ?? DELIVER_EVENT_TASK;
  const maxAttempts = options.maxAttempts ?? 8;
  const targetedMaxAttempts = options.targetedMaxAttempts ?? 3;
  const schema = options.workerSchema ?? "graphile_worker";
  const { rows } = await sql<{ moved: string | number }>`
    with moved as (
      delete from event_outbox
      where seq in (
        select seq from event_outbox where not_before is null or not_before <= now()
        order by seq limit ${batchSize} for update skip locked
      )
      returning seq, event_id, webhook_id, trigger, attempt, targets, deferred_since, traceparent
    ),
    queued as (
      select 1 from ${sql.id(schema, "add_jobs")}(
        array(
          select row(
            ${taskIdentifier}::text,
            case
              when moved.webhook_id is not null then
                json_strip_nulls(json_build_object(
                  'eventId', moved.event_id, 'webhookId', moved.webhook_id, 'trigger', moved.trigger,
                  'traceparent', moved.traceparent
                ))
              when moved.targets is not null then
                json_strip_nulls(json_build_object(
                  'eventId', moved.event_id, 'attempt', moved.attempt, 'targets', moved.targets,
                  'deferredSince', to_char(moved.deferred_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                  'traceparent', moved.traceparent
                ))
              when moved.traceparent is not null then
                json_build_object('eventId', moved.event_id, 'traceparent', moved.traceparent)
              else json_build_object('eventId', moved.event_id)
            end,
            null, null,
            case when moved.webhook_id is null then ${maxAttempts}::integer else ${targetedMaxAttempts}::integer end,
            case when moved.webhook_id is null then moved.event_id::text end,
            null, null
          )::${sql.id(schema, "job_spec")}
          from moved order by moved.seq
        )
      )
      where exists (select 1 from moved)
    )
    select (select count(*) from moved) as moved, (select count(*) from queued) as queued
  `.execute(db);
  return Number(rows[0]?.moved ?? 0);
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
  /** Longest wait between passes while they fail (the database is down); default 2000 ms. */
  maxRetryDelayMs?: number;
  /** Told of each pass that moved entries (the host's metrics). */
  observer?: DeliveryObserver;
}

/**
 * Runs relay passes: at once when nudged (a commit in this process), otherwise every
 * `pollIntervalMs` (commits of other processes). A failed pass (the database restarting, a
 * failover) is retried with a backoff growing from `pollIntervalMs` to `maxRetryDelayMs`; the first
 * failure of a run is logged as a warning, the recovery once, so an outage costs two log lines and
 * no event (the outbox rows stay until a pass moves them).
 */
export function startOutboxRelay(options: StartOutboxRelayOptions): OutboxRelay {
  const { db } = options;
  const logger = options.logger ?? silentLogger;
  const pollIntervalMs = options.pollIntervalMs ?? 200;
  const maxRetryDelayMs = Math.max(pollIntervalMs, options.maxRetryDelayMs ?? 2000);
  let stopped = false;
  let pending = true;
  let wake: (() => void) | null = null;
  let failures = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wake = null;
    });

  const loop = async () => {
    while (!stopped) {
      if (!pending) {
        await sleep(pollIntervalMs);
        if (stopped) break;
      }
      pending = false;
      try {
        // Drain: keep going while full batches come back.
        let moved = 0;
        do {
          const started = Date.now();
          moved = await relayOutboxBatch(db, options);
          if (moved > 0) {
            logger.debug("outbox relayed", { events: moved });
            options.observer?.outboxRelayed?.(moved);
            // A span for passes that moved something only: the idle polls would be noise.
            tracer
              .startSpan("outbox relay", { startTime: started, attributes: { "marketplace.outbox.entries": moved } })
              .end();
          }
        } while (!stopped && moved >= (options.batchSize ?? 500));
        if (failures > 0) {
          logger.info("outbox relay recovered", { failedPasses: failures });
          failures = 0;
        }
      } catch (error) {
        failures += 1;
        if (failures === 1) {
          logger.warn("outbox relay failed; retrying with backoff", {
            error: error instanceof Error ? error.message : String(error),
          });
        }
        // A nudge (a commit here: the database is back) ends the wait early.
        await sleep(Math.min(maxRetryDelayMs, pollIntervalMs * 2 ** Math.min(failures - 1, 10)));
        pending = true;
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
