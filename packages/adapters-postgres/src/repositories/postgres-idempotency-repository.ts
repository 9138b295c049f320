import type { IdempotencyRecord, IdempotencyRepository } from "@marketplace/core/orders";
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

/** Idempotency keys in PostgreSQL; the primary key (team, key) settles concurrent claims. */
export class PostgresIdempotencyRepository implements IdempotencyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async claim(teamId: string, key: string, requestHash: string, at: Date, notBefore: Date): Promise<boolean> {
    // A key used before `notBefore` (out of the caller's replay window, not yet pruned) is taken over
    // by the new request; the row lock of `on conflict do update` makes a concurrent claim wait,
    // then find the key taken within the window.
    const row = await this.db
      .insertInto("idempotency_keys")
      .values({ team_id: teamId, key, request_hash: requestHash, response: null, created_at: at })
      .onConflict((oc) =>
        oc
          .columns(["team_id", "key"])
          .doUpdateSet({ request_hash: requestHash, response: null, created_at: at })
          .where(sql<boolean>`idempotency_keys.created_at < ${notBefore}`),
      )
      .returning("key")
      .executeTakeFirst();
    return row !== undefined;
  }

  async complete(teamId: string, key: string, response: unknown): Promise<void> {
    await this.db
      .updateTable("idempotency_keys")
      .set({ response: JSON.stringify(response) })
      .where("team_id", "=", teamId)
      .where("key", "=", key)
      .execute();
  }

  async find(teamId: string, key: string, notBefore: Date): Promise<IdempotencyRecord | null> {
    const row = await this.db
      .selectFrom("idempotency_keys")
      .select(["request_hash", "response"])
      .where("team_id", "=", teamId)
      .where("key", "=", key)
      .where("created_at", ">=", notBefore)
      .executeTakeFirst();
    return row ? { requestHash: row.request_hash, response: row.response } : null;
  }
}
