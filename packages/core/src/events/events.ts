/**
 * Events: facts about orders, recorded in the outbox in the same transaction as the change that
 * caused them, then delivered to subscribed webhooks as the envelope `{id, type, version, createdAt, data}`.
 *
 * @module
 */

import type { TeamRole } from "../teams/index.ts";

/** Every subscribable event type. */
export const EVENT_TYPES = [
  "order.created",
  "order.item.created",
  "order.item.status_changed",
  "order.cancelled",
  "order.consent_recorded",
  "order.consent_revoked",
] as const;

/** An event type. */
export type EventType = (typeof EVENT_TYPES)[number];

/** The types a reseller may subscribe to; providers may subscribe to all. */
export const RESELLER_EVENT_TYPES = [
  "order.created",
  "order.item.created",
  "order.item.status_changed",
  "order.cancelled",
] as const satisfies readonly EventType[];

/** The envelope version this service emits. */
export const EVENT_VERSION = 1;

/** The teams an event is for, fixed when it is recorded. */
export interface EventAudience {
  /** Provider teams concerned (owners of the offers involved). */
  providerTeamIds: string[];
  /** Reseller teams concerned (the team that placed the order). */
  resellerTeamIds: string[];
}

/**
 * What delivery needs to know about an event beyond its payload. Private: stored with the event,
 * never part of the envelope sent to receivers.
 */
export interface DeliveryHints {
  /** The provider's unsigned target for `order.item.created` when its team has no webhook at all. */
  submissionUrl?: string;
}

/** An event as recorded in the outbox. */
export interface DomainEvent {
  /** UUID v4, stable across retries: receivers deduplicate on it. */
  id: string;
  type: EventType;
  version: typeof EVENT_VERSION;
  createdAt: Date;
  /** The payload; always carries `training`. */
  data: Record<string, unknown> & { training: boolean };
  audience: EventAudience;
  /** Private delivery hints (never sent); absent when there are none. */
  delivery?: DeliveryHints;
}

/** The JSON body sent to receivers. */
export interface EventEnvelope {
  id: string;
  type: EventType;
  version: number;
  createdAt: string;
  data: Record<string, unknown> & { training: boolean };
}

/** Input of `createEvent`. */
export interface NewEvent {
  type: EventType;
  data: Record<string, unknown>;
  training: boolean;
  audience: EventAudience;
  delivery?: DeliveryHints;
}

/**
 * Builds an event with a fresh id and the current time; `data.training` is always set.
 *
 * @example
 * const event = createEvent({ type: "order.cancelled", data: { orderId }, training: false,
 *   audience: { providerTeamIds: [p], resellerTeamIds: [r] } }, { id: ids.uuid(), now: clock.now() });
 */
export function createEvent(input: NewEvent, at: { id: string; now: Date }): DomainEvent {
  return {
    id: at.id,
    type: input.type,
    version: EVENT_VERSION,
    createdAt: at.now,
    data: { ...input.data, training: input.training },
    audience: {
      providerTeamIds: [...new Set(input.audience.providerTeamIds)],
      resellerTeamIds: [...new Set(input.audience.resellerTeamIds)],
    },
    ...(input.delivery ? { delivery: { ...input.delivery } } : {}),
  };
}

/** The envelope receivers get for an event. */
export function toEnvelope(event: DomainEvent): EventEnvelope {
  return {
    id: event.id,
    type: event.type,
    version: event.version,
    createdAt: event.createdAt.toISOString(),
    data: event.data,
  };
}

/** True when `type` is an event type a team of that side may subscribe to. */
export function isSubscribable(type: string, side: "provider" | "reseller"): type is EventType {
  const list: readonly string[] = side === "provider" ? EVENT_TYPES : RESELLER_EVENT_TYPES;
  return list.includes(type);
}

/** The event types a team of `role` may subscribe to: resellers the four order types, others all. */
export function subscribableEventTypes(role: TeamRole): readonly EventType[] {
  return role === "reseller" ? RESELLER_EVENT_TYPES : EVENT_TYPES;
}
