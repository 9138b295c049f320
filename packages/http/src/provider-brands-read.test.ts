import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  type BrandBody,
  badRequest,
  createBrand,
  expectJson,
  LOGO,
  notFound,
  setupBrandsApp,
  t,
} from "../../../test/helpers/http/provider-brands.ts";

setupBrandsApp();

describe("GET /provider/brands", () => {
  it("lists only the team's own brands, newest first, as a plain array", async () => {
    const mine = await t.createTeam("provider");
    const theirs = await t.createTeam("provider");
    const a = await createBrand(mine.apiKey, { name: "A" });
    await createBrand(theirs.apiKey, { name: "Theirs" });
    const b = await createBrand(mine.apiKey, { name: "B", logoUrl: LOGO });
    await expectJson(await t.request("GET", "/provider/brands", { key: mine.apiKey }), 200, [b, a]);
  });

  it("answers an empty array for a team without brands", async () => {
    const { apiKey } = await t.createTeam("provider");
    await expectJson(await t.request("GET", "/provider/brands", { key: apiKey }), 200, []);
  });

  it("paginates with limit and cursor, ending with hasMore false", async () => {
    const { apiKey } = await t.createTeam("provider");
    const created: BrandBody[] = [];
    for (let i = 0; i < 5; i++) created.push(await createBrand(apiKey, { name: `Brand ${i}` }));
    const all = await (await t.request("GET", "/provider/brands", { key: apiKey })).json();
    expect(all.map((b: BrandBody) => b.id).sort()).toEqual(created.map((b) => b.id).sort());

    const first = await (await t.request("GET", "/provider/brands?limit=2", { key: apiKey })).json();
    expect(first).toEqual({ data: all.slice(0, 2), hasMore: true, nextCursor: expect.any(String) });
    const second = await (
      await t.request("GET", `/provider/brands?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`, { key: apiKey })
    ).json();
    expect(second).toEqual({ data: all.slice(2, 4), hasMore: true, nextCursor: expect.any(String) });
    const third = await (
      await t.request("GET", `/provider/brands?limit=2&cursor=${encodeURIComponent(second.nextCursor)}`, {
        key: apiKey,
      })
    ).json();
    expect(third).toEqual({ data: all.slice(4), hasMore: false, nextCursor: null });

    await expectJson(await t.request("GET", "/provider/brands?limit=10", { key: apiKey }), 200, {
      data: all,
      hasMore: false,
      nextCursor: null,
    });
  });

  it("answers 400 for a bad limit, another list's cursor and an unknown parameter", async () => {
    const { apiKey } = await t.createTeam("provider");
    for (const limit of ["0", "101", "abc"]) {
      await expectJson(
        await t.request("GET", `/provider/brands?limit=${limit}`, { key: apiKey }),
        400,
        badRequest("limit must be an integer from 1 to 100"),
      );
    }
    await createBrand(apiKey, { name: "One" });
    await createBrand(apiKey, { name: "Two" });
    const markets = await t.request("POST", "/provider/markets", { key: apiKey, body: { name: "M1" } });
    expect(markets.status).toBe(201);
    await t.request("POST", "/provider/markets", { key: apiKey, body: { name: "M2" } });
    const marketPage = await (await t.request("GET", "/provider/markets?limit=1", { key: apiKey })).json();
    await expectJson(
      await t.request("GET", `/provider/brands?cursor=${encodeURIComponent(marketPage.nextCursor)}`, { key: apiKey }),
      400,
      badRequest("cursor is invalid: pass back nextCursor from a previous response unmodified"),
    );
    await expectJson(
      await t.request("GET", "/provider/brands?name=One", { key: apiKey }),
      400,
      badRequest("property name should not exist"),
    );
  });
});

describe("GET /provider/brands/{id}", () => {
  it("answers 404 for another team's brand, with the same body as for a missing one", async () => {
    const owner = await t.createTeam("provider");
    const stranger = await t.createTeam("provider");
    const brand = await createBrand(owner.apiKey, { name: "Mine" });
    await expectJson(
      await t.request("GET", `/provider/brands/${brand.id}`, { key: stranger.apiKey }),
      404,
      notFound(brand.id),
    );
    const missing = randomUUID();
    await expectJson(
      await t.request("GET", `/provider/brands/${missing}`, { key: owner.apiKey }),
      404,
      notFound(missing),
    );
  });

  it.each(["not-a-uuid", "6ba7b810-9dad-11d1-80b4-00c04fd430c8", "1' OR '1'='1"])(
    "answers 404 for the non-UUID-v4 id %j",
    async (id) => {
      const { apiKey } = await t.createTeam("provider");
      await expectJson(
        await t.request("GET", `/provider/brands/${encodeURIComponent(id)}`, { key: apiKey }),
        404,
        notFound(id),
      );
    },
  );

  it("answers 400 for a query parameter", async () => {
    const { apiKey } = await t.createTeam("provider");
    const brand = await createBrand(apiKey, { name: "Q" });
    await expectJson(
      await t.request("GET", `/provider/brands/${brand.id}?expand=offers`, { key: apiKey }),
      400,
      badRequest("property expand should not exist"),
    );
  });
});
