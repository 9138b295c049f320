import { EventEmitter } from "node:events";
import { type Database, traceQuery } from "@marketplace/adapters-postgres";
import {
  type Clock,
  DELIVERY_TIMEOUT_MS,
  isDatabaseUnavailable,
  type Logger,
  type SecretKeyring,
  silentLogger,
  type WebhookTransport,
} from "@marketplace/core";
import {
  Logger as GraphileLogger,
  parseCronItems,
  type Runner,
  run,
  runMigrations,
  type TaskList,
  type WorkerEvents,
} from "graphile-worker";
import { Kysely, PostgresDialect } from "kysely";
import type pg from "pg";
import { deliverEventTask } from "./deliver-event-task.ts";
import {
  recordDeliveryWorkerHeartbeat,
  releaseDeliveryWorkers,
  removeDeliveryWorker,
  unlockDeadDeliveryWorkers,
} from "./delivery-worker-registry.ts";
import { EndpointGate, type EndpointGateOptions } from "./endpoint-gate.ts";
import { NodeWebhookTransport } from "./node-webhook-transport.ts";
import { DELIVER_EVENT_TASK, startOutboxRelay } from "./outbox-relay.ts";
import { DEFAULT_PRUNE_SCHEDULE, PRUNE_TASK, pruneOnce, type RetentionOptions } from "./retention.ts";
import { type DeliveryObserver, tracingTransport } from "./telemetry.ts";

/** Jobs a delivery worker runs at once by default. */
export const DEFAULT_CONCURRENCY = 32;

/** Options of `runDeliveryWorker`. */
export interface DeliveryWorkerOptions {
  /** The host's pg pool (it stays the host's: the worker never ends it). */
  pgPool: pg.Pool;
  logger?: Logger;
  /**
   * Jobs run at once; default 32. Delivery waits on receivers, not on CPU or the database, so slots
   * are cheap; `endpoints` keeps one endpoint from taking many of them.
   */
  concurrency?: number;
  /**
   * Per-endpoint isolation: in-flight caps, deferral of slow endpoints, a circuit breaker (see
   * `EndpointGate`). Default `maxInFlight` is a quarter of `concurrency` (at least 1), and
   * `maxWaiting` the rest: a prompt endpoint's other jobs wait in their slots for one of its
   * requests to end. An endpoint that is slow, hanging or failing gets one request at a time and
   * holds no waiting slots once it stalls (`slowAfterMs`, 2 s).
   */
  endpoints?: EndpointGateOptions;
  /** Backoff between restarts of the job runner after it lost the database; default 250 ms to 5 s. */
  restartDelayMs?: { min?: number; max?: number };
  /** Called on every change of state (running, restarting, stopping, stopped). */
  onStateChange?: (status: DeliveryWorkerStatus) => void;
  /** Fallback poll interval of the job queue in ms (new jobs are announced by NOTIFY); default 2000. */
  pollIntervalMs?: number;
  /**
   * Jobs fetched and locked per query (graphile-worker's local queue); default 1: off, each job is
   * fetched by the slot that runs it. Values above 1 save a query per job but are unsafe in
   * graphile-worker 0.17.3 and 0.18.0: releasing a local queue that holds fetched jobs (a stop, or a
   * lost database) throws inside `LocalQueue.background()` after starting the query that returns
   * them, so that query's failure is an unhandled rejection (it ends a Node process) and a clean
   * stop logs "Deactivation failed". See ADR-0032.
   */
  localQueueSize?: number;
  /**
   * Completed jobs are deleted in batches gathered over this many ms (graphile-worker's
   * `completeJobBatchDelay`); default 0 (the completions of one tick go together). A worker killed before the batch is written runs those jobs again (deliveries are at least once
   * anyway). Never -1 (unbatched): graphile-worker does not await an unbatched completion, so a
   * connection lost there would end the process.
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
  /**
   * Delays before attempts 2, 3, … in ms; default `DEFAULT_RETRY_DELAYS_MS`: 5 s, 1 min, 5 min,
   * 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 20 h (11 attempts over about 3 days).
   */
  retryDelaysMs?: readonly number[];
  /** How long every attempt at a webhook must fail before it is disabled (`failing`); default 5 days. */
  disableFailingAfterMs?: number;
  /** The clock of delivery rounds (attempt times, the auto-disable window); default the system clock. */
  clock?: Clock;
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
  /**
   * Signs consent ledger checkpoints on a schedule (`marketplace.consentEvidence.checkpointAll`):
   * a graphile-worker cron item, so each slot runs once across every worker of the database, not
   * once per process. `schedule` is a cron pattern in UTC; default `0 3 * * *` (daily at 03:00).
   * Missed slots are not backfilled: the next one checkpoints everything since.
   */
  consentCheckpoints?: { run: () => Promise<unknown>; schedule?: string };
  /**
   * Prunes old rows on a schedule (`pruneOnce`: delivery records and events past `retentionDays`,
   * default 30; idempotency keys past 24 h), a graphile-worker cron item like the checkpoints.
   * `schedule` defaults to every 10 minutes. Off when absent.
   */
  retention?: RetentionOptions & { schedule?: string };
  /** Told of every delivery attempt and relay pass (the host's metrics); default none. */
  observer?: DeliveryObserver;
  /**
   * The key-encryption keyring that opens sealed webhook secrets (the one the API's
   * `PostgresUnitOfWork` seals them with). Default none: secrets are read as stored.
   */
  secretKeyring?: SecretKeyring | null;
}

