/**
 * Contract of `MarketRepository`: markets with their areas (ordered by value), names unique per team
 * (case-insensitively), areas unique per market, and deletion refused while a live offer links the
 * market.
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import { ConflictError, NotFoundError } from "../../src/errors.ts";
import { randomUuid } from "../../src/ids.ts";
import type { Market } from "../../src/markets/index.ts";
import { aMarket, anArea, anOffer, ids, newestFirst, newTeam, openedUnitOfWork, T0, walk } from "./fixtures-offers.ts";
import type { ContractSubject } from "./subject.ts";

export function marketContract(subject: ContractSubject): void {
  describe(`MarketRepository (${subject.name})`, () => {
    const uow = openedUnitOfWork(subject);
    /** The open store's repository (a getter: the store opens in beforeAll). */
    const marketsOf = () => uow.repositories.markets;

    const createTeam = () => newTeam(uow);
    async function insertMarket(teamId: string, overrides: Partial<Market> = {}): Promise<Market> {
      const market = aMarket(teamId, overrides);
      await uow.transaction((scope) => scope.markets.insert(market));
      return market;
    }
    /** A live (or soft-deleted) offer of the team linked to the market; its id. */
    async function insertLinkedOffer(teamId: string, marketId: string, deleted = false): Promise<string> {
      const offer = anOffer(teamId, { marketIds: [marketId] });
      await uow.transaction(async (scope) => {
        await scope.offers.insert(offer);
        if (deleted) await scope.offers.softDelete(teamId, offer.id, new Date(T0 + 1));
      });
      return offer.id;
    }

    describe("insert, find and update", () => {
      it("stores a market and reads it back with no areas", async () => {
        const team = await createTeam();
        const market = aMarket(team.id, { name: "Austin", createdAt: new Date(T0 + 12), updatedAt: new Date(T0 + 34) });
        await marketsOf().insert(market);
        expect(await marketsOf().findById(team.id, market.id)).toEqual(market);
      });

      it("stores areas given at insert, all or none", async () => {
        const team = await createTeam();
        const [b, a] = [anArea("78702"), anArea("78701")];
        const market = aMarket(team.id, { areas: [b, a] });
        await marketsOf().insert(market);
        expect(await marketsOf().findById(team.id, market.id)).toEqual({ ...market, areas: [a, b] });

        const duplicate = aMarket(team.id, { areas: [anArea("10001"), anArea("10001")] });
        const error = await uow.transaction((scope) => scope.markets.insert(duplicate)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ConflictError);
        expect((error as ConflictError).message).toBe("A market cannot have the same area twice");
        expect(await marketsOf().findById(team.id, duplicate.id)).toBeNull();
      });

      it("reads areas back with their ids, kinds and timestamps, ordered by value", async () => {
        const team = await createTeam();
        const market = await insertMarket(team.id);
        const areas = [
          anArea("90210", new Date(T0 + 1)),
          anArea("02134", new Date(T0 + 2)),
          anArea("10001", new Date(T0 + 3)),
        ];
        for (const area of areas) await uow.transaction((scope) => scope.markets.addArea(market.id, area));
        expect(await marketsOf().findById(team.id, market.id)).toEqual({
          ...market,
          areas: [areas[1], areas[2], areas[0]],
          updatedAt: new Date(T0 + 3),
        });
      });

      it("does not find another team's market", async () => {
        const owner = await createTeam();
        const other = await createTeam();
        const market = await insertMarket(owner.id);
        expect(await marketsOf().findById(other.id, market.id)).toBeNull();
        expect(await marketsOf().findByIds(other.id, [market.id])).toEqual([]);
        expect(await marketsOf().findByNames(other.id, [market.name])).toEqual([]);
        expect(await marketsOf().list(other.id, { kind: "all" })).toEqual([]);
        expect(await marketsOf().listNames(other.id)).toEqual([]);
      });

      it("saves the name and updatedAt, and nothing of another team's market", async () => {
        const team = await createTeam();
        const other = await createTeam();
        const market = await insertMarket(team.id, { name: "Before" });
        await marketsOf().addArea(market.id, anArea("73301"));
        const before = await marketsOf().findById(team.id, market.id);
        if (!before) throw new Error("unreachable");
        await marketsOf().update({ ...before, teamId: other.id, name: "Hijacked" });
        expect(await marketsOf().findById(team.id, market.id)).toEqual(before);
        await uow.transaction((scope) =>
          scope.markets.update({ ...before, name: "After", areas: [], updatedAt: new Date(T0 + 9000) }),
        );
        expect(await marketsOf().findById(team.id, market.id)).toEqual({
          ...before,
          name: "After",
          updatedAt: new Date(T0 + 9000),
        });
      });

      it("finds markets by ids, newest first, skipping unknown, foreign and malformed ids", async () => {
        const team = await createTeam();
        const other = await createTeam();
        const a = await insertMarket(team.id, { createdAt: new Date(T0) });
        const b = await insertMarket(team.id, { createdAt: new Date(T0 + 1000) });
        const foreign = await insertMarket(other.id);
        const area = anArea("11111");
        await marketsOf().addArea(a.id, area);
        const found = await marketsOf().findByIds(team.id, [a.id, b.id, a.id, foreign.id, randomUuid(), "not-a-uuid"]);
        expect(found).toEqual([b, { ...a, areas: [area], updatedAt: area.createdAt }]);
        expect(await marketsOf().findByIds(team.id, [])).toEqual([]);
      });

      it("finds markets by names, case-insensitively, newest first", async () => {
        const team = await createTeam();
        const austin = await insertMarket(team.id, { name: "Austin Metro", createdAt: new Date(T0) });
        const dallas = await insertMarket(team.id, { name: "Dallas", createdAt: new Date(T0 + 1000) });
        await insertMarket(team.id, { name: "Houston" });
        expect(await marketsOf().findByNames(team.id, ["austin metro", "DALLAS", "Nowhere"])).toEqual([dallas, austin]);
        expect(await marketsOf().findByNames(team.id, [])).toEqual([]);
      });

      it("refuses a market of a team that does not exist (foreign key, 23503)", async () => {
        const error = await marketsOf()
          .insert(aMarket(randomUuid()))
          .catch((e: unknown) => e);
        expect(error).not.toBeInstanceOf(ConflictError);
        expect(error).toMatchObject({ code: "23503" });
      });
    });

    describe("name uniqueness", () => {
      it("throws ConflictError for a duplicate name in the team, compared case-insensitively", async () => {
        const team = await createTeam();
        const first = await insertMarket(team.id, { name: "Austin" });
        for (const name of ["Austin", "AUSTIN"]) {
          const error = await marketsOf()
            .insert(aMarket(team.id, { name }))
            .catch((e: unknown) => e);
          expect(error, name).toBeInstanceOf(ConflictError);
          expect((error as ConflictError).message).toBe(`A market named ${name} already exists`);
          expect((error as ConflictError).cause).toMatchObject({ code: "23505", constraint: "markets_team_name" });
        }
        expect(ids(await marketsOf().list(team.id, { kind: "all" }))).toEqual([first.id]);
      });

      it("allows the same name in another team", async () => {
        const a = await createTeam();
        const b = await createTeam();
        await insertMarket(a.id, { name: "Shared" });
        await expect(marketsOf().insert(aMarket(b.id, { name: "Shared" }))).resolves.toBeUndefined();
      });

      it("throws ConflictError when a rename takes another market's name, and allows a change of case", async () => {
        const team = await createTeam();
        await insertMarket(team.id, { name: "Taken" });
        const market = await insertMarket(team.id, { name: "Free" });
        const error = await marketsOf()
          .update({ ...market, name: "taken" })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ConflictError);
        expect((error as ConflictError).message).toBe("A market named taken already exists");
        expect((await marketsOf().findById(team.id, market.id))?.name).toBe("Free");
        await marketsOf().update({ ...market, name: "FREE" });
        expect((await marketsOf().findById(team.id, market.id))?.name).toBe("FREE");
      });
    });

    describe("areas", () => {
      it("throws ConflictError for an area the market already has, and allows it in another market", async () => {
        const team = await createTeam();
        const market = await insertMarket(team.id);
        const other = await insertMarket(team.id);
        await marketsOf().addArea(market.id, anArea("12345", new Date(T0 + 7000)));
        expect((await marketsOf().findById(team.id, market.id))?.updatedAt).toEqual(new Date(T0 + 7000));
        const error = await uow
          .transaction((scope) => scope.markets.addArea(market.id, anArea("12345", new Date(T0 + 8000))))
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ConflictError);
        expect((error as ConflictError).message).toBe("The market already has zip area 12345");
        await expect(marketsOf().addArea(other.id, anArea("12345"))).resolves.toBeUndefined();
        const after = await marketsOf().findById(team.id, market.id);
        expect(after?.areas).toHaveLength(1);
        expect(after?.updatedAt).toEqual(new Date(T0 + 7000));
      });

      it("throws NotFoundError when the market no longer exists", async () => {
        const missing = randomUuid();
        const error = await marketsOf()
          .addArea(missing, anArea("12345"))
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(NotFoundError);
        expect((error as NotFoundError).message).toBe(`Market ${missing} not found`);
      });

      it("removes an area of the market only, moving its updatedAt", async () => {
        const team = await createTeam();
        const market = await insertMarket(team.id);
        const other = await insertMarket(team.id);
        const area = anArea("54321");
        const kept = anArea("54322", new Date(T0 + 30_000));
        await marketsOf().addArea(market.id, area);
        await marketsOf().addArea(market.id, kept);
        const at = new Date(T0 + 60_000);
        expect(await marketsOf().removeArea(other.id, area.id, at)).toBe(false);
        expect(await marketsOf().removeArea(market.id, randomUuid(), at)).toBe(false);
        expect(await marketsOf().removeArea(randomUuid(), area.id, at)).toBe(false);
        expect(await marketsOf().findById(team.id, other.id)).toEqual(other);
        expect(await uow.transaction((scope) => scope.markets.removeArea(market.id, area.id, at))).toBe(true);
        expect(await marketsOf().removeArea(market.id, area.id, new Date(T0 + 90_000))).toBe(false);
        expect(await marketsOf().findById(team.id, market.id)).toEqual({ ...market, areas: [kept], updatedAt: at });
      });
    });

    describe("list and listNames", () => {
      it("lists newest first with their areas, and walks pages", async () => {
        const team = await createTeam();
        const inserted: Market[] = [];
        for (const [i, s] of [0, 1, 1, 2, 3].entries()) {
          const area = anArea(String(10000 + i), new Date(T0 + s * 1000));
          inserted.push(await insertMarket(team.id, { createdAt: new Date(T0 + s * 1000), areas: [area] }));
        }
        const expected = newestFirst(inserted);
        expect(await marketsOf().list(team.id, { kind: "all" })).toEqual(expected);
        expect(await marketsOf().list(team.id, { kind: "page", limit: 2, after: expected[1]?.id ?? null })).toEqual(
          expected.slice(2, 5),
        );
        expect((await walk((page) => marketsOf().list(team.id, page), 2)).flat()).toEqual(ids(expected));
      });

      it("returns nothing after a cursor naming another team's market", async () => {
        const team = await createTeam();
        const other = await createTeam();
        await insertMarket(team.id);
        const foreign = await insertMarket(other.id, { createdAt: new Date(T0 + 1_000_000) });
        expect(await marketsOf().list(team.id, { kind: "page", limit: 10, after: foreign.id })).toEqual([]);
      });

      it("lists the team's markets by name, case-insensitively, without their areas", async () => {
        const team = await createTeam();
        const other = await createTeam();
        const zeta = await insertMarket(team.id, { name: "zeta" });
        const alpha = await insertMarket(team.id, { name: "Alpha", areas: [anArea("78701")] });
        const beta = await insertMarket(team.id, { name: "beta" });
        await insertMarket(other.id, { name: "Aardvark" });
        expect(await marketsOf().listNames(team.id)).toEqual([
          { id: alpha.id, name: "Alpha" },
          { id: beta.id, name: "beta" },
          { id: zeta.id, name: "zeta" },
        ]);
      });
    });

    describe("delete", () => {
      it("deletes a market with its areas, then answers not_found", async () => {
        const team = await createTeam();
        const area = anArea("33333");
        const market = await insertMarket(team.id, { areas: [area] });
        expect(await uow.transaction((scope) => scope.markets.delete(team.id, market.id))).toBe("deleted");
        expect(await marketsOf().findById(team.id, market.id)).toBeNull();
        expect(await marketsOf().delete(team.id, market.id)).toBe("not_found");
        expect(await marketsOf().removeArea(market.id, area.id, new Date(T0))).toBe(false);
      });

      it("answers not_found for another team's market and keeps it", async () => {
        const owner = await createTeam();
        const other = await createTeam();
        const market = await insertMarket(owner.id);
        expect(await marketsOf().delete(other.id, market.id)).toBe("not_found");
        expect(await marketsOf().findById(owner.id, market.id)).toEqual(market);
      });

      it("refuses while an offer that is not deleted links to the market", async () => {
        const team = await createTeam();
        const market = await insertMarket(team.id);
        const offerId = await insertLinkedOffer(team.id, market.id);
        expect(await marketsOf().delete(team.id, market.id)).toBe("in_use");
        expect(await marketsOf().findById(team.id, market.id)).toEqual(market);

        const offer = await uow.repositories.offers.findById(team.id, offerId);
        if (!offer) throw new Error("unreachable");
        await uow.repositories.offers.update({ ...offer, marketIds: [] });
        expect(await marketsOf().delete(team.id, market.id)).toBe("deleted");
      });

      it("deletes a market linked only to soft-deleted offers", async () => {
        const team = await createTeam();
        const market = await insertMarket(team.id);
        await insertLinkedOffer(team.id, market.id, true);
        expect(await marketsOf().delete(team.id, market.id)).toBe("deleted");
        expect(await marketsOf().findById(team.id, market.id)).toBeNull();
      });
    });
  });
}
