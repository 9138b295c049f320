import { silentLogger } from "@marketplace/core";
import type { Kysely } from "kysely";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { type DeliveryWorkerOptions, resolveDeliveryWorkerOptions } from "./delivery-worker-options.ts";
import { CONSENT_CHECKPOINT_TASK, deliveryWorkerSchedules } from "./delivery-worker-schedules.ts";
import { PRUNE_TASK } from "./retention.ts";

// The worker's cron list from its resolved options, without a database: which items, when they match.

const pgPool = {} as pg.Pool;
const resolve = (options: Partial<DeliveryWorkerOptions> = {}) => resolveDeliveryWorkerOptions({ pgPool, ...options });

describe("deliveryWorkerSchedules", () => {
  const db = {} as Kysely<never>;
  const schedulesOf = (options: Partial<DeliveryWorkerOptions>) =>
    deliveryWorkerSchedules(resolve(options), db as never);

  it("has no cron items and no tasks when neither checkpoints nor retention are set", () => {
    expect(schedulesOf({})).toEqual({ tasks: {}, cronItems: [] });
  });

  it("schedules checkpoints and pruning at their defaults, without backfill", () => {
    const { tasks, cronItems } = schedulesOf({ consentCheckpoints: { run: async () => 0 }, retention: {} });
    expect(Object.keys(tasks)).toEqual([CONSENT_CHECKPOINT_TASK, PRUNE_TASK]);
    expect(cronItems.map(({ task, identifier, options }) => ({ task, identifier, options }))).toEqual([
      {
        task: CONSENT_CHECKPOINT_TASK,
        identifier: CONSENT_CHECKPOINT_TASK,
        options: { backfillPeriod: 0, maxAttempts: 3 },
      },
      { task: PRUNE_TASK, identifier: PRUNE_TASK, options: { backfillPeriod: 0, maxAttempts: 1 } },
    ]);
    const [checkpoints, prune] = cronItems;
    const at = (hour: number, min: number) => ({ min, hour, date: 31, month: 1, dow: 6 });
    expect([at(3, 0), at(3, 10), at(4, 0)].map((time) => checkpoints?.match(time))).toEqual([true, false, false]);
    expect([at(3, 0), at(3, 10), at(3, 15)].map((time) => prune?.match(time))).toEqual([true, true, false]);
  });

  it("takes the caller's patterns, and refuses a malformed one before anything starts", () => {
    const { cronItems } = schedulesOf({ retention: { schedule: "15 2 * * *" } });
    const at = (hour: number, min: number) => ({ min, hour, date: 31, month: 1, dow: 6 });
    expect([at(2, 15), at(3, 15)].map((time) => cronItems[0]?.match(time))).toEqual([true, false]);
    expect(() => schedulesOf({ consentCheckpoints: { run: async () => 0, schedule: "every day" } })).toThrow();
  });

  it("runs the checkpoint task through the caller's function and logs what it signed", async () => {
    const lines: unknown[] = [];
    const logger = { ...silentLogger, info: (message: string, fields?: unknown) => lines.push([message, fields]) };
    const { tasks } = deliveryWorkerSchedules(
      resolve({ logger, consentCheckpoints: { run: async () => 3 } }),
      db as never,
    );
    await (tasks[CONSENT_CHECKPOINT_TASK] as () => Promise<void>)();
    expect(lines).toEqual([["consent checkpoints signed", { signed: 3 }]]);
  });
});
