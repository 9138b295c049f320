import type { EventEnvelope, EventType, PageRequest, WebhookDelivery } from "@marketplace/core";
import type { DeliveryHints, EventFilter } from "@marketplace/core/events";
import type {
  DeliverableEvent,
  DeliverableEventType,
  DeliveryTrigger,
  WebhookDeliveryRepository,
} from "@marketplace/core/webhooks";
import { type Kysely, type Selectable, sql } from "kysely";
import { applyPage } from "../pagination.ts";
import type { Database, EventsTable, WebhookDeliveriesTable } from "../schema.ts";

/** Delivery attempts in PostgreSQL, and the stored events (table `events`) they carry. */
export class PostgresWebhookDeliveryRepository implements WebhookDeliveryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * One statement, no error caught: the row is selected only while its webhook exists, and that
   * webhook is locked (`for key share`) so a concurrent delete waits for this transaction (and then
   * cascades to the row) or, if it committed first, leaves nothing to insert. A foreign-key error
   * caught here would have aborted the caller's transaction; this is safe inside one and outside.
   */
  async insert(delivery: WebhookDelivery): Promise<void> {
    const values = {
      id: delivery.id,
      webhook_id: delivery.webhookId,
      team_id: delivery.teamId,
      event_id: delivery.eventId,
      event_type: delivery.eventType,
      attempt: delivery.attempt,
      trigger: delivery.trigger,
      url: delivery.url,
      status_code: delivery.statusCode,
      success: delivery.success,
      response_body: delivery.responseBody,
      duration_ms: delivery.durationMs,
      created_at: delivery.createdAt,
      request_headers: delivery.requestHeaders ? JSON.stringify(delivery.requestHeaders) : null,
      response_headers: delivery.responseHeaders ? JSON.stringify(delivery.responseHeaders) : null,
    };
    const columns = Object.keys(values) as Array<keyof typeof values>;
    await this.db
      .insertInto("webhook_deliveries")
      .columns(columns)
      .expression(
        sql`select ${sql.join(columns.map((column) => sql`${values[column]}::${sql.raw(DELIVERY_TYPES[column])}`))}
          where ${delivery.webhookId}::uuid is null
            or exists (select 1 from webhooks where id = ${delivery.webhookId}::uuid for key share)`,
      )
      .execute();
  }

  async list(webhookId: string, page: PageRequest): Promise<WebhookDelivery[]> {
    const query = this.db.selectFrom("webhook_deliveries").selectAll().where("webhook_id", "=", webhookId);
    const rows = await applyPage(
      query,
      page,
      "webhook_deliveries",
      sql`cursor_row.webhook_id = ${webhookId}`,
    ).execute();
    return rows.map(toDelivery);
  }

  async findById(webhookId: string, id: string): Promise<WebhookDelivery | null> {
    const row = await this.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("id", "=", id)
      .where("webhook_id", "=", webhookId)
      .executeTakeFirst();
    return row ? toDelivery(row) : null;
  }

  async lastAttempt(eventId: string, webhookId: string): Promise<number> {
    const row = await this.db
      .selectFrom("webhook_deliveries")
      .select((eb) => eb.fn.max("attempt").as("attempt"))
      .where("event_id", "=", eventId)
      .where("webhook_id", "=", webhookId)
      .executeTakeFirst();
    return Number(row?.attempt ?? 0);
  }

  async findEvent(id: string): Promise<DeliverableEvent | null> {
    const row = await this.db.selectFrom("events").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      type: row.type as DeliverableEventType,
      version: row.version as 1,
      createdAt: row.created_at,
      data: { ...(row.data as Record<string, unknown>), training: row.training },
      audience: { providerTeamIds: row.provider_team_ids, resellerTeamIds: row.reseller_team_ids },
      ...(row.delivery_hints ? { delivery: row.delivery_hints as DeliveryHints } : {}),
    };
  }

  async listTeamEvents(teamId: string, filter: EventFilter, page: PageRequest): Promise<EventEnvelope[]> {
    const rows = await applyPage(
      this.teamEvents(teamId, filter),
      page,
      "team_events",
      sql`cursor_row.team_id = ${teamId}`,
    ).execute();
    return rows.map(toEnvelope);
  }

  async findRecoverable(
    webhook: { id: string; teamId: string; events: readonly string[] },
    since: Date,
    until: Date,
  ): Promise<string[]> {
    const rows = await this.db
      .selectFrom("events")
      .select("events.id")
      .where(teamAudience(sql.ref("events"), webhook.teamId))
      .where("events.type", "=", sql<string>`any(${[...webhook.events]}::text[])`)
      .where("events.created_at", ">=", since)
      .where("events.created_at", "<=", until)
      // The latest attempt at this webhook failed, or there is none.
      .where(
        sql<boolean>`coalesce((
          select d.success from webhook_deliveries d
          where d.event_id = events.id and d.webhook_id = ${webhook.id}
          order by d.created_at desc, d.attempt desc limit 1
        ), false) = false`,
      )
      .orderBy("events.created_at")
      .orderBy("events.id")
      .execute();
    return rows.map((row) => row.id);
  }

  async findTeamEvent(teamId: string, eventId: string, filter: EventFilter): Promise<EventEnvelope | null> {
    const row = await this.teamEvents(teamId, filter).where("team_events.id", "=", eventId).executeTakeFirst();
    return row ? toEnvelope(row) : null;
  }

  /**
   * The team's events of the filter, through the team's own rows of `team_events` (migration 0020):
   * the list walks them newest first on one B-tree, `(team_id, created_at desc, id desc)`, whatever
   * share of the log the team sees; one event is a primary-key probe, `(id, team_id)`.
   */
  private teamEvents(teamId: string, filter: EventFilter) {
    let query = this.db
      .selectFrom("team_events")
      .innerJoin("events", "events.id", "team_events.id")
      .select(["events.id", "events.type", "events.version", "events.created_at", "events.training", "events.data"])
      .where("team_events.team_id", "=", teamId)
      .where("events.type", "=", sql<string>`any(${[...filter.types]}::text[])`);
    if (filter.createdAfter) query = query.where("team_events.created_at", ">", filter.createdAfter);
    if (filter.createdBefore) query = query.where("team_events.created_at", "<", filter.createdBefore);
    return query;
  }

  async insertEvent(event: DeliverableEvent): Promise<void> {
    await this.db
      .insertInto("events")
      .values({
        id: event.id,
        type: event.type,
        version: event.version,
        created_at: event.createdAt,
        training: event.data.training,
        data: JSON.stringify(event.data),
        provider_team_ids: event.audience.providerTeamIds,
        reseller_team_ids: event.audience.resellerTeamIds,
      })
      .execute();
  }
}

