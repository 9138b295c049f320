import {
  blankOfferFields,
  ConflictError,
  createMarketplace,
  type Offer,
  type PageRequest,
  pageRequest,
  randomUuid,
  toListResult,
} from "@marketplace/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { insertTeam, T0 } from "../../../../test/helpers/fixtures.ts";
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

function anOffer(teamId: string, overrides: Partial<Offer> = {}): Offer {
  const createdAt = overrides.createdAt ?? new Date(T0);
  return {
    ...blankOfferFields("Fiber 500", "internet"),
    id: randomUuid(),
    teamId,
    status: "draft",
    brand: null,
    monthlyPrice: "49.90",
    createdAt,
    updatedAt: createdAt,
    publishedAt: null,
    ...overrides,
  };
}

async function insertAll(list: Offer[]): Promise<Offer[]> {
  for (const offer of list) await offers.insert(offer);
  return list;
}

async function softDelete(id: string): Promise<void> {
  const result = await database.db
    .updateTable("offers")
    .set({ deleted_at: new Date() })
    .where("id", "=", id)
    .executeTakeFirst();
  expect(result.numUpdatedRows).toBe(1n);
}

/** Newest first, id descending as the tie-break: the order the API promises. */
function newestFirst(list: Offer[]): Offer[] {
  return [...list].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
}

const ids = (list: Offer[]) => list.map((offer) => offer.id);

/** Fetches one page the way the use case does: page request from the query, rows, list result. */
async function fetchPage(teamId: string, query: { limit?: number; cursor?: string }) {
  const request = pageRequest("offers", query);
  const result = toListResult("offers", request, await offers.list(teamId, request));
  if (Array.isArray(result)) throw new Error("expected a page");
  return result;
}

/** Walks a list page by page until hasMore is false; `between` runs after each page. */
async function walk(teamId: string, limit: number, between?: (pageIndex: number) => Promise<void>) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const page = await fetchPage(teamId, cursor === undefined ? { limit } : { limit, cursor });
    pages.push(ids(page.data));
    if (!page.hasMore) {
      expect(page.nextCursor).toBeNull();
      return pages;
    }
    expect(page.nextCursor).not.toBeNull();
    cursor = page.nextCursor ?? undefined;
    await between?.(pages.length - 1);
  }
  throw new Error("the walk did not end");
}

describe("PostgresOfferRepository insert and findById", () => {
  it("stores an offer and reads it back unchanged", async () => {
    const team = await createTeam();
    const offer = anOffer(team.id, {
      name: "Green Power",
      sku: "GP-1",
      status: "active",
      serviceType: "electricity",
      internet: null,
      electricity: { ratePerKwh: "0.1425", rateType: "fixed", renewablePercent: 100, termMonths: 12 },
      monthlyPrice: "9999999999.99",
      createdAt: new Date(T0 + 123),
      updatedAt: new Date(T0 + 456),
      publishedAt: new Date(T0 + 789),
    });
    await offers.insert(offer);
    expect(await offers.findById(team.id, offer.id)).toEqual(offer);
  });

  it("keeps a null price and a two-decimal price as strings", async () => {
    const team = await createTeam();
    const draft = anOffer(team.id, { monthlyPrice: null });
    const priced = anOffer(team.id, { monthlyPrice: "0.50" });
    await insertAll([draft, priced]);
    expect((await offers.findById(team.id, draft.id))?.monthlyPrice).toBeNull();
    expect((await offers.findById(team.id, priced.id))?.monthlyPrice).toBe("0.50");
  });

  it("does not find another team's offer", async () => {
    const owner = await createTeam();
    const other = await createTeam();
    const offer = anOffer(owner.id);
    await offers.insert(offer);
    expect(await offers.findById(other.id, offer.id)).toBeNull();
    expect(await offers.list(other.id, { kind: "all" })).toEqual([]);
  });

  it("does not find an unknown id", async () => {
    const team = await createTeam();
    expect(await offers.findById(team.id, randomUuid())).toBeNull();
  });

  it("neither finds nor lists a soft-deleted offer", async () => {
    const team = await createTeam();
    const [kept, deleted] = await insertAll([
      anOffer(team.id, { createdAt: new Date(T0) }),
      anOffer(team.id, { createdAt: new Date(T0 + 1000) }),
    ]);
    if (!kept || !deleted) throw new Error("unreachable");
    await softDelete(deleted.id);
    expect(await offers.findById(team.id, deleted.id)).toBeNull();
    expect(await offers.findById(team.id, kept.id)).toEqual(kept);
    expect(ids(await offers.list(team.id, { kind: "all" }))).toEqual([kept.id]);
    expect(ids(await offers.list(team.id, { kind: "page", limit: 10, after: null }))).toEqual([kept.id]);
  });
});

