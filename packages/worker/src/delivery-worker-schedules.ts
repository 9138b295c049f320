import type { Database } from "@marketplace/adapters-postgres";
import { type ParsedCronItem, parseCronItems, type TaskList } from "graphile-worker";
import type { Kysely } from "kysely";
import type { ResolvedDeliveryWorkerOptions } from "./delivery-worker-options.ts";
import { PRUNE_TASK, pruneOnce } from "./retention.ts";

/** Name of the graphile-worker task that signs consent checkpoints. */
export const CONSENT_CHECKPOINT_TASK: string = "consent_checkpoints";

/** Default schedule of consent checkpoints: daily at 03:00 UTC. */
export const DEFAULT_CONSENT_CHECKPOINT_SCHEDULE: string = "0 3 * * *";

/** The scheduled work of a delivery worker: the tasks and the cron items that run them. */
export interface DeliveryWorkerSchedules {
  /** The tasks of the cron items, by name (consent checkpoints, pruning), for the runner's task list. */
  tasks: TaskList;
  /** graphile-worker cron items: each slot runs once across every worker of the database. */
  cronItems: ParsedCronItem[];
}

/**
 * The cron list of a delivery worker, from its resolved options: consent checkpoints and retention
 * pruning, each when its option is set. Missed slots are not backfilled (`backfillPeriod: 0`): the
 * next slot covers everything since. Patterns are parsed here, before anything starts, so a
 * malformed schedule is an error of the options.
 *
 * @example
 * const { tasks, cronItems } = deliveryWorkerSchedules(resolveDeliveryWorkerOptions(options), db);
 */
export function deliveryWorkerSchedules(
  options: Pick<ResolvedDeliveryWorkerOptions, "consentCheckpoints" | "retention" | "clock" | "logger">,
  db: Kysely<Database>,
): DeliveryWorkerSchedules {
  const { consentCheckpoints: checkpoints, retention, logger } = options;
  const tasks: TaskList = {};
  if (checkpoints) {
    tasks[CONSENT_CHECKPOINT_TASK] = async () => {
      const signed = await checkpoints.run();
      logger.info("consent checkpoints signed", { signed });
    };
  }
  if (retention) {
    tasks[PRUNE_TASK] = async () => {
      const pruned = await pruneOnce(db, { ...retention, now: options.clock.now() });
      logger.info("old rows pruned", { ...pruned });
    };
  }
  const cronItems = parseCronItems([
    ...(checkpoints
      ? [
          {
            task: CONSENT_CHECKPOINT_TASK,
            match: checkpoints.schedule,
            options: { backfillPeriod: 0, maxAttempts: 3 },
            identifier: CONSENT_CHECKPOINT_TASK,
          },
        ]
      : []),
    ...(retention
      ? [
          {
            task: PRUNE_TASK,
            match: retention.schedule,
            options: { backfillPeriod: 0, maxAttempts: 1 },
            identifier: PRUNE_TASK,
          },
        ]
      : []),
  ]);
  return { tasks, cronItems };
}
