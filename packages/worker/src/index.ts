/**
 * @marketplace/worker: webhook delivery for the marketplace service, on graphile-worker. Embeddable:
 * takes the host's pg pool and returns a `{ stop, promise }` handle.
 *
 * @module
 */

export { type DeliverEventPayload, deliverEventTask } from "./deliver-event-task.ts";
export {
  type DeliveryWorker,
  type DeliveryWorkerOptions,
  migrateWorkerSchema,
  runDeliveryWorker,
} from "./run-delivery-worker.ts";