describe("PostgresOfferRepository insertMany", () => {
  // insertMany sends each column as one array literal it builds itself: every character that
  // array syntax treats specially has to come back as it was sent.
  it("stores a batch with every kind of value and reads each offer back unchanged", async () => {
    const team = await createTeam();
    const markets = [randomUuid(), randomUuid()];
    await database.db
      .insertInto("markets")
      .values(
        markets.map((id, i) => ({
          id,
          team_id: team.id,
          name: `Market ${i}`,
          created_at: new Date(T0),
          updated_at: new Date(T0),
        })),
      )
      .execute();
    const awkward = [
      'quote " inside',
      'backslash \\ and \\" both',
      "{braces}, commas, and (parens)",
      "NULL",
      "",
      "  spaces around  ",
      "line\nbreak\r\ttab",
      "unicode: Grüße, 日本語, 🚀",
      "'single' quotes; -- not a comment",
    ];
    const batch = awkward.map((text, i) =>
      anOffer(team.id, {
        name: text === "" ? "x" : text,
        sku: `AWK-${i}-${text}`,
        description: text,
        marketingHeadline: i % 2 === 0 ? null : text,
        monthlyPrice: i % 3 === 0 ? null : `${i}.5${i}`,
        promoMonthlyPrice: "0.01",
        promoDurationMonths: i + 1,
        contractTermMonths: i % 2 === 0 ? null : 24,
        commission: "12.00",
        partnerSignup: { kind: "lead_gen", signupUrlTemplate: `https://s.test/?q="${text}"&ref={orderItemId}` },
        submissionUrl: i % 2 === 0 ? null : "https://s.test/submit",
        marketIds: i % 2 === 0 ? [] : markets,
        internet: { downloadSpeedMbps: 1000, uploadSpeedMbps: null, connectionType: "fiber", dataCapGb: null },
        createdAt: new Date(T0 + i),
        updatedAt: new Date(T0 + 1000 + i),
        publishedAt: i % 2 === 0 ? null : new Date(T0 + 2000 + i),
      }),
    );
    batch.push(
      anOffer(team.id, {
        ...blankOfferFields("Power", "electricity"),
        sku: null,
        electricity: { ratePerKwh: "0.1425", rateType: "fixed", renewablePercent: 0, termMonths: 12 },
        monthlyPrice: "9999999999.99",
      }),
    );
    await offers.insertMany(batch);
    for (const offer of batch) {
      expect(await offers.findById(team.id, offer.id)).toEqual({ ...offer, marketIds: [...offer.marketIds].sort() });
    }
  });

  it("inserts nothing of a batch whose SKU is taken, and says which", async () => {
    const team = await createTeam();
    await offers.insert(anOffer(team.id, { sku: "TAKEN" }));
    const batch = [anOffer(team.id, { sku: "NEW-1" }), anOffer(team.id, { sku: "TAKEN" })];
    const error = await offers.insertMany(batch).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toContain("TAKEN");
    expect(await offers.findById(team.id, batch[0]?.id ?? "")).toBeNull();
  });

  it("does nothing for an empty batch", async () => {
    await expect(offers.insertMany([])).resolves.toBeUndefined();
  });
});

