import { describe, expect, it } from "vitest";
import {
  active,
  badRequest,
  catalog,
  ids,
  idsOf,
  type OfferJson,
  type PageJson,
  remove,
  setupCatalogApp,
  TV,
  t,
  walk,
} from "../../../test/helpers/http/reseller-catalog.ts";

setupCatalogApp();

describe("GET /reseller/catalog?search", () => {
  it("matches a case-insensitive substring of the name, the marketing headline and the description", async () => {
    const provider = await t.createTeam("provider", "Searchable");
    const { apiKey } = await t.createTeam("reseller");
    const byName = await active(provider.apiKey, { name: "Gigabit HOME Fiber" });
    const byHeadline = await active(provider.apiKey, { name: "Plan B", marketingHeadline: "Stream in UltraHD" });
    const byDescription = await active(provider.apiKey, {
      name: "Plan C",
      description: "Includes a Mesh WiFi router",
    });
    const none = await active(provider.apiKey, { name: "Plan D", marketingHeadline: null, description: null });

    expect(await ids(apiKey, { search: "home fiber" })).toEqual([byName.id]);
    expect(await ids(apiKey, { search: "gIGABIT" })).toEqual([byName.id]);
    expect(await ids(apiKey, { search: "ultrahd" })).toEqual([byHeadline.id]);
    expect(await ids(apiKey, { search: "STREAM IN" })).toEqual([byHeadline.id]);
    expect(await ids(apiKey, { search: "mesh wifi" })).toEqual([byDescription.id]);
    expect(await ids(apiKey, { search: "wifi ROUTER" })).toEqual([byDescription.id]);
    expect(await ids(apiKey, { search: "iber" })).toEqual([byName.id]);
    expect(await ids(apiKey, { search: "plan" })).toEqual(idsOf(byHeadline, byDescription, none));
    expect(await ids(apiKey, { search: "  Plan D  " })).toEqual([none.id]);
    expect(await ids(apiKey, { search: "p" })).toEqual(idsOf(byHeadline, byDescription, none));
    expect(await ids(apiKey, { search: "nothing like it" })).toEqual([]);
  });

  it("never matches across two fields", async () => {
    const provider = await t.createTeam("provider", "Fields");
    const { apiKey } = await t.createTeam("reseller");
    const offer = await active(provider.apiKey, {
      name: "Super Alpha",
      marketingHeadline: "Beta Deal",
      description: "Gamma rays",
    });
    expect(await ids(apiKey, { search: "super alpha" })).toEqual([offer.id]);
    expect(await ids(apiKey, { search: "beta deal" })).toEqual([offer.id]);
    for (const search of ["alphabeta", "alpha beta", "alpha beta deal", "dealgamma", "deal gamma", "alpha gamma"]) {
      expect(await ids(apiKey, { search }), search).toEqual([]);
    }
  });

  it("matches %, _ and \\ literally", async () => {
    const provider = await t.createTeam("provider", "Literal");
    const { apiKey } = await t.createTeam("reseller");
    const percent = await active(provider.apiKey, { name: "100% Fiber" });
    const thousand = await active(provider.apiKey, { name: "1000 Fiber" });
    const underscore = await active(provider.apiKey, { name: "Fiber_500" });
    const backslash = await active(provider.apiKey, { name: "Fiber\\Max" });
    await active(provider.apiKey, { name: "Fiber 500" });

    expect(await ids(apiKey, { search: "100%" })).toEqual([percent.id]);
    expect(await ids(apiKey, { search: "%" })).toEqual([percent.id]);
    expect(await ids(apiKey, { search: "_" })).toEqual([underscore.id]);
    expect(await ids(apiKey, { search: "r_5" })).toEqual([underscore.id]);
    expect(await ids(apiKey, { search: "\\" })).toEqual([backslash.id]);
    expect(await ids(apiKey, { search: "r\\m" })).toEqual([backslash.id]);
    expect(await ids(apiKey, { search: "1000" })).toEqual([thousand.id]);
    expect(await ids(apiKey, { search: "%_\\" })).toEqual([]);
  });

  it("finds the same offers whether the term is broad or selective, complete or paginated", async () => {
    const provider = await t.createTeam("provider", "Volume");
    const { apiKey } = await t.createTeam("reseller");
    const broad: OfferJson[] = [];
    const rare: OfferJson[] = [];
    for (let i = 0; i < 8; i++) broad.push(await active(provider.apiKey, { name: `Common plan ${i}` }));
    for (let i = 0; i < 3; i++) rare.push(await active(provider.apiKey, { name: `Rare zebra ${i}` }));
    for (let i = 0; i < 4; i++) await active(provider.apiKey, { name: `Other ${i}`, ...TV, internet: undefined });
    const all = [...broad, ...rare];

    // 8 matches: broad (walks the date index); 3: selective (the trigram index); under 3 characters: walks.
    for (const [search, expected] of [
      ["common", broad],
      ["zebra", rare],
      ["fiber", []],
      ["a", all],
      ["ze", rare],
    ] as const) {
      const complete = idsOf(...expected);
      expect(await ids(apiKey, { search }), search).toEqual(complete);
      for (const limit of [1, 2, 3, 100]) {
        expect(await walk(apiKey, { search }, limit), `${search} by ${limit}`).toEqual(complete);
      }
      expect(await walk(apiKey, { search, category: "internet", maxPrice: "49.99" }, 2), search).toEqual(complete);
      expect(await walk(apiKey, { search, category: "tv" }, 2), search).toEqual([]);
    }
  });
});

