import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { createDatabase, createPool } from "./database.ts";
import { PostgresRateLimitStore } from "./postgres-rate-limit-store.ts";

let database: TestDatabase;
let secondDb: ReturnType<typeof createDatabase>;

beforeAll(async () => {
  database = await createTestDatabase();
  // A second pool on the same database: another server process, as far as PostgreSQL can tell.
  secondDb = createDatabase(createPool({ connectionString: database.url, max: 10 }));
});
afterAll(async () => {
  await secondDb.destroy();
  await database.drop();
});

const RULE = { limit: 30, windowMs: 60_000 };
const at = (iso: string) => new Date(iso);

// The generic behaviour (limits, sliding) is the contract suite's
// (packages/core/test/contracts/rate-limits.contract.ts, run by ./contracts.test.ts); here, what is
// PostgreSQL's own: several processes on one table, and pruning its rows.

describe("PostgresRateLimitStore under PostgreSQL", () => {
  it("counts concurrent requests from several processes exactly: never more than the limit", async () => {
    const stores = [new PostgresRateLimitStore(database.db), new PostgresRateLimitStore(secondDb)];
    const now = at("2026-05-01T11:00:00.000Z");
    const results = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        (stores[i % 2] as PostgresRateLimitStore).admit("race", "203.0.113.5", RULE, now),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(30);
    const row = await database.db
      .selectFrom("rate_limit_windows")
      .select(["hits", "admitted"])
      .where("bucket", "=", "race")
      .executeTakeFirstOrThrow();
    expect(row.hits).toHaveLength(30);
    expect(row.admitted).toBe(false);
  });

  it("prunes rows with nothing left in the window, at most once a window per bucket", async () => {
    const store = new PostgresRateLimitStore(database.db);
    const start = at("2026-05-02T00:00:00.000Z");
    for (let i = 0; i < 5; i++) await store.admit("prune", `192.0.2.${i}`, RULE, start);
    const count = async () =>
      Number(
        (
          await database.db
            .selectFrom("rate_limit_windows")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("bucket", "=", "prune")
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(5);
    await store.admit("prune", "192.0.2.200", RULE, new Date(start.getTime() + 30_000));
    expect(await count()).toBe(6);
    await store.admit("prune", "192.0.2.201", RULE, new Date(start.getTime() + 60_000));
    expect(await count()).toBe(2);
  });
});
