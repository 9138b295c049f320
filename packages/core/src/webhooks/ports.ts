/**
 * Ports of webhooks and their deliveries.
 *
 * @module
 */

import type { EventEnvelope, EventFilter, EventType } from "../events/index.ts";
import type { PageRequest } from "../pagination.ts";
import type { PortalLink } from "./portal-links.ts";
import type {
  AttemptFilter,
  AttemptNotice,
  EndpointHealth,
  OrderTimelineEvent,
  RecoveryProgress,
} from "./webhook-log.ts";
import type {
  DeliverableEvent,
  Webhook,
  WebhookChanges,
  WebhookDelivery,
  WebhookDisabledReason,
  WebhookRequest,
  WebhookResponse,
} from "./webhook-rules.ts";

/** Stores webhooks; every read and write but the delivery ones is scoped to the owning team. */
export interface WebhookRepository {
  /**
   * Inserts a new webhook with every field given, the service's own included (`disabledReason`,
   * `disabledAt`, `failingSince`; absent `failingSince`: null), so a webhook read back is the webhook
   * stored. The core registers webhooks with them empty.
   */
  insert(webhook: Webhook): Promise<void>;
  /** The team's webhook with this id, or null (also when it belongs to another team). */
  findById(teamId: string, id: string): Promise<Webhook | null>;
  /** The team's webhooks, newest first, as the page request asks. */
  list(teamId: string, page: PageRequest): Promise<Webhook[]>;
  /** Applies the changes in one statement; the updated webhook, or null when the team has none such. */
  update(teamId: string, id: string, changes: WebhookChanges): Promise<Webhook | null>;
  /** Makes `secret` current, the current one previous until `previousSecretExpiresAt`; null when absent. */
  rotateSecret(
    teamId: string,
    id: string,
    rotation: { secret: string; previousSecretExpiresAt: Date; updatedAt: Date },
  ): Promise<Webhook | null>;
  /** Deletes the team's webhook and its delivery log; false when the team has none such. */
  delete(teamId: string, id: string): Promise<boolean>;
  /** Active webhooks of these teams whose events contain `type`, each webhook once. */
  findSubscribed(teamIds: readonly string[], type: string): Promise<Webhook[]>;
  /** The webhook with this id whatever its team, or null (for tests and redeliveries). */
  findForDelivery(id: string): Promise<Webhook | null>;
  /** The teams among `teamIds` having at least one webhook, active or paused. */
  teamsWithWebhooks(teamIds: readonly string[]): Promise<string[]>;
  /**
   * Records how an attempt at the webhook went, in one statement: a success ends its failing streak;
   * a failure starts one (at `at`) or, when the streak began `disableAfterMs` or longer before `at`,
   * disables the webhook (`failing`); `gone` (a 410) disables it at once. Returns the reason when this
   * call disabled it, else null.
   */
  recordHealth(
    webhookId: string,
    report: { at: Date; success: boolean; gone: boolean; disableAfterMs: number },
  ): Promise<WebhookDisabledReason | null>;
}

/** Records delivery attempts, and reads the stored events they carry. */
export interface WebhookDeliveryRepository {
  /**
   * Records an attempt; skipped (nothing written, nothing thrown) when its webhook has been deleted
   * meanwhile, inside a transaction as outside one: the transaction goes on and can commit. An
   * attempt without a webhook (`webhookId` null, the unsigned fallback) is always recorded.
   */
  insert(delivery: WebhookDelivery): Promise<void>;
  /** A webhook's attempts, newest first, as the page request asks. */
  list(webhookId: string, page: PageRequest): Promise<WebhookDelivery[]>;
  /** One of the webhook's attempts, or null. */
  findById(webhookId: string, id: string): Promise<WebhookDelivery | null>;
  /** The highest attempt number recorded for this event at this webhook; 0 when none. */
  lastAttempt(eventId: string, webhookId: string): Promise<number>;
  /** The stored event with this id, or null. */
  findEvent(id: string): Promise<DeliverableEvent | null>;
  /** Stores an event for direct delivery only, bypassing the outbox (the test event). */
  insertEvent(event: DeliverableEvent): Promise<void>;
  /**
   * The envelopes of the events whose audience names the team (as provider or reseller; once each),
   * of the filter's types and inside its bounds (both exclusive), newest first, as the page asks.
   */
  listTeamEvents(teamId: string, filter: EventFilter, page: PageRequest): Promise<EventEnvelope[]>;
  /**
   * Ids of the events of the webhook's subscription (audience names its team, type among its
   * events) created from `since` to `until` (inclusive) whose latest attempt at this webhook failed,
   * or which it never got; oldest first.
   */
  findRecoverable(webhook: Pick<Webhook, "id" | "teamId" | "events">, since: Date, until: Date): Promise<string[]>;
  /** One event of the team as `listTeamEvents` would list it, or null. */
  findTeamEvent(teamId: string, eventId: string, filter: EventFilter): Promise<EventEnvelope | null>;
}

