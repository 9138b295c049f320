/**
 * Contract of `ConsentLedgerRepository`: entries appended to the chains, the heads they move, the
 * heads awaiting a checkpoint, and the reads of a customer's entries and of a chain's links.
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import type { ChainHead, ConsentLedgerEntry, ConsentRecord } from "../../src/consents/index.ts";
import { randomUuid } from "../../src/ids.ts";
import { aCheckpoint, aSigningKey } from "./fixtures-consents.ts";
import { newTeam } from "./fixtures-offers.ts";
import { aConsentRecord, aContact, anOrder, minutes, twoProviders } from "./fixtures-orders.ts";
import { openedStore } from "./opened-store.ts";
import type { ContractSubject } from "./subject.ts";

/** The entry of `record` at `seq` of its team's chain (made-up digests: the store checks none). */
function anEntry(record: ConsentRecord, seq: number): ConsentLedgerEntry {
  return {
    providerTeamId: record.providerTeamId,
    seq,
    consentId: record.id,
    payload: JSON.stringify({ id: record.id, seq }),
    digest: `digest-${record.id}`,
    prevHash: `${seq - 1}`.padStart(64, "0"),
    hash: `${seq}`.padStart(64, "0"),
  };
}

const headOf = (entry: ConsentLedgerEntry): ChainHead => ({
  providerTeamId: entry.providerTeamId,
  seq: entry.seq,
  hash: entry.hash,
});

export function consentLedgerEntriesContract(subject: ContractSubject): void {
  describe(`ConsentLedgerRepository: entries (${subject.name})`, () => {
    const uow = openedStore(subject);
    const world = twoProviders(uow);

    it("appends entries, moves the heads, and reads a customer's entries and a chain's links", async () => {
      const reseller = await newTeam(uow, "reseller");
      const ada = aContact();
      const bob = aContact({ name: "Bob" });
      const { adaOrder, bobOrder } = await uow.transaction(async (scope) => {
        const adaId = await scope.customers.upsertForOrder(reseller.id, ada, { id: randomUuid(), now: minutes(0) });
        const bobId = await scope.customers.upsertForOrder(reseller.id, bob, { id: randomUuid(), now: minutes(0) });
        const adaOrder = anOrder(reseller.id, world.offers, minutes(0), { customerId: adaId, customer: ada });
        const bobOrder = anOrder(reseller.id, world.offers, minutes(0), { customerId: bobId, customer: bob });
        await scope.orders.insert(adaOrder);
        await scope.orders.insert(bobOrder);
        return { adaOrder, bobOrder };
      });
      const adaFirst = aConsentRecord(adaOrder, world.provider.id, "order_contact", minutes(1));
      const bobFirst = aConsentRecord(bobOrder, world.provider.id, "order_contact", minutes(1));
      // Ada's phone on a record without her id: hers too.
      const adaByPhone = aConsentRecord(
        { ...bobOrder, customerId: null },
        world.provider.id,
        "order_contact",
        minutes(2),
        {
          phone: ada.phone,
          email: null,
        },
      );
      const adaOther = aConsentRecord(adaOrder, world.other.id, "order_contact", minutes(1));
      const records = [adaFirst, bobFirst, adaByPhone, adaOther];
      const entries = [anEntry(adaFirst, 1), anEntry(bobFirst, 2), anEntry(adaByPhone, 3), anEntry(adaOther, 1)];
      await uow.transaction(async (scope) => {
        await scope.consents.insert(records);
        const heads = await scope.consentLedger.lockHeads([world.provider.id, world.other.id].sort());
        expect(heads.every((head) => head.seq === 0)).toBe(true);
        await scope.consentLedger.append(entries, [
          headOf(entries[2] as ConsentLedgerEntry),
          headOf(entries[3] as ConsentLedgerEntry),
        ]);
      });
      expect(await uow.repositories.consentLedger.head(world.provider.id)).toEqual(
        headOf(entries[2] as ConsentLedgerEntry),
      );
      expect(await uow.repositories.consentLedger.head(world.other.id)).toEqual(
        headOf(entries[3] as ConsentLedgerEntry),
      );

      const adaCustomer = { id: adaOrder.customerId as string, phone: ada.phone, email: ada.email };
      expect(await uow.repositories.consentLedger.entriesForCustomer(world.provider.id, adaCustomer, 3)).toEqual([
        entries[0],
        entries[2],
      ]);
      expect(await uow.repositories.consentLedger.entriesForCustomer(world.provider.id, adaCustomer, 2)).toEqual([
        entries[0],
      ]);
      expect(await uow.repositories.consentLedger.entriesForCustomer(world.other.id, adaCustomer, 9)).toEqual([
        entries[3],
      ]);
      // By e-mail alone.
      const byEmail = { id: randomUuid(), phone: "+10000000001", email: bob.email };
      expect(await uow.repositories.consentLedger.entriesForCustomer(world.provider.id, byEmail, 9)).toEqual([
        entries[1],
      ]);

      expect(await uow.repositories.consentLedger.links(world.provider.id, 2, 3)).toEqual([
        { ...entries[1], payload: "" },
        { ...entries[2], payload: "" },
      ]);
      expect(await uow.repositories.consentLedger.links(world.provider.id, 4, 9)).toEqual([]);
    });

    it("lists the heads with entries after their latest checkpoint, by team id, at most `limit`", async () => {
      const key = aSigningKey(minutes(0));
      await uow.transaction((scope) => scope.consentLedger.insertFirstSigningKey(key));
      const [first, second] = [world.provider.id, world.other.id].sort() as [string, string];
      const awaiting = await uow.repositories.consentLedger.headsAwaitingCheckpoint(10);
      expect(awaiting.map((head) => head.providerTeamId)).toEqual([first, second]);
      expect(await uow.repositories.consentLedger.headsAwaitingCheckpoint(1)).toEqual([awaiting[0]]);
      const providerHead = (await uow.repositories.consentLedger.head(world.provider.id)) as ChainHead;
      await uow.transaction((scope) =>
        scope.consentLedger.insertCheckpoint(aCheckpoint(world.provider.id, providerHead.seq, key.kid, minutes(5))),
      );
      expect(
        (await uow.repositories.consentLedger.headsAwaitingCheckpoint(10)).map((head) => head.providerTeamId),
      ).toEqual([world.other.id]);
    });

    it("refuses an entry at a position taken, and one of an unknown record, writing none", async () => {
      const head = (await uow.repositories.consentLedger.head(world.provider.id)) as ChainHead;
      const taken = {
        ...(await uow.repositories.consentLedger.links(world.provider.id, 1, 1))[0],
        payload: "x",
      } as ConsentLedgerEntry;
      await expect(uow.transaction((scope) => scope.consentLedger.append([taken], [head]))).rejects.toThrow();
      const unknown: ConsentLedgerEntry = { ...taken, seq: head.seq + 1, consentId: randomUuid() };
      await expect(
        uow.transaction((scope) => scope.consentLedger.append([unknown], [headOf(unknown)])),
      ).rejects.toThrow();
      expect(await uow.repositories.consentLedger.head(world.provider.id)).toEqual(head);
    });
  });
}