describe("GET /reseller/catalog pagination", () => {
  it("walks the filtered catalog newest first without gaps or repeats", async () => {
    const provider = await t.createTeam("provider", "Pages");
    const { apiKey } = await t.createTeam("reseller");
    const matching: OfferJson[] = [];
    for (let i = 0; i < 7; i++) {
      matching.push(await active(provider.apiKey, { name: `Match ${i}`, monthlyPrice: `${20 + i}` }));
      await active(provider.apiKey, { name: `Too dear ${i}`, monthlyPrice: "99" });
      await active(provider.apiKey, { name: `Other kind ${i}`, monthlyPrice: "25", ...TV, internet: undefined });
    }
    const expected = idsOf(...matching);
    const query = { category: "internet", maxPrice: "50" };
    expect(await ids(apiKey, query)).toEqual(expected);
    for (const limit of [1, 2, 3, 7, 8]) expect(await walk(apiKey, query, limit), `limit ${limit}`).toEqual(expected);

    const first = (await (await catalog(apiKey, { ...query, limit: "3" })).json()) as PageJson;
    expect(first).toEqual({
      data: expected.slice(0, 3).map((id) => expect.objectContaining({ id })),
      hasMore: true,
      nextCursor: expect.any(String),
    });
  });

  it("ends the walk when the cursor's offer has left the catalog", async () => {
    const provider = await t.createTeam("provider", "Leaving");
    const { apiKey } = await t.createTeam("reseller");
    for (let i = 0; i < 4; i++) await active(provider.apiKey, { name: `Offer ${i}` });
    for (const query of [{}, { search: "offer" }] as Record<string, string>[]) {
      const first = (await (await catalog(apiKey, { ...query, limit: "2" })).json()) as PageJson;
      expect(first.hasMore).toBe(true);
      const last = first.data.at(-1);
      if (!last || !first.nextCursor) throw new Error("expected a full first page");
      await remove(provider.apiKey, last.id);
      const next = await catalog(apiKey, { ...query, limit: "2", cursor: first.nextCursor });
      expect(next.status).toBe(200);
      expect(await next.json()).toEqual({ data: [], hasMore: false, nextCursor: null });
    }
  });

  it("rejects a cursor of another list and a bad limit", async () => {
    const provider = await t.createTeam("provider", "Cursors");
    const { apiKey } = await t.createTeam("reseller");
    await active(provider.apiKey, { name: "A" });
    await active(provider.apiKey, { name: "B" });
    const offers = (await (
      await t.request("GET", "/provider/offers?limit=1", { key: provider.apiKey })
    ).json()) as PageJson;
    const foreign = await catalog(apiKey, { limit: "1", cursor: offers.nextCursor ?? "" });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toEqual(
      badRequest("cursor is invalid: pass back nextCursor from a previous response unmodified"),
    );
    for (const limit of ["0", "101", "x"]) {
      const res = await catalog(apiKey, { limit });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(badRequest("limit must be an integer from 1 to 100"));
    }
  });
});