describe("PostgresOfferRepository SKU uniqueness", () => {
  it("throws ConflictError for a duplicate SKU within a team and keeps the first offer", async () => {
    const team = await createTeam();
    const first = anOffer(team.id, { sku: "DUP-1" });
    await offers.insert(first);
    const error = await offers.insert(anOffer(team.id, { sku: "DUP-1", name: "Second" })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe("conflict");
    expect(ids(await offers.list(team.id, { kind: "all" }))).toEqual([first.id]);
  });

  it("allows the same SKU in different teams", async () => {
    const a = await createTeam();
    const b = await createTeam();
    await offers.insert(anOffer(a.id, { sku: "SHARED" }));
    await expect(offers.insert(anOffer(b.id, { sku: "SHARED" }))).resolves.toBeUndefined();
    expect(await offers.list(b.id, { kind: "all" })).toHaveLength(1);
  });

  it("never lets NULL SKUs conflict", async () => {
    const team = await createTeam();
    await insertAll([anOffer(team.id), anOffer(team.id), anOffer(team.id)]);
    expect(await offers.list(team.id, { kind: "all" })).toHaveLength(3);
  });

  it("frees the SKU of a soft-deleted offer", async () => {
    const team = await createTeam();
    const old = anOffer(team.id, { sku: "REUSED" });
    await offers.insert(old);
    await softDelete(old.id);
    const replacement = anOffer(team.id, { sku: "REUSED" });
    await offers.insert(replacement);
    expect(ids(await offers.list(team.id, { kind: "all" }))).toEqual([replacement.id]);
  });

  it("rethrows other database errors unchanged", async () => {
    const error = await offers.insert(anOffer(randomUuid())).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ code: "23503" }); // foreign key: no such team
  });

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
    expect(ids(await offers.list(team.id, { kind: "all" }))).toEqual([winner?.id]);
  });
});

