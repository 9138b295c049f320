import {
  type Clock,
  DEFAULT_RETRY_DELAYS_MS,
  DELIVERY_TIMEOUT_MS,
  type Logger,
  type SecretKeyring,
  silentLogger,
  systemClock,
  type WebhookTransport,
} from "@marketplace/core";
import { DEFAULT_DISABLE_FAILING_AFTER_MS, DEFAULT_RETRY_JITTER } from "@marketplace/core/webhooks";
import type pg from "pg";
import { DEFAULT_CONSENT_CHECKPOINT_SCHEDULE } from "./delivery-worker-schedules.ts";
import type { DeliveryWorkerStatus } from "./delivery-worker-supervisor.ts";
import type { EndpointGateOptions } from "./endpoint-gate.ts";
import { DEFAULT_PRUNE_SCHEDULE, type RetentionOptions } from "./retention.ts";
import type { DeliveryObserver } from "./telemetry.ts";

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

/**
 * Every option of `runDeliveryWorker` with its default applied and its bounds checked: what the
 * worker's parts (schedules, supervisor, registry, delivery task) are built from.
 */
export interface ResolvedDeliveryWorkerOptions {
  pgPool: pg.Pool;
  logger: Logger;
  concurrency: number;
  /** The endpoint gate's options: the caller's over the defaults derived from `concurrency`. */
  endpoints: EndpointGateOptions & { maxInFlight: number; maxWaiting: number; requestTimeoutMs: number };
  restartDelayMs: { min: number; max: number };
  onStateChange: ((status: DeliveryWorkerStatus) => void) | null;
  pollIntervalMs: number;
  localQueueSize: number;
  completeJobBatchDelayMs: number;
  relayPollIntervalMs: number;
  allowLoopback: boolean;
  requestTimeoutMs: number;
  retryDelaysMs: readonly number[];
  disableFailingAfterMs: number;
  clock: Clock;
  retryJitter: number;
  heartbeatIntervalMs: number;
  staleWorkerAfterMs: number;
  /** The caller's transport, or null: the worker sends with a `NodeWebhookTransport` of its own. */
  transport: WebhookTransport | null;
  /** The checkpoint cron item, its schedule resolved; null when off. */
  consentCheckpoints: { run: () => Promise<unknown>; schedule: string } | null;
  /** The pruning cron item, its schedule resolved (the rest defaults in `pruneOnce`); null when off. */
  retention: (RetentionOptions & { schedule: string }) | null;
  observer: DeliveryObserver | undefined;
  secretKeyring: SecretKeyring | null;
}

/**
 * The options of `runDeliveryWorker`, complete: each default applied, each number checked (a
 * `TypeError` for a missing pool, a `RangeError` naming the option for a value out of bounds).
 * Pure: it builds nothing and starts nothing. Cron patterns are checked where the cron list is built
 * (`deliveryWorkerSchedules`), the endpoint gate's own options by the gate.
 *
 * @example
 * resolveDeliveryWorkerOptions({ pgPool: pool, concurrency: 8 }).endpoints.maxInFlight; // 2
 */
export function resolveDeliveryWorkerOptions(options: DeliveryWorkerOptions): ResolvedDeliveryWorkerOptions {
  if (!options?.pgPool) throw new TypeError("runDeliveryWorker: options.pgPool is required");
  const concurrency = positiveInteger("concurrency", options.concurrency, DEFAULT_CONCURRENCY);
  const heartbeatIntervalMs = positiveInteger("heartbeatIntervalMs", options.heartbeatIntervalMs, 5000);
  const staleWorkerAfterMs = positiveInteger("staleWorkerAfterMs", options.staleWorkerAfterMs, 30_000);
  if (staleWorkerAfterMs < 2 * heartbeatIntervalMs) {
    throw new RangeError(
      `runDeliveryWorker: staleWorkerAfterMs (${staleWorkerAfterMs}) must be at least twice heartbeatIntervalMs (${heartbeatIntervalMs})`,
    );
  }
  const requestTimeoutMs = positiveInteger("requestTimeoutMs", options.requestTimeoutMs, DELIVERY_TIMEOUT_MS);
  const localQueueSize = positiveInteger("localQueueSize", options.localQueueSize, 1);
  const completeJobBatchDelayMs = options.completeJobBatchDelayMs ?? 0;
  if (!Number.isInteger(completeJobBatchDelayMs) || completeJobBatchDelayMs < 0) {
    throw new RangeError(
      `runDeliveryWorker: completeJobBatchDelayMs must be a non-negative integer, got ${completeJobBatchDelayMs}`,
    );
  }
  for (const delay of options.retryDelaysMs ?? []) {
    if (!Number.isFinite(delay) || delay < 0) {
      throw new RangeError(`runDeliveryWorker: retryDelaysMs must hold non-negative numbers, got ${delay}`);
    }
  }
  const retryJitter = options.retryJitter ?? DEFAULT_RETRY_JITTER;
  if (!(retryJitter >= 0 && retryJitter <= 1)) {
    throw new RangeError(`runDeliveryWorker: retryJitter must be from 0 to 1, got ${retryJitter}`);
  }
  const min = positiveInteger("restartDelayMs.min", options.restartDelayMs?.min, 250);
  const max = positiveInteger("restartDelayMs.max", options.restartDelayMs?.max, 5000);
  if (max < min) {
    throw new RangeError(
      `runDeliveryWorker: restartDelayMs.max (${max}) must not be below restartDelayMs.min (${min})`,
    );
  }
  const maxInFlight = options.endpoints?.maxInFlight ?? Math.max(1, Math.floor(concurrency / 4));
  const { consentCheckpoints: checkpoints, retention } = options;
  return {
    pgPool: options.pgPool,
    logger: options.logger ?? silentLogger,
    concurrency,
    endpoints: {
      maxInFlight,
      // A prompt endpoint's excess waits in the slots the others are not using, instead of being
      // deferred and fetched again (see EndpointGateOptions.maxWaiting).
      maxWaiting: Math.max(maxInFlight, concurrency - maxInFlight),
      requestTimeoutMs,
      ...options.endpoints,
    },
    restartDelayMs: { min, max },
    onStateChange: options.onStateChange ?? null,
    pollIntervalMs: options.pollIntervalMs ?? 2000,
    localQueueSize,
    completeJobBatchDelayMs,
    relayPollIntervalMs: options.relayPollIntervalMs ?? 200,
    allowLoopback: options.allowLoopback ?? false,
    requestTimeoutMs,
    retryDelaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    disableFailingAfterMs: options.disableFailingAfterMs ?? DEFAULT_DISABLE_FAILING_AFTER_MS,
    clock: options.clock ?? systemClock,
    retryJitter,
    heartbeatIntervalMs,
    staleWorkerAfterMs,
    transport: options.transport ?? null,
    consentCheckpoints: checkpoints
      ? { run: checkpoints.run, schedule: checkpoints.schedule ?? DEFAULT_CONSENT_CHECKPOINT_SCHEDULE }
      : null,
    retention: retention ? { ...retention, schedule: retention.schedule ?? DEFAULT_PRUNE_SCHEDULE } : null,
    observer: options.observer,
    secretKeyring: options.secretKeyring ?? null,
  };
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  const resolved = value ?? fallback;
  if (!Number.isInteger(resolved) || resolved < 1) {
    throw new RangeError(`runDeliveryWorker: ${name} must be a positive integer, got ${resolved}`);
  }
  return resolved;
}
