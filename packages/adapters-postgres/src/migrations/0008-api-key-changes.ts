import { type Migration, sql } from "kysely";

/**
 * Every change that can make a cached key wrong is announced on the channel
 * `marketplace_api_key_changes`, whatever made it (the API, the CLI, plain SQL): a key revoked,
 * deleted (also with its team) or otherwise rewritten carries its id; a team's role changed carries
 * `*` (every key). Writing `last_used_at` announces nothing. `pg_notify` is delivered at commit, and
 * only these rare writes notify, so no hot path meets PostgreSQL's notification lock.
 */
export const apiKeyChanges: Migration = {
  async up(db) {
    await sql`
      create function marketplace_notify_api_key_change() returns trigger language plpgsql as $$
      begin
        if tg_table_name = 'teams' then
          perform pg_notify('marketplace_api_key_changes', '*');
        else
          perform pg_notify('marketplace_api_key_changes', old.id::text);
        end if;
        return null;
      end
      $$;

      create trigger api_keys_changed after update on api_keys for each row
        when (
          old.revoked_at is distinct from new.revoked_at or old.key_hash is distinct from new.key_hash
          or old.team_id is distinct from new.team_id or old.prefix is distinct from new.prefix
          or old.id is distinct from new.id
        )
        execute function marketplace_notify_api_key_change();
      create trigger api_keys_deleted after delete on api_keys for each row
        execute function marketplace_notify_api_key_change();
      create trigger teams_role_changed after update of role on teams for each row
        when (old.role is distinct from new.role)
        execute function marketplace_notify_api_key_change();
    `.execute(db);
  },
};
