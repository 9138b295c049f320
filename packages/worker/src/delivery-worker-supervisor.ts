import { EventEmitter } from "node:events";
import type { Database } from "@marketplace/adapters-postgres";
import { type ParsedCronItem, type Runner, run, type TaskList, type WorkerEvents } from "graphile-worker";
import type { Kysely } from "kysely";
import type { ResolvedDeliveryWorkerOptions } from "./delivery-worker-options.ts";
import { releaseDeliveryWorkers, startWorkerRegistry, type WorkerRegistry } from "./delivery-worker-registry.ts";
import { errorMessage } from "./error-message.ts";
import { graphileLogger } from "./graphile-logger.ts";

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

/** What the supervisor runs: the resolved options it reads, the database, and the runner's tasks. */
export interface RunnerSupervisorOptions {
  options: Pick<
    ResolvedDeliveryWorkerOptions,
    | "pgPool"
    | "logger"
    | "concurrency"
    | "pollIntervalMs"
    | "localQueueSize"
    | "completeJobBatchDelayMs"
    | "requestTimeoutMs"
    | "restartDelayMs"
    | "heartbeatIntervalMs"
    | "staleWorkerAfterMs"
    | "onStateChange"
  >;
  db: Kysely<Database>;
  taskList: TaskList;
  cronItems: ParsedCronItem[];
}

/** The job runner of a delivery worker, kept running until stopped. */
export interface RunnerSupervisor {
  /** The current runner's pool id (the `locked_by` of the jobs it holds); a restart changes it. */
  readonly workerId: string;
  /** The worker's state now. */
  status(): DeliveryWorkerStatus;
  /** Settles when supervision ends (after a stop); rejects if it fails. */
  done: Promise<void>;
  /**
   * Marks the worker stopping, runs `before` (what feeds the runner stops first), stops the runner
   * (the running jobs finish, the rest are handed back) and forgets its heartbeat, runs `after`,
   * then marks the worker stopped. Once: later calls return the same promise.
   */
  stop(steps: { before: () => Promise<void>; after: () => void }): Promise<void>;
}

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

/**
 * Starts a graphile-worker runner and supervises it (ADR-0032): when the runner stops on its own (a
 * connection lost while it fetched, completed or failed jobs), another one is started with a backoff
 * from `restartDelayMs.min` to `restartDelayMs.max` until the database answers, and the jobs the lost
 * runner held are unlocked at once. Each runner records its heartbeat (`startWorkerRegistry`).
 * Rejects when the first runner cannot start.
 */
export async function startRunnerSupervisor(setup: RunnerSupervisorOptions): Promise<RunnerSupervisor> {
  const { options, db, taskList, cronItems } = setup;
  const { logger, requestTimeoutMs } = options;
  let stopping: Promise<void> | null = null;

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
      concurrency: options.concurrency,
      noHandleSignals: true,
      pollInterval: options.pollIntervalMs,
      preset: {
        worker: {
          // Completed jobs are deleted together (one round trip per tick, not one per job). Fetching
          // in batches (the local queue) is opt-in: see `localQueueSize`.
          ...(options.localQueueSize > 1 ? { localQueue: { size: options.localQueueSize } } : {}),
          completeJobBatchDelay: options.completeJobBatchDelayMs,
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
        heartbeatIntervalMs: options.heartbeatIntervalMs,
        staleWorkerAfterMs: options.staleWorkerAfterMs,
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

  let current = await startGeneration();
  let status: DeliveryWorkerStatus = { state: "running", since: new Date(), restarts: 0, lastError: null };
  const setState = (state: DeliveryWorkerState, lastError = status.lastError) => {
    status = { state, since: new Date(), restarts: status.restarts, lastError };
    options.onStateChange?.(status);
  };
  let wakeSupervisor: (() => void) | null = null;

  // Watches the runner; when it stops on its own, starts another one until the database answers.
  const supervise = async (): Promise<void> => {
    const lost: string[] = [];
    const { min, max } = options.restartDelayMs;
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
      let delay = min;
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
            retryInMs: Math.min(max, delay * 2),
          });
          delay = Math.min(max, delay * 2);
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
  const done = supervise();

  const stop: RunnerSupervisor["stop"] = (steps) => {
    stopping ??= (async () => {
      setState("stopping");
      wakeSupervisor?.();
      await steps.before();
      // The supervisor waits on the runner: stop the runner first, then the supervisor returns. A
      // runner it started meanwhile is stopped too.
      let stopped: Generation | null = null;
      while (stopped !== current) {
        stopped = current;
        stopped.stopRequested = true;
        stopped.end("stopping");
        await stopRunner(stopped.runner);
        await done;
      }
      await current.registry.stop({ forget: true });
      steps.after();
      setState("stopped");
    })();
    return stopping;
  };
  return {
    get workerId() {
      return current.registry.workerId;
    },
    status: () => status,
    done,
    stop,
  };
}
