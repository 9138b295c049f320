/**
 * Contract of `StorefrontRepository`, `LinkRepository` and `PublicOfferRepository`: one storefront
 * per reseller team with slugs unique across teams, links whose slugs are never reused, active
 * offers as consumers see them, and outbound clicks.
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import { ConflictError } from "../../src/errors.ts";
import { randomUuid } from "../../src/ids.ts";
import type { Offer } from "../../src/offers/index.ts";
import type { ShareableLink } from "../../src/storefront/index.ts";
import { toPublicOffer } from "../../src/storefront/index.ts";
import { aBrand, anOffer, ids, newestFirst, newTeam, openedUnitOfWork, T0, walk } from "./fixtures-offers.ts";
import { aClick, aLink, aStorefront, uniqueSlug } from "./fixtures-storefront.ts";
import type { ContractSubject } from "./subject.ts";

export function storefrontContract(subject: ContractSubject): void {
  describe(`StorefrontRepository, LinkRepository and PublicOfferRepository (${subject.name})`, () => {
    const uow = openedUnitOfWork(subject);

    const reseller = () => newTeam(uow, "reseller", "Reseller");

    describe("storefronts", () => {
      it("creates the team's storefront and finds it by team and by slug", async () => {
        const team = await reseller();
        const storefront = aStorefront(team.id);
        expect(await uow.transaction((scope) => scope.storefronts.save(storefront))).toEqual(storefront);
        expect(await uow.repositories.storefronts.findByTeam(team.id)).toEqual(storefront);
        expect(await uow.repositories.storefronts.findBySlug(storefront.slug)).toEqual(storefront);
        expect(await uow.repositories.storefronts.findByTeam((await reseller()).id)).toBeNull();
        expect(await uow.repositories.storefronts.findBySlug(uniqueSlug())).toBeNull();
      });

      it("changes the slug of the team's storefront, keeping its id and creation time", async () => {
        const team = await reseller();
        const storefront = aStorefront(team.id);
        await uow.repositories.storefronts.save(storefront);
        const slug = uniqueSlug("renamed-");
        const again = {
          ...aStorefront(team.id, { slug }),
          updatedAt: new Date(T0 + 5000),
          createdAt: new Date(T0 + 1),
        };
        const saved = await uow.transaction((scope) => scope.storefronts.save(again));
        const expected = { ...storefront, slug, updatedAt: new Date(T0 + 5000) };
        expect(saved).toEqual(expected);
        expect(await uow.repositories.storefronts.findByTeam(team.id)).toEqual(expected);
        expect(await uow.repositories.storefronts.findBySlug(storefront.slug)).toBeNull();
        expect(await uow.repositories.storefronts.findBySlug(slug)).toEqual(expected);
      });

      it("throws ConflictError when another team's storefront has the slug; the same team may save it again", async () => {
        const [a, b] = [await reseller(), await reseller()];
        const first = aStorefront(a.id);
        await uow.repositories.storefronts.save(first);
        const error = await uow
          .transaction((scope) => scope.storefronts.save(aStorefront(b.id, { slug: first.slug })))
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ConflictError);
        expect((error as ConflictError).message).toBe(`A storefront with slug ${first.slug} already exists`);
        expect(await uow.repositories.storefronts.findByTeam(b.id)).toBeNull();
        const resaved = await uow.repositories.storefronts.save({ ...first, updatedAt: new Date(T0 + 1) });
        expect(resaved).toEqual({ ...first, updatedAt: new Date(T0 + 1) });
      });

      it("refuses a storefront of a team that does not exist (foreign key, 23503)", async () => {
        const error = await uow.repositories.storefronts.save(aStorefront(randomUuid())).catch((e: unknown) => e);
        expect(error).not.toBeInstanceOf(ConflictError);
        expect(error).toMatchObject({ code: "23503" });
      });
    });

    describe("links", () => {
      it("stores a link and finds it by id (the team's only) and by slug", async () => {
        const team = await reseller();
        const other = await reseller();
        const link = aLink(team.id, { name: "Spring", offerIds: [randomUuid(), randomUuid()] });
        expect(await uow.transaction((scope) => scope.links.insert(link))).toBe(true);
        expect(await uow.repositories.links.findById(team.id, link.id)).toEqual(link);
        expect(await uow.repositories.links.findBySlug(link.slug)).toEqual(link);
        expect(await uow.repositories.links.findById(other.id, link.id)).toBeNull();
        expect(await uow.repositories.links.findById(team.id, randomUuid())).toBeNull();
        expect(await uow.repositories.links.findBySlug(uniqueSlug())).toBeNull();
      });

      it("writes nothing and answers false when the slug is taken, a deleted link's included", async () => {
        const team = await reseller();
        const link = aLink(team.id);
        await uow.repositories.links.insert(link);
        const same = aLink(team.id, { slug: link.slug });
        // Inside a transaction the refusal must not abort it: the caller draws another slug.
        const retried = await uow.transaction(async (scope) => {
          expect(await scope.links.insert(same)).toBe(false);
          return scope.links.insert({ ...same, slug: uniqueSlug() });
        });
        expect(retried).toBe(true);
        expect(await uow.repositories.links.findById(team.id, same.id)).toMatchObject({ id: same.id });

        expect(await uow.repositories.links.softDelete(team.id, link.id, new Date(T0 + 1))).toBe(true);
        expect(await uow.repositories.links.findBySlug(link.slug)).toBeNull();
        expect(await uow.repositories.links.insert(aLink(team.id, { slug: link.slug }))).toBe(false);
      });

      it("deletes the team's link once; another team's is left alone", async () => {
        const team = await reseller();
        const other = await reseller();
        const link = aLink(team.id);
        await uow.repositories.links.insert(link);
        expect(await uow.repositories.links.softDelete(other.id, link.id, new Date(T0 + 1))).toBe(false);
        expect(await uow.repositories.links.findById(team.id, link.id)).toEqual(link);
        expect(await uow.transaction((scope) => scope.links.softDelete(team.id, link.id, new Date(T0 + 1)))).toBe(true);
        expect(await uow.repositories.links.softDelete(team.id, link.id, new Date(T0 + 2))).toBe(false);
        expect(await uow.repositories.links.findById(team.id, link.id)).toBeNull();
        expect(await uow.repositories.links.list(team.id, { kind: "all" })).toEqual([]);
      });

      it("lists the team's live links newest first and pages them; a deleted cursor ends the walk", async () => {
        const team = await reseller();
        const other = await reseller();
        const inserted: ShareableLink[] = [];
        for (const s of [0, 1, 1, 2, 3]) inserted.push(aLink(team.id, { createdAt: new Date(T0 + s * 1000) }));
        for (const link of [...inserted, aLink(other.id)]) await uow.repositories.links.insert(link);
        const expected = newestFirst(inserted);
        const links = uow.repositories.links;
        expect(await links.list(team.id, { kind: "all" })).toEqual(expected);
        expect(await links.list(team.id, { kind: "page", limit: 2, after: expected[0]?.id ?? null })).toEqual(
          expected.slice(1, 4),
        );
        expect((await walk((page) => links.list(team.id, page), 2)).flat()).toEqual(ids(expected));
        const gone = expected[1] as ShareableLink;
        await links.softDelete(team.id, gone.id, new Date(T0 + 9));
        expect(await links.list(team.id, { kind: "page", limit: 2, after: gone.id })).toEqual([]);
        expect(ids(await links.list(team.id, { kind: "all" }))).toEqual(ids(expected.filter((l) => l !== gone)));
        const foreign = (await links.list(other.id, { kind: "all" }))[0] as ShareableLink;
        expect(await links.list(team.id, { kind: "page", limit: 2, after: foreign.id })).toEqual([]);
      });

      it("refuses a link of no offer or of more than 20 (23514), or of a team that does not exist (23503)", async () => {
        const team = await reseller();
        const offerIds = Array.from({ length: 21 }, () => randomUuid());
        for (const link of [aLink(team.id, { offerIds: [] }), aLink(team.id, { offerIds })]) {
          await expect(uow.repositories.links.insert(link)).rejects.toMatchObject({ code: "23514" });
        }
        await expect(uow.repositories.links.insert(aLink(team.id, { offerIds: offerIds.slice(0, 20) }))).resolves.toBe(
          true,
        );
        await expect(uow.repositories.links.insert(aLink(randomUuid()))).rejects.toMatchObject({ code: "23503" });
      });
    });

    describe("public offers and clicks", () => {
      async function providerOffers() {
        const provider = await newTeam(uow, "provider", "Provider Team");
        const brand = aBrand(provider.id, { name: "Brand Shown" });
        await uow.repositories.brands.insert(brand);
        const active = (overrides: Partial<Offer> = {}) =>
          anOffer(provider.id, { status: "active", publishedAt: new Date(T0), ...overrides });
        const offers = {
          plain: active({ commission: "5.00", sku: "P-1" }),
          branded: active({
            brandId: brand.id,
            partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://s.test/?ref={orderItemId}" },
          }),
          draft: anOffer(provider.id),
          deleted: active(),
        };
        await uow.transaction(async (scope) => {
          for (const offer of Object.values(offers)) await scope.offers.insert(offer);
          await scope.offers.softDelete(provider.id, offers.deleted.id, new Date(T0 + 1));
        });
        return { provider, brand, offers };
      }

      it("shows the active offers among the ids in their order, as consumers see them", async () => {
        const { brand, offers } = await providerOffers();
        const stored = async (offer: Offer) =>
          (await uow.repositories.offers.findById(offer.teamId, offer.id)) as Offer;
        const plain = toPublicOffer(await stored(offers.plain), "Provider Team");
        const branded = toPublicOffer(await stored(offers.branded), "Brand Shown");
        expect(branded.brand).toEqual({ id: brand.id, name: "Brand Shown", logoUrl: null });
        expect(branded.partnerSignup).toEqual({ kind: "lead_gen" });
        expect(plain).not.toHaveProperty("commission");
        const wanted = [offers.branded.id, offers.draft.id, randomUuid(), offers.plain.id, offers.deleted.id];
        expect(await uow.repositories.publicOffers.findPublic(wanted)).toEqual([branded, plain]);
        expect(await uow.repositories.publicOffers.findPublic([])).toEqual([]);
        // A repeated id: the offer once, where it first appears.
        const repeated = [offers.plain.id, offers.branded.id, offers.plain.id, offers.branded.id];
        expect(await uow.repositories.publicOffers.findPublic(repeated)).toEqual([plain, branded]);
      });

      it("finds a clickable offer with its displayed provider name; never a draft, deleted or unknown one", async () => {
        const { offers } = await providerOffers();
        const publicOffers = uow.repositories.publicOffers;
        const stored = await uow.repositories.offers.findById(offers.branded.teamId, offers.branded.id);
        expect(await publicOffers.findClickable(offers.branded.id)).toEqual({
          offer: stored,
          providerName: "Brand Shown",
        });
        expect((await publicOffers.findClickable(offers.plain.id))?.providerName).toBe("Provider Team");
        for (const id of [offers.draft.id, offers.deleted.id, randomUuid()]) {
          expect(await publicOffers.findClickable(id)).toBeNull();
        }
      });

      it("records a click through a storefront or a link, never both or neither (23514), of rows that exist (23503)", async () => {
        const { provider, offers } = await providerOffers();
        const team = await reseller();
        const storefront = aStorefront(team.id);
        const link = aLink(team.id, { offerIds: [offers.plain.id] });
        await uow.repositories.storefronts.save(storefront);
        await uow.repositories.links.insert(link);
        const click = (via: { storefrontId: string } | { linkId: string }, offerId = offers.plain.id) =>
          aClick(team.id, via, offerId, provider.id);
        await uow.transaction((scope) => scope.publicOffers.insertClick(click({ storefrontId: storefront.id })));
        await expect(
          uow.repositories.publicOffers.insertClick({ ...click({ linkId: link.id }), phone: "+15555550123" }),
        ).resolves.toBeUndefined();
        const both = { ...click({ linkId: link.id }), storefrontId: storefront.id };
        const neither = { ...click({ linkId: link.id }), linkId: null };
        for (const bad of [both, neither]) {
          await expect(uow.repositories.publicOffers.insertClick(bad)).rejects.toMatchObject({ code: "23514" });
        }
        for (const bad of [click({ linkId: randomUuid() }), click({ storefrontId: storefront.id }, randomUuid())]) {
          await expect(uow.repositories.publicOffers.insertClick(bad)).rejects.toMatchObject({ code: "23503" });
        }
      });
    });
  });
}
