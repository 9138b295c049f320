/**
 * Contract of `ConsentRepository`: append-only records, revocations beside them, the latest decision
 * per customer and kind, and the providers' unsubscribe flags.
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import type { ConsentRecord } from "../../src/consents/index.ts";
import { randomUuid } from "../../src/ids.ts";
import type { Order } from "../../src/orders/index.ts";
import { newTeam } from "./fixtures-offers.ts";
import { aConsentRecord, aContact, anOrder, minutes, twoProviders } from "./fixtures-orders.ts";
import { openedStore } from "./opened-store.ts";
import type { ContractSubject } from "./subject.ts";

const revoked = (record: ConsentRecord, at: Date, via: "web_form" | "provider_report"): ConsentRecord => ({
  ...record,
  revokedAt: at,
  revokedVia: via,
});

export function consentContract(subject: ContractSubject): void {
  describe(`ConsentRepository (${subject.name})`, () => {
    const uow = openedStore(subject);
    const world = twoProviders(uow);

    /** A stored order of a new reseller for a new customer. */
    async function anOrderWithCustomer(at = minutes(0)): Promise<Order> {
      const reseller = await newTeam(uow, "reseller");
      const contact = aContact();
      return uow.transaction(async (scope) => {
        const customerId = await scope.customers.upsertForOrder(reseller.id, contact, { id: randomUuid(), now: at });
        const order = anOrder(reseller.id, world.offers, at, { customerId, customer: contact });
        await scope.orders.insert(order);
        return order;
      });
    }

    it("stores records and lists an order's records for one provider, in the order given, unrevoked", async () => {
      const order = await anOrderWithCustomer();
      const records = [
        aConsentRecord(order, world.provider.id, "order_contact", minutes(1)),
        aConsentRecord(order, world.other.id, "order_contact", minutes(1)),
        aConsentRecord(order, world.provider.id, "marketing_calls_texts", minutes(1), { granted: false, email: null }),
      ];
      await uow.transaction((scope) => scope.consents.insert(records));
      expect(await uow.repositories.consents.listForOrder(order.id, world.provider.id)).toEqual([
        records[0],
        records[2],
      ]);
      expect(await uow.repositories.consents.listForOrder(order.id, world.other.id)).toEqual([records[1]]);
      expect(await uow.repositories.consents.listForOrder(randomUuid(), world.provider.id)).toEqual([]);
    });

    it("refuses a record of neither an order nor a click, and one of an unknown order or click", async () => {
      const order = await anOrderWithCustomer();
      const orphan = aConsentRecord(order, world.provider.id, "order_contact", minutes(1), { orderId: null });
      await expect(uow.transaction((scope) => scope.consents.insert([orphan]))).rejects.toThrow();
      const unknown = aConsentRecord({ ...order, id: randomUuid() }, world.provider.id, "order_contact", minutes(1));
      await expect(uow.transaction((scope) => scope.consents.insert([unknown]))).rejects.toThrow();
      const unknownClick = aConsentRecord(order, world.provider.id, "order_contact", minutes(1), {
        orderId: null,
        clickId: randomUuid(),
      });
      await expect(uow.transaction((scope) => scope.consents.insert([unknownClick]))).rejects.toThrow();
      expect(await uow.repositories.consents.listForOrder(order.id, world.provider.id)).toEqual([]);
    });

    it("revokes by phone or e-mail across providers, once; returns the records it revoked, oldest first", async () => {
      const order = await anOrderWithCustomer();
      const byPhone = aConsentRecord(order, world.provider.id, "marketing_calls_texts", minutes(3), { email: null });
      const byEmail = aConsentRecord(order, world.other.id, "order_contact", minutes(2), { phone: "+15125559876" });
      const unrelated = aConsentRecord(order, world.provider.id, "order_contact", minutes(1), {
        phone: "+15125559875",
        email: "someone@example.com",
      });
      await uow.transaction((scope) => scope.consents.insert([byPhone, byEmail, unrelated]));
      const at = minutes(10);
      const first = await uow.transaction((scope) =>
        scope.consents.revokeByIdentifier(
          { phone: order.customer.phone, email: order.customer.email },
          { at, via: "web_form" },
        ),
      );
      expect(first).toEqual([revoked(byEmail, at, "web_form"), revoked(byPhone, at, "web_form")]);
      const again = await uow.transaction((scope) =>
        scope.consents.revokeByIdentifier(
          { phone: order.customer.phone, email: null },
          { at: minutes(11), via: "web_form" },
        ),
      );
      expect(again).toEqual([]);
      expect(await uow.repositories.consents.listForOrder(order.id, world.provider.id)).toEqual([
        revoked(byPhone, at, "web_form"),
        unrelated,
      ]);
      expect(
        await uow.transaction((scope) =>
          scope.consents.revokeByIdentifier({ phone: null, email: null }, { at, via: "web_form" }),
        ),
      ).toEqual([]);
    });

    it("revokes a provider's records about a customer by its id, phone or e-mail, that provider's only", async () => {
      const order = await anOrderWithCustomer();
      const customer = { id: order.customerId as string, phone: "+15125550000", email: null };
      const byId = aConsentRecord(order, world.provider.id, "order_contact", minutes(1));
      const byPhone = aConsentRecord(
        { ...order, customerId: null },
        world.provider.id,
        "marketing_calls_texts",
        minutes(2),
        {
          phone: customer.phone,
        },
      );
      const otherTeam = aConsentRecord(order, world.other.id, "order_contact", minutes(1));
      await uow.transaction((scope) => scope.consents.insert([byId, byPhone, otherTeam]));
      const at = minutes(20);
      expect(
        await uow.transaction((scope) =>
          scope.consents.revokeForCustomer(world.provider.id, customer, { at, via: "provider_report" }),
        ),
      ).toEqual([revoked(byId, at, "provider_report"), revoked(byPhone, at, "provider_report")]);
      expect(await uow.repositories.consents.listForOrder(order.id, world.other.id)).toEqual([otherTeam]);
    });

    it("gives the latest decision per customer and kind for the provider, with its revocation", async () => {
      const a = await anOrderWithCustomer();
      const b = await anOrderWithCustomer();
      const older = aConsentRecord(a, world.provider.id, "marketing_calls_texts", minutes(1));
      const tiedFirst = aConsentRecord(a, world.provider.id, "order_contact", minutes(5));
      const tiedSecond = aConsentRecord(a, world.provider.id, "order_contact", minutes(5), { granted: false });
      const newer = aConsentRecord(a, world.provider.id, "marketing_calls_texts", minutes(4), { granted: false });
      const ofB = aConsentRecord(b, world.provider.id, "order_contact", minutes(2));
      const otherTeam = aConsentRecord(b, world.other.id, "marketing_calls_texts", minutes(9));
      await uow.transaction(async (scope) => {
        await scope.consents.insert([older, tiedFirst, tiedSecond]);
        await scope.consents.insert([newer, ofB, otherTeam]);
      });
      await uow.transaction((scope) =>
        scope.consents.revokeForCustomer(
          world.provider.id,
          { id: b.customerId as string, phone: "+10000000000", email: null },
          { at: minutes(30), via: "provider_report" },
        ),
      );
      const latest = await uow.repositories.consents.latestByCustomer(world.provider.id, [
        a.customerId as string,
        b.customerId as string,
        randomUuid(),
      ]);
      const key = (record: ConsentRecord) => `${record.customerId} ${record.kind}`;
      expect([...latest].sort((x, y) => (key(x) < key(y) ? -1 : 1))).toEqual(
        [newer, tiedSecond, revoked(ofB, minutes(30), "provider_report")].sort((x, y) => (key(x) < key(y) ? -1 : 1)),
      );
      expect(await uow.repositories.consents.latestByCustomer(world.provider.id, [])).toEqual([]);
    });

    it("flags a customer unsubscribed for a provider once: the first time stays", async () => {
      const order = await anOrderWithCustomer();
      const customerId = order.customerId as string;
      await uow.transaction((scope) => scope.consents.markUnsubscribed(customerId, world.provider.id, minutes(5)));
      await uow.transaction((scope) => scope.consents.markUnsubscribed(customerId, world.provider.id, minutes(6)));
      const seen = await uow.repositories.customers.findForProvider(world.provider.id, customerId);
      expect(seen?.customer.unsubscribedAt).toEqual(minutes(5));
      await expect(
        uow.transaction((scope) => scope.consents.markUnsubscribed(randomUuid(), world.provider.id, minutes(5))),
      ).rejects.toThrow();
    });
  });
}
