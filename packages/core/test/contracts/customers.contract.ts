/**
 * Contract of `CustomerRepository`: one customer per reseller and e-mail, matched by phone too; the
 * reseller's list; the provider's view (customers with items on its offers, its unsubscribe flag).
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import { randomUuid } from "../../src/ids.ts";
import type { Offer } from "../../src/offers/index.ts";
import type { CustomerContact, Order } from "../../src/orders/index.ts";
import { aTeam } from "./fixtures.ts";
import { aContact, anOrder, aProviderWithOffers, storeOrders } from "./fixtures-orders.ts";
import { openedStore } from "./opened-store.ts";
import type { ContractSubject } from "./subject.ts";

const ADA: CustomerContact = { name: "Ada", email: "ada@example.com", phone: "+15125550123", kind: "residential" };
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 0, minute));

export function customerContract(subject: ContractSubject): void {
  describe(`CustomerRepository (${subject.name})`, () => {
    const uow = openedStore(subject);

    async function aReseller() {
      const team = aTeam("reseller");
      await uow.transaction((scope) => scope.teams.insert(team));
      return team;
    }
    const upsert = (teamId: string, contact: CustomerContact, now: Date, id = randomUuid()) =>
      uow.transaction((scope) => scope.customers.upsertForOrder(teamId, contact, { id, now }));
    const all = (teamId: string) => uow.repositories.customers.listForReseller(teamId, {}, { kind: "all" });

    it("creates the customer with the candidate id, then finds it by e-mail and refreshes name and kind", async () => {
      const team = await aReseller();
      const first = randomUuid();
      expect(await upsert(team.id, ADA, at(0), first)).toBe(first);
      expect(await upsert(team.id, { ...ADA, name: "Ada L.", kind: "business" }, at(1))).toBe(first);
      expect(await all(team.id)).toEqual([
        {
          id: first,
          resellerTeamId: team.id,
          name: "Ada L.",
          email: ADA.email,
          phone: ADA.phone,
          kind: "business",
          createdAt: at(0),
          updatedAt: at(1),
        },
      ]);
    });

    it("matches by phone too, prefers the e-mail's customer; never another reseller's", async () => {
      const team = await aReseller();
      const ada = await upsert(team.id, ADA, at(0));
      const bob = await upsert(
        team.id,
        { ...ADA, name: "Bob", email: "bob@example.com", phone: "+15125550999" },
        at(1),
      );
      const carol = await upsert(
        team.id,
        { ...ADA, name: "Carol", email: "carol@example.com", phone: "+15125550999" },
        at(2),
      );
      expect(carol).toBe(bob); // Bob's phone
      expect(await upsert(team.id, { ...ADA, phone: "+15125550999" }, at(3))).toBe(ada); // Ada's e-mail wins
      expect(await upsert(team.id, { ...ADA, email: "ada2@example.com" }, at(4))).toBe(ada); // Ada's phone
      expect((await all(team.id)).map((customer) => customer.id)).toEqual([bob, ada]);
      const other = await aReseller();
      const candidate = randomUuid();
      expect(await upsert(other.id, ADA, at(7), candidate)).toBe(candidate);
    });

    it("meets concurrent first orders of one customer on one row", async () => {
      const team = await aReseller();
      const ids = await Promise.all([0, 1, 2, 3].map(() => upsert(team.id, ADA, at(0))));
      expect(new Set(ids).size).toBe(1);
      expect(await all(team.id)).toHaveLength(1);
    });

    it("refuses a reseller team that does not exist, and a kind the schema does not know (new or refreshed)", async () => {
      await expect(upsert(aTeam().id, ADA, at(0))).rejects.toThrow();
      const team = await aReseller();
      await expect(upsert(team.id, { ...ADA, kind: "alien" as CustomerContact["kind"] }, at(0))).rejects.toThrow();
      expect(await all(team.id)).toEqual([]);
      // Nor when it would refresh a customer.
      await upsert(team.id, ADA, at(1));
      await expect(upsert(team.id, { ...ADA, kind: "alien" as CustomerContact["kind"] }, at(2))).rejects.toThrow();
      expect((await all(team.id)).map((customer) => customer.kind)).toEqual([ADA.kind]);
    });

    it("lists the reseller's customers newest first, by kind, and pages after any customer of the team", async () => {
      const team = await aReseller();
      const contact = (n: number, kind: CustomerContact["kind"]): CustomerContact => ({
        name: `C${n}`,
        email: `c${n}@example.com`,
        phone: `+1512555010${n}`,
        kind,
      });
      const ids = [
        await upsert(team.id, contact(0, "residential"), at(10)),
        await upsert(team.id, contact(1, "business"), at(11)),
        await upsert(team.id, contact(2, "residential"), at(12)),
        await upsert(team.id, contact(3, "business"), at(12)),
        await upsert(team.id, contact(4, "residential"), at(13)),
      ];
      const tied = [ids[2], ids[3]] as string[];
      tied.sort((a, b) => (a < b ? 1 : -1)); // same time: the greater id first
      const newest = [ids[4], ...tied, ids[1], ids[0]] as string[];
      expect((await all(team.id)).map((c) => c.id)).toEqual(newest);
      const list = (kind: CustomerContact["kind"] | undefined, limit: number, after: string | null) =>
        uow.repositories.customers
          .listForReseller(team.id, kind ? { kind } : {}, { kind: "page", limit, after })
          .then((customers) => customers.map((c) => c.id));
      expect(await list(undefined, 2, null)).toEqual(newest.slice(0, 3));
      expect(await list(undefined, 2, newest[1] as string)).toEqual(newest.slice(2, 5));
      const residential = newest.filter((id) => [ids[0], ids[2], ids[4]].includes(id));
      expect(await list("residential", 5, null)).toEqual(residential);
      // After a business customer (the filter leaves it out): the residential ones older than it.
      expect(await list("residential", 5, ids[1] as string)).toEqual([ids[0]]);
      expect(await list(undefined, 5, randomUuid())).toEqual([]);
      const other = await aReseller();
      expect(await uow.repositories.customers.listForReseller(other.id, {}, { kind: "all" })).toEqual([]);
      expect(
        await uow.repositories.customers.listForReseller(
          other.id,
          {},
          { kind: "page", limit: 5, after: ids[0] ?? null },
        ),
      ).toEqual([]);
    });

    it("shows a provider the customers with items on its offers, newest first, with its own flag and items", async () => {
      const reseller = await aReseller();
      const { provider, offers } = await aProviderWithOffers(uow, 2);
      const { provider: other, offers: others } = await aProviderWithOffers(uow);
      const [ada, bob, cy] = (await Promise.all(
        [at(20), at(21), at(22)].map((now) => upsert(reseller.id, aContact(), now)),
      )) as [string, string, string];
      const adaFirst = anOrder(reseller.id, [offers[0] as Offer], at(30), { customerId: ada });
      const adaSecond = anOrder(reseller.id, [offers[1] as Offer, others[0] as Offer], at(31), { customerId: ada });
      const bobOrder = anOrder(reseller.id, [others[0] as Offer], at(32), { customerId: bob });
      const cyOrder = anOrder(reseller.id, [offers[0] as Offer], at(33), { customerId: cy });
      await storeOrders(uow, adaFirst, adaSecond, bobOrder, cyOrder);
      await uow.transaction((scope) => scope.consents.markUnsubscribed(ada, provider.id, at(40)));
      await uow.transaction((scope) => scope.consents.markUnsubscribed(cy, other.id, at(41)));

      const listed = await uow.repositories.customers.listForProvider(provider.id, { kind: "all" });
      const stored = await all(reseller.id);
      const customer = (id: string, unsubscribedAt: Date | null) => ({
        ...stored.find((row) => row.id === id),
        unsubscribedAt,
      });
      expect(listed).toEqual([customer(cy, null), customer(ada, at(40))]);
      expect((await uow.repositories.customers.listForProvider(other.id, { kind: "all" })).map((c) => c.id)).toEqual([
        bob,
        ada,
      ]);
      expect(
        await uow.repositories.customers.listForProvider(provider.id, { kind: "page", limit: 1, after: null }),
      ).toEqual(listed);
      expect(
        await uow.repositories.customers.listForProvider(provider.id, { kind: "page", limit: 1, after: cy }),
      ).toEqual([listed[1]]);
      expect(
        await uow.repositories.customers.listForProvider(provider.id, { kind: "page", limit: 1, after: bob }),
      ).toEqual([]);

      const summary = ({ items: _, channel: __, ...order }: Order) => order;
      const seen = (order: Order, index: number) => {
        const item = order.items[index] as Order["items"][number];
        return { id: item.id, item, order: summary(order) };
      };
      expect(await uow.repositories.customers.findForProvider(provider.id, ada)).toEqual({
        customer: customer(ada, at(40)),
        items: [seen(adaSecond, 0), seen(adaFirst, 0)],
      });
      expect(await uow.repositories.customers.findForProvider(other.id, ada)).toEqual({
        customer: customer(ada, null),
        items: [seen(adaSecond, 1)],
      });
      expect(await uow.repositories.customers.findForProvider(provider.id, bob)).toBeNull();
      expect(await uow.repositories.customers.findForProvider(provider.id, randomUuid())).toBeNull();
    });
  });
}
