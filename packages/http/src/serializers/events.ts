/**
 * Events to JSON: the envelope as webhooks deliver it.
 *
 * @module
 */

import type { EventEnvelope } from "@marketplace/core";

/** An event as delivered (its `createdAt` is already the ISO string of the envelope). */
export function eventJson(event: EventEnvelope) {
  return { id: event.id, type: event.type, version: event.version, createdAt: event.createdAt, data: event.data };
}
