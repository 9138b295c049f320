import { createMarketplace, type Marketplace, type Principal } from "@marketplace/core";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { ANALYTICS_ALL } from "../migrations/0024-analytics-rollups.ts";
import { PostgresUnitOfWork } from "../postgres-unit-of-work.ts";
import { PostgresAnalyticsRepository } from "./postgres-analytics-repository.ts";

// `refresh` takes the fold's advisory lock only when a delta is pending (ADR-0068): an idle read
// does not queue behind another reader's fold, and a pending delta (a provider's own change) is
// still folded, under the lock, before the read.

let database: TestDatabase;
let marketplace: Marketplace;
let repository: PostgresAnalyticsRepository;
let provider: Principal;
let reseller: Principal;
let offerId: string;

async function principal(role: "provider" | "reseller", name: string): Promise<Principal> {
  const { team, apiKey } = await marketplace.teams.create({ name, role });
  return { teamId: team.id, role, apiKeyId: apiKey.id };
}

/** A second session holding the fold's lock in an open transaction; `release()` commits it (once). */
async function holdFoldLock(): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query("begin");
  await client.query("select pg_advisory_xact_lock(hashtext('marketplace.analytics_fold'))");
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await client.query("commit");
      await client.end();
    },
  };
}

/** The promise's value, or "waiting" if it has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | "waiting"> {
  return Promise.race([promise, new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), ms))]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  marketplace = createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db: database.db }) });
  repository = new PostgresAnalyticsRepository(database.db);
  provider = await principal("provider", "Fiber Co");
  reseller = await principal("reseller", "Shop One");
  const offer = await marketplace.offers.create(provider, {
    name: "Fiber 500",
    sku: "F500",
    serviceType: "internet",
    monthlyPrice: "49.99",
    commission: "30.00",
    internet: { downloadSpeedMbps: 500, connectionType: "fiber" },
  } as never);
  await marketplace.offers.publish(provider, offer.id);
  offerId = offer.id;
  await repository.refresh();
}, 60_000);
afterAll(() => database.drop());

describe("analytics refresh and the fold's lock (PostgreSQL)", () => {
  it("returns at once when no delta is pending, while another session holds the fold's lock", async () => {
    const lock = await holdFoldLock();
    try {
      const before = Date.now();
      const asOf = await within(repository.refresh(), 3_000);
      expect(asOf).toBeInstanceOf(Date);
      // The statement's start: not before the call, not after it returned (same host's clock).
      expect((asOf as Date).getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect((asOf as Date).getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    } finally {
      await lock.release();
    }
  });

  it("folds a committed change before the read: waits for the lock, then the rollups hold it", async () => {
    const lock = await holdFoldLock();
    try {
      await marketplace.orders.place(reseller, {
        items: [{ offerId }],
        customer: { name: "Ada", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
        serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
      } as never);
      const placed = Date.now();
      const pending = repository.refresh();
      expect(await within(pending, 500)).toBe("waiting");
      await lock.release();
      const asOf = await pending;
      expect(asOf.getTime()).toBeGreaterThanOrEqual(placed - 1_000);
    } finally {
      await lock.release();
    }
    const { rows } = await sql<{ pending: number; received: number }>`
      select (select count(*) from analytics_deltas)::int as pending,
        (select coalesce(sum(received), 0) from analytics_provider_rollups
          where provider_team_id = ${provider.teamId} and offer_id = ${ANALYTICS_ALL}::uuid and grain = 2)::int as received`.execute(
      database.db,
    );
    expect(rows[0]).toEqual({ pending: 0, received: 1 });
  });
});
