import type { DeliveryQueue } from "@marketplace/core";
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";
import { currentTraceparent } from "./tracing.ts";

/**
 * Queues test and redelivery requests in the caller's transaction, as outbox entries naming the
 * webhook: the request exists if and only if the transaction commits, and reaches the job queue
 * through the same relay as events (see @marketplace/worker's `relayOutboxBatch`). This package
 * knows nothing of the job queue itself.
 */
export class PostgresDeliveryQueue implements DeliveryQueue {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly onQueued: () => void = () => {},
  ) {}

  async enqueue(request: { eventId: string; webhookId: string; trigger: "test" | "redelivery" }): Promise<void> {
    await this.db
      .insertInto("event_outbox")
      .values({
        event_id: request.eventId,
        webhook_id: request.webhookId,
        trigger: request.trigger,
        traceparent: currentTraceparent(),
      })
      .execute();
    this.onQueued();
  }
}
