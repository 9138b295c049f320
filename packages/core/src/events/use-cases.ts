/**
 * The events API: a team reads the events its webhooks would receive (the delivered envelope), to
 * reconcile after downtime by pulling instead of waiting for retries.
 *
 * @module
 */

import { InvalidInputError, NotFoundError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import { type ListResult, type PageRequest, toListResult } from "../pagination.ts";
import type { Principal } from "../teams/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import type { EventEnvelope } from "./events.ts";
import { subscribableEventTypes } from "./events.ts";
import {
  DEFAULT_EVENT_RETENTION_DAYS,
  EVENT_LIST_LIMIT,
  type EventFilter,
  type EventQuery,
  parseEventQuery,
  retentionStart,
} from "./query.ts";

/** Options of `eventUseCases`. */
export interface EventUseCaseOptions {
  /** How many days events are kept and listed; default 30. */
  retentionDays?: number;
}

/** A team's events, as delivered. */
export interface EventUseCases {
  /**
   * The team's events inside the retention window, newest first, filtered (`type`, `createdAfter`,
   * `createdBefore`); the 50 newest when not paginated. InvalidInputError for a bad filter.
   */
  list(principal: Principal, query: EventQuery, page: PageRequest): Promise<ListResult<EventEnvelope>>;
  /** One of the team's events; NotFoundError when absent, another team's, or past the window. */
  get(principal: Principal, eventId: string): Promise<EventEnvelope>;
}

export function eventUseCases(
  ctx: UseCaseContext<"webhookDeliveries">,
  options: EventUseCaseOptions = {},
): EventUseCases {
  const { unitOfWork, clock } = ctx;
  const retentionDays = options.retentionDays ?? DEFAULT_EVENT_RETENTION_DAYS;

  /** The filter, its lower bound raised to the retention window. */
  function withinWindow(filter: EventFilter): EventFilter {
    const start = retentionStart(clock.now(), retentionDays);
    const after = filter.createdAfter && filter.createdAfter > start ? filter.createdAfter : start;
    return { ...filter, createdAfter: after };
  }

  return {
    async list(principal, query, page) {
      const parsed = parseEventQuery(query, principal.role);
      if (!parsed.ok) throw new InvalidInputError(parsed.problems);
      const filter = withinWindow(parsed.value);
      const { webhookDeliveries } = unitOfWork.repositories;
      if (page.kind === "all") {
        // Unpaginated callers get the newest 50, as for the delivery log.
        return webhookDeliveries
          .listTeamEvents(principal.teamId, filter, {
            kind: "page",
            limit: EVENT_LIST_LIMIT,
            after: null,
          })
          .then((rows) => rows.slice(0, EVENT_LIST_LIMIT));
      }
      return toListResult("events", page, await webhookDeliveries.listTeamEvents(principal.teamId, filter, page));
    },

    async get(principal, eventId) {
      const filter = withinWindow({
        types: subscribableEventTypes(principal.role),
        createdAfter: null,
        createdBefore: null,
      });
      const event = isUuidV4(eventId)
        ? await unitOfWork.repositories.webhookDeliveries.findTeamEvent(principal.teamId, eventId, filter)
        : null;
      if (!event) throw new NotFoundError("Event", eventId);
      return event;
    },
  };
}
