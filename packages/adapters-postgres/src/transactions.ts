import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/**
 * Runs `work` atomically: inside the caller's transaction when `db` already is one (a use case's unit
 * of work), otherwise in a transaction of its own.
 *
 * @example
 * await inTransaction(db, async (trx) => { await trx.deleteFrom("brands").where("id", "=", id).execute(); });
 */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
