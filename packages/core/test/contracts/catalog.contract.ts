/**
 * Contract of `CatalogRepository`: the active, non-deleted offers of every team as catalog entries,
 * their filters (category, price range, ZIP through markets, search) and keyset pages. The catalog
 * spans teams, so each test finds its own rows by a word of its own or by ids.
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import { type CatalogEntry, type CatalogFilters, NO_CATALOG_FILTERS } from "../../src/catalog/index.ts";
import { randomUuid } from "../../src/ids.ts";
import type { Offer } from "../../src/offers/index.ts";
import { blankOfferFields } from "../../src/offers/index.ts";
import type { PageRequest } from "../../src/pagination.ts";
import {
  aBrand,
  aMarket,
  anArea,
  anOffer,
  ids,
  newestFirst,
  newTeam,
  openedUnitOfWork,
  T0,
  walk,
} from "./fixtures-offers.ts";
import type { ContractSubject } from "./subject.ts";

export function catalogContract(subject: ContractSubject): void {
  describe(`CatalogRepository (${subject.name})`, () => {
    const uow = openedUnitOfWork(subject);
    /** The open store's repository (a getter: the store opens in beforeAll). */
    const catalogOf = () => uow.repositories.catalog;

    /** A word no other test uses, to search for. */
    const uniqueWord = () => `w${randomUuid().replaceAll("-", "").slice(0, 12)}`;
    /** An active offer priced 49.90. */
    const active = (teamId: string, overrides: Partial<Offer> = {}) =>
      anOffer(teamId, { status: "active", publishedAt: new Date(T0), ...overrides });
    async function insertAll(list: Offer[]): Promise<Offer[]> {
      await uow.transaction(async (scope) => {
        for (const offer of list) await scope.offers.insert(offer);
      });
      return list;
    }
    const list = (filters: Partial<CatalogFilters>, page: PageRequest = { kind: "all" }) =>
      catalogOf().list({ ...NO_CATALOG_FILTERS, ...filters }, page);
    /** The ids of the catalog's entries among `mine`, in the catalog's order. */
    const among = async (mine: readonly Offer[], filters: Partial<CatalogFilters>) => {
      const wanted = new Set(ids(mine));
      return ids(await list(filters)).filter((id) => wanted.has(id));
    };

    describe("entries", () => {
      it("reads an active offer as its catalog entry: the brand's name as provider, no provider internals", async () => {
        const team = await newTeam(uow, "provider", "Acme Team");
        const brand = aBrand(team.id, { name: "Acme Fiber", logoUrl: "https://cdn.example.com/acme.png" });
        await uow.repositories.brands.insert(brand);
        const offer = active(team.id, {
          name: "Fiber 1000",
          sku: "F-1000",
          description: "Fast",
          marketingHeadline: "Faster",
          brandId: brand.id,
          monthlyPrice: "59.90",
          promoMonthlyPrice: "39.90",
          promoDurationMonths: 6,
          contractTermMonths: 12,
          commission: "25.00",
          partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://s.test/?ref={orderItemId}" },
          submissionUrl: "https://s.test/submit",
          internet: { downloadSpeedMbps: 1000, uploadSpeedMbps: 500, connectionType: "fiber", dataCapGb: null },
          createdAt: new Date(T0 + 1),
          updatedAt: new Date(T0 + 2),
          publishedAt: new Date(T0 + 3),
        });
        await insertAll([offer]);
        const entry: CatalogEntry = {
          id: offer.id,
          name: "Fiber 1000",
          serviceType: "internet",
          description: "Fast",
          marketingHeadline: "Faster",
          providerName: "Acme Fiber",
          brand: { id: brand.id, name: "Acme Fiber", logoUrl: "https://cdn.example.com/acme.png" },
          monthlyPrice: "59.90",
          promoMonthlyPrice: "39.90",
          promoDurationMonths: 6,
          contractTermMonths: 12,
          commission: "25.00",
          partnerSignup: { kind: "lead_gen" },
          internet: { downloadSpeedMbps: 1000, uploadSpeedMbps: 500, connectionType: "fiber", dataCapGb: null },
          electricity: null,
          publishedAt: new Date(T0 + 3),
          createdAt: new Date(T0 + 1),
          updatedAt: new Date(T0 + 2),
        };
        expect(await catalogOf().findById(offer.id)).toEqual(entry);
        expect(await list({ search: "fiber 1000" }, { kind: "page", limit: 5, after: null })).toContainEqual(entry);

        await uow.repositories.brands.update({ ...brand, name: "Acme Net", updatedAt: new Date(T0 + 9) });
        expect(await catalogOf().findById(offer.id)).toMatchObject({
          providerName: "Acme Net",
          brand: { id: brand.id, name: "Acme Net", logoUrl: "https://cdn.example.com/acme.png" },
        });
      });

      it("shows the team's name as provider without a brand, and the details of the offer's own type", async () => {
        const team = await newTeam(uow, "provider", "Volt Team");
        const offer = active(team.id, {
          ...blankOfferFields("Green Power", "electricity"),
          monthlyPrice: "20.00",
          internet: { downloadSpeedMbps: 1, uploadSpeedMbps: 1, connectionType: "fiber", dataCapGb: 1 },
          electricity: null,
        });
        await insertAll([offer]);
        expect(await catalogOf().findById(offer.id)).toMatchObject({
          providerName: "Volt Team",
          brand: null,
          partnerSignup: null,
          internet: null,
          electricity: { ratePerKwh: null, rateType: null, renewablePercent: null, termMonths: null },
        });
      });

      it("never shows a draft or a deleted offer; an unknown id is null", async () => {
        const team = await newTeam(uow);
        const word = uniqueWord();
        const [draft, deleted, shown] = await insertAll([
          anOffer(team.id, { name: word }),
          active(team.id, { name: word }),
          active(team.id, { name: word }),
        ]);
        if (!draft || !deleted || !shown) throw new Error("unreachable");
        await uow.repositories.offers.softDelete(team.id, deleted.id, new Date(T0 + 1));
        expect(await catalogOf().findById(draft.id)).toBeNull();
        expect(await catalogOf().findById(deleted.id)).toBeNull();
        expect(await catalogOf().findById(randomUuid())).toBeNull();
        expect(ids(await list({ search: word }))).toEqual([shown.id]);
        expect(ids(await list({ search: word }, { kind: "page", limit: 5, after: null }))).toEqual([shown.id]);
      });
    });

    describe("filters", () => {
      it("keeps a category, and prices within the range, bounds included, compared as numbers", async () => {
        const team = await newTeam(uow);
        const [cheap, ten, mid, dear, unpriced, power] = await insertAll([
          active(team.id, { monthlyPrice: "9.99", createdAt: new Date(T0 + 1) }),
          active(team.id, { monthlyPrice: "10.00", createdAt: new Date(T0 + 2) }),
          active(team.id, { monthlyPrice: "20.00", createdAt: new Date(T0 + 3) }),
          active(team.id, { monthlyPrice: "100.00", createdAt: new Date(T0 + 4) }),
          active(team.id, { monthlyPrice: null, createdAt: new Date(T0 + 5) }),
          active(team.id, { ...blankOfferFields("Power", "electricity"), monthlyPrice: "15.50" }),
        ]);
        const mine = [cheap, ten, mid, dear, unpriced, power] as Offer[];
        const idsOf = (...offers: (Offer | undefined)[]) => ids(offers as Offer[]);
        expect(await among(mine, { category: "electricity" })).toEqual(idsOf(power));
        expect(await among(mine, { category: "internet" })).toEqual(idsOf(unpriced, dear, mid, ten, cheap));
        expect(await among(mine, { minPrice: "10.00" })).toEqual(idsOf(dear, mid, ten, power));
        expect(await among(mine, { maxPrice: "20.00" })).toEqual(idsOf(mid, ten, cheap, power));
        expect(await among(mine, { minPrice: "10.00", maxPrice: "20.00", category: "internet" })).toEqual(
          idsOf(mid, ten),
        );
        expect(await among(mine, { minPrice: "100.01" })).toEqual([]);
      });

      it("keeps offers available at a ZIP: linked to no market, or to a market having it", async () => {
        const team = await newTeam(uow);
        const zip = "73301";
        const [near, far, empty] = [
          aMarket(team.id, { areas: [anArea(zip), anArea("00001")] }),
          aMarket(team.id, { areas: [anArea("00002")] }),
          aMarket(team.id),
        ];
        if (!near || !far || !empty) throw new Error("unreachable");
        for (const market of [near, far, empty]) await uow.repositories.markets.insert(market);
        const [everywhere, atNear, atFar, atBoth, atEmpty] = await insertAll([
          active(team.id, { createdAt: new Date(T0 + 1) }),
          active(team.id, { marketIds: [near.id], createdAt: new Date(T0 + 2) }),
          active(team.id, { marketIds: [far.id], createdAt: new Date(T0 + 3) }),
          active(team.id, { marketIds: [far.id, near.id], createdAt: new Date(T0 + 4) }),
          active(team.id, { marketIds: [empty.id], createdAt: new Date(T0 + 5) }),
        ]);
        const mine = [everywhere, atNear, atFar, atBoth, atEmpty] as Offer[];
        expect(await among(mine, { zipCode: zip })).toEqual(ids([atBoth, atNear, everywhere] as Offer[]));
        expect(await among(mine, { zipCode: "00002" })).toEqual(ids([atBoth, atFar, everywhere] as Offer[]));
        const page = await list({ zipCode: zip }, { kind: "page", limit: 100, after: null });
        expect(ids(page).filter((id) => ids(mine).includes(id))).toEqual(ids([atBoth, atNear, everywhere] as Offer[]));

        await uow.repositories.markets.addArea(far.id, anArea(zip));
        expect(await among(mine, { zipCode: zip })).toEqual(ids([atBoth, atFar, atNear, everywhere] as Offer[]));
      });

      it("searches a case-insensitive substring of the name, headline or description, never the SKU", async () => {
        const team = await newTeam(uow);
        const word = uniqueWord();
        const [byName, byHeadline, byDescription, bySku] = await insertAll([
          active(team.id, { name: `Fiber ${word.toUpperCase()} max`, createdAt: new Date(T0 + 1) }),
          active(team.id, { marketingHeadline: `now ${word}!`, createdAt: new Date(T0 + 2) }),
          active(team.id, {
            description: `a ${word.slice(0, 6)}${word.slice(6).toUpperCase()}`,
            createdAt: new Date(T0 + 3),
          }),
          active(team.id, { sku: word, createdAt: new Date(T0 + 4) }),
        ]);
        const expected = ids([byDescription, byHeadline, byName] as Offer[]);
        expect(ids(await list({ search: word.toUpperCase() }))).toEqual(expected);
        expect(ids(await list({ search: word }, { kind: "page", limit: 10, after: null }))).toEqual(expected);
        expect(ids(await list({ search: `w ${word}` }))).toEqual(ids([byHeadline] as Offer[]));
        expect(bySku).toBeDefined();
      });

      it("matches LIKE's wildcards and the escape character literally", async () => {
        const team = await newTeam(uow);
        const word = uniqueWord();
        const [percent, underscore, backslash] = await insertAll([
          active(team.id, { name: `${word} save 10% now`, createdAt: new Date(T0 + 1) }),
          active(team.id, { name: `${word} code a_b`, createdAt: new Date(T0 + 2) }),
          active(team.id, { name: `${word} path a\\b`, createdAt: new Date(T0 + 3) }),
          active(team.id, { name: `${word} plain 100 axb`, createdAt: new Date(T0 + 4) }),
        ]);
        for (const page of [{ kind: "all" }, { kind: "page", limit: 10, after: null }] as PageRequest[]) {
          expect(ids(await list({ search: `${word} save 10%` }, page))).toEqual(ids([percent] as Offer[]));
          expect(ids(await list({ search: "10% n" }, page))).toEqual(ids([percent] as Offer[]));
          expect(ids(await list({ search: `${word} code a_b` }, page))).toEqual(ids([underscore] as Offer[]));
          expect(ids(await list({ search: `${word} path a\\b` }, page))).toEqual(ids([backslash] as Offer[]));
          expect(await list({ search: `${word} plain 100%` }, page)).toEqual([]);
          expect(await list({ search: `${word} plain 100 a_b` }, page)).toEqual([]);
        }
      });
    });

    describe("pages", () => {
      /** Offers newer than every other test's, so a walk from the first page meets them first. */
      let era = Date.parse("2090-01-01T00:00:00.000Z");
      const newer = (seconds: number[], teamId: string, overrides: Partial<Offer> = {}) => {
        era += 10_000_000;
        return seconds.map((s) => active(teamId, { createdAt: new Date(era + s * 1000), ...overrides }));
      };

      it("lists newest first with the id as the tie-break, limit + 1 rows after the cursor", async () => {
        const team = await newTeam(uow);
        const inserted = newestFirst(await insertAll(newer([0, 1, 1, 1, 2, 3, 3], team.id)));
        expect(ids(await list({}, { kind: "page", limit: 3, after: null }))).toEqual(ids(inserted.slice(0, 4)));
        expect(ids(await list({}, { kind: "page", limit: 3, after: inserted[1]?.id ?? null }))).toEqual(
          ids(inserted.slice(2, 6)),
        );
        expect(ids(await list({})).slice(0, 7)).toEqual(ids(inserted));
      });

      it("walks a search page by page, ties included, as the complete list orders it", async () => {
        const team = await newTeam(uow);
        const word = uniqueWord();
        const matching = await insertAll(newer([0, 1, 1, 1, 2, 3, 3, 4, 5, 5], team.id, { name: `Offer ${word}` }));
        await insertAll(newer([0, 1, 2, 3], team.id, { name: "Unrelated" }));
        const expected = ids(newestFirst(matching));
        expect(ids(await list({ search: word }))).toEqual(expected);
        const pages = await walk((page) => list({ search: word }, page), 3);
        expect(pages.map((p) => p.length)).toEqual([3, 3, 3, 1]);
        expect(pages.flat()).toEqual(expected);
        const filtered = await walk((page) => list({ search: word, maxPrice: "49.90", category: "internet" }, page), 4);
        expect(filtered.flat()).toEqual(expected);
      });

      it("ends the walk when the cursor's offer left the catalog (draft, deleted) or is unknown", async () => {
        const team = await newTeam(uow);
        const word = uniqueWord();
        const inserted = newestFirst(await insertAll(newer([0, 1, 2, 3, 4], team.id, { name: `Offer ${word}` })));
        const [drafted, deleted] = [inserted[1] as Offer, inserted[2] as Offer];
        await uow.repositories.offers.update({ ...drafted, status: "draft" });
        await uow.repositories.offers.softDelete(team.id, deleted.id, new Date(T0));
        for (const search of [word, null]) {
          for (const after of [drafted.id, deleted.id, randomUuid()]) {
            expect(await list({ search }, { kind: "page", limit: 2, after })).toEqual([]);
          }
        }
      });

      it("goes on after a cursor still in the catalog that no longer matches the filters", async () => {
        const team = await newTeam(uow);
        const word = uniqueWord();
        const inserted = newestFirst(await insertAll(newer([0, 1, 2, 3, 4], team.id, { name: `Offer ${word}` })));
        const cursor = inserted[1] as Offer;
        await uow.repositories.offers.update({ ...cursor, name: "Renamed", monthlyPrice: "99.00" });
        const rest = ids(inserted.slice(2));
        expect(ids(await list({ search: word }, { kind: "page", limit: 5, after: cursor.id }))).toEqual(rest);
        const cheap = { search: word, maxPrice: "50.00" };
        expect(ids(await list(cheap, { kind: "page", limit: 5, after: cursor.id }))).toEqual(rest);
      });
    });
  });
}
