/**
 * Contract of `WebhookLogRepository` (the portal's team-wide delivery log): keyset pages, filters,
 * endpoint health, an order's timeline, recovery progress. Attempts of the unsigned submission-URL
 * fallback (no webhook) are never part of it.
 *
 * @module
 */

import { beforeAll, describe, expect, it } from "vitest";
import { NotFoundError } from "../../src/errors.ts";
import { randomUuid } from "../../src/ids.ts";
import type { Team } from "../../src/teams/index.ts";
import type { Webhook, WebhookDelivery } from "../../src/webhooks/index.ts";
import { aTeam } from "./fixtures.ts";
import { anAttempt, anEvent, aWebhook } from "./fixtures-webhooks.ts";
import { openedStore } from "./opened-store.ts";
import type { ContractSubject } from "./subject.ts";

const T = Date.parse("2026-09-10T12:30:00.000Z");
const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(T - ms);

export function webhookLogContract(subject: ContractSubject): void {
  describe(`WebhookLogRepository (${subject.name})`, () => {
    const uow = openedStore(subject);
    let teamA: Team;
    let teamB: Team;
    let hookA: Required<Webhook>;
    let hookB: Required<Webhook>;
    let idle: Required<Webhook>;
    const orderId = randomUuid();
    const created = anEvent({}, { orderId, at: ago(60_000) });
    const changed = anEvent({}, { orderId, at: ago(0), type: "order.item.status_changed" });
    let attempts: Required<WebhookDelivery>[];
    let fallback: Required<WebhookDelivery>;

    beforeAll(async () => {
      teamA = aTeam("provider");
      teamB = aTeam("provider");
      hookA = aWebhook(teamA.id, { url: "https://a.example/h" });
      idle = aWebhook(teamA.id, { url: "https://a.example/idle" });
      hookB = aWebhook(teamB.id, { url: "https://b.example/h" });
      for (const event of [created, changed]) event.audience.providerTeamIds = [teamA.id];
      const attempt = (i: number, changes: Partial<WebhookDelivery>) =>
        anAttempt(hookA, created.id, {
          createdAt: ago((10 - i) * 1000),
          requestHeaders: { "X-Service-Signature": `t=1,v1=${i}` },
          ...changes,
        });
      attempts = [
        attempt(1, { success: false, statusCode: 500 }),
        attempt(2, { success: false, statusCode: null, attempt: 2 }),
        attempt(3, { trigger: "redelivery", attempt: 3 }),
        attempt(4, { eventId: changed.id, eventType: "order.item.status_changed" }),
        attempt(5, { webhookId: hookB.id, teamId: teamB.id, url: hookB.url }),
      ];
      fallback = anAttempt(hookA, created.id, { webhookId: null, url: "https://submit.example/", createdAt: ago(0) });
      await uow.transaction(async (scope) => {
        await scope.teams.insert(teamA);
        await scope.teams.insert(teamB);
        for (const hook of [hookA, idle, hookB]) await scope.webhooks.insert(hook);
        await scope.outbox.record([created, changed]);
        for (const row of [...attempts, fallback]) await scope.webhookDeliveries.insert(row);
      });
    });

    it("walks a team's attempts newest first by keyset pages, never another team's nor the fallback's", async () => {
      const seen: WebhookDelivery[] = [];
      let after: string | null = null;
      for (let i = 0; i < 5; i += 1) {
        const rows = await uow.repositories.webhookLog.listAttempts(teamA.id, {}, { kind: "page", limit: 2, after });
        seen.push(...rows.slice(0, 2));
        if (rows.length <= 2) break;
        after = rows[1]?.id ?? null;
      }
      expect(seen).toEqual(attempts.slice(0, 4).reverse());
      expect(await uow.repositories.webhookLog.listAttempts(teamA.id, {}, { kind: "all" })).toEqual(seen);
      const foreign = { kind: "page", limit: 2, after: attempts[4]?.id ?? null } as const;
      expect(await uow.repositories.webhookLog.listAttempts(teamA.id, {}, foreign)).toEqual([]);
    });

    it("filters by endpoint, type, outcome, status (0: no response), trigger, time, event and order", async () => {
      const page = { kind: "page", limit: 10, after: null } as const;
      const log = uow.repositories.webhookLog;
      const ids = async (teamId: string, filter: Parameters<typeof log.listAttempts>[1]) =>
        (await log.listAttempts(teamId, filter, page)).map((row) => attempts.findIndex((a) => a.id === row.id) + 1);
      expect(await ids(teamA.id, { outcome: "failed" })).toEqual([2, 1]);
      expect(await ids(teamA.id, { outcome: "succeeded" })).toEqual([4, 3]);
      expect(await ids(teamA.id, { statusCode: 0 })).toEqual([2]);
      expect(await ids(teamA.id, { statusCode: 500 })).toEqual([1]);
      expect(await ids(teamA.id, { trigger: "redelivery" })).toEqual([3]);
      expect(await ids(teamA.id, { eventType: "order.item.status_changed" })).toEqual([4]);
      expect(await ids(teamA.id, { eventId: changed.id })).toEqual([4]);
      expect(await ids(teamA.id, { from: ago(8000), to: ago(6000) })).toEqual([3, 2]);
      expect(await ids(teamA.id, { orderId })).toEqual([4, 3, 2, 1]);
      expect(await ids(teamA.id, { orderId: randomUuid() })).toEqual([]);
      expect(await ids(teamB.id, { orderId })).toEqual([5]);
      expect(await ids(teamA.id, { webhookId: hookB.id })).toEqual([]);
      expect(await ids(teamA.id, { webhookId: hookA.id, outcome: "failed", statusCode: 500 })).toEqual([1]);
      // The cursor is any attempt of the team, whether or not it passes the filter.
      const afterSuccess = { kind: "page", limit: 10, after: attempts[2]?.id ?? null } as const;
      expect(await log.listAttempts(teamA.id, { outcome: "failed" }, afterSuccess)).toEqual([attempts[1], attempts[0]]);
    });

    it("finds one attempt of the team's webhooks only", async () => {
      const log = uow.repositories.webhookLog;
      expect(await log.findAttempt(teamB.id, attempts[4]?.id ?? "")).toEqual(attempts[4]);
      expect(await log.findAttempt(teamA.id, attempts[4]?.id ?? "")).toBeNull();
      expect(await log.findAttempt(teamA.id, fallback.id)).toBeNull();
    });

    it("sums each endpoint's attempts since a time, with its latest attempt; endpoints idle since are left out", async () => {
      const log = uow.repositories.webhookLog;
      const healthA = { webhookId: hookA.id, attempts: 4, successes: 2, lastAttemptAt: ago(6000) };
      expect(await log.health(teamA.id, ago(24 * HOUR))).toEqual([
        { ...healthA, lastStatusCode: 200, lastSuccess: true },
      ]);
      const old = anEvent({ providers: [teamA.id] }, { at: ago(30 * HOUR) });
      await uow.transaction(async (scope) => {
        await scope.outbox.record([old]);
        await scope.webhookDeliveries.insert(
          anAttempt(hookA, old.id, { createdAt: ago(30 * HOUR), success: false, statusCode: 500 }),
        );
        await scope.webhookDeliveries.insert(
          anAttempt(idle, old.id, { createdAt: ago(30 * HOUR), success: false, statusCode: 503 }),
        );
      });
      expect(await log.health(teamA.id, ago(24 * HOUR))).toEqual([
        { ...healthA, lastStatusCode: 200, lastSuccess: true },
      ]);
      const longer = await log.health(teamA.id, ago(31 * HOUR));
      expect(longer.sort((a, b) => (a.webhookId === hookA.id ? -1 : b.webhookId === hookA.id ? 1 : 0))).toEqual([
        { ...healthA, attempts: 5, lastStatusCode: 200, lastSuccess: true },
        {
          webhookId: idle.id,
          attempts: 1,
          successes: 0,
          lastAttemptAt: ago(30 * HOUR),
          lastStatusCode: 503,
          lastSuccess: false,
        },
      ]);
      expect(await log.health(aTeam().id, ago(31 * HOUR))).toEqual([]);
    });

    it("counts health exactly from `since`, not from the start of its hour", async () => {
      const team = aTeam("provider");
      const hook = aWebhook(team.id);
      const event = anEvent({ providers: [team.id] }, { at: ago(25 * HOUR) });
      const minutes = (n: number) => n * 60_000;
      await uow.transaction(async (scope) => {
        await scope.teams.insert(team);
        await scope.webhooks.insert(hook);
        await scope.outbox.record([event]);
        for (const [at, success] of [
          [ago(24 * HOUR + minutes(10)), true], // 12:20, in the hour holding since (12:30), before it
          [ago(24 * HOUR - minutes(10)), true], // 12:40, after since in the same hour
          [ago(23 * HOUR), false], // 13:30, a whole hour
          [ago(0), true],
        ] as const) {
          await scope.webhookDeliveries.insert(anAttempt(hook, event.id, { createdAt: at, success }));
        }
      });
      const log = uow.repositories.webhookLog;
      const latest = { webhookId: hook.id, lastAttemptAt: ago(0), lastStatusCode: 200, lastSuccess: true };
      expect(await log.health(team.id, ago(24 * HOUR))).toEqual([{ ...latest, attempts: 3, successes: 2 }]);
      // A since on the hour: the 12:20 attempt is in.
      expect(await log.health(team.id, ago(24 * HOUR + minutes(30)))).toEqual([
        { ...latest, attempts: 4, successes: 3 },
      ]);
      expect(await log.health(team.id, ago(24 * HOUR - minutes(10)))).toEqual([
        { ...latest, attempts: 3, successes: 2 },
      ]);
      expect(await log.health(team.id, ago(24 * HOUR - minutes(10) + 1))).toEqual([
        { ...latest, attempts: 3, successes: 2 },
      ]);
      expect(await log.health(team.id, ago(24 * HOUR - minutes(10) - 1))).toEqual([
        { ...latest, attempts: 2, successes: 1 },
      ]);
    });

    it("gives an order's events for the team by sequence (none first), each with its attempts oldest first", async () => {
      const unnumbered = anEvent({ providers: [teamA.id] }, { orderId, at: ago(-1000), type: "order.cancelled" });
      await uow.transaction((scope) => scope.webhookDeliveries.insertEvent(unnumbered));
      const log = uow.repositories.webhookLog;
      const types = ["order.created", "order.item.status_changed", "order.cancelled"] as const;
      expect(await log.orderTimeline(teamA.id, orderId, types)).toEqual([
        { id: unnumbered.id, type: "order.cancelled", createdAt: unnumbered.createdAt, sequence: null, attempts: [] },
        {
          id: created.id,
          type: "order.created",
          createdAt: created.createdAt,
          sequence: 1,
          attempts: attempts.slice(0, 3),
        },
        {
          id: changed.id,
          type: "order.item.status_changed",
          createdAt: changed.createdAt,
          sequence: 2,
          attempts: [attempts[3]],
        },
      ]);
      expect((await log.orderTimeline(teamA.id, orderId, ["order.created"])).map((event) => event.id)).toEqual([
        created.id,
      ]);
      expect(await log.orderTimeline(teamB.id, orderId, types)).toEqual([]);
      expect(await log.orderTimeline(teamA.id, randomUuid(), types)).toEqual([]);
    });

    it("tells a recovery's progress: events left and recovery attempts made since it started", async () => {
      const log = uow.repositories.webhookLog;
      expect(await log.recovery(teamB.id, hookB.id)).toBeNull();
      const startedAt = ago(-HOUR);
      const request = { webhookId: hookB.id, eventIds: [created.id, changed.id], at: startedAt, staleAfterMs: HOUR };
      expect(await uow.transaction((scope) => scope.deliveryQueue.startRecovery(request))).toBe(true);
      expect(await log.recovery(teamB.id, hookB.id)).toEqual({ webhookId: hookB.id, startedAt, pending: 2, sent: 0 });
      expect(await log.recovery(teamA.id, hookB.id)).toBeNull();
      await uow.transaction(async (scope) => {
        const recovery = { trigger: "recovery" as const, success: false };
        await scope.webhookDeliveries.insert(anAttempt(hookB, created.id, { ...recovery, createdAt: ago(0) }));
        await scope.webhookDeliveries.insert(anAttempt(hookB, created.id, { ...recovery, createdAt: startedAt }));
        await scope.webhookDeliveries.insert(anAttempt(hookB, changed.id, { createdAt: ago(-2 * HOUR) }));
      });
      expect(await log.recovery(teamB.id, hookB.id)).toEqual({ webhookId: hookB.id, startedAt, pending: 2, sent: 1 });
      // In progress (not stale, events left): a second recovery is refused until it goes stale.
      const again = { ...request, at: ago(-HOUR - 1000) };
      expect(await uow.transaction((scope) => scope.deliveryQueue.startRecovery(again))).toBe(false);
      const later = { ...request, eventIds: [created.id], at: ago(-2 * HOUR - 1) };
      expect(await uow.transaction((scope) => scope.deliveryQueue.startRecovery(later))).toBe(true);
      expect(await log.recovery(teamB.id, hookB.id)).toEqual({
        webhookId: hookB.id,
        startedAt: later.at,
        pending: 1,
        sent: 0,
      });
    });

    it("refuses a recovery of an unknown or deleted webhook with NotFoundError; the transaction goes on", async () => {
      const gone = aWebhook(teamA.id);
      await uow.transaction(async (scope) => {
        await scope.webhooks.insert(gone);
        await scope.webhooks.delete(teamA.id, gone.id);
      });
      for (const webhookId of [gone.id, randomUuid()]) {
        const request = { webhookId, eventIds: [created.id], at: ago(0), staleAfterMs: HOUR };
        const outcome = await uow.transaction(async (scope) => {
          const error = await scope.deliveryQueue.startRecovery(request).catch((e: unknown) => e);
          // A statement after it still runs: the refusal did not abort the transaction.
          return { error, hook: await scope.webhooks.findById(teamA.id, hookA.id) };
        });
        expect(outcome.error).toBeInstanceOf(NotFoundError);
        expect(outcome.hook?.id).toBe(hookA.id);
        expect(await uow.repositories.webhookLog.recovery(teamA.id, webhookId)).toBeNull();
      }
    });
  });
}
