/**
 * Contract of `OfferRepository.list`: the filters (status, service type, brand, market, search) and
 * keyset pages (newest first, the id as tie-break, a cursor looked up in the team's live offers).
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import { randomUuid } from "../../src/ids.ts";
import type { Offer, OfferRepository } from "../../src/offers/index.ts";
import { blankOfferFields } from "../../src/offers/index.ts";
import type { PageRequest } from "../../src/pagination.ts";
import {
  aBrand,
  aMarket,
  anOffer,
  ids,
  insertOffers,
  newestFirst,
  newTeam,
  openedUnitOfWork,
  softDeleteOffer,
  T0,
  walk,
} from "./fixtures-offers.ts";
import type { ContractSubject } from "./subject.ts";

export function offerListContract(subject: ContractSubject): void {
  describe(`OfferRepository.list (${subject.name})`, () => {
    const uow = openedUnitOfWork(subject);
    /** The open store's repository (a getter: the store opens in beforeAll). */
    const offersOf = () => uow.repositories.offers;

    const createTeam = () => newTeam(uow);
    const insertAll = (list: Offer[]) => insertOffers(uow, list);
    const softDelete = (offer: Offer) => softDeleteOffer(uow, offer);
    const listOf = (teamId: string) => (page: PageRequest) => offersOf().list(teamId, page);

    describe("list filters", () => {
      it("keeps the offers matching every filter; search is a case-insensitive substring of the text or SKU", async () => {
        const team = await createTeam();
        const brand = aBrand(team.id);
        const market = aMarket(team.id);
        await uow.repositories.brands.insert(brand);
        await uow.repositories.markets.insert(market);
        const [fiber, power, branded, linked, skuOnly, literal] = await insertAll([
          anOffer(team.id, { name: "Fiber Max", status: "active", createdAt: new Date(T0 + 1) }),
          anOffer(team.id, {
            ...blankOfferFields("Green Power", "electricity"),
            marketingHeadline: "100% renewable",
            createdAt: new Date(T0 + 2),
          }),
          anOffer(team.id, { brandId: brand.id, description: "A FIBER line", createdAt: new Date(T0 + 3) }),
          anOffer(team.id, { name: "Linked", marketIds: [market.id], createdAt: new Date(T0 + 4) }),
          anOffer(team.id, { name: "Plain", sku: "FIB-9", createdAt: new Date(T0 + 5) }),
          anOffer(team.id, { name: "Under_score", createdAt: new Date(T0 + 6) }),
        ]);
        const list = (filters: Parameters<OfferRepository["list"]>[2]) =>
          offersOf().list(team.id, { kind: "all" }, filters).then(ids);
        expect(await list({ status: "active" })).toEqual(ids([fiber as Offer]));
        expect(await list({ serviceType: "electricity" })).toEqual(ids([power as Offer]));
        expect(await list({ brandId: brand.id })).toEqual(ids([branded as Offer]));
        expect(await list({ marketId: market.id })).toEqual(ids([linked as Offer]));
        expect(await list({ search: "fIb" })).toEqual(ids([skuOnly, branded, fiber] as Offer[]));
        expect(await list({ search: "% RENEW" })).toEqual(ids([power as Offer]));
        expect(await list({ search: "r_s" })).toEqual(ids([literal as Offer]));
        expect(await list({ search: "e_s" })).toEqual([]);
        expect(await list({ search: "fiber", status: "draft" })).toEqual(ids([branded as Offer]));
        expect(await list({})).toEqual(ids(newestFirst([fiber, power, branded, linked, skuOnly, literal] as Offer[])));
      });

      it("pages a filtered list after a cursor that no longer matches the filters (the walk goes on)", async () => {
        const team = await createTeam();
        const list = newestFirst(
          await insertAll(
            Array.from({ length: 5 }, (_, i) => anOffer(team.id, { createdAt: new Date(T0 + i * 1000) })),
          ),
        );
        const drafts: PageRequest = { kind: "page", limit: 2, after: null };
        expect(ids(await offersOf().list(team.id, drafts, { status: "draft" }))).toEqual(ids(list.slice(0, 3)));
        const cursor = list[1] as Offer;
        await offersOf().update({ ...cursor, status: "active" });
        const next = await offersOf().list(team.id, { kind: "page", limit: 2, after: cursor.id }, { status: "draft" });
        expect(ids(next)).toEqual(ids(list.slice(2, 5)));
      });
    });

    describe("keyset pagination", () => {
      it("orders rows with identical createdAt by id, descending", async () => {
        const team = await createTeam();
        const tied = await insertAll(Array.from({ length: 7 }, () => anOffer(team.id, { createdAt: new Date(T0) })));
        const expected = [...ids(tied)].sort().reverse();
        expect(ids(await offersOf().list(team.id, { kind: "all" }))).toEqual(expected);
        expect(await walk(listOf(team.id), 3)).toEqual([expected.slice(0, 3), expected.slice(3, 6), expected.slice(6)]);
      });

      it("fetches limit + 1 rows after the cursor record", async () => {
        const team = await createTeam();
        const list = newestFirst(
          await insertAll(
            Array.from({ length: 6 }, (_, i) => anOffer(team.id, { createdAt: new Date(T0 + i * 1000) })),
          ),
        );
        const request: PageRequest = { kind: "page", limit: 2, after: list[1]?.id ?? null };
        expect(await offersOf().list(team.id, request)).toEqual(list.slice(2, 5));
        expect(ids(await offersOf().list(team.id, { kind: "page", limit: 2, after: null }))).toEqual(
          ids(list.slice(0, 3)),
        );
      });

      it("walks every row exactly once with limit 3, ties included; ends cleanly on a multiple of the limit", async () => {
        const team = await createTeam();
        const seconds = [0, 1, 1, 1, 2, 3, 3, 4, 5, 5];
        const inserted = await insertAll(seconds.map((s) => anOffer(team.id, { createdAt: new Date(T0 + s * 1000) })));
        const pages = await walk(listOf(team.id), 3);
        expect(pages.map((p) => p.length)).toEqual([3, 3, 3, 1]);
        expect(pages.flat()).toEqual(ids(newestFirst(inserted)));
        expect((await walk(listOf(team.id), 5)).map((p) => p.length)).toEqual([5, 5]);
      });

      it("neither shows nor repeats rows inserted with a newer createdAt during the walk", async () => {
        const team = await createTeam();
        const original = await insertAll(
          Array.from({ length: 9 }, (_, i) => anOffer(team.id, { createdAt: new Date(T0 + Math.floor(i / 2) * 1000) })),
        );
        const added: Offer[] = [];
        const pages = await walk(listOf(team.id), 3, async (pageIndex) => {
          const newer = anOffer(team.id, { createdAt: new Date(T0 + 100_000 + pageIndex * 1000) });
          await offersOf().insert(newer);
          added.push(newer);
        });
        expect(added.length).toBeGreaterThanOrEqual(2);
        expect(pages.flat()).toEqual(ids(newestFirst(original)));
        expect((await walk(listOf(team.id), 4)).flat()).toEqual(ids(newestFirst([...original, ...added])));
      });

      it("ends the walk when the cursor row was soft-deleted, is unknown, or is another team's", async () => {
        const team = await createTeam();
        const other = await createTeam();
        const list = newestFirst(
          await insertAll(
            Array.from({ length: 6 }, (_, i) => anOffer(team.id, { createdAt: new Date(T0 + i * 1000) })),
          ),
        );
        const cursorRow = list[1] as Offer;
        await softDelete(cursorRow);
        expect(await offersOf().list(team.id, { kind: "page", limit: 2, after: cursorRow.id })).toEqual([]);
        expect(await offersOf().list(team.id, { kind: "page", limit: 2, after: randomUuid() })).toEqual([]);
        // Newer than all of the team's rows: without scoping, every one of them would follow it.
        const foreign = anOffer(other.id, { createdAt: new Date(T0 + 1_000_000) });
        await offersOf().insert(foreign);
        expect(await offersOf().list(team.id, { kind: "page", limit: 10, after: foreign.id })).toEqual([]);
        expect(await offersOf().list(other.id, { kind: "page", limit: 10, after: foreign.id })).toEqual([]);
      });

      it("never lists another team's or a deleted row while walking", async () => {
        const team = await createTeam();
        const other = await createTeam();
        const mine = await insertAll(
          Array.from({ length: 5 }, (_, i) => anOffer(team.id, { createdAt: new Date(T0 + i * 1000) })),
        );
        await insertAll(Array.from({ length: 5 }, (_, i) => anOffer(other.id, { createdAt: new Date(T0 + i * 1000) })));
        const gone = mine[2] as Offer;
        await softDelete(gone);
        expect((await walk(listOf(team.id), 2)).flat()).toEqual(ids(newestFirst(mine.filter((o) => o !== gone))));
      });
    });
  });
}
