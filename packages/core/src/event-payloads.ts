/**
 * The payload of every event type, typed: what `data` holds in the envelope a receiver gets (each
 * also carries `training`). The payloads are defined beside the events of their feature
 * (orders/order-events.ts, consents/consent-events.ts); this module gathers them.
 *
 * @module
 */

import type { ConsentEventPayloads } from "./consents/index.ts";
import { CONSENT_EVENT_SCHEMAS } from "./consents/index.ts";
import type { DomainEvent, EventEnvelope, EventType } from "./events/index.ts";
import type { JsonSchema } from "./fields/fields.ts";
import type { OrderEventPayloads } from "./orders/index.ts";
import { ORDER_EVENT_SCHEMAS } from "./orders/index.ts";

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

/** What each event type means, as the API reference and the dashboard's event catalog say it. */
export const EVENT_DESCRIPTIONS: Readonly<Record<EventType, string>> = {
  "order.created": "A reseller placed an order: the order as a whole, with its items for every provider.",
  "order.item.created": "An item of a new order is the provider's to fulfil: the item with its order's snapshot.",
  "order.item.status_changed":
    "An item moved to another status (from, to) and the order's status was recomputed; apply it only when its sequence is above the last one applied.",
  "order.cancelled": "The reseller cancelled the order.",
  "order.consent_recorded": "A customer's consent decision was recorded (declined ones included); providers only.",
  "order.consent_revoked": "A customer withdrew a consent; providers only.",
};

/**
 * The JSON Schema of `data` of an event of `type`, as delivered: the feature's payload schema
 * (orders/order-event-schemas.ts, consents/consent-event-schemas.ts) with `training`, and
 * `sequence` on events about an order. The OpenAPI document's webhooks and the dashboard's event
 * catalog both use it; the schemas are written once.
 */
export function eventPayloadSchema(type: EventType): JsonSchema {
  const payload = { ...ORDER_EVENT_SCHEMAS, ...CONSENT_EVENT_SCHEMAS }[type];
  const properties = payload.properties as Record<string, JsonSchema>;
  return {
    ...payload,
    properties: {
      ...properties,
      training: { type: "boolean", description: "true for a training order: no real customer" },
      sequence: {
        type: "integer",
        description: "Strictly increasing per order: apply a change only when its sequence is above the last one",
      },
    },
    required: [...(payload.required as string[]), "training"],
  };
}

const EXAMPLE_STRINGS: Record<string, string> = {
  uuid: "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
  "date-time": "2026-01-31T12:00:00.000Z",
  date: "2026-02-15",
  email: "ada@example.com",
  uri: "https://provider.example/continue",
};

/**
 * An example value of a schema, built from the schema alone (its `example`, first `enum` value,
 * `format`, or type), so the documented examples can never disagree with the schemas.
 *
 * @example
 * exampleOf(eventPayloadSchema("order.cancelled")); // { orderId: "3f0e…", status: "submitted", … }
 */
export function exampleOf(schema: JsonSchema): unknown {
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = ([] as string[]).concat((schema.type as string | string[] | undefined) ?? []).find((t) => t !== "null");
  switch (type) {
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(Object.entries(properties).map(([name, each]) => [name, exampleOf(each)]));
    }
    case "array":
      return schema.items ? [exampleOf(schema.items as JsonSchema)] : [];
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return false;
    case "string":
      return EXAMPLE_STRINGS[schema.format as string] ?? "text";
    default:
      return null;
  }
}
