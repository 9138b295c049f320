import type { EventType, PageRequest, WebhookDelivery } from "@marketplace/core";
import type {
  AttemptFilter,
  EndpointHealth,
  OrderTimelineEvent,
  RecoveryProgress,
  WebhookLogRepository,
} from "@marketplace/core/webhooks";
import { type Kysely, sql } from "kysely";
import { applyPage } from "../pagination.ts";
import type { Database } from "../schema.ts";
import { toDelivery } from "./postgres-webhook-delivery-repository.ts";

/**
 * The team-wide delivery log (the webhooks portal's reads). Every list walks
 * `webhook_deliveries_team_created_at_id` (migration 0027) newest first with the keyset of
 * `applyPage`; an event or order look-up starts from `webhook_deliveries_event` or `events_order_id`.
 */
export class PostgresWebhookLogRepository implements WebhookLogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listAttempts(teamId: string, filter: AttemptFilter, page: PageRequest): Promise<WebhookDelivery[]> {
    let query = this.db
      .selectFrom("webhook_deliveries")
      .selectAll("webhook_deliveries")
      .where("webhook_deliveries.team_id", "=", teamId)
      // The unsigned submissionUrl fallback is no endpoint of the team's: the portal shows webhooks only.
      .where("webhook_deliveries.webhook_id", "is not", null);
    if (filter.webhookId) query = query.where("webhook_deliveries.webhook_id", "=", filter.webhookId);
    if (filter.eventType) query = query.where("webhook_deliveries.event_type", "=", filter.eventType);
    if (filter.outcome) query = query.where("webhook_deliveries.success", "=", filter.outcome === "succeeded");
    if (filter.statusCode !== undefined) {
      query =
        filter.statusCode === 0
          ? query.where("webhook_deliveries.status_code", "is", null)
          : query.where("webhook_deliveries.status_code", "=", filter.statusCode);
    }
    if (filter.trigger) query = query.where("webhook_deliveries.trigger", "=", filter.trigger);
    if (filter.from) query = query.where("webhook_deliveries.created_at", ">=", filter.from);
    if (filter.to) query = query.where("webhook_deliveries.created_at", "<", filter.to);
    if (filter.eventId) query = query.where("webhook_deliveries.event_id", "=", filter.eventId);
    if (filter.orderId) {
      // An order has a handful of events: found first on events_order_id, then their attempts on
      // webhook_deliveries_event (one plan the planner cannot turn into a walk of the team's log).
      const events = await this.db
        .selectFrom("events")
        .select("id")
        .where(sql<boolean>`data ? 'orderId'`)
        .where(sql<string>`data ->> 'orderId'`, "=", filter.orderId)
        .limit(1000)
        .execute();
      if (events.length === 0) return [];
      query = query.where("webhook_deliveries.event_id", "=", sql<string>`any(${events.map((e) => e.id)}::uuid[])`);
    }
    const rows = await applyPage(query, page, "webhook_deliveries", sql`cursor_row.team_id = ${teamId}`).execute();
    return rows.map(toDelivery);
  }

  async findAttempt(teamId: string, id: string): Promise<WebhookDelivery | null> {
    const row = await this.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("id", "=", id)
      .where("team_id", "=", teamId)
      .where("webhook_id", "is not", null)
      .executeTakeFirst();
    return row ? toDelivery(row) : null;
  }

  async health(teamId: string, since: Date): Promise<EndpointHealth[]> {
    // Exactly the attempts at or after `since`: the whole hours from the first one starting at or
    // after it come from the hourly rollup (migration 0031; hours as its trigger truncates them), the
    // part of an hour before that (under an hour) from the log itself, a range of the index
    // (webhook_id, created_at desc, id desc), which also gives the latest attempt in one probe; the
    // index carries success and status_code (migration 0034), so both are index-only scans. An
    // endpoint with no attempt since is left out.
    const result = await sql<{
      webhook_id: string;
      attempts: number | null;
      successes: number | null;
      last_at: Date;
      last_status: number | null;
      last_success: boolean;
    }>`
      with bounds as (
        select ${since}::timestamptz as since,
          date_trunc('hour', ${since}::timestamptz - interval '1 microsecond') + interval '1 hour' as whole
      )
      select w.id as webhook_id,
        coalesce(h.attempts, 0) + p.attempts as attempts, coalesce(h.successes, 0) + p.successes as successes,
        l.created_at as last_at, l.status_code as last_status, l.success as last_success
      from bounds b
      cross join webhooks w
      join lateral (
        select d.created_at, d.status_code, d.success
        from webhook_deliveries d
        where d.webhook_id = w.id
        order by d.created_at desc, d.id desc
        limit 1
      ) l on l.created_at >= b.since
      left join lateral (
        select sum(r.attempts)::int as attempts, sum(r.successes)::int as successes
        from webhook_health_hourly r
        where r.webhook_id = w.id and r.hour >= b.whole
      ) h on true
      cross join lateral (
        select count(*)::int as attempts, (count(*) filter (where d.success))::int as successes
        from webhook_deliveries d
        where d.webhook_id = w.id and d.created_at >= b.since and d.created_at < b.whole
      ) p
      where w.team_id = ${teamId}
    `.execute(this.db);
    return result.rows.map((row) => ({
      webhookId: row.webhook_id,
      attempts: Number(row.attempts ?? 0),
      successes: Number(row.successes ?? 0),
      lastAttemptAt: row.last_at,
      lastStatusCode: row.last_status,
      lastSuccess: row.last_success,
    }));
  }

  async orderTimeline(teamId: string, orderId: string, types: readonly EventType[]): Promise<OrderTimelineEvent[]> {
    const events = await this.db
      .selectFrom("events")
      .innerJoin("team_events", (join) =>
        join.onRef("team_events.id", "=", "events.id").on("team_events.team_id", "=", teamId),
      )
      .select([
        "events.id",
        "events.type",
        "events.created_at",
        sql<string | null>`events.data ->> 'sequence'`.as("seq"),
      ])
      .where(sql<boolean>`events.data ? 'orderId'`)
      .where(sql<string>`events.data ->> 'orderId'`, "=", orderId)
      .where("events.type", "=", sql<string>`any(${[...types]}::text[])`)
      .orderBy(sql`(events.data ->> 'sequence')::int nulls first`)
      .orderBy("events.created_at")
      .orderBy("events.id")
      .limit(500)
      .execute();
    if (events.length === 0) return [];
    const attempts = await this.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where(
        "event_id",
        "in",
        events.map((event) => event.id),
      )
      .where("team_id", "=", teamId)
      .where("webhook_id", "is not", null)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return events.map((event) => ({
      id: event.id,
      type: event.type,
      createdAt: event.created_at,
      sequence: event.seq === null ? null : Number(event.seq),
      attempts: attempts.filter((row) => row.event_id === event.id).map(toDelivery),
    }));
  }

  async recovery(teamId: string, webhookId: string): Promise<RecoveryProgress | null> {
    const row = await this.db
      .selectFrom("webhook_recoveries as r")
      .innerJoin("webhooks as w", "w.id", "r.webhook_id")
      .select(["r.webhook_id", "r.pending", "r.started_at"])
      .select((eb) =>
        eb
          .selectFrom("webhook_deliveries as d")
          .select(sql<string>`count(*)`.as("n"))
          .whereRef("d.webhook_id", "=", "r.webhook_id")
          .where("d.trigger", "=", "recovery")
          .whereRef("d.created_at", ">=", "r.started_at")
          .as("sent"),
      )
      .where("r.webhook_id", "=", webhookId)
      .where("w.team_id", "=", teamId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      webhookId: row.webhook_id,
      startedAt: row.started_at,
      pending: Math.max(0, Number(row.pending)),
      sent: Number(row.sent ?? 0),
    };
  }
}
