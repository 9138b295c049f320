import { type Database, traceQuery } from "@marketplace/adapters-postgres";
import { type Logger, silentLogger } from "@marketplace/core";
import { runMigrations } from "graphile-worker";
import { Kysely, PostgresDialect } from "kysely";
import type pg from "pg";
import { deliverEventTask } from "./deliver-event-task.ts";
import { type DeliveryWorkerOptions, resolveDeliveryWorkerOptions } from "./delivery-worker-options.ts";
import { deliveryWorkerSchedules } from "./delivery-worker-schedules.ts";
import {
  type DeliveryWorkerStatus,
  type RunnerSupervisor,
  startRunnerSupervisor,
} from "./delivery-worker-supervisor.ts";
import { EndpointGate } from "./endpoint-gate.ts";
import { graphileLogger } from "./graphile-logger.ts";
import { NodeWebhookTransport } from "./node-webhook-transport.ts";
import { DELIVER_EVENT_TASK, startOutboxRelay } from "./outbox-relay.ts";
import { tracingTransport } from "./telemetry.ts";

// The worker's parts, one job each: options (delivery-worker-options.ts), schedules
// (delivery-worker-schedules.ts), runner supervision (delivery-worker-supervisor.ts), heartbeats
// (delivery-worker-registry.ts). This module wires them. Its names stay importable from here.
export { DEFAULT_CONCURRENCY, type DeliveryWorkerOptions } from "./delivery-worker-options.ts";
export { CONSENT_CHECKPOINT_TASK, DEFAULT_CONSENT_CHECKPOINT_SCHEDULE } from "./delivery-worker-schedules.ts";
export type { DeliveryWorkerState, DeliveryWorkerStatus } from "./delivery-worker-supervisor.ts";
export { PRUNE_TASK } from "./retention.ts";

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
  const resolved = resolveDeliveryWorkerOptions(options);
  const endpoints = new EndpointGate(resolved.endpoints);
  const { logger } = resolved;
  // A Kysely over the host's pool; never destroyed here, so the pool stays open for the host.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: resolved.pgPool }), log: traceQuery });
  // Parsed before anything starts: a malformed schedule is an error of the options.
  const schedules = deliveryWorkerSchedules(resolved, db);
  const ownTransport = resolved.transport
    ? null
    : new NodeWebhookTransport({ allowLoopback: resolved.allowLoopback, timeoutMs: resolved.requestTimeoutMs });
  // Each attempt in a span, with the traceparent header (no-ops until the host registers an SDK).
  const transport = tracingTransport(resolved.transport ?? (ownTransport as NodeWebhookTransport));
  const deliver = deliverEventTask({
    db,
    secretKeyring: resolved.secretKeyring,
    logger,
    transport,
    endpoints,
    retryDelaysMs: resolved.retryDelaysMs,
    retryJitter: resolved.retryJitter,
    disableFailingAfterMs: resolved.disableFailingAfterMs,
    clock: resolved.clock,
    observer: resolved.observer,
  });

  let supervisor: RunnerSupervisor;
  try {
    supervisor = await startRunnerSupervisor({
      options: resolved,
      db,
      taskList: { [DELIVER_EVENT_TASK]: deliver, ...schedules.tasks },
      cronItems: schedules.cronItems,
    });
  } catch (error) {
    ownTransport?.close();
    throw error;
  }
  const relay = startOutboxRelay({
    db,
    logger,
    pollIntervalMs: resolved.relayPollIntervalMs,
    observer: resolved.observer,
  });

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= supervisor.stop({ before: () => relay.stop(), after: () => ownTransport?.close() });
    return stopping;
  };
  const promise = Promise.all([supervisor.done, relay.promise]).then(async () => {
    await stopping;
  });
  return {
    get workerId() {
      return supervisor.workerId;
    },
    nudge: () => relay.nudge(),
    status: () => supervisor.status(),
    stop,
    promise,
  };
}
