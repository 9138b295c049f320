import { ConflictError, InvalidInputError, NotFoundError } from "../errors.ts";
import {
  DEFAULT_EVENT_RETENTION_DAYS,
  type EventType,
  retentionStart,
  subscribableEventTypes,
} from "../events/index.ts";
import { isUuidV4 } from "../ids.ts";
import { type ListResult, type PageRequest, toListResult } from "../pagination.ts";
import type { Principal } from "../teams/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { parseNewWebhook, parseRecover, parseRotateSecret, parseWebhookPatch } from "./input.ts";
import {
  DEFAULT_SECRET_OVERLAP_SECONDS,
  DELIVERY_LOG_LIMIT,
  type DeliverableEvent,
  generateWebhookSecret,
  type QueuedDelivery,
  WEBHOOK_TEST_EVENT_TYPE,
  type Webhook,
  type WebhookChanges,
  type WebhookDelivery,
  type WebhookRecovery,
  type WebhookUrlPolicy,
} from "./webhook-rules.ts";

/** An example event for `sendTest`: a type the team may subscribe to, and its payload. */
export interface TestSample {
  eventType: string;
  data: Record<string, unknown>;
}

/** Input of `webhooks.create`, checked by `parseNewWebhook` (an embedder may pass `unknown`). */
export interface NewWebhook {
  url: string;
  /** Event types to subscribe to; resellers may name only the four order types. */
  events: string[];
  /** Default true. */
  isActive?: boolean;
  /** `service` (default) or `standard` (adds the Standard Webhooks headers); fixed afterwards. */
  signatureScheme?: "service" | "standard";
}

/** Input of `webhooks.update`: only the fields to change. */
export interface WebhookPatch {
  url?: string;
  events?: string[];
  isActive?: boolean;
}

/** Options of `webhooks.rotateSecret`. */
export interface RotateSecretOptions {
  /** How long the replaced secret keeps signing, in seconds (0 to 604800); default 86400. */
  overlapSeconds?: number;
}

/**
 * A team's webhooks. A webhook belongs to the team, not to an endpoint class: a hybrid team sees the
 * same webhooks under `/provider` and `/reseller`, and may subscribe to every event type.
 */
export interface WebhookUseCases {
  /** Registers a webhook with a new secret; the result is the only place the full secret appears. */
  create(principal: Principal, input: NewWebhook, policy?: WebhookUrlPolicy): Promise<Webhook>;
  /** The team's webhooks, newest first. */
  list(principal: Principal, page: PageRequest): Promise<ListResult<Webhook>>;
  /** One of the team's webhooks; NotFoundError when absent or another team's. */
  get(principal: Principal, webhookId: string): Promise<Webhook>;
  /** Changes url, events or isActive (false pauses it); NotFoundError when absent. */
  update(principal: Principal, webhookId: string, patch: WebhookPatch, policy?: WebhookUrlPolicy): Promise<Webhook>;
  /** Deletes the webhook and its delivery log; NotFoundError when absent. */
  delete(principal: Principal, webhookId: string): Promise<void>;
  /** Issues a new secret; the old one keeps signing during the overlap. NotFoundError when absent. */
  rotateSecret(principal: Principal, webhookId: string, options?: RotateSecretOptions): Promise<Webhook>;
  /**
   * Queues a test for this webhook alone (paused or not): `webhook.test`, or, with `sample`, an event
   * of a type the team may subscribe to carrying `sample.data` (an example payload), always marked
   * `training`. NotFoundError when absent; InvalidInputError for a type the team cannot subscribe to.
   */
  sendTest(principal: Principal, webhookId: string, sample?: TestSample): Promise<QueuedDelivery>;
  /** The webhook's delivery attempts, newest first; at most 50 when not paginated. */
  listDeliveries(principal: Principal, webhookId: string, page: PageRequest): Promise<ListResult<WebhookDelivery>>;
  /** Queues the event of a recorded attempt for this webhook again, as a new attempt. */
  redeliver(principal: Principal, webhookId: string, deliveryId: string): Promise<QueuedDelivery>;
  /**
   * Re-sends to this webhook alone every event of its subscription from `since` (to `until`, default
   * now) whose latest attempt at it failed or which it never got (e.g. while paused): one attempt
   * each, trigger `recovery`. With `dryRun`, only counts them. InvalidInputError for a bad body or a
   * `since` before the retention window; ConflictError while a recovery of the webhook is in progress.
   */
  recover(principal: Principal, webhookId: string, input: unknown): Promise<WebhookRecovery>;
}

