/**
 * The team-wide delivery log as the webhooks portal reads it: every attempt of the team's webhooks,
 * filtered (endpoint, event type, outcome, HTTP status, trigger, time range, event id, order id),
 * newest first; each endpoint's health over the last 24 hours; an order's events in sequence order.
 *
 * @module
 */

import { isUuidV4 } from "../ids.ts";
import type { DeliveryTrigger, WebhookDelivery } from "./webhook-rules.ts";

/** The triggers as the portal names them (`event` is the automatic delivery, `redelivery` a manual resend). */
export const ATTEMPT_TRIGGER_NAMES: Readonly<Record<DeliveryTrigger, string>> = {
  event: "automatic",
  redelivery: "manual",
  test: "test",
  recovery: "recovery",
};

/** Which attempts of a team a list returns (all combined with AND). */
export interface AttemptFilter {
  webhookId?: string;
  eventType?: string;
  /** `succeeded` (2xx in time) or `failed`. */
  outcome?: "succeeded" | "failed";
  /** The response status; 0 for attempts that got no response. */
  statusCode?: number;
  trigger?: DeliveryTrigger;
  /** Only attempts made at or after this instant. */
  from?: Date;
  /** Only attempts made before this instant. */
  to?: Date;
  eventId?: string;
  /** Only attempts of events about this order (`data.orderId`). */
  orderId?: string;
}

/** The filters as typed into a form or a query string (all strings). */
export type AttemptQuery = Partial<Record<keyof AttemptFilter, string>>;

/** How one endpoint did over a window. */
export interface EndpointHealth {
  webhookId: string;
  attempts: number;
  successes: number;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastSuccess: boolean | null;
}

/** An event about an order, as its timeline shows it. */
export interface OrderTimelineEvent {
  id: string;
  type: string;
  createdAt: Date;
  /** The per-order sequence (null for events recorded before sequences existed). */
  sequence: number | null;
  /** Every attempt at every endpoint of the team, oldest first. */
  attempts: WebhookDelivery[];
}

/** How far a recovery has got. */
export interface RecoveryProgress {
  webhookId: string;
  startedAt: Date;
  /** Events still to send (0: done). */
  pending: number;
  /** Recovery attempts made since it started. */
  sent: number;
}

/** The outcome of parsing the filters: the filter, or problems by field name. */
export type ParsedAttemptQuery = { ok: true; value: AttemptFilter } | { ok: false; problems: Record<string, string> };

const TRIGGERS_BY_NAME = new Map<string, DeliveryTrigger>(
  Object.entries(ATTEMPT_TRIGGER_NAMES).map(([trigger, name]) => [name, trigger as DeliveryTrigger]),
);

/**
 * Parses the deliveries filters (empty strings are "any"); problems name the field in words a
 * person reads. `allowedTypes` are the event types the team sees (plus the test event).
 *
 * @example
 * parseAttemptQuery({ statusCode: "500", trigger: "manual" }, ["order.created"]);
 * // { ok: true, value: { statusCode: 500, trigger: "redelivery" } }
 */
export function parseAttemptQuery(query: AttemptQuery, allowedTypes: readonly string[]): ParsedAttemptQuery {
  const problems: Record<string, string> = {};
  const value: AttemptFilter = {};
  const text = (name: keyof AttemptFilter) => (query[name] ?? "").trim();
  for (const name of ["webhookId", "eventId", "orderId"] as const) {
    const id = text(name);
    if (id === "") continue;
    if (!isUuidV4(id)) problems[name] = "must be an id such as 3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21";
    else value[name] = id;
  }
  const type = text("eventType");
  if (type !== "") {
    if (!allowedTypes.includes(type)) problems.eventType = `must be one of: ${allowedTypes.join(", ")}`;
    else value.eventType = type;
  }
  const outcome = text("outcome");
  if (outcome === "succeeded" || outcome === "failed") value.outcome = outcome;
  else if (outcome !== "") problems.outcome = "must be succeeded or failed";
  const status = text("statusCode");
  if (status !== "") {
    if (!/^\d{1,3}$/.test(status) || (Number(status) !== 0 && (Number(status) < 100 || Number(status) > 599))) {
      problems.statusCode = "must be an HTTP status from 100 to 599, or 0 for no response";
    } else value.statusCode = Number(status);
  }
  const trigger = text("trigger");
  if (trigger !== "") {
    const found = TRIGGERS_BY_NAME.get(trigger);
    if (!found) problems.trigger = `must be one of: ${[...TRIGGERS_BY_NAME.keys()].join(", ")}`;
    else value.trigger = found;
  }
  // A form's datetime-local (no zone) is read as UTC, as every time in the dashboard is shown.
  const time = (raw: string): Date | null => {
    const at = new Date(/(Z|[+-]\d\d:\d\d)$/.test(raw) ? raw : `${raw}Z`);
    return Number.isNaN(at.getTime()) ? null : at;
  };
  const timeProblem = "must be a date and time such as 2026-11-27T09:30";
  const start = (query.from ?? "").trim();
  if (start !== "") {
    const at = time(start);
    if (at) value.from = at;
    else problems.from = timeProblem;
  }
  const end = (query.to ?? "").trim();
  if (end !== "") {
    const at = time(end);
    if (at) value.to = at;
    else problems.to = timeProblem;
  }
  if (value.from && value.to && value.from > value.to) problems.to = "must not be before the start of the range";
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, value };
}

/** The share of successful attempts as a whole percentage, or null without attempts. */
export function successRate(health: Pick<EndpointHealth, "attempts" | "successes"> | undefined): number | null {
  if (!health || health.attempts === 0) return null;
  return Math.floor((health.successes / health.attempts) * 100);
}

/** An attempt as the live tail hears of it: the log row without the response body or headers. */
export type AttemptNotice = Omit<WebhookDelivery, "responseBody" | "requestHeaders" | "responseHeaders">;
