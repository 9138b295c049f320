import { type Migration, sql } from "kysely";

/**
 * `team_events`: one row per event and team of its audience, so the events API reads a team's
 * events on one B-tree, `(team_id, created_at desc, id desc)`, whatever share of the log they are.
 *
 * The audience lives in two arrays on `events`, which only GIN indexes cover, and GIN does not
 * order. A team's newest events were therefore either a backward walk of `events_created_at_id`
 * filtered by the arrays (about 100 rows read per match for a team that sees 1 % of the log) or a
 * bitmap of every event of the team, sorted, which `pnpm bench --scale` showed degrading with the
 * log's size while every keyed read held (ADR-0024; figures: docs/performance.md).
 *
 * Kept by statement triggers on `events` with transition tables (one set-based statement per
 * insert, delete or update of events, whoever runs it: the outbox, the pruner, a test), so no
 * writer can forget it. A team in both arrays (a hybrid team) has one row. No foreign key, as for
 * the rest of the log (migration 0019): the delete trigger removes an event's rows with it.
 */
export const teamEvents: Migration = {
  async up(db) {
    await sql`
      create table team_events (
        id uuid not null,
        team_id uuid not null,
        created_at timestamptz not null,
        primary key (id, team_id)
      );
      insert into team_events (id, team_id, created_at)
        select distinct e.id, a.team_id, e.created_at
        from events e, unnest(e.provider_team_ids || e.reseller_team_ids) as a(team_id);
      create index team_events_team_created_at_id on team_events (team_id, created_at desc, id desc);

      create function team_events_of_new_events() returns trigger language plpgsql as $fn$
      begin
        insert into team_events (id, team_id, created_at)
          select distinct n.id, a.team_id, n.created_at
          from new_events n, unnest(n.provider_team_ids || n.reseller_team_ids) as a(team_id);
        return null;
      end
      $fn$;
      create function team_events_of_old_events() returns trigger language plpgsql as $fn$
      begin
        delete from team_events t using old_events o where t.id = o.id;
        return null;
      end
      $fn$;
      create trigger events_team_events_insert after insert on events
        referencing new table as new_events for each statement execute function team_events_of_new_events();
      create trigger events_team_events_delete after delete on events
        referencing old table as old_events for each statement execute function team_events_of_old_events();
      -- An update is a delete and an insert; triggers of one event fire in name order, so "a" first.
      create trigger events_team_events_update_a after update on events
        referencing old table as old_events for each statement execute function team_events_of_old_events();
      create trigger events_team_events_update_b after update on events
        referencing new table as new_events for each statement execute function team_events_of_new_events();
    `.execute(db);
  },
  async down(db) {
    await sql`
      drop trigger events_team_events_update_b on events;
      drop trigger events_team_events_update_a on events;
      drop trigger events_team_events_delete on events;
      drop trigger events_team_events_insert on events;
      drop function team_events_of_old_events();
      drop function team_events_of_new_events();
      drop table team_events
    `.execute(db);
  },
};
