import { type Kysely, sql } from "kysely";
import type { Database } from "./schema.ts";

/** What an operator watches in the marketplace's own tables (see docs/operations.md). */
export interface OperationalStats {
  /** Outbox entries not yet moved to the job queue (deferred rounds included). */
  outboxBacklog: number;
  /**
   * Seconds since the oldest entry that is due (an event's own entry since its event was recorded,
   * a deferred round since its `not_before`) waits for the relay; 0 when none waits.
   */
  outboxOldestAgeSeconds: number;
  /** Webhooks that are not active (paused by their team, or disabled by the service). */
  webhooksInactive: number;
  /**
   * The same by reason: `gone` (a 410) and `failing` (every attempt failing for days), set by the
   * service; `paused` when the team set `isActive: false` itself. Every reason is present (0 or more).
   */
  webhooksInactiveByReason: { gone: number; failing: number; paused: number };
}

/**
 * Reads the operational figures in one statement (for a metrics scrape: a count over the outbox,
 * normally a few rows, and over the webhooks).
 *
 * @example
 * const { outboxOldestAgeSeconds } = await operationalStats(db);
 */
export async function operationalStats(db: Kysely<Database>): Promise<OperationalStats> {
  const { rows } = await sql<{
    backlog: string;
    oldest: string | null;
    gone: string;
    failing: string;
    paused: string;
  }>`
    select
      (select count(*) from event_outbox) as backlog,
      (select extract(epoch from now() - min(coalesce(o.not_before, e.created_at)))
         from event_outbox o join events e on e.id = o.event_id
        where o.not_before is null or o.not_before <= now()) as oldest,
      (select count(*) from webhooks where not is_active and disabled_reason = 'gone') as gone,
      (select count(*) from webhooks where not is_active and disabled_reason = 'failing') as failing,
      (select count(*) from webhooks where not is_active and disabled_reason is null) as paused
  `.execute(db);
  const row = rows[0];
  const byReason = {
    gone: Number(row?.gone ?? 0),
    failing: Number(row?.failing ?? 0),
    paused: Number(row?.paused ?? 0),
  };
  return {
    outboxBacklog: Number(row?.backlog ?? 0),
    outboxOldestAgeSeconds: Math.max(0, Number(row?.oldest ?? 0)),
    webhooksInactive: byReason.gone + byReason.failing + byReason.paused,
    webhooksInactiveByReason: byReason,
  };
}
