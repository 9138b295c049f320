/**
 * Kysely table types: events, the outbox, webhooks, their deliveries and the portal links.
 * Column names are snake_case as in SQL; `Database` (../schema.ts) names every table.
 *
 * @module
 */

import type { Generated } from "kysely";

export interface EventsTable {
  id: string;
  type: string;
  version: number;
  created_at: Date;
  training: boolean;
  data: unknown;
  provider_team_ids: string[];
  reseller_team_ids: string[];
  delivery_hints: unknown;
  /** W3C traceparent of the request that recorded the event; null when not traced. */
  traceparent: Generated<string | null>;
}

/** One row per event and team of its audience (kept by triggers on `events`, migration 0020). */
export interface TeamEventsTable {
  /** The event's id. */
  id: string;
  team_id: string;
  /** The event's `created_at`. */
  created_at: Date;
}

/** Portal links and the sessions they open (migration 0027). */
export interface PortalLinksTable {
  id: string;
  team_id: string;
  link_token_hash: string;
  session_token_hash: string | null;
  capabilities: string[];
  session_label: string;
  created_at: Date;
  expires_at: Date;
  opened_at: Date | null;
  /** The link's theme colours, `#rrggbb` (migration 0030); null: the dashboard's. */
  theme_accent: Generated<string | null>;
  theme_background: Generated<string | null>;
}

export interface WebhookRecoveriesTable {
  webhook_id: string;
  /** Recovery deliveries still to run. */
  pending: number;
  started_at: Date;
}

export interface OrderEventSequencesTable {
  order_id: string;
  /** The `data.sequence` of the order's last recorded event (bigint, read as a string). */
  last_sequence: string;
}

export interface EventOutboxTable {
  seq: Generated<string>;
  event_id: string;
  /** A test or redelivery for this webhook alone; null for an event's own delivery. */
  webhook_id: string | null;
  /** `test` or `redelivery` when `webhook_id` is set. */
  trigger: string | null;
  /** The rest of a held-back round: its attempt number, … */
  attempt: number | null;
  /** … the targets left (webhook ids or `submission:<teamId>`), … */
  targets: string[] | null;
  /** … when they were first held back, … */
  deferred_since: Date | null;
  /** … and when the relay may hand it to the queue. */
  not_before: Date | null;
  /** The event's W3C traceparent, handed to the delivery job. */
  traceparent: Generated<string | null>;
}

export interface WebhooksTable {
  id: string;
  team_id: string;
  url: string;
  events: string[];
  is_active: boolean;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  /** `service` or `standard` (migration 0022). */
  signature_scheme: Generated<string>;
  disabled_reason: Generated<string | null>;
  disabled_at: Generated<Date | null>;
  failing_since: Generated<Date | null>;
  created_at: Date;
  updated_at: Date;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string | null;
  team_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  trigger: string;
  url: string;
  status_code: number | null;
  success: boolean;
  response_body: string;
  duration_ms: number;
  created_at: Date;
  /** The request headers as sent (migration 0027); null before, or when no request went out. */
  request_headers: Generated<unknown>;
  /** The response headers as received (migration 0027); null without a response, or before. */
  response_headers: Generated<unknown>;
}

export interface DeliveryWorkersTable {
  id: string;
  started_at: Generated<Date>;
  heartbeat_at: Generated<Date>;
}
