/**
 * Contract of `AnalyticsRepository`: the figures of live orders (from the rollups in PostgreSQL, a
 * recount in memory) and of training orders, for a provider and a reseller, by period and filtered.
 *
 * @module
 */

import { beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsPeriod, ProviderCounts, ResellerCounts, RollupPiece } from "../../src/analytics/index.ts";
import type { Offer } from "../../src/offers/index.ts";
import { blankOfferFields } from "../../src/offers/index.ts";
import { ORDER_ITEM_STATUSES, type Order, type OrderItem, type OrderItemStatus } from "../../src/orders/index.ts";
import type { UnitOfWork } from "../../src/ports.ts";
import type { ShareableLink, Storefront } from "../../src/storefront/index.ts";
import type { Team } from "../../src/teams/index.ts";
import { aBrand, aMarket, anOffer, newTeam } from "./fixtures-offers.ts";
import { anOrder, storeOrders } from "./fixtures-orders.ts";
import { aClick, aLink, aStorefront } from "./fixtures-storefront.ts";
import { openedStore } from "./opened-store.ts";
import type { ContractSubject } from "./subject.ts";

const DAY1 = Date.parse("2026-03-02T00:00:00.000Z");
const DAY2 = DAY1 + 86_400_000;
const at = (day: number, hours: number, minutes = 0) => new Date(day + hours * 3_600_000 + minutes * 60_000);
/** Day 1 is period 0, day 2 period 1 (one day bucket each); the range is both. */
const SERIES: RollupPiece[] = [
  { grain: 2, bucket: new Date(DAY1), period: 0 },
  { grain: 2, bucket: new Date(DAY2), period: 1 },
];
const RANGE: RollupPiece[] = SERIES.map((piece) => ({ ...piece, period: 0 }));
const PERIODS: AnalyticsPeriod[] = [
  { start: "2026-03-02", end: "2026-03-02", from: new Date(DAY1), until: new Date(DAY2) },
  { start: "2026-03-03", end: "2026-03-03", from: new Date(DAY2), until: new Date(DAY2 + 86_400_000) },
];

const COUNTS = { received: 0, accepted: 0, rejected: 0, completed: 0, cancelled: 0 };
/** Provider figures: zero but for `counts`. */
const provider = (counts: Partial<ProviderCounts>): ProviderCounts => ({
  ...COUNTS,
  totalMonthlyAccepted: "0.00",
  commission: "0.00",
  ...counts,
});
/** Day 1's live figures of the Fiber offer (all of it is Fiber's under the offer, brand and market filters). */
const FIBER_LIVE = provider({
  received: 2,
  accepted: 2,
  completed: 1,
  cancelled: 1,
  totalMonthlyAccepted: "99.80",
  commission: "40.00",
});
const statuses = (counts: Partial<Record<OrderItemStatus, number>>) =>
  Object.fromEntries(ORDER_ITEM_STATUSES.map((status) => [status, counts[status] ?? 0]));
const reseller = (counts: Partial<Omit<ResellerCounts, "items">>, items: Partial<Record<OrderItemStatus, number>>) => ({
  orders: 0,
  totalMonthlyOrdered: "0.00",
  totalMonthlyAccepted: "0.00",
  commission: "0.00",
  clicks: 0,
  ...counts,
  items: statuses(items),
});

