/**
 * Webhooks: a team's subscriptions to events, and the rules of delivering events to them.
 *
 * - **webhook**: an https URL, the event types it subscribes to, an `isActive` switch and a signing
 *   secret. It belongs to the team: in a hybrid team `/provider/webhooks` and `/reseller/webhooks`
 *   show the same webhooks, and each event reaches a webhook once even when the team is in both
 *   audiences.
 * - **delivery**: sending one event to every target subscribed to it; each try at one target is an
 *   **attempt**, recorded whatever its outcome. A failure at any target fails the event's round and
 *   the retry re-sends to all targets.
 * - **secret**: `whsec_` + 32 random bytes in base64url, shown in full at creation and rotation only;
 *   in standard base64 for a webhook with `signatureScheme` `standard`, as Standard Webhooks
 *   libraries decode it.
 * - **signature scheme**: `service` (default) signs with `X-Service-Signature` only; `standard` adds
 *   the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
 *
 * Pure rules over plain data; sending happens through the `WebhookTransport` port. The retry
 * schedule is in `retry-schedule.ts`, what the delivery log keeps of a response in
 * `delivery-records.ts`.
 *
 * @module
 */

import { randomBytes, toBase64, toBase64Url } from "../crypto.ts";
import { type DomainEvent, EVENT_TYPES, EVENT_VERSION, type EventType, RESELLER_EVENT_TYPES } from "../events/index.ts";
import { MAX_URL_LENGTH } from "../fields/fields.ts";
import { isLoopbackHostname, type UrlPolicy } from "../fields/url-policy.ts";
import { SIGNATURE_HEADER, signPayload, signStandardWebhook } from "../signing.ts";

/**
 * How deliveries to a webhook are signed: `service`, the spec's `X-Service-Signature` alone (the
 * default); `standard`, the Standard Webhooks headers in addition to it.
 */
export type WebhookSignatureScheme = "service" | "standard";

/** The signature schemes, default first. */
export const WEBHOOK_SIGNATURE_SCHEMES: readonly WebhookSignatureScheme[] = ["service", "standard"];

/** Every webhook secret starts with this. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

/**
 * The type of the event sent by `POST /{side}/webhooks/{id}/test`. It is not subscribable: only an
 * explicit test request sends it, to the one webhook named.
 */
export const WEBHOOK_TEST_EVENT_TYPE = "webhook.test";

/** Header telling a receiver that the delivery concerns a training order. */
export const TRAINING_HEADER = "X-Service-Training";

/** How long a rotated-out secret keeps signing deliveries by default: 24 hours. */
export const DEFAULT_SECRET_OVERLAP_SECONDS = 24 * 60 * 60;

/** Longest overlap a rotation may ask for: 7 days. */
export const MAX_SECRET_OVERLAP_SECONDS = 7 * 24 * 60 * 60;

/** Records an unpaginated delivery log returns (the newest ones). */
export const DELIVERY_LOG_LIMIT = 50;

/** Deadline of one delivery request, response included: 10 seconds. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** Longest accepted webhook URL. */
export const MAX_WEBHOOK_URL_LENGTH = MAX_URL_LENGTH;

/** How long every attempt at a webhook must have failed before it is disabled: 5 days. */
export const DEFAULT_DISABLE_FAILING_AFTER_MS = 5 * 24 * 60 * 60 * 1000;

/** Why a webhook was disabled by the service: its endpoint answered 410 Gone, or failed for too long. */
export type WebhookDisabledReason = "gone" | "failing";

