/**
 * The event store and its outbox, in memory: `events` (every recorded event, with its private
 * delivery hints and its order sequence), `event_outbox` (entries waiting for delivery: an event's
 * own round, or a test, redelivery or recovery naming one webhook) and `order_event_sequences`.
 *
 * @module
 */

import type { DomainEvent, EventOutbox } from "../../events/index.ts";
import type { DeliverableEvent, DeliveryTrigger } from "../../webhooks/index.ts";
import { copy, defineTable, InMemoryConstraintError, type InMemoryContext } from "../in-memory-database.ts";

/** A stored event: the event as delivery reads it back. */
export type EventRow = DeliverableEvent;

/** Events by id. */
export const EVENTS = defineTable<EventRow>("events");

/** Per order (`data.orderId` as written), the sequence its last event got. */
export const ORDER_EVENT_SEQUENCES = defineTable<{ orderId: string; lastSequence: number }>("order_event_sequences");

/**
 * An outbox entry: a delivery waiting to run. `webhookId` null is an event's subscription round (to
 * every subscribed webhook), otherwise a test, redelivery or recovery of that webhook alone.
 */
export interface OutboxEntry {
  /** The entry's position in the outbox (increasing). */
  seq: number;
  eventId: string;
  webhookId: string | null;
  trigger: DeliveryTrigger;
  /** The attempt number of a subscription round (1 for the first). */
  attempt: number;
  /** Not to run before this instant (a retry); null: at once. */
  notBefore: Date | null;
}

/** Outbox entries by `seq` (as text). */
export const EVENT_OUTBOX = defineTable<OutboxEntry>("event_outbox");

/** The last `seq` handed out, in a table so that a rolled-back transaction hands it out again. */
const OUTBOX_SEQUENCE = defineTable<number>("event_outbox_seq");

/** Appends an entry to the outbox of `context`'s snapshot. */
export function addOutboxEntry(context: InMemoryContext, entry: Omit<OutboxEntry, "seq">): OutboxEntry {
  const sequence = context.tables.rows(OUTBOX_SEQUENCE);
  const seq = (sequence.get("seq") ?? 0) + 1;
  sequence.set("seq", seq);
  const stored = { ...copy(entry), seq };
  context.tables.rows(EVENT_OUTBOX).set(String(seq), stored);
  return copy(stored);
}

/** Copies a value as a `jsonb` column stores it: `Date`s become ISO strings, `undefined` members go. */
export function asJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Stores an event row; a second event with the same id breaks `events_pkey`. */
export function insertEventRow(context: InMemoryContext, event: EventRow): void {
  const rows = context.tables.rows(EVENTS);
  if (rows.has(event.id)) throw new InMemoryConstraintError("23505", "events_pkey", `event ${event.id} exists`);
  rows.set(event.id, {
    id: event.id,
    type: event.type,
    version: event.version,
    createdAt: new Date(event.createdAt),
    data: { ...asJson(event.data), training: event.data.training },
    audience: {
      providerTeamIds: [...event.audience.providerTeamIds],
      resellerTeamIds: [...event.audience.resellerTeamIds],
    },
    ...(event.delivery ? { delivery: asJson(event.delivery) } : {}),
  });
}

/**
 * Records events as `PostgresEventOutbox` does, in `context`'s snapshot: each event is stored (an
 * event about an order, `data.orderId`, gets `data.sequence`: the order's next number, in the order
 * given) and gets an outbox entry for its subscription round.
 */
function recordEvents(context: InMemoryContext, events: readonly DomainEvent[]): void {
  const sequences = context.tables.rows(ORDER_EVENT_SEQUENCES);
  for (const event of events) {
    const orderId = typeof event.data.orderId === "string" ? event.data.orderId : null;
    let data: DomainEvent["data"] = event.data;
    if (orderId !== null) {
      const lastSequence = (sequences.get(orderId)?.lastSequence ?? 0) + 1;
      sequences.set(orderId, { orderId, lastSequence });
      data = { ...event.data, sequence: lastSequence };
    }
    insertEventRow(context, { ...event, data });
    addOutboxEntry(context, {
      eventId: event.id,
      webhookId: null,
      trigger: "event",
      attempt: 1,
      notBefore: null,
    });
  }
}

/** The in-memory `EventOutbox` of a transaction: events are stored and queued with its snapshot. */
export function inMemoryEventOutbox(context: InMemoryContext): EventOutbox {
  return {
    async record(events) {
      recordEvents(context, events);
    },
  };
}
