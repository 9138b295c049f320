/**
 * The payload of every event type, typed: what `data` holds in the envelope a receiver gets (each
 * also carries `training`). The payloads are defined beside the events of their feature
 * (orders/order-events.ts, consents/consent-events.ts); this module gathers them.
 *
 * @module
 */

import type { ConsentEventPayloads } from "./consents/consent-events.ts";
import type { DomainEvent, EventEnvelope, EventType } from "./events.ts";
import type { OrderEventPayloads } from "./orders/order-events.ts";

/** Each event type with its payload (without `training`, which every payload carries). */
export type EventPayloads = OrderEventPayloads & ConsentEventPayloads;

// Every event type has a payload type, and nothing else does.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyTypeHasAPayload: Exact<keyof EventPayloads, EventType> = true;
void everyTypeHasAPayload;

/**
 * `data` of an event of type `T`. Once recorded, an event about an order also carries `sequence`:
 * an integer strictly increasing per order, assigned by the outbox in the recording transaction.
 */
export type EventData<T extends EventType> = EventPayloads[T] & { training: boolean; sequence?: number };

/**
 * An event with its payload typed by its type: narrowing on `type` types `data`.
 *
 * @example
 * function total(event: TypedEvent) {
 *   if (event.type === "order.created") return event.data.totalMonthly; // string
 * }
 */
export type TypedEvent<T extends EventType = EventType> = {
  [K in T]: Omit<DomainEvent, "type" | "data"> & { type: K; data: EventData<K> };
}[T];

/** An envelope as a receiver gets it, with its payload typed by its type. */
export type TypedEnvelope<T extends EventType = EventType> = {
  [K in T]: Omit<EventEnvelope, "type" | "data"> & { type: K; data: EventData<K> };
}[T];

/**
 * The stored event with its payload typed (events are built by the feature's functions, so the
 * payload matches the type by construction).
 */
export function typedEvent(event: DomainEvent): TypedEvent {
  return event as unknown as TypedEvent;
}
