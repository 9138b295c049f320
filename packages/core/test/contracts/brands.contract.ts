/**
 * Contract of `BrandRepository`: names unique per team (case-insensitively), newest-first pages,
 * and deletion refused while a live offer uses the brand.
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import type { Brand } from "../../src/brands/index.ts";
import { ConflictError } from "../../src/errors.ts";
import { randomUuid } from "../../src/ids.ts";
import { aBrand, anOffer, ids, newestFirst, newTeam, openedUnitOfWork, T0, walk } from "./fixtures-offers.ts";
import type { ContractSubject } from "./subject.ts";

export function brandContract(subject: ContractSubject): void {
  describe(`BrandRepository (${subject.name})`, () => {
    const uow = openedUnitOfWork(subject);
    /** The open store's repository (a getter: the store opens in beforeAll). */
    const brandsOf = () => uow.repositories.brands;

    const createTeam = () => newTeam(uow);
    /** A live (or soft-deleted) offer of the team using the brand; its id. */
    async function insertOffer(teamId: string, brandId: string | null, deleted = false): Promise<string> {
      const offer = anOffer(teamId, { brandId });
      await uow.transaction(async (scope) => {
        await scope.offers.insert(offer);
        if (deleted) await scope.offers.softDelete(teamId, offer.id, new Date(T0 + 1));
      });
      return offer.id;
    }

    describe("insert, findById and update", () => {
      it("stores a brand and reads it back unchanged", async () => {
        const team = await createTeam();
        const brand = aBrand(team.id, {
          name: "Acme Fiber",
          logoUrl: "https://cdn.example.com/acme.png",
          createdAt: new Date(T0 + 123),
          updatedAt: new Date(T0 + 456),
        });
        await uow.transaction((scope) => scope.brands.insert(brand));
        expect(await brandsOf().findById(team.id, brand.id)).toEqual(brand);
      });

      it("does not find another team's brand or an unknown id", async () => {
        const owner = await createTeam();
        const other = await createTeam();
        const brand = aBrand(owner.id);
        await brandsOf().insert(brand);
        expect(await brandsOf().findById(other.id, brand.id)).toBeNull();
        expect(await brandsOf().findById(owner.id, randomUuid())).toBeNull();
        expect(await brandsOf().list(other.id, { kind: "all" })).toEqual([]);
      });

      it("saves name, logo and updatedAt, and leaves createdAt alone", async () => {
        const team = await createTeam();
        const brand = aBrand(team.id, { logoUrl: "https://cdn.example.com/a.png" });
        await brandsOf().insert(brand);
        const changed: Brand = { ...brand, name: "Renamed", logoUrl: null, updatedAt: new Date(T0 + 5000) };
        await uow.transaction((scope) => scope.brands.update({ ...changed, createdAt: new Date(T0 + 1) }));
        expect(await brandsOf().findById(team.id, brand.id)).toEqual(changed);
      });

      it("does not update another team's brand", async () => {
        const owner = await createTeam();
        const other = await createTeam();
        const brand = aBrand(owner.id, { name: "Original" });
        await brandsOf().insert(brand);
        await brandsOf().update({ ...brand, teamId: other.id, name: "Hijacked" });
        expect(await brandsOf().findById(owner.id, brand.id)).toEqual(brand);
      });

      it("refuses a brand of a team that does not exist (foreign key, 23503)", async () => {
        const error = await brandsOf()
          .insert(aBrand(randomUuid()))
          .catch((e: unknown) => e);
        expect(error).not.toBeInstanceOf(ConflictError);
        expect(error).toMatchObject({ code: "23503" });
      });
    });

    describe("name uniqueness", () => {
      it("throws ConflictError for a duplicate name in the team, compared case-insensitively", async () => {
        const team = await createTeam();
        const first = aBrand(team.id, { name: "Acme" });
        await brandsOf().insert(first);
        for (const name of ["Acme", "ACME", "acme"]) {
          const error = await uow
            .transaction((scope) => scope.brands.insert(aBrand(team.id, { name })))
            .catch((e) => e);
          expect(error, name).toBeInstanceOf(ConflictError);
          expect((error as ConflictError).message).toBe(`A brand named ${name} already exists`);
        }
        expect(ids(await brandsOf().list(team.id, { kind: "all" }))).toEqual([first.id]);
      });

      it("allows the same name in another team", async () => {
        const a = await createTeam();
        const b = await createTeam();
        await brandsOf().insert(aBrand(a.id, { name: "Shared" }));
        await expect(brandsOf().insert(aBrand(b.id, { name: "Shared" }))).resolves.toBeUndefined();
      });

      it("keeps the unique violation behind the ConflictError as its cause", async () => {
        const team = await createTeam();
        await brandsOf().insert(aBrand(team.id, { name: "Caused" }));
        const error = await brandsOf()
          .insert(aBrand(team.id, { name: "caused" }))
          .catch((e: unknown) => e);
        expect(ConflictError.isInstance(error)).toBe(true);
        expect((error as ConflictError).cause).toMatchObject({ code: "23505", constraint: "brands_team_name" });
      });

      it("throws ConflictError when a rename takes another brand's name, and allows a change of case", async () => {
        const team = await createTeam();
        const taken = aBrand(team.id, { name: "Taken" });
        const renamed = aBrand(team.id, { name: "Free" });
        await brandsOf().insert(taken);
        await brandsOf().insert(renamed);
        const error = await brandsOf()
          .update({ ...renamed, name: "TAKEN" })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ConflictError);
        expect((error as ConflictError).message).toBe("A brand named TAKEN already exists");
        expect((await brandsOf().findById(team.id, renamed.id))?.name).toBe("Free");

        await brandsOf().update({ ...renamed, name: "FREE" });
        expect((await brandsOf().findById(team.id, renamed.id))?.name).toBe("FREE");
      });
    });

    describe("list", () => {
      it("lists newest first with id as the tie-break, and walks pages", async () => {
        const team = await createTeam();
        const inserted: Brand[] = [];
        for (const s of [0, 1, 1, 2, 3]) {
          const brand = aBrand(team.id, { createdAt: new Date(T0 + s * 1000) });
          await brandsOf().insert(brand);
          inserted.push(brand);
        }
        const expected = newestFirst(inserted);
        expect(await brandsOf().list(team.id, { kind: "all" })).toEqual(expected);
        expect(await brandsOf().list(team.id, { kind: "page", limit: 2, after: expected[0]?.id ?? null })).toEqual(
          expected.slice(1, 4),
        );
        expect((await walk((page) => brandsOf().list(team.id, page), 2)).flat()).toEqual(ids(expected));
      });

      it("returns nothing after a cursor naming another team's brand or a deleted one", async () => {
        const team = await createTeam();
        const other = await createTeam();
        await brandsOf().insert(aBrand(team.id));
        const gone = aBrand(team.id, { createdAt: new Date(T0 + 1000) });
        await brandsOf().insert(gone);
        await brandsOf().delete(team.id, gone.id);
        const foreign = aBrand(other.id, { createdAt: new Date(T0 + 1_000_000) });
        await brandsOf().insert(foreign);
        expect(await brandsOf().list(team.id, { kind: "page", limit: 10, after: foreign.id })).toEqual([]);
        expect(await brandsOf().list(team.id, { kind: "page", limit: 10, after: gone.id })).toEqual([]);
      });
    });

    describe("delete", () => {
      it("deletes an unreferenced brand, then answers not_found", async () => {
        const team = await createTeam();
        const brand = aBrand(team.id);
        await brandsOf().insert(brand);
        expect(await uow.transaction((scope) => scope.brands.delete(team.id, brand.id))).toBe("deleted");
        expect(await brandsOf().findById(team.id, brand.id)).toBeNull();
        expect(await brandsOf().delete(team.id, brand.id)).toBe("not_found");
      });

      it("answers not_found for another team's brand and keeps it", async () => {
        const owner = await createTeam();
        const other = await createTeam();
        const brand = aBrand(owner.id);
        await brandsOf().insert(brand);
        expect(await brandsOf().delete(other.id, brand.id)).toBe("not_found");
        expect(await brandsOf().findById(owner.id, brand.id)).toEqual(brand);
      });

      it("refuses while an offer that is not deleted references the brand", async () => {
        const team = await createTeam();
        const brand = aBrand(team.id);
        await brandsOf().insert(brand);
        const offerId = await insertOffer(team.id, brand.id);
        expect(await brandsOf().delete(team.id, brand.id)).toBe("in_use");
        expect(await brandsOf().findById(team.id, brand.id)).toEqual(brand);
        expect((await uow.repositories.offers.findById(team.id, offerId))?.brandId).toBe(brand.id);

        await uow.repositories.offers.softDelete(team.id, offerId, new Date(T0 + 2));
        expect(await brandsOf().delete(team.id, brand.id)).toBe("deleted");
      });

      it("deletes a brand used only by soft-deleted offers, and a deleted brand's name is free again", async () => {
        const team = await createTeam();
        const brand = aBrand(team.id, { name: "Recycled" });
        await brandsOf().insert(brand);
        await insertOffer(team.id, brand.id, true);
        expect(await brandsOf().delete(team.id, brand.id)).toBe("deleted");
        await expect(brandsOf().insert(aBrand(team.id, { name: "recycled" }))).resolves.toBeUndefined();
      });
    });

    it("hands out copies: changing a brand read or inserted changes nothing stored", async () => {
      const team = await createTeam();
      const brand = aBrand(team.id, { name: "Kept" });
      await brandsOf().insert(brand);
      const stored = { ...brand };
      brand.name = "changed after insert";
      const read = await brandsOf().findById(team.id, brand.id);
      if (read) read.name = "changed by the caller";
      expect(await brandsOf().findById(team.id, brand.id)).toEqual(stored);
    });
  });
}
