import type { Database } from "@marketplace/adapters-postgres";
import type { Logger } from "@marketplace/core";
import type { Task } from "graphile-worker";
import type { Kysely } from "kysely";

/** Payload of a delivery job. */
export interface DeliverEventPayload {
  eventId: string;
}

function isPayload(value: unknown): value is DeliverEventPayload {
  return typeof value === "object" && value !== null && typeof (value as DeliverEventPayload).eventId === "string";
}

/**
 * The task behind each event's job. It loads the recorded event; resolving webhook targets and
 * sending signed requests is the webhooks capability, which plugs in here.
 */
export function deliverEventTask(options: { db: Kysely<Database>; logger: Logger }): Task {
  const { db, logger } = options;
  return async (payload, helpers) => {
    if (!isPayload(payload)) {
      logger.error("delivery job has a malformed payload; dropping it", { jobId: helpers.job.id });
      return;
    }
    const event = await db
      .selectFrom("events")
      .select(["id", "type", "created_at"])
      .where("id", "=", payload.eventId)
      .executeTakeFirst();
    if (!event) {
      logger.warn("delivery job names an unknown event; dropping it", { eventId: payload.eventId });
      return;
    }
    logger.debug("event has no delivery targets", {
      eventId: event.id,
      type: event.type,
      attempt: helpers.job.attempts,
    });
  };
}
