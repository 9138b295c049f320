import { type Database, DELIVER_EVENT_TASK, startOutboxRelay } from "@marketplace/adapters-postgres";
import { type Logger, silentLogger } from "@marketplace/core";
import { Logger as GraphileLogger, run, runMigrations } from "graphile-worker";
import { Kysely, PostgresDialect } from "kysely";
import type pg from "pg";
import { deliverEventTask } from "./deliver-event-task.ts";

/** Options of `runDeliveryWorker`. */
export interface DeliveryWorkerOptions {
  /** The host's pg pool (it stays the host's: the worker never ends it). */
  pgPool: pg.Pool;
  logger?: Logger;
  /** Jobs run at once; default 10. */
  concurrency?: number;
  /** Fallback poll interval of the job queue in ms (new jobs are announced by NOTIFY); default 2000. */
  pollIntervalMs?: number;
  /** Outbox relay poll interval in ms, for commits of other processes; default 200. */
  relayPollIntervalMs?: number;
}

/** A running delivery worker. */
export interface DeliveryWorker {
  /** Wakes the outbox relay now: hand it to the unit of work's `onEventsCommitted`. */
  nudge(): void;
  /** Stops taking jobs, waits for the running ones and the relay, then resolves. */
  stop(): Promise<void>;
  /** Settles when the worker stops; rejects if it fails. */
  promise: Promise<void>;
}

/**
 * Applies graphile-worker's schema migrations (idempotent; safe from several processes).
 *
 * @example
 * await migrateWorkerSchema({ pgPool: pool });
 */
export async function migrateWorkerSchema(options: { pgPool: pg.Pool; logger?: Logger }): Promise<void> {
  await runMigrations({ pgPool: options.pgPool, logger: graphileLogger(options.logger ?? silentLogger) });
}

/**
 * Runs webhook delivery: relays recorded events from the outbox into the job queue in batches and
 * runs one delivery job per event. Call `migrateWorkerSchema` first.
 *
 * @example
 * const worker = await runDeliveryWorker({ pgPool: pool, logger });
 * process.on("SIGTERM", () => worker.stop());
 */
export async function runDeliveryWorker(options: DeliveryWorkerOptions): Promise<DeliveryWorker> {
  if (!options?.pgPool) throw new TypeError("runDeliveryWorker: options.pgPool is required");
  const concurrency = options.concurrency ?? 10;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`runDeliveryWorker: concurrency must be a positive integer, got ${concurrency}`);
  }
  const logger = options.logger ?? silentLogger;
  // A Kysely over the host's pool; never destroyed here, so the pool stays open for the host.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: options.pgPool }) });

  const runner = await run({
    pgPool: options.pgPool,
    concurrency,
    noHandleSignals: true,
    pollInterval: options.pollIntervalMs ?? 2000,
    logger: graphileLogger(logger),
    parsedCronItems: [],
    taskList: { [DELIVER_EVENT_TASK]: deliverEventTask({ db, logger }) },
  });
  let relay: ReturnType<typeof startOutboxRelay>;
  try {
    relay = startOutboxRelay({ db, logger, pollIntervalMs: options.relayPollIntervalMs ?? 200 });
  } catch (error) {
    await runner.stop();
    throw error;
  }

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      await relay.stop();
      await runner.stop();
    })();
    return stopping;
  };
  const promise = Promise.all([runner.promise, relay.promise]).then(() => undefined);
  return { nudge: () => relay.nudge(), stop, promise };
}

function graphileLogger(logger: Logger): GraphileLogger {
  return new GraphileLogger((scope) => (level, message, meta) => {
    const fields = { component: "graphile-worker", ...scope, ...meta };
    if (level === "error") logger.error(message, fields);
    else if (level === "warning") logger.warn(message, fields);
    else if (level === "info") logger.info(message, fields);
    else logger.debug(message, fields);
  });
}
