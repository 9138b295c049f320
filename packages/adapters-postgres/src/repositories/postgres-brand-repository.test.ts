import { type Brand, ConflictError, randomUuid } from "@marketplace/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { insertTeam, T0 } from "../../../../test/helpers/fixtures.ts";
import { aBrand } from "../../../core/test/contracts/fixtures-offers.ts";
import { PostgresBrandRepository } from "./postgres-brand-repository.ts";

let database: TestDatabase;
let brands: PostgresBrandRepository;

beforeAll(async () => {
  database = await createTestDatabase();
  brands = new PostgresBrandRepository(database.db);
});
afterAll(() => database.drop());

const createTeam = () => insertTeam(database.db);

/** An offer row written directly: the offer repository is not what is under test here. */
async function insertOffer(teamId: string, brandId: string | null, deleted = false): Promise<string> {
  const id = randomUuid();
  await database.db
    .insertInto("offers")
    .values({
      id,
      team_id: teamId,
      name: "Offer",
      status: "draft",
      service_type: "internet",
      created_at: new Date(T0),
      updated_at: new Date(T0),
      deleted_at: deleted ? new Date(T0 + 1) : null,
      brand_id: brandId,
    })
    .execute();
  return id;
}

async function brandOf(offerId: string): Promise<string | null | undefined> {
  const row = await database.db.selectFrom("offers").select("brand_id").where("id", "=", offerId).executeTakeFirst();
  return row?.brand_id;
}

const _ids = (list: Brand[]) => list.map((brand) => brand.id);

// The generic behaviour (names, pages, deletion) is the contract suite's
// (packages/core/test/contracts/brands.contract.ts, run by ../contracts.test.ts); here, what is
// PostgreSQL's own: the cleared column of soft-deleted offers, unique-index races, locks, joining a transaction.

describe("PostgresBrandRepository under PostgreSQL", () => {
  it("lets exactly one of 10 concurrent inserts of one name succeed", async () => {
    const team = await createTeam();
    const attempts = Array.from({ length: 10 }, (_, i) => aBrand(team.id, { name: i % 2 ? "race" : "RACE" }));
    const results = await Promise.allSettled(attempts.map((brand) => brands.insert(brand)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toBeInstanceOf(ConflictError);
    }
  });

  it("clears the reference of soft-deleted offers, then deletes", async () => {
    const team = await createTeam();
    const brand = aBrand(team.id);
    const otherBrand = aBrand(team.id);
    await brands.insert(brand);
    await brands.insert(otherBrand);
    const deletedOffer = await insertOffer(team.id, brand.id, true);
    const unrelated = await insertOffer(team.id, otherBrand.id, true);
    expect(await brands.delete(team.id, brand.id)).toBe("deleted");
    expect(await brandOf(deletedOffer)).toBeNull();
    expect(await brandOf(unrelated)).toBe(otherBrand.id);
  });

  it("joins the caller's transaction instead of committing on its own", async () => {
    const team = await createTeam();
    const brand = aBrand(team.id);
    await brands.insert(brand);
    await insertOffer(team.id, brand.id, true);
    await database.db
      .transaction()
      .execute(async (trx) => {
        expect(await new PostgresBrandRepository(trx).delete(team.id, brand.id)).toBe("deleted");
        throw new Error("roll back");
      })
      .catch(() => {});
    expect(await brands.findById(team.id, brand.id)).toEqual(brand);
  });

  it("makes a concurrent reference wait for the delete, so the brand never disappears under an offer", async () => {
    const team = await createTeam();
    const brand = aBrand(team.id);
    await brands.insert(brand);
    // Both race: either the offer commits first (the delete then sees it: in_use), or the delete
    // commits first (the offer then fails its foreign key). Never both succeed.
    const [deleted, referenced] = await Promise.allSettled([
      brands.delete(team.id, brand.id),
      insertOffer(team.id, brand.id),
    ]);
    if (deleted.status === "fulfilled" && deleted.value === "deleted") {
      expect(referenced.status).toBe("rejected");
    } else {
      expect(deleted).toEqual({ status: "fulfilled", value: "in_use" });
      expect(referenced.status).toBe("fulfilled");
    }
  });
});
