import { type Migration, sql } from "kysely";

/**
 * The webhooks portal (issue 29): the team-wide attempt log read newest first on one B-tree,
 * `(team_id, created_at desc, id desc)` (the deliveries page's keyset walk; its filters are checked
 * on the rows the walk meets), failed ones on their own; the request headers of each attempt as
 * sent (signatures included, so an attempt's page shows what the receiver got) and the response
 * headers as received; an order's events by `data->>'orderId'` (the
 * order's timeline and the look-up by order id); and a notification of every recorded attempt on
 * `marketplace_webhook_attempts` (the portal's live tail: one LISTEN per process fans out to all
 * viewers; the payload carries the row's display fields, so no viewer queries per attempt); and
 * `portal_links`, the operator's single-use portal links and the sessions they open.
 */
export const webhooksPortal: Migration = {
  async up(db) {
    await sql`
      alter table webhook_deliveries add column request_headers jsonb, add column response_headers jsonb;
      create index webhook_deliveries_team_created_at_id on webhook_deliveries (team_id, created_at desc, id desc);
      -- Failed attempts, what the log is searched for most, on their own (a small share of the log).
      create index webhook_deliveries_team_failed on webhook_deliveries (team_id, created_at desc, id desc)
        where not success;
      create index events_order_id on events ((data ->> 'orderId')) where data ? 'orderId';

      create function webhook_attempts_notify() returns trigger language plpgsql as $fn$
      begin
        if new.webhook_id is not null then
          perform pg_notify('marketplace_webhook_attempts', json_build_object(
            'id', new.id, 'teamId', new.team_id, 'webhookId', new.webhook_id, 'eventId', new.event_id,
            'eventType', new.event_type, 'attempt', new.attempt, 'trigger', new.trigger,
            'url', left(new.url, 2048), 'statusCode', new.status_code, 'success', new.success,
            'durationMs', new.duration_ms, 'createdAt', new.created_at)::text);
        end if;
        return null;
      end
      $fn$;
      create trigger webhook_deliveries_notify after insert on webhook_deliveries
        for each row execute function webhook_attempts_notify();

      -- Portal links (single use, expiring) and the session each opens; tokens only as SHA-256 hex.
      create table portal_links (
        id uuid primary key,
        team_id uuid not null references teams (id) on delete cascade,
        link_token_hash text not null unique,
        session_token_hash text unique,
        capabilities text[] not null,
        session_label text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        opened_at timestamptz
      );
      create index portal_links_team_label on portal_links (team_id, session_label);
    `.execute(db);
  },
  async down(db) {
    await sql`
      drop table portal_links;
      drop trigger webhook_deliveries_notify on webhook_deliveries;
      drop function webhook_attempts_notify();
      drop index events_order_id;
      drop index webhook_deliveries_team_failed;
      drop index webhook_deliveries_team_created_at_id;
      alter table webhook_deliveries drop column request_headers, drop column response_headers;
    `.execute(db);
  },
};