/** Queues a delivery to one webhook outside the subscription flow (tests and redeliveries). */
export interface DeliveryQueue {
  /** Queues the stored event for the webhook; it runs if and only if the transaction commits. */
  enqueue(request: { eventId: string; webhookId: string; trigger: "test" | "redelivery" }): Promise<void>;
  /**
   * Queues a recovery: each event for the webhook, one attempt each (trigger `recovery`), and marks
   * a recovery in progress until the worker has run them all. False, and nothing queued, when one is
   * already in progress for the webhook (one started within `staleAfterMs` before `at` that has
   * events left). NotFoundError, and nothing queued, when the webhook does not exist (say, deleted
   * since it was read); the caller's transaction is not broken by it.
   */
  startRecovery(request: {
    webhookId: string;
    eventIds: readonly string[];
    at: Date;
    staleAfterMs: number;
  }): Promise<boolean>;
}

/** Sends delivery requests; the host decides how (address checks, deadline, TLS). */
export interface WebhookTransport {
  /** POSTs the request; resolves with the response or the error text, never rejects for network failures. */
  send(request: WebhookRequest): Promise<WebhookResponse>;
}

/** Stores portal links and their sessions (tokens only as hashes). */
export interface PortalLinkRepository {
  insert(link: PortalLink & { linkTokenHash: string }): Promise<void>;
  /**
   * Marks the unopened, unexpired link with this hash opened at `at` with the session's hash, in one
   * statement; the link, or null (unknown, used or expired).
   */
  open(linkTokenHash: string, sessionTokenHash: string, at: Date): Promise<PortalLink | null>;
  /** The open session with this hash, unexpired at `at`, or null. */
  findSession(sessionTokenHash: string, at: Date): Promise<PortalLink | null>;
  /** Deletes the team's links and sessions of this label; how many. */
  revoke(teamId: string, sessionLabel: string): Promise<number>;
}

/** Reads of the team-wide delivery log (the portal's; the API's per-webhook log is `WebhookDeliveryRepository`). */
export interface WebhookLogRepository {
  /** The team's attempts matching the filter, newest first (created_at, id), as the page asks. */
  listAttempts(teamId: string, filter: AttemptFilter, page: PageRequest): Promise<WebhookDelivery[]>;
  /** One attempt of the team's webhooks, or null (another team's included). */
  findAttempt(teamId: string, id: string): Promise<WebhookDelivery | null>;
  /**
   * Per webhook of the team whose latest attempt is at or after `since`: its attempts and successes
   * at or after `since`, exactly (not rounded to whole hours), and its latest attempt. Webhooks
   * without an attempt since are left out.
   */
  health(teamId: string, since: Date): Promise<EndpointHealth[]>;
  /** The team's events about the order, by sequence then time, each with its attempts. */
  orderTimeline(teamId: string, orderId: string, types: readonly EventType[]): Promise<OrderTimelineEvent[]>;
  /** The webhook's latest recovery (when it is the team's): events left, start, attempts made since. */
  recovery(teamId: string, webhookId: string): Promise<RecoveryProgress | null>;
}

/**
 * Every attempt recorded anywhere (any worker process), as it is committed: one subscription per
 * process, which the portal fans out to its viewers by team.
 */
export interface WebhookAttemptFeed {
  /** Calls `listener` with each new attempt of any team; returns the unsubscribe function. */
  subscribe(listener: (attempt: AttemptNotice) => void): () => void;
}