describe("PostgresOfferRepository.list keyset pagination", () => {
  it("orders rows with identical created_at by id, descending", async () => {
    const team = await createTeam();
    const tied = await insertAll(Array.from({ length: 7 }, () => anOffer(team.id, { createdAt: new Date(T0) })));
    const expected = [...ids(tied)].sort().reverse();
    expect(ids(await offers.list(team.id, { kind: "all" }))).toEqual(expected);
    expect(await walk(team.id, 3)).toEqual([expected.slice(0, 3), expected.slice(3, 6), expected.slice(6)]);
  });

  it("fetches limit + 1 rows after the cursor record", async () => {
    const team = await createTeam();
    const list = newestFirst(
      await insertAll(Array.from({ length: 6 }, (_, i) => anOffer(team.id, { createdAt: new Date(T0 + i * 1000) }))),
    );
    const request: PageRequest = { kind: "page", limit: 2, after: list[1]?.id ?? null };
    expect(ids(await offers.list(team.id, request))).toEqual(ids(list.slice(2, 5)));
    expect(ids(await offers.list(team.id, { kind: "page", limit: 2, after: null }))).toEqual(ids(list.slice(0, 3)));
  });

  it("walks every row exactly once with limit 3, ties included", async () => {
    const team = await createTeam();
    const seconds = [0, 1, 1, 1, 2, 3, 3, 4, 5, 5];
    const inserted = await insertAll(seconds.map((s) => anOffer(team.id, { createdAt: new Date(T0 + s * 1000) })));
    const expected = ids(newestFirst(inserted));

    const pages = await walk(team.id, 3);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 3, 1]);
    expect(pages.flat()).toEqual(expected);
    expect(new Set(pages.flat()).size).toBe(10);
  });

  it("ends cleanly when the row count is a multiple of the limit", async () => {
    const team = await createTeam();
    const inserted = await insertAll(
      Array.from({ length: 6 }, (_, i) => anOffer(team.id, { createdAt: new Date(T0 + (i % 2) * 1000) })),
    );
    const pages = await walk(team.id, 3);
    expect(pages).toEqual([ids(newestFirst(inserted)).slice(0, 3), ids(newestFirst(inserted)).slice(3)]);
  });

  it("neither shows nor repeats rows inserted with a newer created_at during the walk", async () => {
    const team = await createTeam();
    const original = await insertAll(
      Array.from({ length: 9 }, (_, i) => anOffer(team.id, { createdAt: new Date(T0 + Math.floor(i / 2) * 1000) })),
    );
    const added: Offer[] = [];
    const pages = await walk(team.id, 3, async (pageIndex) => {
      const newer = anOffer(team.id, { createdAt: new Date(T0 + 100_000 + pageIndex * 1000) });
      await offers.insert(newer);
      added.push(newer);
    });
    expect(added.length).toBeGreaterThanOrEqual(2);
    expect(pages.flat()).toEqual(ids(newestFirst(original)));
    for (const newer of added) expect(pages.flat()).not.toContain(newer.id);

    // A fresh walk sees everything, the new rows first.
    expect((await walk(team.id, 4)).flat()).toEqual(ids(newestFirst([...original, ...added])));
  });

  it("ends the walk when the cursor row has been soft-deleted", async () => {
    const team = await createTeam();
    await insertAll(Array.from({ length: 6 }, (_, i) => anOffer(team.id, { createdAt: new Date(T0 + i * 1000) })));
    const first = await fetchPage(team.id, { limit: 2 });
    expect(first.hasMore).toBe(true);
    const cursorRow = first.data.at(-1);
    if (!cursorRow || !first.nextCursor) throw new Error("expected a cursor");
    await softDelete(cursorRow.id);

    expect(await offers.list(team.id, { kind: "page", limit: 2, after: cursorRow.id })).toEqual([]);
    expect(await fetchPage(team.id, { limit: 2, cursor: first.nextCursor })).toEqual({
      data: [],
      hasMore: false,
      nextCursor: null,
    });
  });

  it("ends the walk when the cursor row no longer exists at all", async () => {
    const team = await createTeam();
    const list = await insertAll(
      Array.from({ length: 4 }, (_, i) => anOffer(team.id, { createdAt: new Date(T0 + i * 1000) })),
    );
    const cursorRow = newestFirst(list)[1];
    if (!cursorRow) throw new Error("unreachable");
    await database.db.deleteFrom("offers").where("id", "=", cursorRow.id).execute();
    expect(await offers.list(team.id, { kind: "page", limit: 2, after: cursorRow.id })).toEqual([]);
    expect(await offers.list(team.id, { kind: "page", limit: 2, after: randomUuid() })).toEqual([]);
  });

  it("returns nothing for a cursor naming another team's row", async () => {
    const team = await createTeam();
    const other = await createTeam();
    await insertAll(Array.from({ length: 4 }, (_, i) => anOffer(team.id, { createdAt: new Date(T0 + i * 1000) })));
    // Newer than all of the team's rows: without scoping, every one of them would follow it.
    const foreign = anOffer(other.id, { createdAt: new Date(T0 + 1_000_000) });
    await offers.insert(foreign);
    expect(await offers.list(team.id, { kind: "page", limit: 10, after: foreign.id })).toEqual([]);
    expect(await offers.list(other.id, { kind: "page", limit: 10, after: foreign.id })).toEqual([]);
  });

  it("never lists another team's or a deleted row while walking", async () => {
    const team = await createTeam();
    const other = await createTeam();
    const mine = await insertAll(
      Array.from({ length: 5 }, (_, i) => anOffer(team.id, { createdAt: new Date(T0 + i * 1000) })),
    );
    await insertAll(Array.from({ length: 5 }, (_, i) => anOffer(other.id, { createdAt: new Date(T0 + i * 1000) })));
    const gone = mine[2];
    if (!gone) throw new Error("unreachable");
    await softDelete(gone.id);
    const expected = ids(newestFirst(mine.filter((offer) => offer !== gone)));
    expect((await walk(team.id, 2)).flat()).toEqual(expected);
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
