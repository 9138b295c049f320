/**
 * The events feature: what other features, flows and the package's entry points use of it.
 *
 * @module
 */

export {
  createEvent,
  type DeliveryHints,
  type DomainEvent,
  EVENT_TYPES,
  EVENT_VERSION,
  type EventAudience,
  type EventEnvelope,
  type EventType,
  type NewEvent,
  RESELLER_EVENT_TYPES,
  subscribableEventTypes,
  toEnvelope,
} from "./events.ts";
export type { EventOutbox } from "./ports.ts";
export {
  DEFAULT_EVENT_RETENTION_DAYS,
  EVENT_LIST_LIMIT,
  type EventFilter,
  type EventQuery,
  eventQuerySchema,
  retentionStart,
} from "./query.ts";
export { type EventUseCaseOptions, type EventUseCases, eventUseCases } from "./use-cases.ts";
