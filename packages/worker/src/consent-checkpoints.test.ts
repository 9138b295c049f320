import pg from "pg";
import { describe, expect, it } from "vitest";
import { runDeliveryWorker } from "./run-delivery-worker.ts";

describe("runDeliveryWorker consentCheckpoints", () => {
  it("refuses a malformed schedule up front, before touching the database", async () => {
    // A pool that can reach nothing: the options are checked before any connection.
    const pool = new pg.Pool({ connectionString: "postgres://nobody@127.0.0.1:1/none", connectionTimeoutMillis: 200 });
    try {
      await expect(
        runDeliveryWorker({ pgPool: pool, consentCheckpoints: { run: async () => 0, schedule: "every day" } }),
      ).rejects.toThrow(/every day|cron/i);
    } finally {
      await pool.end();
    }
  });
});
