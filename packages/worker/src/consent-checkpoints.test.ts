import { createPool } from "@marketplace/adapters-postgres";
import { quickAddJob } from "graphile-worker";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { eventually } from "../../../test/helpers/webhook-receiver.ts";
import { CONSENT_CHECKPOINT_TASK, type DeliveryWorker, runDeliveryWorker } from "./run-delivery-worker.ts";

let database: TestDatabase;
let pool: pg.Pool;
let worker: DeliveryWorker;
let runs = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool({ connectionString: database.url, max: 4 });
  worker = await runDeliveryWorker({
    pgPool: pool,
    concurrency: 2,
    pollIntervalMs: 100,
    consentCheckpoints: {
      run: async () => {
        runs += 1;
        return 3;
      },
      schedule: "15 4 * * *",
    },
  });
});
afterAll(async () => {
  await worker?.stop();
  await pool?.end();
  await database?.drop();
});

describe("runDeliveryWorker consentCheckpoints", () => {
  it("registers the schedule as a graphile-worker cron item, once for every worker of the database", async () => {
    const { rows } = await sql<{ identifier: string }>`
      select identifier from graphile_worker._private_known_crontabs
    `.execute(database.db);
    expect(rows.map((row) => row.identifier)).toEqual([CONSENT_CHECKPOINT_TASK]);
  });

  it("runs the checkpoint function when its job comes due", async () => {
    const before = runs;
    await quickAddJob({ pgPool: pool }, CONSENT_CHECKPOINT_TASK, {});
    await eventually(async () => (runs > before ? true : undefined));
    expect(runs).toBe(before + 1);
  });

  it("refuses a malformed schedule up front, before touching the database", async () => {
    // A pool that can reach nothing: the options are checked before any connection.
    const nowhere = new pg.Pool({
      connectionString: "postgres://nobody@127.0.0.1:1/none",
      connectionTimeoutMillis: 200,
    });
    try {
      await expect(
        runDeliveryWorker({ pgPool: nowhere, consentCheckpoints: { run: async () => 0, schedule: "every day" } }),
      ).rejects.toThrow(/every day|cron/i);
    } finally {
      await nowhere.end();
    }
  });
});
