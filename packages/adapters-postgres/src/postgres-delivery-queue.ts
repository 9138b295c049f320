import type { DeliveryQueue } from "@marketplace/core";
import { type Kysely, sql } from "kysely";
import { DELIVER_EVENT_TASK } from "./outbox-relay.ts";
import type { Database } from "./schema.ts";

/** Options of `PostgresDeliveryQueue`. */
export interface PostgresDeliveryQueueOptions {
  /** Schema of graphile-worker; default `graphile_worker`. */
  workerSchema?: string;
  /** Tries of a queued job when the worker itself fails (not the receiver); default 3. */
  maxAttempts?: number;
}

/**
 * Queues test and redelivery jobs with graphile-worker's `add_job` in the caller's transaction: the
 * job exists if and only if the transaction commits. One NOTIFY per call, which is fine for these
 * rare, explicit requests (events themselves go through the outbox and its batched relay).
 */
export class PostgresDeliveryQueue implements DeliveryQueue {
  private readonly schema: string;
  private readonly maxAttempts: number;

  constructor(
    private readonly db: Kysely<Database>,
    options: PostgresDeliveryQueueOptions = {},
  ) {
    this.schema = options.workerSchema ?? "graphile_worker";
    this.maxAttempts = options.maxAttempts ?? 3;
  }

  async enqueue(request: { eventId: string; webhookId: string; trigger: "test" | "redelivery" }): Promise<void> {
    const payload = JSON.stringify({
      eventId: request.eventId,
      webhookId: request.webhookId,
      trigger: request.trigger,
    });
    await sql`
      select 1 from ${sql.id(this.schema, "add_job")}(
        ${DELIVER_EVENT_TASK}, ${payload}::json, max_attempts => ${this.maxAttempts}::integer
      )
    `.execute(this.db);
  }
}