export function analyticsContract(subject: ContractSubject): void {
  describe(`AnalyticsRepository (${subject.name})`, () => {
    const uow = openedStore(subject);
    let p: Team;
    let q: Team;
    let r: Team;
    let fiber: Offer;
    let power: Offer;
    let lead: Offer;
    let other: Offer;
    const brand = { id: "" };
    const market = { id: "" };
    /** The reseller's storefront, a link, and a deleted link without orders or clicks. */
    let shop: Storefront;
    let flyer: ShareableLink;

    /** Saves an item's progress: its status (and commission) at `when`. */
    async function progress(order: Order, index: number, status: OrderItemStatus, when: Date, commission = false) {
      const item = { ...(order.items[index] as OrderItem), status, updatedAt: when };
      if (commission) item.commission = { amount: "20.00", accruedAt: when };
      (order.items[index] as OrderItem) = item;
      await uow.transaction((scope) => scope.orders.saveProgress({ ...order, updatedAt: when }, [item]));
    }

    beforeAll(async () => {
      p = await newTeam(uow, "provider", "Fiber Co");
      q = await newTeam(uow, "provider", "Volt Co");
      r = await newTeam(uow, "reseller", "Shop");
      const b = aBrand(p.id);
      const m = aMarket(p.id);
      brand.id = b.id;
      market.id = m.id;
      fiber = anOffer(p.id, { status: "active", name: "Fiber", brandId: b.id, marketIds: [m.id] });
      power = anOffer(p.id, { ...blankOfferFields("Power", "electricity"), status: "active", monthlyPrice: "30.00" });
      lead = anOffer(p.id, {
        status: "active",
        name: "Lead",
        partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://partner.example.com/{orderItemId}" },
      });
      other = anOffer(q.id, { status: "active", name: "Other", monthlyPrice: "10.00" });
      await uow.transaction(async (scope) => {
        await scope.brands.insert(b);
        await scope.markets.insert(m);
        for (const offer of [fiber, power, lead, other]) await scope.offers.insert(offer);
      });

      shop = aStorefront(r.id);
      flyer = aLink(r.id, { name: "Flyer", offerIds: [fiber.id] });
      const gone = aLink(r.id, { offerIds: [fiber.id] });
      const click = (via: { storefrontId: string } | { linkId: string }, offer: Offer, when: Date) => ({
        ...aClick(r.id, via, offer.id, offer.teamId),
        createdAt: when,
      });
      await uow.transaction(async (scope) => {
        await scope.storefronts.save(shop);
        await scope.links.insert(flyer);
        await scope.links.insert(gone);
        await scope.links.softDelete(r.id, gone.id, at(DAY1, 1));
        await scope.publicOffers.insertClick(click({ storefrontId: shop.id }, fiber, at(DAY1, 9)));
        await scope.publicOffers.insertClick(click({ storefrontId: shop.id }, fiber, at(DAY2, 8)));
        await scope.publicOffers.insertClick(click({ linkId: flyer.id }, other, at(DAY2, 8)));
      });
      const viaShop = { channel: { storefrontId: shop.id, linkId: null } };
      const viaFlyer = { channel: { storefrontId: null, linkId: flyer.id } };
      const o1 = anOrder(r.id, [fiber, power], at(DAY1, 10), viaShop);
      const o2 = anOrder(r.id, [fiber], at(DAY1, 12));
      const o3 = anOrder(r.id, [lead, power, other], at(DAY2, 9), viaFlyer);
      const handoff = o3.items[0] as OrderItem;
      handoff.status = "handoff";
      handoff.handoffRedirectUrl = `https://partner.example.com/${handoff.id}`;
      const deleted = anOrder(r.id, [fiber], at(DAY1, 13));
      const o6 = anOrder(r.id, [other], at(DAY2, 10));
      const training = anOrder(r.id, [fiber], at(DAY2, 11), { isTraining: true, ...viaFlyer });
      await storeOrders(uow, o1, o2, o3, deleted, o6, training);
      await progress(o1, 0, "accepted", at(DAY1, 10, 30), true); // 30 minutes: bin 30
      await progress(o1, 0, "completed", at(DAY1, 20), true);
      await progress(o1, 1, "rejected", at(DAY1, 11));
      await progress(o2, 0, "accepted", at(DAY1, 14), true); // 2 hours: bin 64
      await progress(o2, 0, "cancelled", at(DAY1, 15), true);
      await progress(deleted, 0, "accepted", at(DAY1, 13, 1), true);
      await progress(training, 0, "accepted", at(DAY2, 11, 5)); // 5 minutes: bin 5
      await uow.transaction((scope) => scope.orders.markDeleted(deleted, at(DAY1, 16)));
      expect(await uow.repositories.analytics.refresh()).toBeInstanceOf(Date);
    });

    it("gives a provider its live figures by period, the time-to-accept histogram and its top offers", async () => {
      const answer = await uow.repositories.analytics.providerRollups(
        p.id,
        {},
        {
          series: SERIES,
          range: RANGE,
          topOffers: 2,
        },
      );
      expect(answer.periods).toEqual(
        new Map([
          [
            0,
            provider({
              received: 3,
              accepted: 2,
              rejected: 1,
              completed: 1,
              cancelled: 1,
              totalMonthlyAccepted: "99.80",
              commission: "40.00",
            }),
          ],
          [1, provider({ received: 2 })],
        ]),
      );
      expect(answer.histogram).toEqual(
        new Map([
          [30, 1],
          [64, 1],
        ]),
      );
      expect(answer.offers).toEqual([
        {
          offerId: fiber.id,
          offerName: "Fiber",
          ...FIBER_LIVE,
        },
        { offerId: power.id, offerName: "Power", ...provider({ received: 2, rejected: 1 }) },
      ]);
    });

    it("filters a provider's figures by offer, brand, market and service type", async () => {
      const periods = async (filter: Parameters<UnitOfWork["repositories"]["analytics"]["providerRollups"]>[1]) =>
        (await uow.repositories.analytics.providerRollups(p.id, filter, { series: SERIES, range: RANGE, topOffers: 5 }))
          .periods;
      const fiberOnly = new Map([[0, FIBER_LIVE]]);
      expect(await periods({ offerId: fiber.id })).toEqual(fiberOnly);
      expect(await periods({ brandId: brand.id })).toEqual(fiberOnly);
      expect(await periods({ marketId: market.id })).toEqual(fiberOnly);
      expect(await periods({ serviceType: "electricity" })).toEqual(
        new Map([
          [0, provider({ received: 1, rejected: 1 })],
          [1, provider({ received: 1 })],
        ]),
      );
      expect(await periods({ offerId: other.id })).toEqual(new Map());
    });

    it("gives a reseller its live figures and clicks by period, once per order, per provider, and by channel", async () => {
      const periods = async (providerTeamId?: string) =>
        await uow.repositories.analytics.resellerRollups(r.id, providerTeamId ? { providerTeamId } : {}, {
          series: SERIES,
          range: RANGE,
        });
      const day1 = reseller(
        { orders: 2, totalMonthlyOrdered: "129.80", totalMonthlyAccepted: "99.80", commission: "40.00", clicks: 1 },
        { completed: 1, rejected: 1, cancelled: 1 },
      );
      expect(await periods()).toEqual({
        periods: new Map([
          [0, day1],
          [1, reseller({ orders: 2, totalMonthlyOrdered: "50.00", clicks: 2 }, { handoff: 1, pending: 3 })],
        ]),
        channels: [
          { kind: "storefront", id: shop.id, slug: shop.slug, name: null, clicks: 2, orders: 1 },
          { kind: "link", id: flyer.id, slug: flyer.slug, name: "Flyer", clicks: 1, orders: 1 },
        ],
      });
      expect((await periods(p.id)).periods).toEqual(
        new Map([
          [0, day1],
          [1, reseller({ orders: 1, totalMonthlyOrdered: "30.00", clicks: 1 }, { handoff: 1, pending: 1 })],
        ]),
      );
      expect(await periods(q.id)).toEqual({
        periods: new Map([[1, reseller({ orders: 2, totalMonthlyOrdered: "20.00", clicks: 1 }, { pending: 2 })]]),
        channels: [
          { kind: "storefront", id: shop.id, slug: shop.slug, name: null, clicks: 0, orders: 0 },
          { kind: "link", id: flyer.id, slug: flyer.slug, name: "Flyer", clicks: 1, orders: 1 },
        ],
      });
      const buckets = { series: SERIES, range: RANGE };
      expect(await uow.repositories.analytics.resellerRollups(r.id, { storefrontId: shop.id }, buckets)).toEqual({
        periods: new Map([
          [
            0,
            reseller(
              {
                orders: 1,
                totalMonthlyOrdered: "79.90",
                totalMonthlyAccepted: "49.90",
                commission: "20.00",
                clicks: 1,
              },
              { completed: 1, rejected: 1 },
            ),
          ],
          [1, reseller({ clicks: 1 }, {})],
        ]),
        channels: [{ kind: "storefront", id: shop.id, slug: shop.slug, name: null, clicks: 2, orders: 1 }],
      });
      // Another team's link: nothing.
      const stranger = await newTeam(uow, "reseller");
      expect(await uow.repositories.analytics.resellerRollups(stranger.id, { linkId: flyer.id }, buckets)).toEqual({
        periods: new Map(),
        channels: [],
      });
    });

    it("counts training orders alone in the training view", async () => {
      const fiberTraining = provider({ received: 1, accepted: 1, totalMonthlyAccepted: "49.90" });
      expect(await uow.repositories.analytics.providerTraining(p.id, {}, { periods: PERIODS, topOffers: 5 })).toEqual({
        periods: new Map([[1, fiberTraining]]),
        histogram: new Map([[5, 1]]),
        offers: [{ offerId: fiber.id, offerName: "Fiber", ...fiberTraining }],
      });
      expect(
        (
          await uow.repositories.analytics.providerTraining(
            p.id,
            { serviceType: "electricity" },
            { periods: PERIODS, topOffers: 5 },
          )
        ).periods,
      ).toEqual(new Map());
      expect(await uow.repositories.analytics.resellerTraining(r.id, {}, { periods: PERIODS })).toEqual({
        periods: new Map([
          [1, reseller({ orders: 1, totalMonthlyOrdered: "49.90", totalMonthlyAccepted: "49.90" }, { accepted: 1 })],
        ]),
        channels: [
          { kind: "storefront", id: shop.id, slug: shop.slug, name: null, clicks: 0, orders: 0 },
          { kind: "link", id: flyer.id, slug: flyer.slug, name: "Flyer", clicks: 0, orders: 1 },
        ],
      });
      expect(
        (await uow.repositories.analytics.resellerTraining(r.id, { providerTeamId: q.id }, { periods: PERIODS }))
          .periods,
      ).toEqual(new Map());
    });
  });
}
