/**
 * @marketplace/worker: webhook delivery for the marketplace service, on graphile-worker. Embeddable:
 * takes the host's pg pool and returns a `{ stop, promise }` handle.
 *
 * @module
 */

export { type DeliverEventPayload, type DeliverEventTaskOptions, deliverEventTask } from "./deliver-event-task.ts";
export { NodeWebhookTransport, type NodeWebhookTransportOptions } from "./node-webhook-transport.ts";
export {
  type DeliveryWorker,
  type DeliveryWorkerOptions,
  migrateWorkerSchema,
  runDeliveryWorker,
} from "./run-delivery-worker.ts";
export {
  addressRefusal,
  guardedLookup,
  RefusedTargetError,
  type TargetPolicy,
  urlRefusal,
} from "./webhook-target-guard.ts";
