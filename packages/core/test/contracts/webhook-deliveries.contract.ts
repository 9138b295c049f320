/**
 * Contract of `WebhookDeliveryRepository`: a webhook's attempts, and the stored events they carry
 * (the events API's reads, recovery's selection).
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import type { EventFilter } from "../../src/events/index.ts";
import { type DomainEvent, EVENT_TYPES, toEnvelope } from "../../src/events/index.ts";
import type { DeliverableEvent, Webhook } from "../../src/webhooks/index.ts";
import { aTeam } from "./fixtures.ts";
import { anAttempt, anEvent, aTeamWithWebhooks, aWebhook } from "./fixtures-webhooks.ts";
import { openedStore } from "./opened-store.ts";
import type { ContractSubject } from "./subject.ts";

const EVERY_TYPE: EventFilter = { types: EVENT_TYPES, createdAfter: null, createdBefore: null };
const minute = (n: number) => new Date(Date.UTC(2026, 10, 1, 0, n));

export function webhookDeliveryContract(subject: ContractSubject): void {
  describe(`WebhookDeliveryRepository (${subject.name})`, () => {
    const uow = openedStore(subject);

    const hooked = (...changes: Partial<Webhook>[]) => aTeamWithWebhooks(uow, "hybrid", ...changes);

    it("records attempts and lists a webhook's newest first, by pages; finds one of the webhook's", async () => {
      const { hooks } = await hooked({}, {});
      const [hook, other] = hooks as [Required<Webhook>, Required<Webhook>];
      const event = anEvent({ providers: [hook.teamId] });
      const attempts = [
        anAttempt(hook, event.id, { createdAt: minute(1), success: false, statusCode: null, responseBody: "timeout" }),
        anAttempt(hook, event.id, { createdAt: minute(2), attempt: 2, requestHeaders: { "x-a": "1" } }),
        anAttempt(hook, event.id, { createdAt: minute(2), attempt: 3, responseHeaders: { "content-type": "text" } }),
        anAttempt(hook, event.id, { createdAt: minute(3), attempt: 4, trigger: "recovery" }),
      ];
      const { requestHeaders: _, responseHeaders: __, ...withoutHeaders } = anAttempt(other, event.id);
      await uow.transaction(async (scope) => {
        await scope.outbox.record([event]);
        for (const attempt of attempts) await scope.webhookDeliveries.insert(attempt);
        await scope.webhookDeliveries.insert(withoutHeaders);
      });
      const deliveries = uow.repositories.webhookDeliveries;
      const expected = [...attempts].sort(
        (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
      );
      expect(await deliveries.list(hook.id, { kind: "all" })).toEqual(expected);
      expect(await deliveries.list(hook.id, { kind: "page", limit: 2, after: null })).toEqual(expected.slice(0, 3));
      expect(await deliveries.list(hook.id, { kind: "page", limit: 2, after: expected[1]?.id ?? null })).toEqual(
        expected.slice(2, 4),
      );
      expect(await deliveries.list(hook.id, { kind: "page", limit: 2, after: withoutHeaders.id })).toEqual([]);
      expect(await deliveries.findById(other.id, withoutHeaders.id)).toEqual({
        ...withoutHeaders,
        requestHeaders: null,
        responseHeaders: null,
      });
      expect(await deliveries.findById(hook.id, withoutHeaders.id)).toBeNull();
      expect(await deliveries.lastAttempt(event.id, hook.id)).toBe(4);
      expect(await deliveries.lastAttempt(event.id, aWebhook(hook.teamId).id)).toBe(0);
    });

    it("skips an attempt at a webhook deleted meanwhile, and keeps the unsigned fallback's (no webhook)", async () => {
      const { team, hooks } = await hooked({});
      const hook = hooks[0] as Required<Webhook>;
      const event = anEvent({ providers: [team.id] });
      await uow.transaction(async (scope) => {
        await scope.outbox.record([event]);
        await scope.webhooks.delete(team.id, hook.id);
      });
      await uow.repositories.webhookDeliveries.insert(anAttempt(hook, event.id));
      expect(await uow.repositories.webhookDeliveries.lastAttempt(event.id, hook.id)).toBe(0);
      const fallback = anAttempt({ id: "", teamId: team.id, url: "https://submit.example/" }, event.id, {
        webhookId: null,
      });
      await uow.repositories.webhookDeliveries.insert(fallback);
      await expect(uow.repositories.webhookDeliveries.insert(fallback)).rejects.toThrow();
    });

    it("skips an attempt at a deleted webhook inside a transaction too, which goes on and commits", async () => {
      const { team, hooks } = await hooked({}, {});
      const [gone, kept] = hooks as [Required<Webhook>, Required<Webhook>];
      const event = anEvent({ providers: [team.id] });
      await uow.transaction(async (scope) => {
        await scope.outbox.record([event]);
        await scope.webhooks.delete(team.id, gone.id);
      });
      await uow.transaction(async (scope) => {
        await scope.webhookDeliveries.insert(anAttempt(gone, event.id));
        await scope.webhookDeliveries.insert(anAttempt(kept, event.id, { attempt: 2 }));
      });
      expect(await uow.repositories.webhookDeliveries.lastAttempt(event.id, gone.id)).toBe(0);
      expect(await uow.repositories.webhookDeliveries.lastAttempt(event.id, kept.id)).toBe(2);
    });

    it("stores the test event for direct delivery: found, without delivery hints or a sequence", async () => {
      const { team } = await hooked();
      const { delivery: _, ...event } = anEvent({ providers: [team.id] }, { orderId: "x", submissionUrl: "https://s" });
      const test: DeliverableEvent = { ...event, type: "webhook.test" };
      await uow.transaction((scope) =>
        scope.webhookDeliveries.insertEvent({ ...test, delivery: { submissionUrl: "x" } }),
      );
      expect(await uow.repositories.webhookDeliveries.findEvent(test.id)).toEqual(test);
      expect(await uow.repositories.webhookDeliveries.findEvent(anEvent({}).id)).toBeNull();
      // Not an event type a team lists.
      expect(await uow.repositories.webhookDeliveries.listTeamEvents(team.id, EVERY_TYPE, { kind: "all" })).toEqual([]);
    });

    it("lists a team's events newest first, each once, paged by cursor", async () => {
      const { team } = await hooked();
      const other = aTeam("provider");
      const ids: string[] = [];
      const events: DomainEvent[] = [];
      // 30 events: every third one the team's (as provider and reseller at once for some), the rest another team's.
      for (let i = 0; i < 30; i++) {
        const mine = i % 3 === 0;
        const event = anEvent(
          { providers: [mine ? team.id : other.id], resellers: i % 6 === 0 ? [team.id] : [] },
          { at: minute(i) },
        );
        events.push(event);
        if (mine) ids.unshift(event.id);
      }
      await uow.transaction((scope) => scope.outbox.record(events));
      const deliveries = uow.repositories.webhookDeliveries;
      const first = await deliveries.listTeamEvents(team.id, EVERY_TYPE, { kind: "page", limit: 4, after: null });
      expect(first.map((event) => event.id)).toEqual(ids.slice(0, 5));
      const second = await deliveries.listTeamEvents(team.id, EVERY_TYPE, {
        kind: "page",
        limit: 4,
        after: ids[3] ?? null,
      });
      expect(second.map((event) => event.id)).toEqual(ids.slice(4, 9));
      const all = await deliveries.listTeamEvents(team.id, EVERY_TYPE, { kind: "all" });
      expect(all).toEqual(
        events
          .filter((event) => ids.includes(event.id))
          .reverse()
          .map(toEnvelope),
      );
      // Another team's event as the cursor ends the walk.
      const foreign = events[1]?.id ?? null;
      expect(await deliveries.listTeamEvents(team.id, EVERY_TYPE, { kind: "page", limit: 4, after: foreign })).toEqual(
        [],
      );
    });

    it("filters a team's events by type and by exclusive bounds; the cursor need not pass the filter", async () => {
      const { team } = await hooked();
      const audience = { providers: [team.id] };
      const events = [
        anEvent(audience, { at: minute(1) }),
        anEvent(audience, { at: minute(2), type: "order.cancelled" }),
        anEvent(audience, { at: minute(3) }),
        anEvent(audience, { at: minute(4), type: "order.cancelled" }),
        anEvent(audience, { at: minute(5) }),
      ];
      await uow.transaction((scope) => scope.outbox.record(events));
      const [e1, e2, e3, e4, e5] = events.map(toEnvelope) as [
        ReturnType<typeof toEnvelope>,
        ...ReturnType<typeof toEnvelope>[],
      ];
      const deliveries = uow.repositories.webhookDeliveries;
      const created = { ...EVERY_TYPE, types: ["order.created" as const] };
      expect(await deliveries.listTeamEvents(team.id, created, { kind: "all" })).toEqual([e5, e3, e1]);
      const bounded = { ...EVERY_TYPE, createdAfter: minute(1), createdBefore: minute(5) };
      expect(await deliveries.listTeamEvents(team.id, bounded, { kind: "all" })).toEqual([e4, e3, e2]);
      expect(
        await deliveries.listTeamEvents(team.id, created, { kind: "page", limit: 5, after: e4?.id ?? null }),
      ).toEqual([e3, e1]);
      expect(await deliveries.findTeamEvent(team.id, e2?.id ?? "", EVERY_TYPE)).toEqual(e2);
      expect(await deliveries.findTeamEvent(team.id, e2?.id ?? "", created)).toBeNull();
      expect(await deliveries.findTeamEvent(team.id, e2?.id ?? "", bounded)).toEqual(e2);
      expect(await deliveries.findTeamEvent(aTeam().id, e2?.id ?? "", EVERY_TYPE)).toBeNull();
    });

    it("finds the events of a webhook's subscription in a window whose latest attempt failed or never was", async () => {
      const { team, hooks } = await hooked({ events: ["order.created", "order.cancelled"] });
      const hook = hooks[0] as Required<Webhook>;
      const audience = { resellers: [team.id] };
      const never = anEvent(audience, { at: minute(10) });
      const failedLast = anEvent(audience, { at: minute(11) });
      const succeededLast = anEvent(audience, { at: minute(12) });
      const cancelled = anEvent(audience, { at: minute(13), type: "order.cancelled" });
      const unsubscribed = anEvent(audience, { at: minute(14), type: "order.item.created" });
      const othersEvent = anEvent({ providers: [aTeam().id] }, { at: minute(15) });
      const outside = anEvent(audience, { at: minute(16) });
      const all = [never, failedLast, succeededLast, cancelled, unsubscribed, othersEvent, outside];
      await uow.transaction(async (scope) => {
        await scope.outbox.record(all);
        const attempt = anAttempt.bind(null, hook);
        await scope.webhookDeliveries.insert(attempt(failedLast.id, { createdAt: minute(20), success: true }));
        await scope.webhookDeliveries.insert(
          attempt(failedLast.id, { createdAt: minute(21), success: false, attempt: 2 }),
        );
        await scope.webhookDeliveries.insert(attempt(succeededLast.id, { createdAt: minute(20), success: false }));
        await scope.webhookDeliveries.insert(attempt(succeededLast.id, { createdAt: minute(21), attempt: 2 }));
        await scope.webhookDeliveries.insert(attempt(cancelled.id, { createdAt: minute(21), success: false }));
      });
      expect(await uow.repositories.webhookDeliveries.findRecoverable(hook, minute(10), minute(15))).toEqual([
        never.id,
        failedLast.id,
        cancelled.id,
      ]);
      expect(await uow.repositories.webhookDeliveries.findRecoverable(hook, minute(11), minute(11))).toEqual([
        failedLast.id,
      ]);
    });
  });
}