/** A team's subscription to events. */
export interface Webhook {
  id: string;
  teamId: string;
  /** Where deliveries go (https; http only for loopback when the host allows it). */
  url: string;
  /** Subscribed event types, without duplicates. */
  events: EventType[];
  /** False pauses the webhook: it receives nothing until set true again. */
  isActive: boolean;
  /** The current signing secret (`whsec_…`). */
  secret: string;
  /** How deliveries are signed; absent means `service`. Chosen at registration, fixed afterwards. */
  signatureScheme?: WebhookSignatureScheme;
  /** The secret replaced by the last rotation, still signing until `previousSecretExpiresAt`. */
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  /** Set when the service disabled the webhook (`isActive` false); null while enabled or paused by the team. */
  disabledReason: WebhookDisabledReason | null;
  disabledAt: Date | null;
  /** Since when every attempt at it failed; null after a success. Internal: drives auto-disable. */
  failingSince?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Why an attempt was made. */
export type DeliveryTrigger = "event" | "test" | "redelivery" | "recovery";

/** One attempt at delivering one event to one target, successful or not. */
export interface WebhookDelivery {
  id: string;
  /** The webhook, or null for the unsigned `submissionUrl` fallback. */
  webhookId: string | null;
  /** The team the target belongs to. */
  teamId: string;
  eventId: string;
  eventType: string;
  /** 1 for the first attempt at this event and target, then counting up. */
  attempt: number;
  trigger: DeliveryTrigger;
  url: string;
  /** The response status, or null when no response arrived. */
  statusCode: number | null;
  /** True for a 2xx response within the deadline. */
  success: boolean;
  /** The response body (first 4 KiB), or the error text when no response arrived. */
  responseBody: string;
  durationMs: number;
  createdAt: Date;
  /**
   * The request headers as sent, signatures included (never a secret: a signature is an HMAC of the
   * body); null when no request went out; absent for attempts recorded before they were kept.
   */
  requestHeaders?: Record<string, string> | null;
  /** The response headers as received (see `recordableHeaders`); null without a response or before they were kept. */
  responseHeaders?: Record<string, string> | null;
}

/** An event type that can be delivered: a subscribable type, or the test event. */
export type DeliverableEventType = EventType | typeof WEBHOOK_TEST_EVENT_TYPE;

/** A stored event as delivery reads it back (the test event included). */
export type DeliverableEvent = Omit<DomainEvent, "type"> & { type: DeliverableEventType };

/** A delivery that was queued by a test or redelivery request. */
export interface QueuedDelivery {
  webhookId: string;
  eventId: string;
  eventType: string;
  trigger: "test" | "redelivery";
  queuedAt: Date;
}

/** What `POST …/webhooks/{id}/recover` did (or, with `dryRun`, would do). */
export interface WebhookRecovery {
  webhookId: string;
  /** Events re-sent (queued), or that would be with `dryRun`. */
  count: number;
  dryRun: boolean;
  since: Date;
  until: Date;
}

/** Changes a PATCH may make to a webhook. */
export interface WebhookChanges {
  url?: string;
  events?: EventType[];
  /** true also re-enables a webhook the service disabled: `disabledReason`, `disabledAt` and the failing streak are cleared. */
  isActive?: boolean;
  updatedAt: Date;
}

/** One delivery request, as handed to the transport. */
export interface WebhookRequest {
  url: string;
  /** The serialised envelope, sent byte for byte as signed. */
  body: string;
  headers: Record<string, string>;
  /** Aborts the request (e.g. when the worker shuts down). */
  signal?: AbortSignal;
}

/** What came back from a delivery request. */
export type WebhookResponse =
  | {
      kind: "response";
      statusCode: number;
      body: string;
      /** The `Retry-After` header as received, when there was one. */
      retryAfter?: string;
      /** The response headers (names in lower case), when the transport reports them. */
      headers?: Record<string, string>;
    }
  | {
      kind: "error";
      /** Why no response arrived: timeout, connection error, refused target, … */
      error: string;
    };

/**
 * A new random signing secret: `whsec_` and 32 random bytes, in base64url for the `service` scheme
 * (as always), in standard padded base64 for `standard` (what Standard Webhooks libraries decode).
 *
 * @example
 * generateWebhookSecret(); // "whsec_3q2-7w…" (49 characters)
 * generateWebhookSecret("standard"); // "whsec_3q2+7w…=" (50 characters)
 */
export function generateWebhookSecret(scheme: WebhookSignatureScheme = "service"): string {
  const bytes = randomBytes(32);
  return WEBHOOK_SECRET_PREFIX + (scheme === "standard" ? toBase64(bytes) : toBase64Url(bytes));
}

/**
 * A secret as every response but creation and rotation shows it: the prefix and the last four characters.
 *
 * @example
 * maskWebhookSecret("whsec_Zm9vYmFyYmF6abcd"); // "whsec_••••abcd"
 */
export function maskWebhookSecret(secret: string): string {
  return `${WEBHOOK_SECRET_PREFIX}••••${secret.slice(-4)}`;
}

/** The secrets that sign a delivery at `now`: the current one, and the previous one during its overlap. */
export function signingSecrets(
  webhook: Pick<Webhook, "secret" | "previousSecret" | "previousSecretExpiresAt">,
  now: Date,
): string[] {
  const secrets = [webhook.secret];
  if (
    webhook.previousSecret !== null &&
    webhook.previousSecretExpiresAt !== null &&
    webhook.previousSecretExpiresAt.getTime() > now.getTime()
  ) {
    secrets.push(webhook.previousSecret);
  }
  return secrets;
}

/** What registration accepts as a webhook URL: the service's one URL policy. */
export type WebhookUrlPolicy = UrlPolicy;

export { isLoopbackHostname };

/** Most event types one webhook subscribes to. */
export const MAX_WEBHOOK_EVENTS = 50;

/** The subscribable types by role, as the documentation states them. */
export const EVENT_TYPES_FOR_DOCS: string =
  `Event types to subscribe to. Providers and hybrid teams: ${EVENT_TYPES.join(", ")}. ` +
  `Resellers: ${RESELLER_EVENT_TYPES.join(", ")} (consent events are provider-only). ` +
  `\`${WEBHOOK_TEST_EVENT_TYPE}\` is not subscribable: only POST …/test sends it.`;

/**
 * The JSON body receivers get: `{id, type, version, createdAt, data}`, serialised once; the same
 * string is signed and sent.
 */
export function deliveryBody(event: DeliverableEvent): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    version: event.version ?? EVENT_VERSION,
    createdAt: event.createdAt.toISOString(),
    data: event.data,
  });
}

