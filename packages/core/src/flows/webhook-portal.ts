/**
 * The webhooks portal's use cases: a team's webhooks, their log and the actions on them, as a member
 * (dashboard) or the operator uses them. Every command is the API's own (`webhooks.*`, the same
 * rules and errors), authorized by the member's role (`view_webhooks`, `manage_webhooks`) and
 * written to the audit log in the same transaction: a command is audited, or it did not happen.
 *
 * @module
 */

import type { AuditAction, AuditTarget } from "../audit-log/index.ts";
import { AuthenticationError, NotFoundError } from "../errors.ts";
import type { EventEnvelope } from "../events/index.ts";
import { subscribableEventTypes } from "../events/index.ts";
import { isUuidV4 } from "../ids.ts";
import { auditEntry, authorizeCaller, type Caller } from "../members/index.ts";
import { type ListResult, type PageRequest, toListResult } from "../pagination.ts";
import type { Principal, Team } from "../teams/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import type {
  AttemptFilter,
  EndpointHealth,
  NewWebhook,
  OrderTimelineEvent,
  RecoveryProgress,
  RotateSecretOptions,
  TestSample,
  WebhookPatch,
  WebhookUseCases,
} from "../webhooks/index.ts";
import {
  deliveryBody,
  type QueuedDelivery,
  WEBHOOK_TEST_EVENT_TYPE,
  type Webhook,
  type WebhookDelivery,
  type WebhookRecovery,
  type WebhookUrlPolicy,
} from "../webhooks/index.ts";

/** The window of an endpoint's health figures: 24 hours. */
export const HEALTH_WINDOW_MS = 24 * 60 * 60 * 1000;

/** How recent a sign-in (or step-up) must be to show a webhook's secret again: 10 minutes. */
export const SECRET_REVEAL_WINDOW_MS = 10 * 60 * 1000;

/** True when a sign-in at `signedInAt` still lets the secret be shown at `now`. */
export function mayRevealSecret(signedInAt: Date | null, now: Date): boolean {
  return signedInAt !== null && now.getTime() - signedInAt.getTime() < SECRET_REVEAL_WINDOW_MS;
}

/** An endpoint with its health over the last 24 hours. */
export interface EndpointOverview {
  webhook: Webhook;
  health: EndpointHealth;
}

/** One attempt with what its page shows: the endpoint (null once deleted) and the body as sent. */
export interface AttemptDetail {
  attempt: WebhookDelivery;
  webhook: Webhook | null;
  /** The envelope as delivered (null when the event is past retention). */
  event: EventEnvelope | null;
  /** The body as sent, byte for byte the serialisation that was signed; null when the event is gone. */
  body: string | null;
}