/** The column types of `insert`'s select (its values are parameters, typed here). */
const DELIVERY_TYPES = {
  id: "uuid",
  webhook_id: "uuid",
  team_id: "uuid",
  event_id: "uuid",
  event_type: "text",
  attempt: "integer",
  trigger: "text",
  url: "text",
  status_code: "integer",
  success: "boolean",
  response_body: "text",
  duration_ms: "integer",
  created_at: "timestamptz",
  request_headers: "jsonb",
  response_headers: "jsonb",
} as const;

/** True when the audience of the event row `table` names the team (as provider or reseller). */
function teamAudience(table: ReturnType<typeof sql.ref>, teamId: string) {
  return sql<boolean>`(${table}.provider_team_ids @> array[${teamId}]::uuid[] or ${table}.reseller_team_ids @> array[${teamId}]::uuid[])`;
}

/** An event row as the envelope its receivers get. */
function toEnvelope(
  row: Pick<EventsTable, "id" | "type" | "version" | "created_at" | "training" | "data">,
): EventEnvelope {
  return {
    id: row.id,
    type: row.type as EventType,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    data: { ...(row.data as Record<string, unknown>), training: row.training },
  };
}

export function toDelivery(row: Selectable<WebhookDeliveriesTable>): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    teamId: row.team_id,
    eventId: row.event_id,
    eventType: row.event_type,
    attempt: row.attempt,
    trigger: row.trigger as DeliveryTrigger,
    url: row.url,
    statusCode: row.status_code,
    success: row.success,
    responseBody: row.response_body,
    durationMs: row.duration_ms,
    createdAt: row.created_at,
    requestHeaders: (row.request_headers as Record<string, string> | null) ?? null,
    responseHeaders: (row.response_headers as Record<string, string> | null) ?? null,
  };
}
