import { type Brand, ConflictError, pageRequest, randomUuid, toListResult } from "@marketplace/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { insertTeam, T0 } from "../../../../test/helpers/fixtures.ts";
import { PostgresBrandRepository } from "./postgres-brand-repository.ts";

let database: TestDatabase;
let brands: PostgresBrandRepository;

beforeAll(async () => {
  database = await createTestDatabase();
  brands = new PostgresBrandRepository(database.db);
});
afterAll(() => database.drop());

const createTeam = () => insertTeam(database.db);

function aBrand(teamId: string, overrides: Partial<Brand> = {}): Brand {
  const createdAt = overrides.createdAt ?? new Date(T0);
  return {
    id: randomUuid(),
    teamId,
    name: `Brand ${randomUuid().slice(0, 8)}`,
    logoUrl: null,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

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

const ids = (list: Brand[]) => list.map((brand) => brand.id);

describe("PostgresBrandRepository insert, findById and update", () => {
  it("stores a brand and reads it back unchanged", async () => {
    const team = await createTeam();
    const brand = aBrand(team.id, {
      name: "Acme Fiber",
      logoUrl: "https://cdn.example.com/acme.png",
      createdAt: new Date(T0 + 123),
      updatedAt: new Date(T0 + 456),
    });
    await brands.insert(brand);
    expect(await brands.findById(team.id, brand.id)).toEqual(brand);
  });

  it("does not find another team's brand or an unknown id", async () => {
    const owner = await createTeam();
    const other = await createTeam();
    const brand = aBrand(owner.id);
    await brands.insert(brand);
    expect(await brands.findById(other.id, brand.id)).toBeNull();
    expect(await brands.findById(owner.id, randomUuid())).toBeNull();
    expect(await brands.list(other.id, { kind: "all" })).toEqual([]);
  });

  it("saves name, logo and updatedAt, and leaves createdAt alone", async () => {
    const team = await createTeam();
    const brand = aBrand(team.id, { logoUrl: "https://cdn.example.com/a.png" });
    await brands.insert(brand);
    const changed: Brand = { ...brand, name: "Renamed", logoUrl: null, updatedAt: new Date(T0 + 5000) };
    await brands.update(changed);
    expect(await brands.findById(team.id, brand.id)).toEqual(changed);
  });

  it("does not update another team's brand", async () => {
    const owner = await createTeam();
    const other = await createTeam();
    const brand = aBrand(owner.id, { name: "Original" });
    await brands.insert(brand);
    await brands.update({ ...brand, teamId: other.id, name: "Hijacked" });
    expect((await brands.findById(owner.id, brand.id))?.name).toBe("Original");
  });
});

describe("PostgresBrandRepository name uniqueness", () => {
  it("throws ConflictError for a duplicate name in the team, compared case-insensitively", async () => {
    const team = await createTeam();
    const first = aBrand(team.id, { name: "Acme" });
    await brands.insert(first);
    for (const name of ["Acme", "ACME", "acme"]) {
      const error = await brands.insert(aBrand(team.id, { name })).catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(ConflictError);
      expect((error as ConflictError).message).toBe(`A brand named ${name} already exists`);
    }
    expect(ids(await brands.list(team.id, { kind: "all" }))).toEqual([first.id]);
  });

  it("allows the same name in another team", async () => {
    const a = await createTeam();
    const b = await createTeam();
    await brands.insert(aBrand(a.id, { name: "Shared" }));
    await expect(brands.insert(aBrand(b.id, { name: "Shared" }))).resolves.toBeUndefined();
  });

  it("keeps the unique violation behind the ConflictError as its cause", async () => {
    const team = await createTeam();
    await brands.insert(aBrand(team.id, { name: "Caused" }));
    const error = await brands.insert(aBrand(team.id, { name: "caused" })).catch((e: unknown) => e);
    expect(ConflictError.isInstance(error)).toBe(true);
    expect((error as ConflictError).cause).toMatchObject({ code: "23505", constraint: "brands_team_name" });
  });

  it("throws ConflictError when a rename takes another brand's name, and allows a change of case", async () => {
    const team = await createTeam();
    const taken = aBrand(team.id, { name: "Taken" });
    const renamed = aBrand(team.id, { name: "Free" });
    await brands.insert(taken);
    await brands.insert(renamed);
    const error = await brands.update({ ...renamed, name: "TAKEN" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toBe("A brand named TAKEN already exists");
    expect((await brands.findById(team.id, renamed.id))?.name).toBe("Free");

    await brands.update({ ...renamed, name: "FREE" });
    expect((await brands.findById(team.id, renamed.id))?.name).toBe("FREE");
  });

  it("lets exactly one of 10 concurrent inserts of one name succeed", async () => {
    const team = await createTeam();
    const attempts = Array.from({ length: 10 }, (_, i) => aBrand(team.id, { name: i % 2 ? "race" : "RACE" }));
    const results = await Promise.allSettled(attempts.map((brand) => brands.insert(brand)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toBeInstanceOf(ConflictError);
    }
  });

  it("rethrows other database errors unchanged", async () => {
    const error = await brands.insert(aBrand(randomUuid())).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ code: "23503" }); // no such team
  });
});

describe("PostgresBrandRepository.list", () => {
  it("lists newest first with id as the tie-break, and walks pages", async () => {
    const team = await createTeam();
    const seconds = [0, 1, 1, 2, 3];
    const inserted: Brand[] = [];
    for (const s of seconds) {
      const brand = aBrand(team.id, { createdAt: new Date(T0 + s * 1000) });
      await brands.insert(brand);
      inserted.push(brand);
    }
    const expected = [...inserted]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((b) => b.id);
    expect(ids(await brands.list(team.id, { kind: "all" }))).toEqual(expected);

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 10; guard++) {
      const request = pageRequest("brands", cursor === undefined ? { limit: 2 } : { limit: 2, cursor });
      const page = toListResult("brands", request, await brands.list(team.id, request));
      if (Array.isArray(page)) throw new Error("expected a page");
      seen.push(...ids(page.data));
      if (!page.hasMore) break;
      cursor = page.nextCursor ?? undefined;
    }
    expect(seen).toEqual(expected);
  });

  it("returns nothing after a cursor naming another team's brand", async () => {
    const team = await createTeam();
    const other = await createTeam();
    await brands.insert(aBrand(team.id));
    const foreign = aBrand(other.id, { createdAt: new Date(T0 + 1_000_000) });
    await brands.insert(foreign);
    expect(await brands.list(team.id, { kind: "page", limit: 10, after: foreign.id })).toEqual([]);
  });
});

describe("PostgresBrandRepository.delete", () => {
  it("deletes an unreferenced brand", async () => {
    const team = await createTeam();
    const brand = aBrand(team.id);
    await brands.insert(brand);
    expect(await brands.delete(team.id, brand.id)).toBe("deleted");
    expect(await brands.findById(team.id, brand.id)).toBeNull();
    expect(await brands.delete(team.id, brand.id)).toBe("not_found");
  });

  it("answers not_found for another team's brand and keeps it", async () => {
    const owner = await createTeam();
    const other = await createTeam();
    const brand = aBrand(owner.id);
    await brands.insert(brand);
    expect(await brands.delete(other.id, brand.id)).toBe("not_found");
    expect(await brands.findById(owner.id, brand.id)).toEqual(brand);
  });

  it("refuses while an offer that is not deleted references the brand", async () => {
    const team = await createTeam();
    const brand = aBrand(team.id);
    await brands.insert(brand);
    const offerId = await insertOffer(team.id, brand.id);
    expect(await brands.delete(team.id, brand.id)).toBe("in_use");
    expect(await brands.findById(team.id, brand.id)).toEqual(brand);
    expect(await brandOf(offerId)).toBe(brand.id);

    await database.db.updateTable("offers").set({ brand_id: null }).where("id", "=", offerId).execute();
    expect(await brands.delete(team.id, brand.id)).toBe("deleted");
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
