import type { EventType, PageRequest, Webhook, WebhookChanges, WebhookRepository } from "@marketplace/core";
import { type Kysely, type Selectable, sql } from "kysely";
import { applyPage } from "../pagination.ts";
import type { Database, WebhooksTable } from "../schema.ts";

/** Webhooks in PostgreSQL; every change is one statement, so concurrent PATCHes never lose a field. */
export class PostgresWebhookRepository implements WebhookRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(webhook: Webhook): Promise<void> {
    await this.db
      .insertInto("webhooks")
      .values({
        id: webhook.id,
        team_id: webhook.teamId,
        url: webhook.url,
        events: webhook.events,
        is_active: webhook.isActive,
        secret: webhook.secret,
        previous_secret: webhook.previousSecret,
        previous_secret_expires_at: webhook.previousSecretExpiresAt,
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
    return row ? toWebhook(row) : null;
  }

  async list(teamId: string, page: PageRequest): Promise<Webhook[]> {
    const query = this.db.selectFrom("webhooks").selectAll().where("team_id", "=", teamId);
    const rows = await applyPage(query, page, "webhooks", sql`cursor_row.team_id = ${teamId}`).execute();
    return rows.map(toWebhook);
  }

  async update(teamId: string, id: string, changes: WebhookChanges): Promise<Webhook | null> {
    const row = await this.db
      .updateTable("webhooks")
      .set({
        updated_at: changes.updatedAt,
        ...(changes.url !== undefined ? { url: changes.url } : {}),
        ...(changes.events !== undefined ? { events: changes.events } : {}),
        ...(changes.isActive !== undefined ? { is_active: changes.isActive } : {}),
      })
      .where("id", "=", id)
      .where("team_id", "=", teamId)
      .returningAll()
      .executeTakeFirst();
    return row ? toWebhook(row) : null;
  }

  async rotateSecret(
    teamId: string,
    id: string,
    rotation: { secret: string; previousSecretExpiresAt: Date; updatedAt: Date },
  ): Promise<Webhook | null> {
    // Right-hand sides read the row as it was: the current secret becomes the previous one.
    const row = await this.db
      .updateTable("webhooks")
      .set((eb) => ({
        previous_secret: eb.ref("secret"),
        previous_secret_expires_at: rotation.previousSecretExpiresAt,
        secret: rotation.secret,
        updated_at: rotation.updatedAt,
      }))
      .where("id", "=", id)
      .where("team_id", "=", teamId)
      .returningAll()
      .executeTakeFirst();
    return row ? toWebhook(row) : null;
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
    return rows.map(toWebhook);
  }

  async findForDelivery(id: string): Promise<Webhook | null> {
    const row = await this.db.selectFrom("webhooks").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toWebhook(row) : null;
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
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
