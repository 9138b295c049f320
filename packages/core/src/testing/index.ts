/**
 * `@marketplace/core/testing`: an in-memory implementation of every port, for unit tests of code
 * built on the core (`createMarketplace`), with no database, under Node, Deno or Bun. It keeps the
 * rules the SQL adapter keeps (unique and foreign keys the core relies on, list order, pagination,
 * transactions that roll back), checked by the same contract suites as `@marketplace/adapters-postgres`.
 *
 * @example
 * const marketplace = createMarketplace({ unitOfWork: new InMemoryUnitOfWork() });
 *
 * @example One use case over the test's own fake of the one repository it names.
 * const useCases = brandUseCases({ unitOfWork: scopedUnitOfWork({ brands }), clock, ids, logger });
 *
 * @example Webhook deliveries: events committed through the outbox are jobs a test reads and runs.
 * const transport = new RecordingWebhookTransport();
 * await deliveryJobs(unitOfWork); // [{ seq: 1, eventId, webhookId: null, trigger: "event", … }]
 * await runDeliveryJobs(unitOfWork, { transport }); // one request per subscribed webhook
 *
 * @module
 */

export { InMemoryApiKeyChangeFeed } from "./api-key-change-feed.ts";
export {
  type DeliveryJobRun,
  deliveryJobs,
  type QueuedDeliveryJob,
  type RunDeliveryJobsOptions,
  runDeliveryJobs,
} from "./delivery-jobs.ts";
export { InMemoryConstraintError } from "./in-memory-database.ts";
export { InMemoryUnitOfWork, type InMemoryUnitOfWorkOptions } from "./in-memory-unit-of-work.ts";
export { InMemoryWebhookAttemptFeed } from "./in-memory-webhook-attempt-feed.ts";
export {
  OK_RESPONSE,
  type RecordedWebhookRequest,
  RecordingWebhookTransport,
  type WebhookAnswer,
} from "./recording-webhook-transport.ts";
export { scopedUnitOfWork } from "./scoped-unit-of-work.ts";
