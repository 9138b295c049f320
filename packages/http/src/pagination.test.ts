import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN, createTestApp, type TestApp } from "../../../test/helpers/app.ts";

interface OfferJson {
  id: string;
  name: string;
  createdAt: string;
  [field: string]: unknown;
}

interface PageJson {
  data: OfferJson[];
  hasMore: boolean;
  nextCursor: string | null;
}

const LIMIT_MESSAGE = {
  statusCode: 400,
  message: ["limit must be an integer from 1 to 100"],
  error: "Bad Request",
};
const CURSOR_MESSAGE = {
  statusCode: 400,
  message: ["cursor is invalid: pass back nextCursor from a previous response unmodified"],
  error: "Bad Request",
};
const BASE_TIME = Date.parse("2020-01-01T00:00:00.000Z");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Inserts an offer row directly (controlled createdAt and id) and returns it as the API shows it. */
async function insertOffer(
  teamId: string,
  options: { createdAt: Date; id?: string; name?: string } = { createdAt: new Date() },
): Promise<OfferJson> {
  const id = options.id ?? randomUUID();
  const name = options.name ?? `Offer ${id.slice(0, 8)}`;
  await t.database.db
    .insertInto("offers")
    .values({
      id,
      team_id: teamId,
      name,
      sku: null,
      status: "draft",
      service_type: "internet",
      monthly_price: "10.00",
      created_at: options.createdAt,
      updated_at: options.createdAt,
      published_at: null,
    })
    .execute();
  const at = options.createdAt.toISOString();
  return {
    id,
    name,
    sku: null,
    status: "draft",
    serviceType: "internet",
    description: null,
    marketingHeadline: null,
    brandId: null,
    brand: null,
    marketIds: [],
    monthlyPrice: "10.00",
    promoMonthlyPrice: null,
    promoDurationMonths: null,
    contractTermMonths: null,
    commission: null,
    partnerSignup: null,
    submissionUrl: null,
    internet: { downloadSpeedMbps: null, uploadSpeedMbps: null, connectionType: null, dataCapGb: null },
    createdAt: at,
    updatedAt: at,
    publishedAt: null,
  };
}

/** `count` offers one minute apart, returned newest first (the list order). */
async function seedOffers(teamId: string, count: number, baseTime = BASE_TIME): Promise<OfferJson[]> {
  const offers: OfferJson[] = [];
  for (let i = 0; i < count; i++) {
    offers.push(await insertOffer(teamId, { createdAt: new Date(baseTime + i * 60_000) }));
  }
  return offers.reverse();
}

/** Newest first, id descending as the final tie-break. */
function listOrder(offers: OfferJson[]): OfferJson[] {
  return [...offers].sort((a, b) =>
    a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a.id < b.id ? 1 : -1,
  );
}

async function getJson<T>(key: string, path: string, expectedStatus = 200): Promise<T> {
  const res = await t.request("GET", path, { key });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(expectedStatus);
  return body as T;
}

/** Walks the list with `limit` until hasMore is false; `between` runs after each page. */
async function walk(key: string, limit: number, between?: (pageIndex: number) => Promise<void>): Promise<PageJson[]> {
  const pages: PageJson[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const query: string = cursor === null ? `limit=${limit}` : `limit=${limit}&cursor=${encodeURIComponent(cursor)}`;
    const page: PageJson = await getJson<PageJson>(key, `/provider/offers?${query}`);
    pages.push(page);
    if (!page.hasMore) return pages;
    expect(page.nextCursor).toEqual(expect.any(String));
    cursor = page.nextCursor;
    await between?.(i);
  }
  throw new Error("walk did not end");
}