export { PRUNE_TASK };

/** Name of the graphile-worker task that signs consent checkpoints. */
export const CONSENT_CHECKPOINT_TASK: string = "consent_checkpoints";

/** Default schedule of consent checkpoints: daily at 03:00 UTC. */
export const DEFAULT_CONSENT_CHECKPOINT_SCHEDULE: string = "0 3 * * *";

/** Where a delivery worker is in its life. */
export type DeliveryWorkerState = "running" | "restarting" | "stopping" | "stopped";

/** A delivery worker's state, for a supervisor (the host's readiness endpoint) or an embedder. */
export interface DeliveryWorkerStatus {
  state: DeliveryWorkerState;
  /** When the worker entered this state. */
  since: Date;
  /** How often the job runner was restarted after losing the database. */
  restarts: number;
  /** Why the runner last stopped on its own, or null. */
  lastError: string | null;
}

/** A running delivery worker. */
export interface DeliveryWorker {
  /** The current graphile-worker pool id (the `locked_by` of the jobs it holds); a restart changes it. */
  readonly workerId: string;
  /** Wakes the outbox relay now: hand it to the unit of work's `onEventsCommitted`. */
  nudge(): void;
  /** The worker's state now. */
  status(): DeliveryWorkerStatus;
  /** Stops taking jobs, hands back the ones not started, waits for the running ones, then resolves. */
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
 * The worker outlives the database: when graphile-worker's runner stops on its own (a connection
 * lost while it fetched, completed or failed jobs), it is started again with a backoff from
 * `restartDelayMs.min` to `restartDelayMs.max` until the database answers, and the jobs the lost
 * runner held are unlocked at once. `status()` shows `restarting` meanwhile. Only `stop()` ends it.
 *
 * @example
 * const worker = await runDeliveryWorker({ pgPool: pool, logger });
 * process.on("SIGTERM", () => worker.stop());
 */
