import { ConflictError, createMarketplace, type Offer, randomUuid } from "@marketplace/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { insertTeam, T0 } from "../../../../test/helpers/fixtures.ts";
import { anOffer } from "../../../core/test/contracts/fixtures-offers.ts";
import { PostgresUnitOfWork } from "../postgres-unit-of-work.ts";
import { PostgresOfferRepository } from "./postgres-offer-repository.ts";

let database: TestDatabase;
let offers: PostgresOfferRepository;

beforeAll(async () => {
  database = await createTestDatabase();
  offers = new PostgresOfferRepository(database.db);
});
afterAll(() => database.drop());

const createTeam = () => insertTeam(database.db);

async function insertAll(list: Offer[]): Promise<Offer[]> {
  for (const offer of list) await offers.insert(offer);
  return list;
}

// The generic behaviour (read back, SKU rules, filters, pages) is the contract suite's
// (packages/core/test/contracts/offers.contract.ts, run by ../contracts.test.ts); here, what is
// PostgreSQL's own: unique-index races, rows deleted behind the repository's back, row locks.

describe("PostgresOfferRepository under PostgreSQL", () => {
  it("lets exactly one of 20 concurrent inserts with one SKU succeed; the rest get ConflictError", async () => {
    const team = await createTeam();
    const attempts = Array.from({ length: 20 }, (_, i) => anOffer(team.id, { sku: "RACE", name: `Racer ${i}` }));
    const results = await Promise.allSettled(attempts.map((offer) => offers.insert(offer)));
    const fulfilled = results.filter((r) => r.status === "fulfilled");
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(19);
    for (const failure of rejected) expect(failure.reason).toBeInstanceOf(ConflictError);

    const winner = attempts[results.findIndex((r) => r.status === "fulfilled")];
    expect((await offers.list(team.id, { kind: "all" })).map((offer) => offer.id)).toEqual([winner?.id]);
  });

  it("ends the walk when the cursor row no longer exists at all", async () => {
    const team = await createTeam();
    const list = await insertAll(
      Array.from({ length: 4 }, (_, i) => anOffer(team.id, { createdAt: new Date(T0 + i * 1000) })),
    );
    const cursorRow = list[2];
    if (!cursorRow) throw new Error("unreachable");
    await database.db.deleteFrom("offers").where("id", "=", cursorRow.id).execute();
    expect(await offers.list(team.id, { kind: "page", limit: 2, after: cursorRow.id })).toEqual([]);
  });
});

describe("concurrent read-modify-write of one offer", () => {
  /** A transaction that reads the offer the way the use cases do, then waits until released. */
  async function holdOffer(offer: Offer, change: Partial<Offer>) {
    const unitOfWork = new PostgresUnitOfWork({ db: database.db });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const done = unitOfWork.transaction(async (tx) => {
      const current = await tx.offers.findById(offer.teamId, offer.id, { forUpdate: true });
      locked();
      await released;
      await tx.offers.update({ ...(current as Offer), ...change });
    });
    await isLocked;
    return { release, done };
  }

  const settled = async (promise: Promise<unknown>, ms: number) =>
    Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);

  it("a PATCH waits for a transaction holding the offer, then applies its change on top (no lost update)", async () => {
    const team = await createTeam();
    const [offer] = await insertAll([anOffer(team.id, { name: "Original", description: "Original" })]);
    const marketplace = createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db: database.db }) });
    const principal = { teamId: team.id, role: "provider" as const, apiKeyId: randomUuid() };

    const first = await holdOffer(offer as Offer, { name: "Renamed by the first writer" });
    const second = marketplace.offers.update(principal, (offer as Offer).id, { description: "Second writer" });
    expect(await settled(second, 300)).toBe(false); // blocked on the row lock
    first.release();
    await first.done;
    await second;

    const stored = await offers.findById(team.id, (offer as Offer).id);
    expect(stored).toMatchObject({ name: "Renamed by the first writer", description: "Second writer" });
  });

  it("a bulk update waits the same way for the offers of its SKUs", async () => {
    const team = await createTeam();
    const [offer] = await insertAll([anOffer(team.id, { sku: "LOCK-1", name: "Original", description: "Original" })]);
    const marketplace = createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db: database.db }) });
    const principal = { teamId: team.id, role: "provider" as const, apiKeyId: randomUuid() };

    const first = await holdOffer(offer as Offer, { name: "Renamed by the first writer" });
    const second = marketplace.bulkOffers.update(principal, {
      header: ["sku", "description"],
      rows: (async function* () {
        yield { line: 2, cells: ["LOCK-1", "From the CSV"] };
      })(),
    });
    expect(await settled(second, 300)).toBe(false);
    first.release();
    await first.done;
    await second;

    const stored = await offers.findById(team.id, (offer as Offer).id);
    expect(stored).toMatchObject({ name: "Renamed by the first writer", description: "From the CSV" });
  });
});
