/**
 * Contract of `OrderRepository`: orderable offers, orders with their items, the reseller's and the
 * provider's reads, deletion and progress.
 *
 * @module
 */

import { beforeAll, describe, expect, it } from "vitest";
import { randomUuid } from "../../src/ids.ts";
import type { Offer } from "../../src/offers/index.ts";
import { blankOfferFields } from "../../src/offers/index.ts";
import type { Order } from "../../src/orders/index.ts";
import { orderPlacedEvents } from "../../src/orders/index.ts";
import type { UnitOfWork } from "../../src/ports.ts";
import type { Team } from "../../src/teams/index.ts";
import { aBrand, aMarket, anArea, anOffer, ids, newestFirst, newTeam } from "./fixtures-offers.ts";
import { anOrder, aProviderWithOffers, minutes, storeOrders, T0 } from "./fixtures-orders.ts";
import { aStorefront } from "./fixtures-storefront.ts";
import { openedStore } from "./opened-store.ts";
import type { ContractSubject } from "./subject.ts";

/** The order as every read gives it back: no channel. */
const asRead = ({ channel: _, ...order }: Order): Order => order;
const summary = ({ items: _, channel: __, ...order }: Order) => order;

export function orderContract(subject: ContractSubject): void {
  describe(`OrderRepository (${subject.name})`, () => {
    const uow = openedStore(subject);
    let provider: Team;
    let offers: Offer[];
    beforeAll(async () => {
      ({ provider, offers } = await aProviderWithOffers(uow, 2));
    });

    it("reads what an item snapshots exactly as the offer repository shows it, with the provider's name", async () => {
      const brand = aBrand(provider.id, { name: "Fast Fiber" });
      const branded = anOffer(provider.id, {
        status: "active",
        brandId: brand.id,
        promoMonthlyPrice: "39.90",
        promoDurationMonths: 12,
        contractTermMonths: 24,
        commission: "20.00",
        submissionUrl: "https://provider.example.com/orders",
        partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://partner.example.com/{orderItemId}" },
        internet: { downloadSpeedMbps: 500, uploadSpeedMbps: 50, dataCapGb: null, connectionType: "fiber" },
      });
      const power = anOffer(provider.id, {
        ...blankOfferFields("Green Power", "electricity"),
        status: "active",
        monthlyPrice: null,
      });
      await uow.transaction(async (scope) => {
        await scope.brands.insert(brand);
        await scope.offers.insert(branded);
        await scope.offers.insert(power);
      });
      const found = await uow.repositories.orders.findOrderableOffers([branded.id, power.id, branded.id], "78701");
      expect(found).toHaveLength(2);
      for (const { offer, availableAtZip } of found) {
        const full = (await uow.repositories.offers.findById(provider.id, offer.id)) as Offer;
        expect(offer).toEqual({
          id: full.id,
          teamId: full.teamId,
          name: full.name,
          serviceType: full.serviceType,
          monthlyPrice: full.monthlyPrice,
          promoMonthlyPrice: full.promoMonthlyPrice,
          promoDurationMonths: full.promoDurationMonths,
          contractTermMonths: full.contractTermMonths,
          commission: full.commission,
          partnerSignup: full.partnerSignup,
          submissionUrl: full.submissionUrl,
          internet: full.internet,
          electricity: full.electricity,
        });
        expect(availableAtZip).toBe(true);
      }
      const byId = new Map(found.map((o) => [o.offer.id, o.providerName]));
      expect(byId).toEqual(
        new Map([
          [branded.id, "Fast Fiber"],
          [power.id, "Provider Team"],
        ]),
      );
    });

    it("tells availability at the ZIP from the offer's markets, and skips drafts, deleted and unknown offers", async () => {
      const austin = aMarket(provider.id, { name: "Austin" });
      const inAustin = anOffer(provider.id, { status: "active", marketIds: [austin.id] });
      const everywhere = anOffer(provider.id, { status: "active" });
      const draft = anOffer(provider.id);
      const deleted = anOffer(provider.id, { status: "active" });
      await uow.transaction(async (scope) => {
        await scope.markets.insert(austin);
        await scope.markets.addArea(austin.id, anArea("78701"));
        for (const offer of [inAustin, everywhere, draft, deleted]) await scope.offers.insert(offer);
        await scope.offers.softDelete(provider.id, deleted.id, new Date(T0));
      });
      const requested = [inAustin.id, everywhere.id, draft.id, deleted.id, randomUuid()];
      const availability = async (zip: string) =>
        new Map(
          (await uow.repositories.orders.findOrderableOffers(requested, zip)).map((o) => [
            o.offer.id,
            o.availableAtZip,
          ]),
        );
      expect(await availability("78701")).toEqual(
        new Map([
          [inAustin.id, true],
          [everywhere.id, true],
        ]),
      );
      expect(await availability("10001")).toEqual(
        new Map([
          [inAustin.id, false],
          [everywhere.id, true],
        ]),
      );
      expect(await uow.repositories.orders.findOrderableOffers([], "78701")).toEqual([]);
    });

    it("stores an order with its items (in order) and gives it back to its reseller, without its channel", async () => {
      const reseller = await newTeam(uow, "reseller");
      const order = anOrder(reseller.id, offers, minutes(1), { totalMonthly: "99.80" });
      order.channel = { storefrontId: null, linkId: null };
      await uow.transaction((scope) => scope.orders.insert(order));
      expect(await uow.repositories.orders.findForReseller(reseller.id, order.id)).toEqual(asRead(order));
      expect(await uow.repositories.orders.findForReseller(provider.id, order.id)).toBeNull();
      expect(await uow.repositories.orders.findForReseller(reseller.id, randomUuid())).toBeNull();
    });

    it("commits the order with the events the outbox recorded before it, numbered in the order given, or neither", async () => {
      const reseller = await newTeam(uow, "reseller");
      const order = anOrder(reseller.id, offers, minutes(2));
      const events = orderPlacedEvents(order, { id: randomUuid, now: minutes(2) });
      const place = (placed: Order, placedEvents: typeof events) =>
        uow.transaction(async (scope) => {
          await scope.outbox.record(placedEvents);
          await scope.orders.insert(placed);
        });
      await place(order, events);
      expect(await uow.repositories.orders.findForReseller(reseller.id, order.id)).toEqual(asRead(order));
      for (const [index, event] of events.entries()) {
        const stored = await uow.repositories.webhookDeliveries.findEvent(event.id);
        expect(stored?.type).toBe(event.type);
        expect(stored?.data).toEqual(JSON.parse(JSON.stringify({ ...event.data, sequence: index + 1 })));
      }
      const failing = anOrder(reseller.id, offers, minutes(3));
      (failing.items[0] as Order["items"][number]).offer.offerId = randomUuid();
      const lost = orderPlacedEvents(failing, { id: randomUuid, now: minutes(3) });
      await expect(place(failing, lost)).rejects.toThrow();
      expect(await uow.repositories.orders.findForReseller(reseller.id, failing.id)).toBeNull();
      for (const event of lost) expect(await uow.repositories.webhookDeliveries.findEvent(event.id)).toBeNull();
    });

    it("keeps an order's channel out of its views, and refuses a storefront or link that does not exist", async () => {
      const reseller = await newTeam(uow, "reseller");
      const shop = aStorefront(reseller.id);
      await uow.transaction((scope) => scope.storefronts.save(shop));
      const order = anOrder(reseller.id, offers, minutes(4), { channel: { storefrontId: shop.id, linkId: null } });
      await storeOrders(uow, order);
      expect(await uow.repositories.orders.findForReseller(reseller.id, order.id)).toEqual(asRead(order));
      for (const channel of [
        { storefrontId: randomUuid(), linkId: null },
        { storefrontId: null, linkId: randomUuid() },
      ]) {
        const refused = anOrder(reseller.id, offers, minutes(5), { channel });
        await expect(storeOrders(uow, refused)).rejects.toThrow();
        expect(await uow.repositories.orders.findForReseller(reseller.id, refused.id)).toBeNull();
      }
    });

    it("writes nothing when a row fails: the order and its items are one write", async () => {
      const reseller = await newTeam(uow, "reseller");
      const order = anOrder(reseller.id, offers);
      const second = order.items[1];
      if (!second) throw new Error("two offers, two items");
      second.offer.offerId = randomUuid(); // no such offer
      await expect(uow.transaction((scope) => scope.orders.insert(order))).rejects.toThrow();
      expect(await uow.repositories.orders.findForReseller(reseller.id, order.id)).toBeNull();
      const noTeam = anOrder(randomUuid(), offers);
      await expect(uow.transaction((scope) => scope.orders.insert(noTeam))).rejects.toThrow();
      const noCustomer = anOrder(reseller.id, offers, minutes(0), { customerId: randomUuid() });
      await expect(uow.transaction((scope) => scope.orders.insert(noCustomer))).rejects.toThrow();
      expect(await uow.repositories.orders.listForReseller(reseller.id, { kind: "all" })).toEqual([]);
    });

    it("lists the reseller's live orders newest first, by training, paging after any order of the team", async () => {
      const reseller = await newTeam(uow, "reseller");
      const placed = [
        anOrder(reseller.id, [offers[0] as Offer], minutes(10)),
        anOrder(reseller.id, [offers[0] as Offer], minutes(11), { isTraining: true }),
        anOrder(reseller.id, [offers[1] as Offer], minutes(12)),
        anOrder(reseller.id, [offers[0] as Offer], minutes(12), { isTraining: true }),
        anOrder(reseller.id, offers, minutes(13)),
      ];
      await storeOrders(uow, ...placed);
      const deleted = placed[2] as Order;
      await uow.transaction((scope) => scope.orders.markDeleted(deleted, minutes(20)));
      const live = newestFirst(placed.filter((order) => order !== deleted));
      const list = (
        page: Parameters<UnitOfWork["repositories"]["orders"]["listForReseller"]>[1],
        isTraining?: boolean,
      ) => uow.repositories.orders.listForReseller(reseller.id, page, isTraining === undefined ? {} : { isTraining });
      expect(await list({ kind: "all" })).toEqual(live.map(asRead));
      expect(ids(await list({ kind: "page", limit: 2, after: null }))).toEqual(ids(live.slice(0, 3)));
      expect(ids(await list({ kind: "page", limit: 2, after: live[1]?.id ?? null }))).toEqual(ids(live.slice(2, 4)));
      expect(ids(await list({ kind: "all" }, true))).toEqual(ids(live.filter((order) => order.isTraining)));
      expect(ids(await list({ kind: "all" }, false))).toEqual(ids(live.filter((order) => !order.isTraining)));
      // After the deleted order: the live ones listed after its place (older, or as old with a smaller id).
      const older = live.filter(
        (order) =>
          order.createdAt.getTime() < deleted.createdAt.getTime() ||
          (order.createdAt.getTime() === deleted.createdAt.getTime() && order.id < deleted.id),
      );
      expect(ids(await list({ kind: "page", limit: 9, after: deleted.id }))).toEqual(ids(older));
      // After a training order, live orders only: those older than it.
      const training = placed[1] as Order;
      expect(ids(await list({ kind: "page", limit: 9, after: training.id }, false))).toEqual([placed[0]?.id]);
      expect(await list({ kind: "page", limit: 9, after: randomUuid() })).toEqual([]);
      expect(await uow.repositories.orders.findForReseller(reseller.id, deleted.id)).toBeNull();
    });

    it("marks an order deleted for its reseller only", async () => {
      const reseller = await newTeam(uow, "reseller");
      const order = anOrder(reseller.id, offers);
      await storeOrders(uow, order);
      await uow.transaction((scope) => scope.orders.markDeleted({ ...order, resellerTeamId: provider.id }, minutes(1)));
      expect(await uow.repositories.orders.findForReseller(reseller.id, order.id)).toEqual(asRead(order));
      await uow.transaction((scope) => scope.orders.markDeleted(order, minutes(2)));
      expect(await uow.repositories.orders.findForReseller(reseller.id, order.id)).toBeNull();
      // The items stay for their provider.
      const item = order.items[0];
      expect((await uow.repositories.orders.findItemForProvider(provider.id, item?.id ?? ""))?.order).toEqual(
        asRead(order),
      );
    });

    it("finds an item with its whole order for the item's provider only", async () => {
      const reseller = await newTeam(uow, "reseller");
      const { provider: other, offers: others } = await aProviderWithOffers(uow);
      const order = anOrder(reseller.id, [offers[0] as Offer, others[0] as Offer], minutes(30));
      await storeOrders(uow, order);
      const [mine, theirs] = order.items as [Order["items"][number], Order["items"][number]];
      expect(await uow.repositories.orders.findItemForProvider(provider.id, mine.id, { lock: true })).toEqual({
        order: asRead(order),
        item: mine,
      });
      expect(await uow.repositories.orders.findItemForProvider(other.id, theirs.id)).toEqual({
        order: asRead(order),
        item: theirs,
      });
      expect(await uow.repositories.orders.findItemForProvider(provider.id, theirs.id)).toBeNull();
      expect(await uow.repositories.orders.findItemForProvider(provider.id, randomUuid())).toBeNull();
    });

    it("lists the provider's items newest first with their orders, by status, paging after any item of the team", async () => {
      const { provider: team, offers: own } = await aProviderWithOffers(uow, 2);
      const reseller = await newTeam(uow, "reseller");
      const first = anOrder(reseller.id, own, minutes(40));
      const second = anOrder(reseller.id, [own[0] as Offer, offers[0] as Offer], minutes(41));
      await storeOrders(uow, first, second);
      const accepted = { ...(first.items[1] as Order["items"][number]), status: "accepted" as const };
      await uow.transaction((scope) => scope.orders.saveProgress(first, [accepted]));
      const rows = [
        ...first.items.map((item) => ({ item: item.id === accepted.id ? accepted : item, order: first })),
        { item: second.items[0] as Order["items"][number], order: second },
      ];
      const expected = newestFirst(
        rows.map(({ item, order }) => ({ id: item.id, createdAt: item.createdAt, item, order })),
      );
      const list = (
        status: "pending" | "accepted" | undefined,
        page: Parameters<UnitOfWork["repositories"]["orders"]["listItemsForProvider"]>[2],
      ) => uow.repositories.orders.listItemsForProvider(team.id, status ? { status } : {}, page);
      expect(await list(undefined, { kind: "all" })).toEqual(
        expected.map(({ id, item, order }) => ({ id, item, order: summary(order) })),
      );
      expect(ids(await list(undefined, { kind: "page", limit: 1, after: null }))).toEqual(ids(expected.slice(0, 2)));
      expect(ids(await list(undefined, { kind: "page", limit: 5, after: expected[0]?.id ?? null }))).toEqual(
        ids(expected.slice(1)),
      );
      expect(ids(await list("accepted", { kind: "all" }))).toEqual([accepted.id]);
      // After the accepted item (the status filter leaves it out): the pending items listed after it.
      const afterAccepted = expected.slice(expected.findIndex((row) => row.id === accepted.id) + 1);
      expect(ids(await list("pending", { kind: "page", limit: 5, after: accepted.id }))).toEqual(
        ids(afterAccepted.filter((row) => row.item.status === "pending")),
      );
      expect(await list(undefined, { kind: "page", limit: 5, after: second.items[1]?.id ?? null })).toEqual([]);
    });

    it("saves progress: items' status, dates and commission (as numeric(12, 2)), the order's status and time", async () => {
      const reseller = await newTeam(uow, "reseller");
      const order = anOrder(reseller.id, offers, minutes(50));
      const other = anOrder(reseller.id, offers, minutes(50));
      await storeOrders(uow, order, other);
      const [first, second] = order.items as [Order["items"][number], Order["items"][number]];
      const accepted = {
        ...first,
        status: "scheduled" as const,
        scheduledDate: "2026-05-02",
        commission: { amount: "20", accruedAt: minutes(51) },
        updatedAt: minutes(52),
      };
      const progressed: Order = { ...order, status: "in_progress", updatedAt: minutes(52) };
      // An item of another order is not touched through this one.
      const foreign = { ...(other.items[0] as Order["items"][number]), status: "rejected" as const };
      await uow.transaction((scope) => scope.orders.saveProgress(progressed, [accepted, foreign]));
      expect(await uow.repositories.orders.findForReseller(reseller.id, order.id)).toEqual({
        ...asRead(progressed),
        items: [{ ...accepted, commission: { amount: "20.00", accruedAt: minutes(51) } }, second],
      });
      expect(await uow.repositories.orders.findForReseller(reseller.id, other.id)).toEqual(asRead(other));
    });
  });
}