export async function runDeliveryWorker(options: DeliveryWorkerOptions): Promise<DeliveryWorker> {
  if (!options?.pgPool) throw new TypeError("runDeliveryWorker: options.pgPool is required");
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
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
  const localQueueSize = positiveInteger("localQueueSize", options.localQueueSize, 1);
  const completeJobBatchDelay = options.completeJobBatchDelayMs ?? 0;
  if (!Number.isInteger(completeJobBatchDelay) || completeJobBatchDelay < 0) {
    throw new RangeError(
      `runDeliveryWorker: completeJobBatchDelayMs must be a non-negative integer, got ${completeJobBatchDelay}`,
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
  const restartMin = positiveInteger("restartDelayMs.min", options.restartDelayMs?.min, 250);
  const restartMax = positiveInteger("restartDelayMs.max", options.restartDelayMs?.max, 5000);
  if (restartMax < restartMin) {
    throw new RangeError(
      `runDeliveryWorker: restartDelayMs.max (${restartMax}) must not be below restartDelayMs.min (${restartMin})`,
    );
  }
  const maxInFlight = options.endpoints?.maxInFlight ?? Math.max(1, Math.floor(concurrency / 4));
  const endpoints = new EndpointGate({
    maxInFlight,
    // A prompt endpoint's excess waits in the slots the others are not using, instead of being
    // deferred and fetched again (see EndpointGateOptions.maxWaiting).
    maxWaiting: Math.max(maxInFlight, concurrency - maxInFlight),
    requestTimeoutMs,
    ...options.endpoints,
  });
  const logger = options.logger ?? silentLogger;
  // A Kysely over the host's pool; never destroyed here, so the pool stays open for the host.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: options.pgPool }), log: traceQuery });
  const ownTransport = options.transport
    ? null
    : new NodeWebhookTransport({ allowLoopback: options.allowLoopback ?? false, timeoutMs: requestTimeoutMs });
  // Each attempt in a span, with the traceparent header (no-ops until the host registers an SDK).
  const transport = tracingTransport(options.transport ?? (ownTransport as NodeWebhookTransport));
  const task = deliverEventTask({
    db,
    secretKeyring: options.secretKeyring ?? null,
    logger,
    transport,
    endpoints,
    retryDelaysMs: options.retryDelaysMs,
    retryJitter,
    disableFailingAfterMs: options.disableFailingAfterMs,
    clock: options.clock,
    observer: options.observer,
  });

  const checkpoints = options.consentCheckpoints;
  const taskList: TaskList = { [DELIVER_EVENT_TASK]: task };
  if (checkpoints) {
    taskList[CONSENT_CHECKPOINT_TASK] = async () => {
      const signed = await checkpoints.run();
      logger.info("consent checkpoints signed", { signed });
    };
  }
  const retention = options.retention;
  if (retention) {
    taskList[PRUNE_TASK] = async () => {
      const pruned = await pruneOnce(db, { ...retention, now: options.clock?.now() ?? new Date() });
      logger.info("old rows pruned", { ...pruned });
    };
  }
  // Parsed up front: a malformed schedule is an error of the options, not of a later start.
  const cronItems = parseCronItems([
    ...(checkpoints
      ? [
          {
            task: CONSENT_CHECKPOINT_TASK,
            match: checkpoints.schedule ?? DEFAULT_CONSENT_CHECKPOINT_SCHEDULE,
            options: { backfillPeriod: 0, maxAttempts: 3 },
            identifier: CONSENT_CHECKPOINT_TASK,
          },
        ]
      : []),
    ...(retention
      ? [
          {
            task: PRUNE_TASK,
            match: retention.schedule ?? DEFAULT_PRUNE_SCHEDULE,
            options: { backfillPeriod: 0, maxAttempts: 1 },
            identifier: PRUNE_TASK,
          },
        ]
      : []),
  ]);

  let stopping: Promise<void> | null = null;

  /** One graphile-worker runner and the heartbeat of its pool id. */
  interface Generation {
    runner: Runner;
    registry: WorkerRegistry;
    /** Settles with the reason once the runner's pool shuts down without being asked to. */
    died: Promise<string>;
    /** Set before this worker stops the runner itself. */
    stopRequested: boolean;
    /** Settles `died` (a stop wakes the supervisor without waiting on the runner). */
    end(reason: string): void;
  }
  const startGeneration = async (): Promise<Generation> => {
    // The pool id is what graphile-worker writes into locked_by: it names this runner in the registry.
    let poolId: string | null = null;
    let markDied: (reason: string) => void = () => {};
    const died = new Promise<string>((resolve) => {
      markDied = resolve;
    });
    const generation: Partial<Generation> & { stopRequested: boolean } = {
      stopRequested: false,
      died,
      end: (reason) => markDied(reason),
    };
    const events = new EventEmitter() as WorkerEvents;
    events.on("pool:create", ({ workerPool }) => {
      poolId = workerPool.id;
    });
    // The pool shutting down on its own is the signal, not the runner's promise: after two failed
    // job batches graphile-worker's batcher (0.17.3, 0.18.0) counts its pending work below zero,
    // its release never resolves, and neither does the runner's promise.
    events.on("pool:gracefulShutdown", ({ message }) => {
      if (!generation.stopRequested) markDied(`job runner shut down: ${message}`);
    });
    events.on("pool:forcefulShutdown", ({ message }) => {
      if (!generation.stopRequested) markDied(`job runner shut down forcefully: ${message}`);
    });
    const runner = await run({
      pgPool: options.pgPool,
      concurrency,
      noHandleSignals: true,
      pollInterval: options.pollIntervalMs ?? 2000,
      preset: {
        worker: {
          // Completed jobs are deleted together (one round trip per tick, not one per job). Fetching
          // in batches (the local queue) is opt-in: see `localQueueSize`.
          ...(localQueueSize > 1 ? { localQueue: { size: localQueueSize } } : {}),
          completeJobBatchDelay,
          // Always batched, never -1: graphile-worker does not await an unbatched completion or
          // failure, so a lost connection there is an unhandled rejection that ends the process. A
          // failed batch instead stops the runner, which is restarted below.
          failJobBatchDelay: 0,
        },
      },
      logger: graphileLogger(logger, () => stopping !== null),
      parsedCronItems: cronItems,
      events,
      taskList,
    });
    runner.promise.then(
      () => markDied("the job runner stopped"),
      (error: unknown) => markDied(errorMessage(error)),
    );
    try {
      if (poolId === null) throw new Error("runDeliveryWorker: graphile-worker did not report its pool id");
      const registry = await startWorkerRegistry({
        db,
        logger,
        workerId: poolId,
        heartbeatIntervalMs,
        staleWorkerAfterMs,
      });
      return Object.assign(generation, { runner, registry }) as Generation;
    } catch (error) {
      generation.stopRequested = true;
      await stopRunner(runner);
      throw error;
    }
  };

  /**
   * Stops a runner, waiting at most a request timeout and a few seconds: a runner whose pool is
   * stuck (the batcher bug above) never finishes stopping, and a host's shutdown must not hang on
   * it. Its jobs are then unlocked by the sweep of dead workers.
   */
  const stopRunner = async (runner: Runner): Promise<void> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limitMs = requestTimeoutMs + 5000;
    const stopped = await Promise.race([
      runner.stop().then(
        () => true,
        () => true, // "Runner is already stopped": it stopped on its own
      ),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), limitMs);
      }),
    ]);
    clearTimeout(timer);
    if (!stopped) logger.warn("delivery worker's job runner did not stop in time; leaving it", { limitMs });
  };

  let current: Generation;
  try {
    current = await startGeneration();
  } catch (error) {
    ownTransport?.close();
    throw error;
  }
  const relay = startOutboxRelay({
    db,
    logger,
    pollIntervalMs: options.relayPollIntervalMs ?? 200,
    observer: options.observer,
  });

  let status: DeliveryWorkerStatus = { state: "running", since: new Date(), restarts: 0, lastError: null };
  const setState = (state: DeliveryWorkerState, lastError = status.lastError) => {
    status = { state, since: new Date(), restarts: status.restarts, lastError };
    options.onStateChange?.(status);
  };
  let wakeSupervisor: (() => void) | null = null;

  // Watches the runner; when it stops on its own, starts another one until the database answers.
  const supervise = async (): Promise<void> => {
    const lost: string[] = [];
    while (stopping === null) {
      const generation = current;
      const reason = await generation.died;
      if (stopping !== null) return;
      logger.warn("delivery worker lost its job runner; restarting it", {
        reason,
        workerId: generation.registry.workerId,
      });
      setState("restarting", reason);
      generation.stopRequested = true;
      // Not awaited: a dead pool may never finish stopping (see startGeneration).
      void stopRunner(generation.runner);
      await generation.registry.stop({ forget: false });
      lost.push(generation.registry.workerId);
      let delay = restartMin;
      for (;;) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay * (0.5 + Math.random() / 2));
          wakeSupervisor = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeSupervisor = null;
        if (stopping !== null) return;
        try {
          current = await startGeneration();
          break;
        } catch (error) {
          logger.warn("delivery worker could not restart its job runner yet; retrying", {
            error: errorMessage(error),
            retryInMs: Math.min(restartMax, delay * 2),
          });
          delay = Math.min(restartMax, delay * 2);
        }
      }
      // The jobs the lost runner held (running or fetched ahead) run again now, not after the
      // stale-worker timeout. A failure here leaves them to the sweep of dead workers.
      await releaseDeliveryWorkers(db, lost).then(
        () => lost.splice(0),
        (error: unknown) =>
          logger.warn("could not unlock the jobs of the lost job runner yet", { error: errorMessage(error) }),
      );
      status = { ...status, restarts: status.restarts + 1 };
      setState("running", status.lastError);
      logger.info("delivery worker restarted its job runner", {
        workerId: current.registry.workerId,
        restarts: status.restarts,
      });
      if (stopping !== null) return;
    }
  };
  const supervisor = supervise();

  const stop = () => {
    stopping ??= (async () => {
      setState("stopping");
      wakeSupervisor?.();
      await relay.stop();
      // The supervisor waits on the runner: stop the runner first, then the supervisor returns. A
      // runner it started meanwhile is stopped too.
      let stopped: Generation | null = null;
      while (stopped !== current) {
        stopped = current;
        stopped.stopRequested = true;
        stopped.end("stopping");
        await stopRunner(stopped.runner);
        await supervisor;
      }
      await current.registry.stop({ forget: true });
      ownTransport?.close();
      setState("stopped");
    })();
    return stopping;
  };
  const promise = Promise.all([supervisor, relay.promise]).then(async () => {
    await stopping;
  });
  return {
    get workerId() {
      return current.registry.workerId;
    },
    nudge: () => relay.nudge(),
    status: () => status,
    stop,
    promise,
  };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
  /** Stops the heartbeat; `forget` also removes it (a clean stop: nothing is left to unlock). */
  stop(options: { forget: boolean }): Promise<void>;
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
  // A heartbeat or sweep that fails (the database is restarting) is tried again at its next tick;
  // the first failure in a row is a warning, the recovery an info line.
  const guard = (what: string, work: () => Promise<void>) => {
    let failing = false;
    return () => {
      work().then(
        () => {
          if (failing) logger.info(`delivery worker ${what} recovered`);
          failing = false;
        },
        (error: unknown) => {
          if (!failing) logger.warn(`delivery worker ${what} failed; retrying`, { error: errorMessage(error) });
          failing = true;
        },
      );
    };
  };
  const heartbeat = setInterval(
    guard("heartbeat", () => recordDeliveryWorkerHeartbeat(db, workerId)),
    options.heartbeatIntervalMs,
  );
  const sweeper = setInterval(guard("sweep", sweep), Math.max(1, Math.floor(staleWorkerAfterMs / 2)));
  return {
    workerId,
    async stop({ forget }) {
      clearInterval(heartbeat);
      clearInterval(sweeper);
      if (!forget) return;
      await removeDeliveryWorker(db, workerId).catch((error: unknown) =>
        logger.warn("could not remove the delivery worker's heartbeat", {
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    },
  };
}

/**
 * graphile-worker's log lines through the host's logger. Its error lines about a lost connection
 * are warnings here: the supervisor restarts the runner, and nothing is lost. `quiet` says the
 * worker is stopping, when its "Runner stopping" notices are expected.
 */
function graphileLogger(logger: Logger, quiet: () => boolean = () => false): GraphileLogger {
  return new GraphileLogger((scope) => (level, message, meta) => {
    const fields = { component: "graphile-worker", ...scope, ...meta };
    if (level === "error" && isDatabaseUnavailable(errorOf(meta))) logger.warn(message, fields);
    else if (level === "error") logger.error(message, fields);
    else if (level === "warning" && quiet()) logger.info(message, fields);
    else if (level === "warning") logger.warn(message, fields);
    else if (level === "info") logger.info(message, fields);
    else logger.debug(message, fields);
  });
}

/** The error graphile-worker attaches to a log line (`error`, or `fatalError` for a failed batch). */
function errorOf(meta: unknown): unknown {
  const { error, fatalError } = (meta ?? {}) as { error?: unknown; fatalError?: unknown };
  return error ?? fatalError;
}