describe("GET /provider/offers pagination", () => {
  it("returns the complete plain array, newest first, without limit or cursor", async () => {
    const { teamId, apiKey } = await t.createTeam("provider");
    const offers = await seedOffers(teamId, 5);
    expect(await getJson(apiKey, "/provider/offers")).toEqual(offers);
  });

  it("returns an empty array for a team without offers, and an empty page when paginating", async () => {
    const { apiKey } = await t.createTeam("provider");
    expect(await getJson(apiKey, "/provider/offers")).toEqual([]);
    expect(await getJson(apiKey, "/provider/offers?limit=10")).toEqual({ data: [], hasMore: false, nextCursor: null });
  });

  it("returns the paginated envelope when limit is sent", async () => {
    const { teamId, apiKey } = await t.createTeam("provider");
    const offers = await seedOffers(teamId, 5);
    const page = await getJson<PageJson>(apiKey, "/provider/offers?limit=3");
    expect(page).toEqual({ data: offers.slice(0, 3), hasMore: true, nextCursor: expect.any(String) });
    expect(page.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);

    expect(await getJson(apiKey, "/provider/offers?limit=100")).toEqual({
      data: offers,
      hasMore: false,
      nextCursor: null,
    });
    expect(await getJson(apiKey, "/provider/offers?limit=5")).toEqual({
      data: offers,
      hasMore: false,
      nextCursor: null,
    });
  });

  it.each(["0", "101", "1.5", "abc", "-1", "", "1,2", "Infinity", "NaN", "0x10", "1e2", " 5", "+5", "00000000005"])(
    "rejects limit=%s",
    async (limit) => {
      const { apiKey } = await t.createTeam("provider");
      expect(await getJson(apiKey, `/provider/offers?limit=${encodeURIComponent(limit)}`, 400)).toEqual(LIMIT_MESSAGE);
    },
  );

  it("rejects limit sent twice", async () => {
    const { apiKey } = await t.createTeam("provider");
    expect(await getJson(apiKey, "/provider/offers?limit=1&limit=2", 400)).toEqual(LIMIT_MESSAGE);
  });

  it("uses a page size of 20 when only a cursor is sent", async () => {
    const { teamId, apiKey } = await t.createTeam("provider");
    const offers = await seedOffers(teamId, 25);
    const first = await getJson<PageJson>(apiKey, "/provider/offers?limit=1");
    expect(first).toEqual({ data: offers.slice(0, 1), hasMore: true, nextCursor: expect.any(String) });

    const second = await getJson<PageJson>(
      apiKey,
      `/provider/offers?cursor=${encodeURIComponent(first.nextCursor as string)}`,
    );
    expect(second).toEqual({ data: offers.slice(1, 21), hasMore: true, nextCursor: expect.any(String) });

    const third = await getJson<PageJson>(
      apiKey,
      `/provider/offers?cursor=${encodeURIComponent(second.nextCursor as string)}`,
    );
    expect(third).toEqual({ data: offers.slice(21), hasMore: false, nextCursor: null });
  });

  it("walks every offer exactly once, newest first, ending with hasMore false and nextCursor null", async () => {
    const { teamId, apiKey } = await t.createTeam("provider");
    const offers = await seedOffers(teamId, 7);
    const pages = await walk(apiKey, 2);
    expect(pages.map((page) => page.data.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flatMap((page) => page.data)).toEqual(offers);
    expect(pages.slice(0, -1).every((page) => page.hasMore && typeof page.nextCursor === "string")).toBe(true);
    expect(pages.at(-1)).toEqual({ data: offers.slice(6), hasMore: false, nextCursor: null });
  });

  it("ends a walk whose last page is full without an extra empty page", async () => {
    const { teamId, apiKey } = await t.createTeam("provider");
    const offers = await seedOffers(teamId, 6);
    const pages = await walk(apiKey, 2);
    expect(pages.map((page) => page.data.length)).toEqual([2, 2, 2]);
    expect(pages.flatMap((page) => page.data)).toEqual(offers);
    expect(pages.at(-1)).toEqual({ data: offers.slice(4), hasMore: false, nextCursor: null });
  });

  it("neither skips nor repeats offers when others are inserted during the walk", async () => {
    const { teamId, apiKey } = await t.createTeam("provider");
    const originals = await seedOffers(teamId, 8);
    const oldest = Date.parse(originals.at(-1)?.createdAt as string);
    const inserted: OfferJson[] = [];
    const pages = await walk(apiKey, 2, async (pageIndex) => {
      // Newer offers (through the API) land before the cursor; a backdated one lands after it.
      for (let i = 0; i < 2; i++) {
        const res = await t.request("POST", "/provider/offers", {
          key: apiKey,
          body: { name: `During walk ${pageIndex}.${i}`, serviceType: "tv" },
        });
        expect(res.status).toBe(201);
        inserted.push(await res.json());
      }
      if (pageIndex === 0) inserted.push(await insertOffer(teamId, { createdAt: new Date(oldest - 60_000) }));
    });
    const seen = pages.flatMap((page) => page.data.map((offer) => offer.id));
    expect(new Set(seen).size).toBe(seen.length);
    const originalIds = originals.map((offer) => offer.id);
    expect(seen.filter((id) => originalIds.includes(id))).toEqual(originalIds);
    // The backdated offer sorts after the cursor, so the walk reaches it; newer ones sort before it.
    const backdated = inserted.at(2) as OfferJson;
    expect(seen.at(-1)).toBe(backdated.id);
    expect(seen.filter((id) => !originalIds.includes(id))).toEqual([backdated.id]);
  });

  it("breaks ties on createdAt by id, descending, in lists and walks", async () => {
    const { teamId, apiKey } = await t.createTeam("provider");
    const same = new Date(BASE_TIME + 3_600_000);
    const tied: OfferJson[] = [];
    for (let i = 0; i < 6; i++) tied.push(await insertOffer(teamId, { createdAt: same }));
    const newer = await insertOffer(teamId, { createdAt: new Date(same.getTime() + 1) });
    const older = await insertOffer(teamId, { createdAt: new Date(same.getTime() - 1) });
    const expected = [newer, ...[...tied].sort((a, b) => (a.id < b.id ? 1 : -1)), older];
    expect(listOrder([...tied, older, newer])).toEqual(expected);

    expect(await getJson(apiKey, "/provider/offers")).toEqual(expected);
    for (const limit of [1, 2, 3, 4]) {
      const pages = await walk(apiKey, limit);
      expect(pages.flatMap((page) => page.data)).toEqual(expected);
    }
  });

  it("orders offers created through the API newest first (same-millisecond ties by id)", async () => {
    const { apiKey } = await t.createTeam("provider");
    const created: OfferJson[] = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await t.request("POST", "/provider/offers", {
          key: apiKey,
          body: { name: `Parallel ${i}`, serviceType: "tv" },
        });
        expect(res.status).toBe(201);
        return (await res.json()) as OfferJson;
      }),
    );
    const expected = listOrder(created);
    expect(await getJson(apiKey, "/provider/offers")).toEqual(expected);
    expect((await walk(apiKey, 3)).flatMap((page) => page.data)).toEqual(expected);
  });

  it("rejects a tampered cursor", async () => {
    const { teamId, apiKey } = await t.createTeam("provider");
    await seedOffers(teamId, 3);
    const { nextCursor } = await getJson<PageJson>(apiKey, "/provider/offers?limit=1");
    const cursor = nextCursor as string;
    // Flip characters across the cursor: the list name, the id and the checksum are all covered.
    for (const index of [0, 5, Math.floor(cursor.length / 2), cursor.length - 6]) {
      const flipped = cursor[index] === "A" ? "B" : "A";
      const tampered = cursor.slice(0, index) + flipped + cursor.slice(index + 1);
      expect(await getJson(apiKey, `/provider/offers?cursor=${tampered}`, 400), `index ${index}`).toEqual(
        CURSOR_MESSAGE,
      );
    }
    // Truncated and extended cursors too.
    expect(await getJson(apiKey, `/provider/offers?cursor=${cursor.slice(0, -4)}`, 400)).toEqual(CURSOR_MESSAGE);
    expect(await getJson(apiKey, `/provider/offers?cursor=${cursor}AAAA`, 400)).toEqual(CURSOR_MESSAGE);
  });

  it.each([
    ["garbage", "garbage"],
    ["empty", ""],
    ["not base64url", "%21%21%21"],
    ["base64 of a bare id", Buffer.from(randomUUID()).toString("base64url")],
    ["forged without checksum", Buffer.from(`offers:${randomUUID()}:00000000`).toString("base64url")],
    ["very long", "A".repeat(500)],
  ])("rejects a %s cursor", async (_label, cursor) => {
    const { apiKey } = await t.createTeam("provider");
    expect(await getJson(apiKey, `/provider/offers?cursor=${cursor}`, 400)).toEqual(CURSOR_MESSAGE);
    expect(await getJson(apiKey, `/provider/offers?limit=5&cursor=${cursor}`, 400)).toEqual(CURSOR_MESSAGE);
  });

  it("rejects a cursor issued by another list", async () => {
    const { apiKey } = await t.createTeam("provider");
    await t.createTeam("reseller");
    const res = await t.request("GET", "/admin/teams?limit=1", {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const teams = (await res.json()) as { nextCursor: string | null };
    expect(res.status).toBe(200);
    expect(teams.nextCursor).toEqual(expect.any(String));
    expect(await getJson(apiKey, `/provider/offers?cursor=${teams.nextCursor}`, 400)).toEqual(CURSOR_MESSAGE);
  });

  it("ends the walk when the cursor's offer was deleted", async () => {
    const { teamId, apiKey } = await t.createTeam("provider");
    const offers = await seedOffers(teamId, 4);
    const first = await getJson<PageJson>(apiKey, "/provider/offers?limit=2");
    expect(first.data).toEqual(offers.slice(0, 2));
    await t.database.db
      .deleteFrom("offers")
      .where("id", "=", offers[1]?.id as string)
      .execute();
    expect(await getJson(apiKey, `/provider/offers?limit=2&cursor=${first.nextCursor}`)).toEqual({
      data: [],
      hasMore: false,
      nextCursor: null,
    });
    expect(await getJson(apiKey, `/provider/offers?cursor=${first.nextCursor}`)).toEqual({
      data: [],
      hasMore: false,
      nextCursor: null,
    });
  });

  it("ends the walk when the cursor's offer was soft-deleted", async () => {
    const { teamId, apiKey } = await t.createTeam("provider");
    const offers = await seedOffers(teamId, 4);
    const first = await getJson<PageJson>(apiKey, "/provider/offers?limit=1");
    await t.database.db
      .updateTable("offers")
      .set({ deleted_at: new Date() })
      .where("id", "=", offers[0]?.id as string)
      .execute();
    expect(await getJson(apiKey, `/provider/offers?limit=2&cursor=${first.nextCursor}`)).toEqual({
      data: [],
      hasMore: false,
      nextCursor: null,
    });
    expect(await getJson(apiKey, "/provider/offers")).toEqual(offers.slice(1));
  });

  it("gives nothing of either team for a cursor taken from another team's list", async () => {
    const owner = await t.createTeam("provider");
    const other = await t.createTeam("provider");
    await seedOffers(owner.teamId, 3);
    await seedOffers(other.teamId, 3, BASE_TIME - 3_600_000);
    const { nextCursor } = await getJson<PageJson>(owner.apiKey, "/provider/offers?limit=1");
    expect(await getJson(other.apiKey, `/provider/offers?limit=10&cursor=${nextCursor}`)).toEqual({
      data: [],
      hasMore: false,
      nextCursor: null,
    });
  });
});
