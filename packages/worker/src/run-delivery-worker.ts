import { EventEmitter } from "node:events";
import {
  type Database,
  DELIVER_EVENT_TASK,
  recordDeliveryWorkerHeartbeat,
  removeDeliveryWorker,
  startOutboxRelay,
  unlockDeadDeliveryWorkers,
} from "@marketplace/adapters-postgres";
import { DELIVERY_TIMEOUT_MS, type Logger, silentLogger, type WebhookTransport } from "@marketplace/core";
import { Logger as GraphileLogger, run, runMigrations, type WorkerEvents } from "graphile-worker";
import { Kysely, PostgresDialect } from "kysely";
import type pg from "pg";
import { deliverEventTask } from "./deliver-event-task.ts";
import { NodeWebhookTransport } from "./node-webhook-transport.ts";

/** Options of `runDeliveryWorker`. */
export interface DeliveryWorkerOptions {
  /** The host's pg pool (it stays the host's: the worker never ends it). */
  pgPool: pg.Pool;
  logger?: Logger;
  /** Jobs run at once; default 10. */
  concurrency?: number;
  /** Fallback poll interval of the job queue in ms (new jobs are announced by NOTIFY); default 2000. */
  pollIntervalMs?: number;
  /**
   * Jobs fetched and locked per query (graphile-worker's local queue), handed to the concurrent runs
   * without a round trip each; default `max(2 × concurrency, 20)`. 1 turns batching off (one query
   * per job). Jobs held locally by a worker that dies are unlocked like its running jobs.
   */
  localQueueSize?: number;
  /**
   * Completed jobs are deleted in batches gathered over this many ms (graphile-worker's
   * `completeJobBatchDelay`); default 0 (the completions of one tick go together); -1 deletes each
   * job on its own. A worker killed before the batch is written runs those jobs again (deliveries are
   * at least once anyway).
   */
  completeJobBatchDelayMs?: number;
  /** Outbox relay poll interval in ms, for commits of other processes; default 200. */
  relayPollIntervalMs?: number;
  /**
   * Admit loopback targets and `http://` to localhost, 127.0.0.1 and [::1] (development and tests;
   * the reference server's `MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK`). Default false: deliveries to
   * private, loopback and link-local addresses are refused and recorded as failed attempts.
   */
  allowLoopback?: boolean;
  /** Deadline of one delivery request in ms; default 10000. */
  requestTimeoutMs?: number;
  /** Delays before attempts 2, 3, … in ms; default 1 min, 5 min, 15 min, 1 h, 3 h, 6 h, 12 h (8 attempts). */
  retryDelaysMs?: readonly number[];
  /** Share by which each retry delay varies either way; default 0.2. */
  retryJitter?: number;
  /** How often this worker records its heartbeat, in ms; default 5000. */
  heartbeatIntervalMs?: number;
  /**
   * A worker whose heartbeat is older than this is dead: its locked jobs are unlocked for others to
   * take (checked at start and every half of this). Default 30000; keep it well above the heartbeat
   * interval.
   */
  staleWorkerAfterMs?: number;
  /** How deliveries are sent; default a `NodeWebhookTransport` with the options above. */
  transport?: WebhookTransport;
}

/** A running delivery worker. */
export interface DeliveryWorker {
  /** This worker's graphile-worker pool id (the `locked_by` of the jobs it holds). */
  workerId: string;
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
  const heartbeatIntervalMs = positiveInteger("heartbeatIntervalMs", options.heartbeatIntervalMs, 5000);
  const staleWorkerAfterMs = positiveInteger("staleWorkerAfterMs", options.staleWorkerAfterMs, 30_000);
  if (staleWorkerAfterMs < 2 * heartbeatIntervalMs) {
    throw new RangeError(
      `runDeliveryWorker: staleWorkerAfterMs (${staleWorkerAfterMs}) must be at least twice heartbeatIntervalMs (${heartbeatIntervalMs})`,
    );
  }
  const requestTimeoutMs = positiveInteger("requestTimeoutMs", options.requestTimeoutMs, DELIVERY_TIMEOUT_MS);
  const localQueueSize = positiveInteger("localQueueSize", options.localQueueSize, Math.max(2 * concurrency, 20));
  const completeJobBatchDelay = options.completeJobBatchDelayMs ?? 0;
  if (!Number.isInteger(completeJobBatchDelay) || completeJobBatchDelay < -1) {
    throw new RangeError(
      `runDeliveryWorker: completeJobBatchDelayMs must be an integer from -1 on, got ${completeJobBatchDelay}`,
    );
  }
  for (const delay of options.retryDelaysMs ?? []) {
    if (!Number.isFinite(delay) || delay < 0) {
      throw new RangeError(`runDeliveryWorker: retryDelaysMs must hold non-negative numbers, got ${delay}`);
    }
  }
  const retryJitter = options.retryJitter ?? 0.2;
  if (!(retryJitter >= 0 && retryJitter <= 1)) {
    throw new RangeError(`runDeliveryWorker: retryJitter must be from 0 to 1, got ${retryJitter}`);
  }
  const logger = options.logger ?? silentLogger;
  // A Kysely over the host's pool; never destroyed here, so the pool stays open for the host.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: options.pgPool }) });
  const ownTransport = options.transport
    ? null
    : new NodeWebhookTransport({ allowLoopback: options.allowLoopback ?? false, timeoutMs: requestTimeoutMs });
  const transport = options.transport ?? (ownTransport as NodeWebhookTransport);

