import type { ApiKey, ReadOptions, TeamRole } from "@marketplace/core";
import type { ApiKeyRepository, StoredApiKey } from "@marketplace/core/teams";
import { type Kysely, type Selectable, sql } from "kysely";
import type { ApiKeysTable, Database } from "../schema.ts";

/** API keys (hashes only) in PostgreSQL. */
export class PostgresApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(key: ApiKey & { keyHash: string }): Promise<void> {
    await this.db
      .insertInto("api_keys")
      .values({
        id: key.id,
        team_id: key.teamId,
        name: key.name,
        prefix: key.prefix,
        key_hash: key.keyHash,
        created_at: key.createdAt,
        last_used_at: key.lastUsedAt,
        revoked_at: key.revokedAt,
        created_by: key.createdBy ?? null,
        expires_at: key.expiresAt ?? null,
      })
      .execute();
  }

  async findByPrefix(prefix: string): Promise<StoredApiKey[]> {
    const rows = await this.db
      .selectFrom("api_keys")
      .innerJoin("teams", "teams.id", "api_keys.team_id")
      .selectAll("api_keys")
      .select("teams.role as team_role")
      .where("api_keys.prefix", "=", prefix)
      .execute();
    return rows.map((row) => ({ ...toApiKey(row), keyHash: row.key_hash, teamRole: row.team_role as TeamRole }));
  }

  async listByTeam(teamId: string): Promise<ApiKey[]> {
    const rows = await this.db
      .selectFrom("api_keys")
      .selectAll()
      .where("team_id", "=", teamId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    return rows.map(toApiKey);
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.db.updateTable("api_keys").set({ last_used_at: at }).where("id", "=", id).execute();
  }

  async revoke(teamId: string, keyId: string, at: Date): Promise<ApiKey | null> {
    // coalesce keeps the first revocation time: revoking twice is a no-op.
    const row = await this.db
      .updateTable("api_keys")
      .set((eb) => ({ revoked_at: eb.fn.coalesce("revoked_at", eb.val(at)) }))
      .where("id", "=", keyId)
      .where("team_id", "=", teamId)
      .returningAll()
      .executeTakeFirst();
    return row ? toApiKey(row) : null;
  }

  async findById(teamId: string, keyId: string, options: ReadOptions = {}): Promise<ApiKey | null> {
    let query = this.db.selectFrom("api_keys").selectAll().where("id", "=", keyId).where("team_id", "=", teamId);
    if (options.forUpdate) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row ? toApiKey(row) : null;
  }

  async expire(teamId: string, keyId: string, at: Date): Promise<ApiKey | null> {
    // least() keeps an earlier expiry: rolling twice never lengthens the old key's life.
    const row = await this.db
      .updateTable("api_keys")
      .set({ expires_at: sql<Date>`least(expires_at, ${at}::timestamptz)` })
      .where("id", "=", keyId)
      .where("team_id", "=", teamId)
      .returningAll()
      .executeTakeFirst();
    return row ? toApiKey(row) : null;
  }
}

function toApiKey(row: Selectable<ApiKeysTable>): ApiKey {
  return {
    id: row.id,
    teamId: row.team_id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    expiresAt: row.expires_at,
    createdBy: row.created_by,
  };
}