/** Options of `webhookUseCases`. */
export interface WebhookUseCaseOptions {
  /** The retention window of events, in days; default 30 (recover's `since` must be inside it). */
  retentionDays?: number;
}

/** A recovery counts as in progress for at most this long (a worker that died leaves none stuck): 1 hour. */
export const RECOVERY_STALE_AFTER_MS = 60 * 60 * 1000;

export function webhookUseCases(
  ctx: UseCaseContext<"deliveryQueue" | "webhookDeliveries" | "webhooks">,
  options: WebhookUseCaseOptions = {},
): WebhookUseCases {
  const { unitOfWork, clock, ids } = ctx;
  const retentionDays = options.retentionDays ?? DEFAULT_EVENT_RETENTION_DAYS;

  async function find(principal: Principal, webhookId: string): Promise<Webhook> {
    const webhook = isUuidV4(webhookId)
      ? await unitOfWork.repositories.webhooks.findById(principal.teamId, webhookId)
      : null;
    if (!webhook) throw new NotFoundError("Webhook", webhookId);
    return webhook;
  }

  return {
    async create(principal, input, policy = {}) {
      const parsed = parseNewWebhook(input, { role: principal.role, urlPolicy: policy });
      if (!parsed.ok) throw new InvalidInputError(parsed.problems);
      const { url, events, isActive, signatureScheme = "service" } = parsed.value;
      const now = clock.now();
      const webhook: Webhook = {
        id: ids.uuid(),
        teamId: principal.teamId,
        url,
        events,
        isActive: isActive ?? true,
        secret: generateWebhookSecret(signatureScheme),
        signatureScheme,
        previousSecret: null,
        previousSecretExpiresAt: null,
        disabledReason: null,
        disabledAt: null,
        createdAt: now,
        updatedAt: now,
      };
      await unitOfWork.transaction((tx) => tx.webhooks.insert(webhook));
      return webhook;
    },

    async list(principal, page) {
      return toListResult("webhooks", page, await unitOfWork.repositories.webhooks.list(principal.teamId, page));
    },

    get: find,

    async update(principal, webhookId, patch, policy = {}) {
      const parsed = parseWebhookPatch(patch, { role: principal.role, urlPolicy: policy });
      if (!parsed.ok) throw new InvalidInputError(parsed.problems);
      const changes: WebhookChanges = { ...parsed.value, updatedAt: clock.now() };
      if (!isUuidV4(webhookId)) throw new NotFoundError("Webhook", webhookId);
      const updated = await unitOfWork.transaction((tx) => tx.webhooks.update(principal.teamId, webhookId, changes));
      if (!updated) throw new NotFoundError("Webhook", webhookId);
      return updated;
    },

    async delete(principal, webhookId) {
      const deleted =
        isUuidV4(webhookId) && (await unitOfWork.transaction((tx) => tx.webhooks.delete(principal.teamId, webhookId)));
      if (!deleted) throw new NotFoundError("Webhook", webhookId);
    },

    async rotateSecret(principal, webhookId, options = {}) {
      const parsed = parseRotateSecret(options);
      if (!parsed.ok) throw new InvalidInputError(parsed.problems);
      const overlap = parsed.value.overlapSeconds ?? DEFAULT_SECRET_OVERLAP_SECONDS;
      // The new secret is in the webhook's scheme's encoding (the scheme never changes).
      const { signatureScheme } = await find(principal, webhookId);
      const now = clock.now();
      const rotated = await unitOfWork.transaction((tx) =>
        tx.webhooks.rotateSecret(principal.teamId, webhookId, {
          secret: generateWebhookSecret(signatureScheme),
          previousSecretExpiresAt: new Date(now.getTime() + overlap * 1000),
          updatedAt: now,
        }),
      );
      if (!rotated) throw new NotFoundError("Webhook", webhookId);
      return rotated;
    },

    async sendTest(principal, webhookId, sample) {
      if (!isUuidV4(webhookId)) throw new NotFoundError("Webhook", webhookId);
      return unitOfWork.transaction(async (tx) => {
        const webhook = await tx.webhooks.findById(principal.teamId, webhookId);
        if (!webhook) throw new NotFoundError("Webhook", webhookId);
        const types = subscribableEventTypes(principal.role) as readonly string[];
        if (sample && !types.includes(sample.eventType)) {
          throw new InvalidInputError([`eventType must be one of the following values: ${types.join(", ")}`]);
        }
        const event: DeliverableEvent = {
          id: ids.uuid(),
          type: sample ? (sample.eventType as EventType) : WEBHOOK_TEST_EVENT_TYPE,
          version: 1,
          createdAt: clock.now(),
          data: sample
            ? // A sample is never a real order: receivers see training true (and X-Service-Training).
              { ...sample.data, training: true }
            : {
                webhookId: webhook.id,
                teamId: webhook.teamId,
                message: "Test delivery: your endpoint received and can verify this event.",
                training: false,
              },
          // Nobody's audience: only the queued request below delivers it.
          audience: { providerTeamIds: [], resellerTeamIds: [] },
        };
        await tx.webhookDeliveries.insertEvent(event);
        await tx.deliveryQueue.enqueue({ eventId: event.id, webhookId: webhook.id, trigger: "test" });
        return {
          webhookId: webhook.id,
          eventId: event.id,
          eventType: event.type,
          trigger: "test" as const,
          queuedAt: event.createdAt,
        };
      });
    },

    async listDeliveries(principal, webhookId, page) {
      const webhook = await find(principal, webhookId);
      const { webhookDeliveries } = unitOfWork.repositories;
      if (page.kind === "all") {
        // Unpaginated callers get the newest 50; paginated callers walk further back.
        const rows = await webhookDeliveries.list(webhook.id, { kind: "page", limit: DELIVERY_LOG_LIMIT, after: null });
        return rows.slice(0, DELIVERY_LOG_LIMIT);
      }
      return toListResult("webhook-deliveries", page, await webhookDeliveries.list(webhook.id, page));
    },

    async redeliver(principal, webhookId, deliveryId) {
      const webhook = await find(principal, webhookId);
      return unitOfWork.transaction(async (tx) => {
        const delivery = isUuidV4(deliveryId) ? await tx.webhookDeliveries.findById(webhook.id, deliveryId) : null;
        if (!delivery) throw new NotFoundError("Delivery", deliveryId);
        await tx.deliveryQueue.enqueue({ eventId: delivery.eventId, webhookId: webhook.id, trigger: "redelivery" });
        return {
          webhookId: webhook.id,
          eventId: delivery.eventId,
          eventType: delivery.eventType,
          trigger: "redelivery" as const,
          queuedAt: clock.now(),
        };
      });
    },

    async recover(principal, webhookId, input) {
      const now = clock.now();
      const parsed = parseRecover(input, { windowStart: retentionStart(now, retentionDays), retentionDays });
      if (!parsed.ok) throw new InvalidInputError(parsed.problems);
      const webhook = await find(principal, webhookId);
      const { since, until = now, dryRun = false } = parsed.value;
      const eventIds = await unitOfWork.repositories.webhookDeliveries.findRecoverable(webhook, since, until);
      const recovery = { webhookId: webhook.id, count: eventIds.length, dryRun, since, until };
      if (dryRun || eventIds.length === 0) return recovery;
      const started = await unitOfWork.transaction((tx) =>
        tx.deliveryQueue.startRecovery({
          webhookId: webhook.id,
          eventIds,
          at: now,
          staleAfterMs: RECOVERY_STALE_AFTER_MS,
        }),
      );
      if (!started) throw new ConflictError(`A recovery of webhook ${webhook.id} is already in progress`);
      return recovery;
    },
  };
}
