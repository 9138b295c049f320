/**
 * Webhooks in memory, with the rules of `PostgresWebhookRepository`: every read and write but the
 * delivery ones scoped to the team; deleting one deletes its delivery log (`on delete cascade`).
 *
 * @module
 */

import type { PageRequest } from "../../pagination.ts";
import type { Webhook, WebhookDisabledReason, WebhookRepository } from "../../webhooks/index.ts";
import { copy, InMemoryConstraintError, type InMemoryContext } from "../in-memory-database.ts";
import { newestFirst, pageOf } from "./ordering.ts";
import { TEAMS } from "./teams.ts";
import { deleteWebhookRows, WEBHOOKS, type WebhookRow } from "./webhook-tables.ts";

const SCHEMES: readonly string[] = ["service", "standard"];
const DISABLED_REASONS: readonly string[] = ["gone", "failing"];

/** The in-memory `WebhookRepository`. */
export function inMemoryWebhooks(context: InMemoryContext): WebhookRepository {
  const rows = () => context.tables.rows(WEBHOOKS);
  const ofTeam = (teamId: string, id: string) => {
    const webhook = rows().get(id);
    return webhook && webhook.teamId === teamId ? webhook : null;
  };
  const out = (webhook: WebhookRow | null | undefined): Webhook | null => (webhook ? copy(webhook) : null);
  return {
    async insert(webhook) {
      const signatureScheme = webhook.signatureScheme ?? "service";
      if (!SCHEMES.includes(signatureScheme)) {
        throw new InMemoryConstraintError("23514", "webhooks_signature_scheme_check", `scheme ${signatureScheme}`);
      }
      if (rows().has(webhook.id)) throw new InMemoryConstraintError("23505", "webhooks_pkey", `${webhook.id} exists`);
      if (!context.tables.rows(TEAMS).has(webhook.teamId)) {
        throw new InMemoryConstraintError("23503", "webhooks_team_id_fkey", `team ${webhook.teamId} does not exist`);
      }
      if (webhook.disabledReason !== null && !DISABLED_REASONS.includes(webhook.disabledReason)) {
        throw new InMemoryConstraintError("23514", "webhooks_disabled_reason_check", `${webhook.disabledReason}`);
      }
      // Every field as given, the service's own (disabled, failing streak) included, as the SQL insert.
      rows().set(webhook.id, { ...copy(webhook), signatureScheme, failingSince: copy(webhook.failingSince ?? null) });
    },
    async findById(teamId, id) {
      return out(ofTeam(teamId, id));
    },
    async list(teamId, page: PageRequest) {
      const own = [...rows().values()].filter((webhook) => webhook.teamId === teamId).sort(newestFirst);
      return pageOf(own, page).map(copy);
    },
    async update(teamId, id, changes) {
      const webhook = ofTeam(teamId, id);
      if (!webhook) return null;
      webhook.updatedAt = new Date(changes.updatedAt);
      if (changes.url !== undefined) webhook.url = changes.url;
      if (changes.events !== undefined) webhook.events = [...changes.events];
      if (changes.isActive !== undefined) webhook.isActive = changes.isActive;
      if (changes.isActive === true) {
        webhook.disabledReason = null;
        webhook.disabledAt = null;
        webhook.failingSince = null;
      }
      return out(webhook);
    },
    async rotateSecret(teamId, id, rotation) {
      const webhook = ofTeam(teamId, id);
      if (!webhook) return null;
      webhook.previousSecret = webhook.secret;
      webhook.previousSecretExpiresAt = new Date(rotation.previousSecretExpiresAt);
      webhook.secret = rotation.secret;
      webhook.updatedAt = new Date(rotation.updatedAt);
      return out(webhook);
    },
    async delete(teamId, id) {
      if (!ofTeam(teamId, id)) return false;
      deleteWebhookRows(context, id);
      return true;
    },
    async findSubscribed(teamIds, type) {
      return [...rows().values()]
        .filter(
          (webhook) => teamIds.includes(webhook.teamId) && webhook.isActive && webhook.events.includes(type as never),
        )
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map(copy);
    },
    async findForDelivery(id) {
      return out(rows().get(id));
    },
    async teamsWithWebhooks(teamIds) {
      const teams = new Set<string>();
      for (const webhook of rows().values()) if (teamIds.includes(webhook.teamId)) teams.add(webhook.teamId);
      return [...teams];
    },
    async recordHealth(webhookId, report) {
      const webhook = rows().get(webhookId);
      if (!webhook) return null;
      // The reason reads the row as it was, as the SQL statement's right-hand sides do.
      let reason: WebhookDisabledReason | null = null;
      if (webhook.isActive && !report.success) {
        if (report.gone) reason = "gone";
        else if (
          webhook.failingSince !== null &&
          webhook.failingSince.getTime() <= report.at.getTime() - report.disableAfterMs
        ) {
          reason = "failing";
        }
      }
      webhook.failingSince = report.success ? null : (webhook.failingSince ?? new Date(report.at));
      if (reason !== null) {
        webhook.isActive = false;
        webhook.disabledReason = reason;
        webhook.disabledAt = new Date(report.at);
      }
      return reason;
    },
  };
}
