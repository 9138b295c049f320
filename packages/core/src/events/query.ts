/**
 * The events API's rules: which events a team sees, the filters of a list, and how far back events
 * are kept.
 *
 * A team sees the events its webhooks would receive, whether or not it has any: those whose
 * audience names the team (as a provider or as a reseller) and whose type the team may subscribe to
 * (resellers: the four order types). A hybrid team in both audiences of an event sees it once.
 *
 * @module
 */

import {
  documented,
  type JsonSchema,
  objectSchema,
  optional,
  type ParseResult,
  parseObject,
} from "../fields/fields.ts";
import { timestamp } from "../fields/format-fields.ts";
import type { TeamRole } from "../teams/index.ts";
import type { EventType } from "./events.ts";
import { subscribableEventTypes } from "./events.ts";

/** How long events and delivery records are kept by default: 30 days. */
export const DEFAULT_EVENT_RETENTION_DAYS = 30;

/** Events an unpaginated list returns (the newest), as for the delivery log. */
export const EVENT_LIST_LIMIT = 50;

/** Which of a team's events a list returns. */
export interface EventFilter {
  /** The types to return (never empty): the `type` filter, or every type the team may subscribe to. */
  types: readonly EventType[];
  /** Only events created strictly after this instant. */
  createdAfter: Date | null;
  /** Only events created strictly before this instant. */
  createdBefore: Date | null;
}

/** The events-list query as sent (query-string values; limit and cursor are the page's). */
export interface EventQuery {
  type?: string;
  createdAfter?: string;
  createdBefore?: string;
}

const TIMESTAMP_FIELDS = {
  createdAfter: optional(documented(timestamp(), { description: "Only events created after this instant" })),
  createdBefore: optional(documented(timestamp(), { description: "Only events created before this instant" })),
};

/** JSON Schema of the events-list filters (the HTTP layer documents its query with it). */
export function eventQuerySchema(role: TeamRole = "provider"): JsonSchema {
  const schema = objectSchema(TIMESTAMP_FIELDS);
  const properties = schema.properties as Record<string, JsonSchema>;
  return {
    ...schema,
    properties: {
      type: {
        type: "string",
        description: `One event type, or several separated by commas: ${subscribableEventTypes(role).join(", ")}`,
        example: "order.created,order.cancelled",
      },
      ...properties,
    },
  };
}

/**
 * Parses the filters of an events list for a team of `role`: `type` one subscribable type or a comma
 * list of them, the timestamps in the spec's form, `createdAfter` not after `createdBefore`.
 *
 * @example
 * parseEventQuery({ type: "order.created,nope" }, "reseller").ok; // false
 */
export function parseEventQuery(input: EventQuery, role: TeamRole): ParseResult<EventFilter> {
  const allowed = subscribableEventTypes(role);
  const problems: string[] = [];
  let types: EventType[] = [...allowed];
  if (input.type !== undefined) {
    const named = input.type.split(",").map((part) => part.trim());
    const bad = named.filter((part) => !(allowed as readonly string[]).includes(part));
    if (typeof input.type !== "string" || bad.length > 0) {
      problems.push(`type must be one of the following values, or several separated by commas: ${allowed.join(", ")}`);
    } else types = [...new Set(named as EventType[])];
  }
  const times = parseObject(TIMESTAMP_FIELDS, {
    ...(input.createdAfter !== undefined ? { createdAfter: input.createdAfter } : {}),
    ...(input.createdBefore !== undefined ? { createdBefore: input.createdBefore } : {}),
  });
  if (!times.ok) problems.push(...times.problems);
  if (problems.length > 0) return { ok: false, problems };
  const { createdAfter = null, createdBefore = null } = times.ok ? times.value : {};
  if (createdAfter && createdBefore && createdAfter.getTime() > createdBefore.getTime()) {
    return { ok: false, problems: ["createdAfter must not be after createdBefore"] };
  }
  return { ok: true, value: { types, createdAfter, createdBefore } };
}

/** The oldest instant still inside a retention window of `days` at `now`. */
export function retentionStart(now: Date, days: number = DEFAULT_EVENT_RETENTION_DAYS): Date {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}
