import type { Database } from "@marketplace/adapters-postgres";
import type { Logger } from "@marketplace/core";
import { type Kysely, sql } from "kysely";
import { errorMessage } from "./error-message.ts";
import { DELIVER_EVENT_TASK } from "./outbox-relay.ts";

/**
 * Live delivery workers and their heartbeats (table `delivery_workers`), so that the jobs a killed
 * worker held are unlocked once its heartbeat is stale, instead of after graphile-worker's 4 hours.
 * Times come from the database clock, so hosts with skewed clocks agree on staleness.
 */

/** Records (or refreshes) a worker's heartbeat; `id` is its graphile-worker pool id. */
export async function recordDeliveryWorkerHeartbeat(db: Kysely<Database>, id: string): Promise<void> {
  await sql`
    insert into delivery_workers (id) values (${id})
    on conflict (id) do update set heartbeat_at = now()
  `.execute(db);
}

/** Forgets a worker that stopped cleanly. */
export async function removeDeliveryWorker(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("delivery_workers").where("id", "=", id).execute();
}

/** Options of `unlockDeadDeliveryWorkers`. */
export interface UnlockDeadWorkersOptions {
  /** A heartbeat older than this marks its worker dead. */
  staleAfterMs: number;
  /** The caller's own worker id: never treated as dead. */
  selfId?: string;
  /** Task identifier of delivery jobs; default `marketplace.deliver_event`. */
  taskIdentifier?: string;
  /** Schema of graphile-worker; default `graphile_worker`. */
  workerSchema?: string;
}

/**
 * Finds dead workers and unlocks their jobs with `force_unlock_workers`, in one transaction:
 * workers whose heartbeat is older than `staleAfterMs`, and workers holding a delivery job locked
 * longer than that without ever having recorded a heartbeat (killed between taking the job and
 * registering). Returns the ids unlocked.
 */
export async function unlockDeadDeliveryWorkers(
  db: Kysely<Database>,
  options: UnlockDeadWorkersOptions,
): Promise<string[]> {
  const schema = options.workerSchema ?? "graphile_worker";
  const task = options.taskIdentifier ?? DELIVER_EVENT_TASK;
  const stale = sql`now() - make_interval(secs => ${options.staleAfterMs / 1000}::double precision)`;
  const self = options.selfId ?? "";
  return db.transaction().execute(async (trx) => {
    const { rows: gone } = await sql<{ id: string }>`
      delete from delivery_workers where heartbeat_at < ${stale} and id <> ${self} returning id
    `.execute(trx);
    const { rows: unregistered } = await sql<{ id: string }>`
      select distinct jobs.locked_by as id from ${sql.id(schema, "jobs")} as jobs
      where jobs.task_identifier = ${task} and jobs.locked_by is not null and jobs.locked_by <> ${self}
        and jobs.locked_at < ${stale}
        and not exists (select 1 from delivery_workers w where w.id = jobs.locked_by)
    `.execute(trx);
    const ids = [...new Set([...gone, ...unregistered].map((row) => row.id))];
    if (ids.length > 0) await sql`select ${sql.id(schema, "force_unlock_workers")}(${ids}::text[])`.execute(trx);
    return ids;
  });
}

/**
 * Releases the jobs held by workers of this process that are gone (a graphile-worker pool that died
 * and was replaced): unlocks them with `force_unlock_workers` and forgets their heartbeats, in one
 * transaction, so they run again at once instead of after `staleWorkerAfterMs`.
 */
export async function releaseDeliveryWorkers(
  db: Kysely<Database>,
  ids: readonly string[],
  options: { workerSchema?: string } = {},
): Promise<void> {
  if (ids.length === 0) return;
  const schema = options.workerSchema ?? "graphile_worker";
  await db.transaction().execute(async (trx) => {
    await sql`select ${sql.id(schema, "force_unlock_workers")}(${[...ids]}::text[])`.execute(trx);
    await trx
      .deleteFrom("delivery_workers")
      .where("id", "in", [...ids])
      .execute();
  });
}

/** The heartbeat of one job runner (a graphile-worker pool) of this process. */
export interface WorkerRegistry {
  workerId: string;
  /** Stops the heartbeat; `forget` also removes it (a clean stop: nothing is left to unlock). */
  stop(options: { forget: boolean }): Promise<void>;
}

/**
 * Crash safety (ADR-0031). graphile-worker leaves the jobs of a worker that died locked for 4 hours;
 * here each worker records a heartbeat (table `delivery_workers`, keyed by its pool id) and, at start
 * and every half of `staleWorkerAfterMs`, unlocks the jobs of workers whose heartbeat is stale
 * (`force_unlock_workers`), so another worker takes them within about `staleWorkerAfterMs`.
 */
export async function startWorkerRegistry(options: {
  db: Kysely<Database>;
  logger: Logger;
  workerId: string;
  heartbeatIntervalMs: number;
  staleWorkerAfterMs: number;
}): Promise<WorkerRegistry> {
  const { db, logger, workerId, staleWorkerAfterMs } = options;
  const sweep = async () => {
    const unlocked = await unlockDeadDeliveryWorkers(db, { staleAfterMs: staleWorkerAfterMs, selfId: workerId });
    if (unlocked.length > 0) logger.warn("unlocked the jobs of dead delivery workers", { workers: unlocked });
  };
  await recordDeliveryWorkerHeartbeat(db, workerId);
  await sweep();
  // A heartbeat or sweep that fails (the database is restarting) is tried again at its next tick;
  // the first failure in a row is a warning, the recovery an info line.
  const guard = (what: string, work: () => Promise<void>) => {
    let failing = false;
    return () => {
      work().then(
        () => {
          if (failing) logger.info(`delivery worker ${what} recovered`);
          failing = false;
        },
        (error: unknown) => {
          if (!failing) logger.warn(`delivery worker ${what} failed; retrying`, { error: errorMessage(error) });
          failing = true;
        },
      );
    };
  };
  const heartbeat = setInterval(
    guard("heartbeat", () => recordDeliveryWorkerHeartbeat(db, workerId)),
    options.heartbeatIntervalMs,
  );
  const sweeper = setInterval(guard("sweep", sweep), Math.max(1, Math.floor(staleWorkerAfterMs / 2)));
  return {
    workerId,
    async stop({ forget }) {
      clearInterval(heartbeat);
      clearInterval(sweeper);
      if (!forget) return;
      await removeDeliveryWorker(db, workerId).catch((error: unknown) =>
        logger.warn("could not remove the delivery worker's heartbeat", { error: errorMessage(error) }),
      );
    },
  };
}