/** The portal's use cases; every method takes the team and the caller, whose role is checked. */
export interface WebhookPortalUseCases {
  /** The team's webhooks, newest first, each with its health over 24 hours. */
  endpoints(teamId: string, caller: Caller): Promise<EndpointOverview[]>;
  /** The team's webhooks, newest first, without health (for pickers and labels). */
  endpointList(teamId: string, caller: Caller): Promise<Webhook[]>;
  /** One of the team's webhooks; NotFoundError when absent or another team's. */
  endpoint(teamId: string, webhookId: string, caller: Caller): Promise<Webhook>;
  create(teamId: string, input: NewWebhook, caller: Caller, policy?: WebhookUrlPolicy): Promise<Webhook>;
  update(
    teamId: string,
    webhookId: string,
    patch: WebhookPatch,
    caller: Caller,
    policy?: WebhookUrlPolicy,
  ): Promise<Webhook>;
  delete(teamId: string, webhookId: string, caller: Caller): Promise<void>;
  rotateSecret(teamId: string, webhookId: string, options: RotateSecretOptions, caller: Caller): Promise<Webhook>;
  /**
   * The webhook's current signing secret, shown again (`manage_webhooks`), when the caller signed in
   * or stepped up at `signedInAt`, within `SECRET_REVEAL_WINDOW_MS`; audited `webhook.secret_viewed`.
   * AuthenticationError when the sign-in is older; NotFoundError for another team's webhook.
   */
  revealSecret(teamId: string, webhookId: string, caller: Caller, signedInAt: Date | null): Promise<string>;
  /**
   * Queues a test for this webhook alone: `webhook.test`, or, with `sample`, an event of a type the
   * team may subscribe to carrying `sample.data` (an example payload), always marked `training`.
   * InvalidInputError for a type the team cannot subscribe to.
   */
  sendTest(teamId: string, webhookId: string, caller: Caller, sample?: TestSample): Promise<QueuedDelivery>;
  /** Sends the event of one of the team's attempts to its endpoint again (trigger `redelivery`). */
  resend(teamId: string, attemptId: string, caller: Caller): Promise<QueuedDelivery>;
  /** `webhooks.recover` (dry run included); a started recovery is audited. */
  recover(teamId: string, webhookId: string, input: unknown, caller: Caller): Promise<WebhookRecovery>;
  /** The webhook's latest recovery, or null. */
  recoveryProgress(teamId: string, webhookId: string, caller: Caller): Promise<RecoveryProgress | null>;
  /** The team's attempts, newest first, filtered (see `parseAttemptQuery`), a page at a time. */
  attempts(
    teamId: string,
    filter: AttemptFilter,
    page: PageRequest & { kind: "page" },
    caller: Caller,
  ): Promise<ListResult<WebhookDelivery>>;
  /** One attempt of the team; NotFoundError when absent or another team's. */
  attempt(teamId: string, attemptId: string, caller: Caller): Promise<AttemptDetail>;
  /** The order's events for this team in sequence order, each with its attempts. */
  orderTimeline(teamId: string, orderId: string, caller: Caller): Promise<OrderTimelineEvent[]>;
  /** The event types the team may subscribe to, and the test event. */
  eventTypes(teamId: string, caller: Caller): Promise<{ subscribable: readonly string[]; test: string }>;
}

function webhookTarget(webhook: Pick<Webhook, "id" | "url">): AuditTarget {
  return { type: "webhook", id: webhook.id, label: webhook.url };
}

/** How a patch reads in the audit log: `paused`, `resumed`, `re-enabled (was failing)`, `url, events`. */
function patchDetail(before: Webhook, patch: WebhookPatch): string {
  const parts: string[] = [];
  if (patch.url !== undefined && patch.url !== before.url) parts.push("url");
  if (patch.events !== undefined) parts.push("events");
  if (patch.isActive === false && before.isActive) parts.push("paused");
  if (patch.isActive === true && !before.isActive) {
    parts.push(before.disabledReason ? `re-enabled (was ${before.disabledReason})` : "resumed");
  }
  return parts.length > 0 ? parts.join(", ") : "no change";
}

/** The parts of the scope the webhook use cases name (`webhookUseCases`). */
export type WebhookScope = "deliveryQueue" | "webhookDeliveries" | "webhooks";

/** Builds the webhook use cases over a context: `createMarketplace` gives `webhookUseCases` with its options. */
export type WebhookUseCasesOver = (ctx: UseCaseContext<WebhookScope>) => WebhookUseCases;

/** Appends the caller's audit entry inside the command's transaction. */
type Audit = (action: AuditAction, target: AuditTarget, detail?: string) => Promise<void>;

/**
 * The portal's use cases. Each command runs in ONE transaction with its audit entry: the webhook use
 * cases are built over a unit of work bound to that transaction (its `transaction(work)` runs `work`
 * in the open one), so a failing audit append rolls the command back, and a command that fails
 * leaves no entry (ADR-0075). Reads outside commands use `webhooksOver(ctx)` as they are.
 */
