import { DEFAULT_EVENT_RETENTION_DAYS, DEFAULT_RETRY_DELAYS_MS, DELIVERY_TIMEOUT_MS } from "@marketplace/core";
import { INVITE_TTL_MS } from "@marketplace/core/members";
import { DEFAULT_DISABLE_FAILING_AFTER_MS } from "@marketplace/core/webhooks";

/**
 * Settings of the other parts of the service that the API's OpenAPI document states (ADR-0079): the
 * app does not apply them, the marketplace and the delivery worker do, so give it the values you
 * give them. Each default is the default of the part that owns the setting.
 */
export interface DocumentedSettings {
  /** `createMarketplace({ eventRetentionDays })` (and the worker's `retention.retentionDays`); default 30. */
  eventRetentionDays?: number;
  /** `createMarketplace({ members: { inviteTtlMs } })`: how long an invite link works; default 72 h. */
  inviteTtlMs?: number;
  /** The delivery worker's (`runDeliveryWorker`) options of the same names. */
  webhookDelivery?: {
    /** Deadline of one delivery request; default 10 s. */
    requestTimeoutMs?: number;
    /** Delays before attempts 2, 3, …; default `DEFAULT_RETRY_DELAYS_MS` (about 3 days in all). */
    retryDelaysMs?: readonly number[];
    /** How long every attempt must fail before the webhook is disabled; default 5 days. */
    disableFailingAfterMs?: number;
  };
}

/** `DocumentedSettings` with every default applied. */
export interface ResolvedDocumentedSettings {
  eventRetentionDays: number;
  inviteTtlMs: number;
  requestTimeoutMs: number;
  retryDelaysMs: readonly number[];
  disableFailingAfterMs: number;
}

/** The defaults, as the committed openapi.json states them. */
export const DEFAULT_DOCUMENTED_SETTINGS: ResolvedDocumentedSettings = resolveDocumentedSettings();

/** Applies the defaults and checks each value (a `TypeError` naming the option). */
export function resolveDocumentedSettings(settings: DocumentedSettings = {}): ResolvedDocumentedSettings {
  const delivery = settings.webhookDelivery ?? {};
  const resolved = {
    eventRetentionDays: settings.eventRetentionDays ?? DEFAULT_EVENT_RETENTION_DAYS,
    inviteTtlMs: settings.inviteTtlMs ?? INVITE_TTL_MS,
    requestTimeoutMs: delivery.requestTimeoutMs ?? DELIVERY_TIMEOUT_MS,
    retryDelaysMs: delivery.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    disableFailingAfterMs: delivery.disableFailingAfterMs ?? DEFAULT_DISABLE_FAILING_AFTER_MS,
  };
  const positive: [string, number][] = [
    ["eventRetentionDays", resolved.eventRetentionDays],
    ["inviteTtlMs", resolved.inviteTtlMs],
    ["webhookDelivery.requestTimeoutMs", resolved.requestTimeoutMs],
    ["webhookDelivery.disableFailingAfterMs", resolved.disableFailingAfterMs],
  ];
  for (const [name, value] of positive) {
    if (!Number.isInteger(value) || value < 1) {
      throw new TypeError(`createApp: options.documentedSettings.${name} must be a positive integer, got ${value}`);
    }
  }
  if (!resolved.retryDelaysMs.every((delay) => Number.isFinite(delay) && delay >= 0)) {
    throw new TypeError(
      "createApp: options.documentedSettings.webhookDelivery.retryDelaysMs must hold non-negative numbers",
    );
  }
  return resolved;
}

const UNITS: [name: string, ms: number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1000],
  ["millisecond", 1],
];

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/**
 * A duration in the largest unit that states it exactly.
 *
 * @example
 * durationText(5 * 86_400_000); // "5 days"
 * durationText(90 * 60_000); // "90 minutes"
 */
export function durationText(ms: number): string {
  const [unit, size] = UNITS.find(([, size]) => ms % size === 0) ?? ["millisecond", 1];
  return plural(ms / size, unit);
}

/**
 * A duration rounded in the largest unit of which it holds at least two, after "about" when rounded.
 *
 * @example
 * approximateDurationText(257_765_000); // "about 3 days" (the default retry schedule)
 */
export function approximateDurationText(ms: number): string {
  const [unit, size] = UNITS.find(([, size]) => ms >= 2 * size) ?? ["millisecond", 1];
  const count = Math.round(ms / size);
  return `${count * size === ms ? "" : "about "}${plural(count, unit)}`;
}

/**
 * What the retry schedule does to a failed delivery, as a description says it.
 *
 * @example
 * retryWindowText(DEFAULT_RETRY_DELAYS_MS); // "retried over about 3 days until it answers 2xx"
 */
export function retryWindowText(retryDelaysMs: readonly number[]): string {
  const total = retryDelaysMs.reduce((sum, delay) => sum + delay, 0);
  return retryDelaysMs.length === 0
    ? "sent once, not retried"
    : `retried over ${approximateDurationText(total)} until it answers 2xx`;
}
