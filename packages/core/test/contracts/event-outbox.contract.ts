/**
 * Contract of `EventOutbox` (with the events reads of `WebhookDeliveryRepository`): events recorded
 * in a transaction exist if and only if it commits; committed ones are read back, an order's events
 * numbered in sequence; a delivery round sends each event once to every subscribed webhook.
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import type { EventFilter } from "../../src/events/index.ts";
import { EVENT_TYPES, toEnvelope } from "../../src/events/index.ts";
import { randomUuid } from "../../src/ids.ts";
import { RecordingWebhookTransport } from "../../src/testing/recording-webhook-transport.ts";
import { deliverEvent } from "../../src/webhooks/index.ts";
import { aTeam } from "./fixtures.ts";
import { anEvent, aWebhook } from "./fixtures-webhooks.ts";
import { openedStore } from "./opened-store.ts";
import type { ContractSubject } from "./subject.ts";

const EVERY_TYPE: EventFilter = { types: EVENT_TYPES, createdAfter: null, createdBefore: null };

export function eventOutboxContract(subject: ContractSubject): void {
  describe(`EventOutbox (${subject.name})`, () => {
    const uow = openedStore(subject);

    /** Runs the first subscription round of the event, as the worker's task does. */
    async function deliverOnce(eventId: string) {
      const transport = new RecordingWebhookTransport();
      const round = await deliverEvent(
        { eventId, attempt: 1, trigger: "event" },
        { webhooks: uow.repositories.webhooks, deliveries: uow.repositories.webhookDeliveries, transport },
      );
      return { transport, round };
    }

    it("keeps nothing of the events of a transaction that throws", async () => {
      const team = aTeam("provider");
      await uow.transaction((scope) => scope.teams.insert(team));
      const event = anEvent({ providers: [team.id] });
      await expect(
        uow.transaction(async (scope) => {
          await scope.outbox.record([event]);
          expect(await scope.webhookDeliveries.findEvent(event.id)).not.toBeNull();
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      expect(await uow.repositories.webhookDeliveries.findEvent(event.id)).toBeNull();
      expect(await uow.repositories.webhookDeliveries.listTeamEvents(team.id, EVERY_TYPE, { kind: "all" })).toEqual([]);
    });

    it("stores committed events as recorded, numbering an order's events in sequence across transactions", async () => {
      const provider = aTeam("provider");
      const reseller = aTeam("reseller");
      const orderA = randomUuid();
      const orderB = randomUuid();
      const audience = { providers: [provider.id], resellers: [reseller.id] };
      const at = (second: number) => new Date(Date.parse("2026-05-01T10:00:00.000Z") + second * 1000);
      const first = anEvent(audience, { orderId: orderA, at: at(1), submissionUrl: "https://submit.example/in" });
      const second = anEvent(audience, { type: "order.item.created", orderId: orderA, at: at(1) });
      const other = anEvent(audience, { orderId: orderB, at: at(2), data: { note: "x", missing: undefined } });
      const plain = anEvent({ providers: [provider.id] }, { type: "order.consent_recorded", at: at(3) });
      const third = anEvent(audience, { type: "order.cancelled", orderId: orderA, at: at(4) });
      await uow.transaction(async (scope) => {
        await scope.teams.insert(provider);
        await scope.teams.insert(reseller);
        await scope.outbox.record([first, second, other, plain]);
      });
      await uow.transaction((scope) => scope.outbox.record([]));
      await uow.transaction((scope) => scope.outbox.record([third]));

      const deliveries = uow.repositories.webhookDeliveries;
      expect(await deliveries.findEvent(first.id)).toEqual({ ...first, data: { ...first.data, sequence: 1 } });
      expect(await deliveries.findEvent(second.id)).toEqual({ ...second, data: { ...second.data, sequence: 2 } });
      expect(await deliveries.findEvent(third.id)).toEqual({ ...third, data: { ...third.data, sequence: 3 } });
      expect(await deliveries.findEvent(other.id)).toEqual({
        ...other,
        data: { orderId: orderB, note: "x", training: false, sequence: 1 },
      });
      expect(await deliveries.findEvent(plain.id)).toEqual(plain);

      const envelope = async (event: typeof first) =>
        toEnvelope((await deliveries.findEvent(event.id)) as typeof first);
      const newestFirst = [third, plain, other, ...[first, second].sort((a, b) => (a.id < b.id ? 1 : -1))];
      const expected = await Promise.all(newestFirst.map(envelope));
      expect(await deliveries.listTeamEvents(provider.id, EVERY_TYPE, { kind: "all" })).toEqual(expected);
      expect(await deliveries.listTeamEvents(reseller.id, EVERY_TYPE, { kind: "all" })).toEqual(
        expected.filter((event) => event.id !== plain.id),
      );
    });

    it("records an event once even when it is recorded with an id already stored, and rolls back with it", async () => {
      const team = aTeam("provider");
      const event = anEvent({ providers: [team.id] });
      await uow.transaction(async (scope) => {
        await scope.teams.insert(team);
        await scope.outbox.record([event]);
      });
      const again = { ...event, data: { ...event.data, note: "again" } };
      await expect(uow.transaction((scope) => scope.outbox.record([again]))).rejects.toThrow();
      expect(await uow.repositories.webhookDeliveries.findEvent(event.id)).toEqual(event);
      // Recorded before another write or after it: the transaction fails whole, wherever the store writes them.
      const bystander = aTeam("provider");
      await expect(
        uow.transaction(async (scope) => {
          await scope.outbox.record([again]);
          await scope.teams.insert(bystander);
        }),
      ).rejects.toThrow();
      expect(await uow.repositories.teams.findById(bystander.id)).toBeNull();
    });

    it("delivers a committed event once to each active webhook subscribed to its type", async () => {
      const provider = aTeam("provider");
      const hybrid = aTeam("hybrid");
      const bystander = aTeam("provider");
      const bare = aTeam("provider");
      const subscribed = aWebhook(provider.id, { events: ["order.cancelled", "order.created"] });
      const alsoSubscribed = aWebhook(provider.id);
      const paused = aWebhook(provider.id, { isActive: false });
      const otherType = aWebhook(provider.id, { events: ["order.cancelled"] });
      const hybridHook = aWebhook(hybrid.id);
      const notInAudience = aWebhook(bystander.id);
      await uow.transaction(async (scope) => {
        for (const team of [provider, hybrid, bystander, bare]) await scope.teams.insert(team);
        for (const webhook of [subscribed, alsoSubscribed, paused, otherType, hybridHook, notInAudience]) {
          await scope.webhooks.insert(webhook);
        }
      });
      const event = anEvent({ providers: [provider.id, hybrid.id, bare.id], resellers: [hybrid.id] });
      await uow.transaction((scope) => scope.outbox.record([event]));

      const { transport, round } = await deliverOnce(event.id);
      expect(round.outcome).toBe("delivered");
      const targets = [subscribed, alsoSubscribed, hybridHook];
      expect(transport.requests.map((request) => request.url).sort()).toEqual(targets.map((w) => w.url).sort());
      for (const request of transport.requests) expect(JSON.parse(request.body)).toEqual(toEnvelope(event));
      for (const webhook of targets) {
        const log = await uow.repositories.webhookDeliveries.list(webhook.id, { kind: "all" });
        expect(log.map(({ eventId, attempt, trigger, success }) => ({ eventId, attempt, trigger, success }))).toEqual([
          { eventId: event.id, attempt: 1, trigger: "event", success: true },
        ]);
      }
      for (const webhook of [paused, otherType, notInAudience]) {
        expect(await uow.repositories.webhookDeliveries.list(webhook.id, { kind: "all" })).toEqual([]);
      }
    });

    it("sends an item's submission URL unsigned to the providers without any webhook", async () => {
      const withHook = aTeam("provider");
      const withPausedHook = aTeam("provider");
      const without = aTeam("provider");
      const hook = aWebhook(withHook.id, { events: ["order.item.created"] });
      await uow.transaction(async (scope) => {
        for (const team of [withHook, withPausedHook, without]) await scope.teams.insert(team);
        await scope.webhooks.insert(hook);
        await scope.webhooks.insert(aWebhook(withPausedHook.id, { events: ["order.item.created"], isActive: false }));
      });
      const submissionUrl = "https://submit.example/orders";
      const event = anEvent(
        { providers: [withHook.id, withPausedHook.id, without.id] },
        { type: "order.item.created", submissionUrl },
      );
      await uow.transaction((scope) => scope.outbox.record([event]));
      const { transport, round } = await deliverOnce(event.id);
      expect(round.outcome).toBe("delivered");
      expect(transport.requests.map((request) => request.url).sort()).toEqual([hook.url, submissionUrl].sort());
      const unsigned = transport.requestsTo(submissionUrl)[0];
      expect(Object.keys(unsigned?.headers ?? {}).some((name) => /signature/i.test(name))).toBe(false);
      expect(round.outcome === "delivered" && round.deliveries.find((d) => d.url === submissionUrl)).toMatchObject({
        webhookId: null,
        teamId: without.id,
      });
    });
  });
}
