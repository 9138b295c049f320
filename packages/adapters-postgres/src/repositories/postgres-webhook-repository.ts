import type { EventType, PageRequest, SecretKeyring, Webhook } from "@marketplace/core";
import { openSecret, sealSecret } from "@marketplace/core/kernel";
import type {
  WebhookChanges,
  WebhookDisabledReason,
  WebhookRepository,
  WebhookSignatureScheme,
} from "@marketplace/core/webhooks";
import { CompiledQuery, type Kysely, type Selectable, sql } from "kysely";
import { applyPage } from "../pagination.ts";
import type { Database, WebhooksTable } from "../schema.ts";

/** The context a webhook's sealed secrets (current and previous) are bound to: its row. */
export function webhookSecretContext(webhookId: string): string {
  return `webhooks:${webhookId}`;
}

/**
 * Webhooks in PostgreSQL; every change is one statement, so concurrent PATCHes never lose a field.
 * With a key-encryption keyring, secrets are written sealed (`kek1.…`) and opened on read; a
 * plaintext secret (stored before sealing) is read as it is until `sealStoredSecrets` seals it.
 */
export class PostgresWebhookRepository implements WebhookRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly secretKeyring: SecretKeyring | null = null,
  ) {}

  private seal(secret: string, webhookId: string): Promise<string> {
    return this.secretKeyring
      ? sealSecret(this.secretKeyring, secret, webhookSecretContext(webhookId))
      : Promise.resolve(secret);
  }

  private async toWebhook(row: Selectable<WebhooksTable> | undefined): Promise<Webhook | null> {
    if (!row) return null;
    const context = webhookSecretContext(row.id);
    const webhook = toWebhook(row);
    webhook.secret = await openSecret(this.secretKeyring, row.secret, context);
    if (row.previous_secret !== null) {
      webhook.previousSecret = await openSecret(this.secretKeyring, row.previous_secret, context);
    }
    return webhook;
  }

  private async toWebhooks(rows: readonly Selectable<WebhooksTable>[]): Promise<Webhook[]> {
    return Promise.all(rows.map(async (row) => (await this.toWebhook(row)) as Webhook));
  }

  async insert(webhook: Webhook): Promise<void> {
    await this.db
      .insertInto("webhooks")
      .values({
        id: webhook.id,
        team_id: webhook.teamId,
        url: webhook.url,
        events: webhook.events,
        is_active: webhook.isActive,
        secret: await this.seal(webhook.secret, webhook.id),
        previous_secret: webhook.previousSecret === null ? null : await this.seal(webhook.previousSecret, webhook.id),
        previous_secret_expires_at: webhook.previousSecretExpiresAt,
        signature_scheme: webhook.signatureScheme ?? "service",
        disabled_reason: webhook.disabledReason,
        disabled_at: webhook.disabledAt,
        failing_since: webhook.failingSince ?? null,
        created_at: webhook.createdAt,
        updated_at: webhook.updatedAt,
      })
      .execute();
  }

  async findById(teamId: string, id: string): Promise<Webhook | null> {
    const row = await this.db
      .selectFrom("webhooks")
      .selectAll()
      .where("id", "=", id)
      .where("team_id", "=", teamId)
      .executeTakeFirst();
    return this.toWebhook(row);
  }

  async list(teamId: string, page: PageRequest): Promise<Webhook[]> {
    const query = this.db.selectFrom("webhooks").selectAll().where("team_id", "=", teamId);
    const rows = await applyPage(query, page, "webhooks", sql`cursor_row.team_id = ${teamId}`).execute();
    return this.toWebhooks(rows);
  }

  async update(teamId: string, id: string, changes: WebhookChanges): Promise<Webhook | null> {
    const row = await this.db
      .updateTable("webhooks")
      .set({
        updated_at: changes.updatedAt,
        ...(changes.url !== undefined ? { url: changes.url } : {}),
        ...(changes.events !== undefined ? { events: changes.events } : {}),
        ...(changes.isActive !== undefined ? { is_active: changes.isActive } : {}),
        // Re-enabling clears what the service recorded when it disabled the webhook.
        ...(changes.isActive === true ? { disabled_reason: null, disabled_at: null, failing_since: null } : {}),
      })
      .where("id", "=", id)
      .where("team_id", "=", teamId)
      .returningAll()
      .executeTakeFirst();
    return this.toWebhook(row);
  }

  async rotateSecret(
    teamId: string,
    id: string,
    rotation: { secret: string; previousSecretExpiresAt: Date; updatedAt: Date },
  ): Promise<Webhook | null> {
    // Right-hand sides read the row as it was: the current secret becomes the previous one (as
    // stored: both are sealed to the row, so a sealed value moves between the columns as it is).
    const secret = await this.seal(rotation.secret, id);
    const row = await this.db
      .updateTable("webhooks")
      .set((eb) => ({
        previous_secret: eb.ref("secret"),
        previous_secret_expires_at: rotation.previousSecretExpiresAt,
        secret,
        updated_at: rotation.updatedAt,
      }))
      .where("id", "=", id)
      .where("team_id", "=", teamId)
      .returningAll()
      .executeTakeFirst();
    return this.toWebhook(row);
  }

  async delete(teamId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("webhooks")
      .where("id", "=", id)
      .where("team_id", "=", teamId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async findSubscribed(teamIds: readonly string[], type: string): Promise<Webhook[]> {
    if (teamIds.length === 0) return [];
    const rows = await this.db
      .selectFrom("webhooks")
      .selectAll()
      .where(sql<boolean>`team_id = any(${[...teamIds]}::uuid[])`)
      .where("is_active", "=", true)
      .where(sql<boolean>`events @> array[${type}]::text[]`)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return this.toWebhooks(rows);
  }

  async findForDelivery(id: string): Promise<Webhook | null> {
    const row = await this.db.selectFrom("webhooks").selectAll().where("id", "=", id).executeTakeFirst();
    return this.toWebhook(row);
  }

  async recordHealth(
    webhookId: string,
    report: { at: Date; success: boolean; gone: boolean; disableAfterMs: number },
  ): Promise<WebhookDisabledReason | null> {
    const result = await this.db.executeQuery<{ disabled_now: string | null }>(
      CompiledQuery.raw(RECORD_HEALTH, [webhookId, report.success, report.at, report.gone, report.disableAfterMs]),
    );
    return (result.rows[0]?.disabled_now as WebhookDisabledReason | undefined) ?? null;
  }

  async teamsWithWebhooks(teamIds: readonly string[]): Promise<string[]> {
    if (teamIds.length === 0) return [];
    const rows = await this.db
      .selectFrom("webhooks")
      .select("team_id")
      .distinct()
      .where(sql<boolean>`team_id = any(${[...teamIds]}::uuid[])`)
      .execute();
    return rows.map((row) => row.team_id);
  }
}

/**
 * One statement per report. A failure sets the streak's start when there is none; the webhook is
 * disabled by a 410, or when the streak (as it was before this attempt) began `disableAfterMs` or more
 * before `at`. Right-hand sides read the row as it was; `disabled_now` tells whether this statement
 * disabled it.
 */
const RECORD_HEALTH = `
  update webhooks w set
    failing_since = case when $2 then null else coalesce(w.failing_since, $3) end,
    is_active = case when disable.reason is null then w.is_active else false end,
    disabled_reason = coalesce(disable.reason, w.disabled_reason),
    disabled_at = case when disable.reason is null then w.disabled_at else $3 end
  from (
    select case
      when not w0.is_active or $2 then null
      when $4 then 'gone'
      when w0.failing_since is not null and w0.failing_since <= $3::timestamptz - make_interval(secs => $5::float8 / 1000) then 'failing'
    end as reason
    from webhooks w0 where w0.id = $1
  ) disable
  where w.id = $1
  returning disable.reason as disabled_now`;

function toWebhook(row: Selectable<WebhooksTable>): Webhook {
  return {
    id: row.id,
    teamId: row.team_id,
    url: row.url,
    events: row.events as EventType[],
    isActive: row.is_active,
    secret: row.secret,
    previousSecret: row.previous_secret,
    previousSecretExpiresAt: row.previous_secret_expires_at,
    signatureScheme: row.signature_scheme as WebhookSignatureScheme,
    disabledReason: row.disabled_reason as WebhookDisabledReason | null,
    disabledAt: row.disabled_at,
    failingSince: row.failing_since,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
