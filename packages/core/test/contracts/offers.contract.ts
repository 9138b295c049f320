/**
 * Contract of `OfferRepository`: offers read back unchanged with their brand and market ids, SKUs
 * unique per team among live offers, soft deletion (lists: offers-list.contract.ts).
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import { ConflictError } from "../../src/errors.ts";
import { randomUuid } from "../../src/ids.ts";
import type { Offer } from "../../src/offers/index.ts";
import { blankOfferFields } from "../../src/offers/index.ts";
import {
  aBrand,
  aMarket,
  anOffer,
  ids,
  insertOffers,
  newTeam,
  openedUnitOfWork,
  softDeleteOffer,
  T0,
} from "./fixtures-offers.ts";
import type { ContractSubject } from "./subject.ts";

export function offerContract(subject: ContractSubject): void {
  describe(`OfferRepository (${subject.name})`, () => {
    const uow = openedUnitOfWork(subject);
    /** The open store's repository (a getter: the store opens in beforeAll). */
    const offersOf = () => uow.repositories.offers;

    const createTeam = () => newTeam(uow);
    const insertAll = (list: Offer[]) => insertOffers(uow, list);
    const softDelete = (offer: Offer) => softDeleteOffer(uow, offer);

    describe("insert and findById", () => {
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
        await uow.transaction((scope) => scope.offers.insert(offer));
        expect(await offersOf().findById(team.id, offer.id)).toEqual(offer);
      });

      it("reads the brand with the offer (a rename shows at once) and the market ids in id order", async () => {
        const team = await createTeam();
        const brand = aBrand(team.id, { name: "Acme", logoUrl: "https://cdn.example.com/a.png" });
        const markets = [aMarket(team.id), aMarket(team.id)];
        const offer = anOffer(team.id, { brandId: brand.id, marketIds: ids(markets) });
        await uow.transaction(async (scope) => {
          await scope.brands.insert(brand);
          for (const market of markets) await scope.markets.insert(market);
          await scope.offers.insert(offer);
        });
        const shown = { id: brand.id, name: "Acme", logoUrl: "https://cdn.example.com/a.png" };
        expect(await offersOf().findById(team.id, offer.id)).toEqual({
          ...offer,
          brand: shown,
          marketIds: ids(markets).sort(),
        });
        await uow.repositories.brands.update({ ...brand, name: "Acme Fiber", updatedAt: new Date(T0 + 1) });
        expect((await offersOf().findById(team.id, offer.id))?.brand).toEqual({ ...shown, name: "Acme Fiber" });
      });

      it("shows the details object of the offer's own service type only, all-null until filled in", async () => {
        const team = await createTeam();
        const offer = anOffer(team.id, {
          ...blankOfferFields("Fiber", "internet"),
          internet: null,
          electricity: { ratePerKwh: "0.1", rateType: "fixed", renewablePercent: 1, termMonths: 1 },
        });
        await offersOf().insert(offer);
        expect(await offersOf().findById(team.id, offer.id)).toMatchObject({
          internet: { downloadSpeedMbps: null, uploadSpeedMbps: null, connectionType: null, dataCapGb: null },
          electricity: null,
        });
      });

      it("keeps a null price and a two-decimal price as strings", async () => {
        const team = await createTeam();
        const draft = anOffer(team.id, { monthlyPrice: null });
        const priced = anOffer(team.id, { monthlyPrice: "0.50" });
        await insertAll([draft, priced]);
        expect((await offersOf().findById(team.id, draft.id))?.monthlyPrice).toBeNull();
        expect((await offersOf().findById(team.id, priced.id))?.monthlyPrice).toBe("0.50");
      });

      it("finds neither another team's offer nor an unknown id", async () => {
        const owner = await createTeam();
        const other = await createTeam();
        const offer = anOffer(owner.id);
        await offersOf().insert(offer);
        expect(await offersOf().findById(other.id, offer.id)).toBeNull();
        expect(await offersOf().findById(owner.id, randomUuid())).toBeNull();
        expect(await offersOf().list(other.id, { kind: "all" })).toEqual([]);
      });

      it("neither finds nor lists a soft-deleted offer; deletes once, and only the team's", async () => {
        const team = await createTeam();
        const other = await createTeam();
        const [kept, deleted] = await insertAll([
          anOffer(team.id, { createdAt: new Date(T0) }),
          anOffer(team.id, { createdAt: new Date(T0 + 1000) }),
        ]);
        if (!kept || !deleted) throw new Error("unreachable");
        expect(await offersOf().softDelete(other.id, deleted.id, new Date(T0 + 5000))).toBe(false);
        await softDelete(deleted);
        expect(await offersOf().softDelete(team.id, deleted.id, new Date(T0 + 6000))).toBe(false);
        expect(await offersOf().findById(team.id, deleted.id)).toBeNull();
        expect(await offersOf().findById(team.id, kept.id)).toEqual(kept);
        expect(ids(await offersOf().list(team.id, { kind: "all" }))).toEqual([kept.id]);
        expect(ids(await offersOf().list(team.id, { kind: "page", limit: 10, after: null }))).toEqual([kept.id]);
        expect(await offersOf().findBySkus(team.id, [])).toEqual([]);
      });

      it("refuses an offer of a team, brand or market that does not exist (foreign key, 23503)", async () => {
        const team = await createTeam();
        for (const offer of [
          anOffer(randomUuid()),
          anOffer(team.id, { brandId: randomUuid() }),
          anOffer(team.id, { marketIds: [randomUuid()] }),
        ]) {
          const error = await uow.transaction((scope) => scope.offers.insert(offer)).catch((e: unknown) => e);
          expect(error).not.toBeInstanceOf(ConflictError);
          expect(error).toMatchObject({ code: "23503" });
        }
        expect(await offersOf().list(team.id, { kind: "all" })).toEqual([]);
      });
    });

    describe("update", () => {
      it("saves every field and replaces the market links; createdAt stays", async () => {
        const team = await createTeam();
        const [a, b, c] = [aMarket(team.id), aMarket(team.id), aMarket(team.id)];
        const brand = aBrand(team.id);
        if (!a || !b || !c) throw new Error("unreachable");
        const offer = anOffer(team.id, { sku: "U-1", marketIds: [a.id, b.id] });
        await uow.transaction(async (scope) => {
          for (const market of [a, b, c]) await scope.markets.insert(market);
          await scope.brands.insert(brand);
          await scope.offers.insert(offer);
        });
        const changed: Offer = {
          ...offer,
          name: "Fiber 1000",
          sku: "U-2",
          status: "active",
          description: "Fast",
          marketingHeadline: "Faster",
          brandId: brand.id,
          marketIds: [c.id],
          monthlyPrice: "59.90",
          commission: "10.00",
          partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://s.test/?ref={orderItemId}" },
          internet: { downloadSpeedMbps: 1000, uploadSpeedMbps: 100, connectionType: "fiber", dataCapGb: null },
          updatedAt: new Date(T0 + 9000),
          publishedAt: new Date(T0 + 9000),
        };
        await uow.transaction((scope) => scope.offers.update({ ...changed, createdAt: new Date(T0 + 1) }));
        expect(await offersOf().findById(team.id, offer.id)).toEqual({
          ...changed,
          brand: { id: brand.id, name: brand.name, logoUrl: null },
        });
      });

      it("throws ConflictError when the new SKU is taken, and keeps the offer as it was", async () => {
        const team = await createTeam();
        const [taken, offer] = await insertAll([anOffer(team.id, { sku: "TAKEN" }), anOffer(team.id, { sku: "MINE" })]);
        if (!taken || !offer) throw new Error("unreachable");
        const error = await uow
          .transaction((scope) => scope.offers.update({ ...offer, sku: "TAKEN", name: "Renamed" }))
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ConflictError);
        expect((error as ConflictError).message).toBe("An offer with sku TAKEN already exists");
        expect(await offersOf().findById(team.id, offer.id)).toEqual(offer);
        await offersOf().update({ ...offer, name: "Same SKU" });
        expect((await offersOf().findById(team.id, offer.id))?.name).toBe("Same SKU");
      });

      it("changes neither the fields nor the market links of another team's or a deleted offer (false)", async () => {
        const owner = await createTeam();
        const other = await createTeam();
        const [kept, moved] = [aMarket(owner.id), aMarket(other.id)];
        const offer = anOffer(owner.id, { name: "Original", marketIds: [kept.id] });
        const gone = anOffer(owner.id, { name: "Gone", marketIds: [kept.id] });
        await uow.transaction(async (scope) => {
          await scope.markets.insert(kept);
          await scope.markets.insert(moved);
          await scope.offers.insertMany([offer, gone]);
        });
        await softDelete(gone);
        const hijack = { ...offer, teamId: other.id, name: "Hijacked", marketIds: [moved.id] };
        expect(await offersOf().update(hijack)).toBe(false);
        expect(await uow.transaction((scope) => scope.offers.update(hijack))).toBe(false);
        expect(await offersOf().findById(owner.id, offer.id)).toEqual(offer);
        expect(await offersOf().list(owner.id, { kind: "all" }, { marketId: kept.id })).toHaveLength(1);
        expect(await offersOf().update({ ...gone, name: "Revived", marketIds: [] })).toBe(false);
        expect(await offersOf().findById(owner.id, gone.id)).toBeNull();
        expect(await offersOf().update({ ...offer, name: "Renamed" })).toBe(true);
        expect((await offersOf().findById(owner.id, offer.id))?.name).toBe("Renamed");
      });
    });

    describe("findBySkus", () => {
      it("finds the team's live offers with these SKUs in id order, locked or not", async () => {
        const team = await createTeam();
        const other = await createTeam();
        // S-1 inserted first with the higher id: neither insertion nor SKU order is id order.
        const [low, high] = [randomUuid(), randomUuid()].sort();
        const list = await insertAll([
          anOffer(team.id, { sku: "S-1", id: high }),
          anOffer(team.id, { sku: "S-2", id: low }),
          anOffer(team.id, { sku: "S-3" }),
          anOffer(team.id),
          anOffer(other.id, { sku: "S-1" }),
        ]);
        const gone = anOffer(team.id, { sku: "S-4" });
        await offersOf().insert(gone);
        await softDelete(gone);
        const wanted = list.slice(0, 2).sort((a, b) => (a.id < b.id ? -1 : 1));
        const found = await uow.transaction((scope) =>
          scope.offers.findBySkus(team.id, ["S-2", "S-1", "S-4", "NONE"], { forUpdate: true }),
        );
        expect(found).toEqual(wanted);
        // Without a lock, in id order too (not the order of the SKUs), each offer once.
        expect(await offersOf().findBySkus(team.id, ["S-2", "S-1", "S-2"])).toEqual(wanted);
        expect(await offersOf().findBySkus(team.id, ["S-1", "S-2"])).toEqual(wanted);
      });
    });

    describe("insertMany", () => {
      it("stores a batch with every kind of value and reads each offer back unchanged", async () => {
        const team = await createTeam();
        const markets = [aMarket(team.id), aMarket(team.id)];
        for (const market of markets) await uow.repositories.markets.insert(market);
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
            marketIds: i % 2 === 0 ? [] : ids(markets),
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
        await uow.transaction((scope) => scope.offers.insertMany(batch));
        for (const offer of batch) {
          expect(await offersOf().findById(team.id, offer.id)).toEqual({
            ...offer,
            marketIds: [...offer.marketIds].sort(),
          });
        }
      });

      it("inserts nothing of a batch whose SKU is taken, and says which", async () => {
        const team = await createTeam();
        await offersOf().insert(anOffer(team.id, { sku: "TAKEN" }));
        const batch = [anOffer(team.id, { sku: "NEW-1" }), anOffer(team.id, { sku: "TAKEN" })];
        const error = await uow.transaction((scope) => scope.offers.insertMany(batch)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ConflictError);
        expect((error as ConflictError).message).toContain("TAKEN");
        expect(await offersOf().findById(team.id, batch[0]?.id ?? "")).toBeNull();
      });

      it("is all or nothing outside a transaction too: a market link that fails leaves no offer", async () => {
        const team = await createTeam();
        const market = aMarket(team.id);
        await uow.transaction((scope) => scope.markets.insert(market));
        const batch = [
          anOffer(team.id, { sku: "LINKED", marketIds: [market.id] }),
          anOffer(team.id, { sku: "BROKEN", marketIds: [randomUuid()] }),
        ];
        await expect(offersOf().insertMany(batch)).rejects.toThrow();
        for (const offer of batch) expect(await offersOf().findById(team.id, offer.id)).toBeNull();
        expect(await offersOf().findBySkus(team.id, ["LINKED", "BROKEN"])).toEqual([]);
      });

      it("does nothing for an empty batch", async () => {
        await expect(offersOf().insertMany([])).resolves.toBeUndefined();
      });
    });

    describe("SKU uniqueness", () => {
      it("throws ConflictError for a duplicate SKU within a team and keeps the first offer", async () => {
        const team = await createTeam();
        const first = anOffer(team.id, { sku: "DUP-1" });
        await offersOf().insert(first);
        const error = await offersOf()
          .insert(anOffer(team.id, { sku: "DUP-1", name: "Second" }))
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ConflictError);
        expect((error as ConflictError).code).toBe("conflict");
        expect((error as ConflictError).message).toBe("An offer with sku DUP-1 already exists");
        expect(ids(await offersOf().list(team.id, { kind: "all" }))).toEqual([first.id]);
      });

      it("allows the same SKU in different teams", async () => {
        const a = await createTeam();
        const b = await createTeam();
        await offersOf().insert(anOffer(a.id, { sku: "SHARED" }));
        await expect(offersOf().insert(anOffer(b.id, { sku: "SHARED" }))).resolves.toBeUndefined();
        expect(await offersOf().list(b.id, { kind: "all" })).toHaveLength(1);
      });

      it("never lets null SKUs conflict", async () => {
        const team = await createTeam();
        await insertAll([anOffer(team.id), anOffer(team.id), anOffer(team.id)]);
        expect(await offersOf().list(team.id, { kind: "all" })).toHaveLength(3);
      });

      it("frees the SKU of a soft-deleted offer", async () => {
        const team = await createTeam();
        const old = anOffer(team.id, { sku: "REUSED" });
        await offersOf().insert(old);
        await softDelete(old);
        const replacement = anOffer(team.id, { sku: "REUSED" });
        await offersOf().insert(replacement);
        expect(ids(await offersOf().list(team.id, { kind: "all" }))).toEqual([replacement.id]);
      });
    });

    it("hands out copies: changing an offer read or inserted changes nothing stored", async () => {
      const team = await createTeam();
      const offer = anOffer(team.id, {
        internet: { downloadSpeedMbps: 100, uploadSpeedMbps: null, connectionType: "fiber", dataCapGb: null },
      });
      await offersOf().insert(offer);
      const stored = structuredClone(offer);
      offer.name = "changed after insert";
      const read = await offersOf().findById(team.id, offer.id);
      if (read?.internet) read.internet.downloadSpeedMbps = 1;
      expect(await offersOf().findById(team.id, offer.id)).toEqual(stored);
    });
  });
}
