/**
 * Contract of `CustomerRepository`: one customer per reseller and e-mail, matched by phone too; the
 * reseller's list; the provider's view (customers with items on its offers, its unsubscribe flag).
 *
 * @module
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUuid } from "../../src/ids.ts";
import type { CustomerContact } from "../../src/orders/order-types.ts";
import type { UnitOfWork } from "../../src/ports.ts";
import { aTeam } from "./fixtures.ts";
import type { ContractSubject, OpenedSubject } from "./subject.ts";

const ADA: CustomerContact = { name: "Ada", email: "ada@example.com", phone: "+15125550123", kind: "residential" };
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 0, minute));

export function customerContract(subject: ContractSubject): void {
  describe(`CustomerRepository (${subject.name})`, () => {
    let opened: OpenedSubject;
    let uow: UnitOfWork;
    beforeAll(async () => {
      opened = await subject.open();
      uow = opened.unitOfWork;
    });
    afterAll(() => opened.close());

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
      const bob = await upsert(team.id, { ...ADA, name: "Bob", email: "bob@example.com", phone: "+15125550999" }, at(1));
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

    it("refuses a reseller team that does not exist, and a kind the schema does not know", async () => {
      await expect(upsert(aTeam().id, ADA, at(0))).rejects.toThrow();
      const team = await aReseller();
      await expect(upsert(team.id, { ...ADA, kind: "alien" as CustomerContact["kind"] }, at(0))).rejects.toThrow();
      expect(await all(team.id)).toEqual([]);
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
        await uow.repositories.customers.listForReseller(other.id, {}, { kind: "page", limit: 5, after: ids[0] ?? null }),
      ).toEqual([]);
    });
  });
}
