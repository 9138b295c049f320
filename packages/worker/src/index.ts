/**
 * @marketplace/worker: webhook delivery for the marketplace service, on graphile-worker. Embeddable:
 * takes the host's pg pool and returns a `{ stop, promise }` handle.
 *
 * @module
 */

export { type DeliverEventPayload, type DeliverEventTaskOptions, deliverEventTask } from "./deliver-event-task.ts";
export { DEFAULT_CONCURRENCY, type DeliveryWorkerOptions } from "./delivery-worker-options.ts";
export {
  recordDeliveryWorkerHeartbeat,
  releaseDeliveryWorkers,
  removeDeliveryWorker,
  type UnlockDeadWorkersOptions,
  unlockDeadDeliveryWorkers,
} from "./delivery-worker-registry.ts";
export { CONSENT_CHECKPOINT_TASK, DEFAULT_CONSENT_CHECKPOINT_SCHEDULE } from "./delivery-worker-schedules.ts";
export type { DeliveryWorkerState, DeliveryWorkerStatus } from "./delivery-worker-supervisor.ts";
export { EndpointGate, type EndpointGateOptions, type EndpointSnapshot } from "./endpoint-gate.ts";
export { NodeWebhookTransport, type NodeWebhookTransportOptions } from "./node-webhook-transport.ts";
export {
  DELIVER_EVENT_TASK,
  type OutboxRelay,
  type OutboxRelayOptions,
  relayOutboxBatch,
  type StartOutboxRelayOptions,
  startOutboxRelay,
} from "./outbox-relay.ts";
export {
  DEFAULT_PRUNE_SCHEDULE,
  PRUNE_TASK,
  type PruneResult,
  pruneOnce,
  type RetentionOptions,
} from "./retention.ts";
export { type DeliveryWorker, migrateWorkerSchema, runDeliveryWorker } from "./run-delivery-worker.ts";
export {
  contextOfTraceparent,
  type DeliveryAttemptObservation,
  type DeliveryObserver,
  type JobQueueDepth,
  jobQueueDepth,
  tracingTransport,
} from "./telemetry.ts";
export {
  addressRefusal,
  guardedLookup,
  RefusedTargetError,
  type TargetPolicy,
  urlRefusal,
} from "./webhook-target-guard.ts";
