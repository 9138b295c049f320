/**
 * The in-memory adapter's delivery queue, read and run by tests in place of the worker: each
 * committed outbox entry is a job (an event's subscription round, or a test, redelivery or recovery
 * of one webhook), run with the core's `deliverEvent` as the worker's task runs it.
 *
 * @module
 */

import { silentLogger } from "../logger.ts";
import type { Logger, UnitOfWork } from "../ports.ts";
import type { Clock, IdGenerator } from "../shared-ports.ts";
import type { WebhookTransport } from "../webhooks/index.ts";
import { DEFAULT_RETRY_DELAYS_MS, type DeliveryRound, deliverEvent, nextRetryDelayMs } from "../webhooks/index.ts";
import type { InMemoryWebhookAttemptFeed } from "./in-memory-webhook-attempt-feed.ts";
import { InMemoryDeliveryQueue } from "./repositories/delivery-queue.ts";
import type { OutboxEntry } from "./repositories/events.ts";

/** A queued delivery job: an entry of the in-memory outbox. */
export type QueuedDeliveryJob = OutboxEntry;

/** Options of `runDeliveryJobs`. */
export interface RunDeliveryJobsOptions {
  /** Sends the requests (see `RecordingWebhookTransport`). */
  transport: WebhookTransport;
  /** Attempt times and which jobs are due; default the system clock. */
  clock?: Clock;
  ids?: IdGenerator;
  logger?: Logger;
  /** Told of every attempt recorded (the dashboard's live tail). */
  attempts?: InMemoryWebhookAttemptFeed;
  /** Delays before attempts 2, 3, … of a failed subscription round; default the service's schedule. */
  retryDelaysMs?: readonly number[];
  /** How long every attempt at a webhook must fail before it is disabled; default 5 days. */
  disableFailingAfterMs?: number;
}

/** A job run, and the round it ran. */
export interface DeliveryJobRun {
  job: QueuedDeliveryJob;
  round: DeliveryRound;
}

async function withQueue<T>(unitOfWork: UnitOfWork, work: (queue: InMemoryDeliveryQueue) => T): Promise<T> {
  return unitOfWork.transaction(async (scope) => {
    if (!(scope.deliveryQueue instanceof InMemoryDeliveryQueue)) {
      throw new TypeError("delivery jobs: the unit of work is not an InMemoryUnitOfWork");
    }
    return work(scope.deliveryQueue);
  });
}

/** The committed jobs waiting, in queue order (due or not). */
export function deliveryJobs(unitOfWork: UnitOfWork): Promise<QueuedDeliveryJob[]> {
  return withQueue(unitOfWork, (queue) => queue.entries());
}

/**
 * Runs the jobs due now (`clock`), in queue order, each once, as the worker would: a subscription
 * round that fails is queued again for its next attempt, due after the schedule's delay (no jitter)
 * unless it was the last; tests and redeliveries are one attempt each; each job of a recovery counts
 * down its progress. Jobs queued while running wait for the next call. Returns what ran.
 *
 * @example
 * const unitOfWork = new InMemoryUnitOfWork();
 * const transport = new RecordingWebhookTransport();
 * // … place an order through createMarketplace({ unitOfWork }) …
 * await runDeliveryJobs(unitOfWork, { transport });
 * transport.requests.length; // one per subscribed webhook
 */
export async function runDeliveryJobs(
  unitOfWork: UnitOfWork,
  options: RunDeliveryJobsOptions,
): Promise<DeliveryJobRun[]> {
  const clock = options.clock ?? { now: () => new Date() };
  const now = clock.now().getTime();
  const due = await withQueue(unitOfWork, (queue) => {
    const jobs = queue.entries().filter((job) => job.notBefore === null || job.notBefore.getTime() <= now);
    queue.remove(jobs.map((job) => job.seq));
    return jobs;
  });
  const delaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const runs: DeliveryJobRun[] = [];
  for (const job of due) {
    const round = await deliverEvent(
      { eventId: job.eventId, attempt: job.attempt, trigger: job.trigger, webhookId: job.webhookId },
      {
        webhooks: unitOfWork.repositories.webhooks,
        deliveries: unitOfWork.repositories.webhookDeliveries,
        transport: options.transport,
        clock,
        ids: options.ids,
        logger: options.logger ?? silentLogger,
        disableFailingAfterMs: options.disableFailingAfterMs,
      },
    );
    runs.push({ job, round });
    if ("deliveries" in round) for (const delivery of round.deliveries) options.attempts?.publish(delivery);
    if (job.trigger === "recovery" && job.webhookId !== null) {
      const webhookId = job.webhookId;
      await withQueue(unitOfWork, (queue) => queue.recoveryEventRan(webhookId));
    }
    if (round.outcome !== "failed" || job.trigger !== "event") continue;
    const failedAt = clock.now().getTime();
    const retryAfterMs = round.retryAfter ? Math.max(0, round.retryAfter.getTime() - failedAt) : null;
    const delay = nextRetryDelayMs(job.attempt, retryAfterMs, { delaysMs, jitter: 0 });
    if (delay === null) continue;
    const next = { eventId: job.eventId, attempt: job.attempt + 1, notBefore: new Date(failedAt + delay) };
    await withQueue(unitOfWork, (queue) => queue.retry(next));
  }
  return runs;
}