/**
 * The headers of one delivery request: JSON content type, the signature over `body` with every
 * given secret (none: unsigned), and `X-Service-Training: true` for training events only. With the
 * `standard` scheme (and `messageId`, the envelope id), a signed delivery also carries the Standard
 * Webhooks headers, with the same timestamp and one `v1,` signature per secret.
 *
 * @example
 * const body = deliveryBody(event);
 * const headers = await deliveryHeaders(body, { secrets: [webhook.secret], training: false, timestamp });
 */
export async function deliveryHeaders(
  body: string,
  options: {
    secrets: readonly string[];
    training: boolean;
    timestamp: number;
    scheme?: WebhookSignatureScheme;
    /** The envelope id (`webhook-id`); required for the `standard` scheme. */
    messageId?: string;
  },
): Promise<Record<string, string>> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "User-Agent": "marketplace-webhooks/1",
  };
  if (options.secrets.length > 0) {
    headers[SIGNATURE_HEADER] = await signPayload({
      payload: body,
      secret: options.secrets,
      timestamp: options.timestamp,
    });
    if (options.scheme === "standard") {
      if (!options.messageId) throw new RangeError("the standard scheme needs the messageId");
      Object.assign(
        headers,
        await signStandardWebhook({
          id: options.messageId,
          payload: body,
          secret: options.secrets,
          timestamp: options.timestamp,
        }),
      );
    }
  }
  if (options.training) headers[TRAINING_HEADER] = "true";
  return headers;
}
