import { NotFoundError } from "@marketplace/core";
import type { DeliveryQueue } from "@marketplace/core/webhooks";
import { type Kysely, sql } from "kysely";
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

  async startRecovery(request: {
    webhookId: string;
    eventIds: readonly string[];
    at: Date;
    staleAfterMs: number;
  }): Promise<boolean> {
    // Taken only when no recovery is in progress (none, all run, or one gone stale); the row lock
    // makes a concurrent second request wait, then find this one in progress. The row is selected
    // from the webhook, locked (`for key share`): an unknown or concurrently deleted webhook gives
    // no row rather than a foreign-key error, which would abort the caller's transaction.
    const staleBefore = new Date(request.at.getTime() - request.staleAfterMs);
    const started = await this.db
      .insertInto("webhook_recoveries")
      .columns(["webhook_id", "pending", "started_at"])
      .expression(
        sql`select id, ${request.eventIds.length}::integer, ${request.at}::timestamptz
          from webhooks where id = ${request.webhookId}::uuid for key share`,
      )
      .onConflict((oc) =>
        oc
          .column("webhook_id")
          .doUpdateSet({ pending: request.eventIds.length, started_at: request.at })
          .where(sql<boolean>`webhook_recoveries.pending <= 0 or webhook_recoveries.started_at < ${staleBefore}`),
      )
      .returning("webhook_id")
      .executeTakeFirst();
    if (!started) {
      const webhook = await this.db
        .selectFrom("webhooks")
        .select("id")
        .where("id", "=", request.webhookId)
        .executeTakeFirst();
      if (!webhook) throw new NotFoundError("Webhook", request.webhookId);
    }
    if (!started) return false;
    await this.db
      .insertInto("event_outbox")
      .values(
        request.eventIds.map((eventId) => ({ event_id: eventId, webhook_id: request.webhookId, trigger: "recovery" })),
      )
      .execute();
    this.onQueued();
    return true;
  }
}
