import { type Migration, sql } from "kysely";

/**
 * Each endpoint's attempts and successes by the hour, kept by a statement-level trigger on the
 * delivery log, so the portal's endpoint list reads at most 25 rows per endpoint for its 24-hour
 * health instead of aggregating every attempt of the day, whose cost grew with the team's log
 * (ADR-0075; figures: docs/performance.md, "Dashboard pages", `bench/dashboard-pages.mjs --deliveries`). The trigger adds one grouped upsert per insert statement (the worker records an attempt
 * in one statement); rows older than two days are pruned with the rest of the log (retention).
 */
export const webhookHealthHourly: Migration = {
  async up(db) {
    await sql`
      create table webhook_health_hourly (
        webhook_id uuid not null references webhooks (id) on delete cascade,
        hour timestamptz not null,
        attempts integer not null,
        successes integer not null,
        primary key (webhook_id, hour)
      );
      create function webhook_health_hourly_add() returns trigger language plpgsql as $$
      begin
        insert into webhook_health_hourly (webhook_id, hour, attempts, successes)
        select webhook_id, date_trunc('hour', created_at), count(*), count(*) filter (where success)
        from new_rows
        where webhook_id is not null
        group by 1, 2
        order by 1, 2
        on conflict (webhook_id, hour) do update
          set attempts = webhook_health_hourly.attempts + excluded.attempts,
              successes = webhook_health_hourly.successes + excluded.successes;
        return null;
      end
      $$;
      create trigger webhook_deliveries_health after insert on webhook_deliveries
        referencing new table as new_rows
        for each statement execute function webhook_health_hourly_add();
      insert into webhook_health_hourly (webhook_id, hour, attempts, successes)
      select webhook_id, date_trunc('hour', created_at), count(*), count(*) filter (where success)
      from webhook_deliveries
      where webhook_id is not null and created_at >= date_trunc('hour', now() - interval '48 hours')
      group by 1, 2;
    `.execute(db);
  },
  async down(db) {
    await sql`
      drop trigger webhook_deliveries_health on webhook_deliveries;
      drop function webhook_health_hourly_add();
      drop table webhook_health_hourly;
    `.execute(db);
  },
};