export function webhookPortalUseCases(
  ctx: UseCaseContext<"auditLog" | "deliveryQueue" | "teams" | "webhookDeliveries" | "webhookLog" | "webhooks">,
  webhooksOver: WebhookUseCasesOver,
): WebhookPortalUseCases {
  const { unitOfWork, clock } = ctx;
  const { repositories } = unitOfWork;
  const webhooks = webhooksOver(ctx);

  /** The team as the API's principal (its role decides the subscribable types), after the role check. */
  async function principalOf(teamId: string, caller: Caller, write: boolean): Promise<Principal & { team: Team }> {
    authorizeCaller(caller, teamId, write ? "manage_webhooks" : "view_webhooks");
    const team = isUuidV4(teamId) ? await repositories.teams.findById(teamId) : null;
    if (!team) throw new NotFoundError("Team", teamId);
    return { teamId, role: team.role, apiKeyId: caller.actor.id ?? "operator", team };
  }

  /**
   * Runs `work` in one transaction, with the webhook use cases bound to it and `audit` appending to
   * it: the command and its entry commit together or not at all. The bound unit of work never opens
   * a transaction of its own (nothing of a command commits before the entry is appended), and its
   * reads see the transaction's writes.
   */
  function audited<T>(
    teamId: string,
    caller: Caller,
    work: (bound: WebhookUseCases, audit: Audit) => Promise<T>,
  ): Promise<T> {
    return unitOfWork.transaction((tx) => {
      const bound = webhooksOver({ ...ctx, unitOfWork: { repositories: tx, transaction: (inner) => inner(tx) } });
      const audit: Audit = (action, target, detail) =>
        tx.auditLog.append(auditEntry(ctx, teamId, caller, action, target, detail));
      return work(bound, audit);
    });
  }

  return {
    async endpoints(teamId, caller) {
      const principal = await principalOf(teamId, caller, false);
      const [list, health] = await Promise.all([
        webhooks.list(principal, { kind: "all" }),
        repositories.webhookLog.health(teamId, new Date(clock.now().getTime() - HEALTH_WINDOW_MS)),
      ]);
      const byId = new Map(health.map((h) => [h.webhookId, h]));
      return (list as Webhook[]).map((webhook) => ({
        webhook,
        health: byId.get(webhook.id) ?? {
          webhookId: webhook.id,
          attempts: 0,
          successes: 0,
          lastAttemptAt: null,
          lastStatusCode: null,
          lastSuccess: null,
        },
      }));
    },

    async endpointList(teamId, caller) {
      return (await webhooks.list(await principalOf(teamId, caller, false), { kind: "all" })) as Webhook[];
    },

    async endpoint(teamId, webhookId, caller) {
      return webhooks.get(await principalOf(teamId, caller, false), webhookId);
    },

    async create(teamId, input, caller, policy) {
      const principal = await principalOf(teamId, caller, true);
      return audited(teamId, caller, async (bound, audit) => {
        const created = await bound.create(principal, input, policy);
        await audit("webhook.created", webhookTarget(created), `events: ${created.events.join(", ")}`);
        return created;
      });
    },

    async update(teamId, webhookId, patch, caller, policy) {
      const principal = await principalOf(teamId, caller, true);
      return audited(teamId, caller, async (bound, audit) => {
        const before = await bound.get(principal, webhookId);
        const updated = await bound.update(principal, webhookId, patch, policy);
        await audit("webhook.updated", webhookTarget(updated), patchDetail(before, patch));
        return updated;
      });
    },

    async delete(teamId, webhookId, caller) {
      const principal = await principalOf(teamId, caller, true);
      await audited(teamId, caller, async (bound, audit) => {
        const webhook = await bound.get(principal, webhookId);
        await bound.delete(principal, webhookId);
        await audit("webhook.deleted", webhookTarget(webhook));
      });
    },

    async rotateSecret(teamId, webhookId, options, caller) {
      const principal = await principalOf(teamId, caller, true);
      return audited(teamId, caller, async (bound, audit) => {
        const rotated = await bound.rotateSecret(principal, webhookId, options);
        const overlap = options.overlapSeconds ?? 86_400;
        await audit("webhook.secret_rotated", webhookTarget(rotated), `overlap ${overlap} s`);
        return rotated;
      });
    },

    async revealSecret(teamId, webhookId, caller, signedInAt) {
      const principal = await principalOf(teamId, caller, true);
      // The secret shown is the one read in the transaction that records it was seen.
      return audited(teamId, caller, async (bound, audit) => {
        const webhook = await bound.get(principal, webhookId);
        if (!mayRevealSecret(signedInAt, clock.now())) {
          throw new AuthenticationError("Sign in again to see the secret");
        }
        await audit("webhook.secret_viewed", webhookTarget(webhook));
        return webhook.secret;
      });
    },

    async sendTest(teamId, webhookId, caller, sample) {
      const principal = await principalOf(teamId, caller, true);
      return audited(teamId, caller, async (bound, audit) => {
        const webhook = await bound.get(principal, webhookId);
        const queued = await bound.sendTest(principal, webhookId, sample);
        await audit("webhook.test_sent", webhookTarget(webhook), `event ${queued.eventId}`);
        return queued;
      });
    },

    async resend(teamId, attemptId, caller) {
      const principal = await principalOf(teamId, caller, true);
      const attempt = isUuidV4(attemptId) ? await repositories.webhookLog.findAttempt(teamId, attemptId) : null;
      if (!attempt || attempt.webhookId === null) throw new NotFoundError("Delivery", attemptId);
      const webhookId = attempt.webhookId;
      return audited(teamId, caller, async (bound, audit) => {
        const webhook = await bound.get(principal, webhookId);
        const queued = await bound.redeliver(principal, webhookId, attemptId);
        await audit("webhook.resent", webhookTarget(webhook), `${queued.eventType} ${queued.eventId}`);
        return queued;
      });
    },

    async recover(teamId, webhookId, input, caller) {
      const principal = await principalOf(teamId, caller, true);
      return audited(teamId, caller, async (bound, audit) => {
        const recovery = await bound.recover(principal, webhookId, input);
        if (!recovery.dryRun && recovery.count > 0) {
          const webhook = await bound.get(principal, webhookId);
          const detail = `${recovery.count} events since ${recovery.since.toISOString()}`;
          await audit("webhook.recovery_started", webhookTarget(webhook), detail);
        }
        return recovery;
      });
    },

    async recoveryProgress(teamId, webhookId, caller) {
      await principalOf(teamId, caller, false);
      if (!isUuidV4(webhookId)) throw new NotFoundError("Webhook", webhookId);
      return repositories.webhookLog.recovery(teamId, webhookId);
    },

    async attempts(teamId, filter, page, caller) {
      await principalOf(teamId, caller, false);
      const rows = await repositories.webhookLog.listAttempts(teamId, filter, page);
      return toListResult("webhook-attempts", page, rows);
    },

    async attempt(teamId, attemptId, caller) {
      await principalOf(teamId, caller, false);
      const attempt = isUuidV4(attemptId) ? await repositories.webhookLog.findAttempt(teamId, attemptId) : null;
      if (!attempt) throw new NotFoundError("Delivery", attemptId);
      const webhook = attempt.webhookId
        ? await repositories.webhooks.findById(teamId, attempt.webhookId).then((found) => found ?? null)
        : null;
      // The attempt is the team's, so its event went to the team's endpoint: shown as sent (tests and
      // samples, nobody's audience, included); gone once pruned past retention.
      const stored = await repositories.webhookDeliveries.findEvent(attempt.eventId);
      return {
        attempt,
        webhook,
        event: stored ? (JSON.parse(deliveryBody(stored)) as EventEnvelope) : null,
        body: stored ? deliveryBody(stored) : null,
      };
    },

    async orderTimeline(teamId, orderId, caller) {
      const principal = await principalOf(teamId, caller, false);
      if (!isUuidV4(orderId)) throw new NotFoundError("Order", orderId);
      return repositories.webhookLog.orderTimeline(teamId, orderId, subscribableEventTypes(principal.role));
    },

    async eventTypes(teamId, caller) {
      const principal = await principalOf(teamId, caller, false);
      return { subscribable: subscribableEventTypes(principal.role), test: WEBHOOK_TEST_EVENT_TYPE };
    },
  };
}