  // The pool id is what graphile-worker writes into locked_by: it names this worker in the registry.
  let workerId: string | null = null;
  const events = new EventEmitter() as WorkerEvents;
  events.on("pool:create", ({ workerPool }) => {
    workerId = workerPool.id;
  });

  let runner: Awaited<ReturnType<typeof run>>;
  try {
    runner = await run({
      pgPool: options.pgPool,
      concurrency,
      noHandleSignals: true,
      pollInterval: options.pollIntervalMs ?? 2000,
      // Batching (graphile-worker ≥ 0.17): fetch and lock many jobs per query, delete completed ones
      // together. Without it every delivery costs two more round trips (get_job, complete_job).
      preset: {
        worker: {
          ...(localQueueSize > 1 ? { localQueue: { size: localQueueSize } } : {}),
          completeJobBatchDelay,
        },
      },
      logger: graphileLogger(logger),
      parsedCronItems: [],
      events,
      taskList: {
        [DELIVER_EVENT_TASK]: deliverEventTask({
          db,
          logger,
          transport,
          retryDelaysMs: options.retryDelaysMs,
          retryJitter,
        }),
      },
    });
  } catch (error) {
    ownTransport?.close();
    throw error;
  }
  let relay: ReturnType<typeof startOutboxRelay>;
  let registry: WorkerRegistry;
  try {
    if (workerId === null) throw new Error("runDeliveryWorker: graphile-worker did not report its pool id");
    registry = await startWorkerRegistry({ db, logger, workerId, heartbeatIntervalMs, staleWorkerAfterMs });
    relay = startOutboxRelay({ db, logger, pollIntervalMs: options.relayPollIntervalMs ?? 200 });
  } catch (error) {
    await runner.stop();
    ownTransport?.close();
    throw error;
  }

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      await relay.stop();
      await runner.stop();
      await registry.stop();
      ownTransport?.close();
    })();
    return stopping;
  };
  const promise = Promise.all([runner.promise, relay.promise]).then(() => undefined);
  return { workerId: registry.workerId, nudge: () => relay.nudge(), stop, promise };
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  const resolved = value ?? fallback;
  if (!Number.isInteger(resolved) || resolved < 1) {
    throw new RangeError(`runDeliveryWorker: ${name} must be a positive integer, got ${resolved}`);
  }
  return resolved;
}

interface WorkerRegistry {
  workerId: string;
  stop(): Promise<void>;
}

/**
 * Crash safety. graphile-worker leaves the jobs of a worker that died locked for 4 hours; here each
 * worker records a heartbeat (table `delivery_workers`, keyed by its pool id) and, at start and every
 * half of `staleWorkerAfterMs`, unlocks the jobs of workers whose heartbeat is stale
 * (`force_unlock_workers`), so another worker takes them within about `staleWorkerAfterMs`.
 */
async function startWorkerRegistry(options: {
  db: Kysely<Database>;
  logger: Logger;
  workerId: string;
  heartbeatIntervalMs: number;
  staleWorkerAfterMs: number;
}): Promise<WorkerRegistry> {
  const { db, logger, workerId, staleWorkerAfterMs } = options;
  const sweep = async () => {
    const unlocked = await unlockDeadDeliveryWorkers(db, { staleAfterMs: staleWorkerAfterMs, selfId: workerId });
    if (unlocked.length > 0) logger.warn("unlocked the jobs of dead delivery workers", { workers: unlocked });
  };
  await recordDeliveryWorkerHeartbeat(db, workerId);
  await sweep();
  const guard = (what: string, work: () => Promise<void>) => () => {
    work().catch((error: unknown) =>
      logger.error(`delivery worker ${what} failed`, { error: error instanceof Error ? error.message : String(error) }),
    );
  };
  const heartbeat = setInterval(
    guard("heartbeat", () => recordDeliveryWorkerHeartbeat(db, workerId)),
    options.heartbeatIntervalMs,
  );
  const sweeper = setInterval(guard("sweep", sweep), Math.max(1, Math.floor(staleWorkerAfterMs / 2)));
  return {
    workerId,
    async stop() {
      clearInterval(heartbeat);
      clearInterval(sweeper);
      await removeDeliveryWorker(db, workerId).catch((error: unknown) =>
        logger.warn("could not remove the delivery worker's heartbeat", {
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    },
  };
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
