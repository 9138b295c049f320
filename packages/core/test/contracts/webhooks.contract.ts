/**
 * Contract of `WebhookRepository`: a team's webhooks (scoped reads and writes, newest first), secret
 * rotation, target resolution for delivery, and endpoint health (auto-disable).
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import type { Webhook } from "../../src/webhooks/index.ts";
import { aTeam } from "./fixtures.ts";
import { anAttempt, anEvent, aTeamWithWebhooks, aWebhook } from "./fixtures-webhooks.ts";
import { openedStore } from "./opened-store.ts";
import type { ContractSubject } from "./subject.ts";

const HOUR = 60 * 60 * 1000;

export function webhookContract(subject: ContractSubject): void {
  describe(`WebhookRepository (${subject.name})`, () => {
    const uow = openedStore(subject);

    const teamWith = (...changes: Partial<Webhook>[]) => aTeamWithWebhooks(uow, "provider", ...changes);

    it("stores a webhook with every field given, the service's own included, and finds it only within its team", async () => {
      const { team } = await teamWith();
      const other = aTeam("provider");
      await uow.transaction((scope) => scope.teams.insert(other));
      const at = new Date("2026-03-04T05:06:07.089Z");
      const hook = aWebhook(team.id, {
        events: ["order.cancelled", "order.created"],
        signatureScheme: "standard",
        previousSecret: "whsec_old",
        previousSecretExpiresAt: at,
        // Stored as given, as every other field (a webhook disabled by the service, moved in).
        isActive: false,
        disabledReason: "gone",
        disabledAt: at,
        failingSince: at,
      });
      const { signatureScheme: _, ...withoutScheme } = aWebhook(team.id);
      await uow.transaction(async (scope) => {
        await scope.webhooks.insert(hook);
        await scope.webhooks.insert(withoutScheme);
      });
      expect(await uow.repositories.webhooks.findById(team.id, hook.id)).toEqual(hook);
      expect(await uow.repositories.webhooks.findForDelivery(hook.id)).toEqual(hook);
      expect(await uow.repositories.webhooks.findById(team.id, withoutScheme.id)).toEqual({
        ...withoutScheme,
        signatureScheme: "service",
      });
      expect(await uow.repositories.webhooks.findById(other.id, hook.id)).toBeNull();
      expect(await uow.repositories.webhooks.findForDelivery(aWebhook(team.id).id)).toBeNull();
    });

    it("refuses a webhook of a team that does not exist, and a second one with the same id", async () => {
      const { team, hooks } = await teamWith({});
      const orphan = aWebhook(aTeam().id);
      await expect(uow.transaction((scope) => scope.webhooks.insert(orphan))).rejects.toThrow();
      expect(await uow.repositories.webhooks.findForDelivery(orphan.id)).toBeNull();
      const again = { ...(hooks[0] as Webhook), url: "https://again.example/" };
      await expect(uow.transaction((scope) => scope.webhooks.insert(again))).rejects.toThrow();
      expect((await uow.repositories.webhooks.findById(team.id, again.id))?.url).toBe(hooks[0]?.url);
    });

    it("lists a team's webhooks newest first, id as the tie-break, by pages", async () => {
      const base = Date.parse("2026-02-01T00:00:00.000Z");
      const { team, hooks } = await teamWith(
        { createdAt: new Date(base) },
        { createdAt: new Date(base + 1000) },
        { createdAt: new Date(base + 1000) },
        { createdAt: new Date(base + 2000) },
      );
      await teamWith({ createdAt: new Date(base + 5000) });
      const expected = [...hooks].sort(
        (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
      );
      const webhooks = uow.repositories.webhooks;
      expect(await webhooks.list(team.id, { kind: "all" })).toEqual(expected);
      expect(await webhooks.list(team.id, { kind: "page", limit: 2, after: null })).toEqual(expected.slice(0, 3));
      expect(await webhooks.list(team.id, { kind: "page", limit: 2, after: expected[1]?.id ?? null })).toEqual(
        expected.slice(2, 4),
      );
      expect(await webhooks.list(team.id, { kind: "page", limit: 2, after: aWebhook(team.id).id })).toEqual([]);
      expect(await webhooks.list(aTeam().id, { kind: "all" })).toEqual([]);
    });

    it("updates the fields given; re-enabling clears what the service recorded when it disabled it", async () => {
      const { team, hooks } = await teamWith({});
      const hook = hooks[0] as Required<Webhook>;
      const t1 = new Date("2026-04-01T00:00:00.000Z");
      const t2 = new Date("2026-04-02T00:00:00.000Z");
      await uow.transaction((scope) =>
        scope.webhooks.recordHealth(hook.id, { at: t1, success: false, gone: true, disableAfterMs: HOUR }),
      );
      const paused = await uow.transaction((scope) =>
        scope.webhooks.update(team.id, hook.id, { url: "https://new.example/x", updatedAt: t1 }),
      );
      expect(paused).toEqual({
        ...hook,
        url: "https://new.example/x",
        isActive: false,
        disabledReason: "gone",
        disabledAt: t1,
        failingSince: t1,
        updatedAt: t1,
      });
      const enabled = await uow.transaction((scope) =>
        scope.webhooks.update(team.id, hook.id, { isActive: true, events: ["order.cancelled"], updatedAt: t2 }),
      );
      expect(enabled).toEqual({ ...hook, url: "https://new.example/x", events: ["order.cancelled"], updatedAt: t2 });
      expect(await uow.repositories.webhooks.findById(team.id, hook.id)).toEqual(enabled);
      expect(
        await uow.transaction((scope) =>
          scope.webhooks.update(aTeam().id, hook.id, { isActive: false, updatedAt: t2 }),
        ),
      ).toBeNull();
    });

    it("rotates the secret: the current one becomes the previous one until the given time", async () => {
      const { team, hooks } = await teamWith({});
      const hook = hooks[0] as Required<Webhook>;
      const rotation = {
        secret: "whsec_new",
        previousSecretExpiresAt: new Date("2026-05-02T00:00:00.000Z"),
        updatedAt: new Date("2026-05-01T00:00:00.000Z"),
      };
      const rotated = await uow.transaction((scope) => scope.webhooks.rotateSecret(team.id, hook.id, rotation));
      expect(rotated).toEqual({ ...hook, ...rotation, previousSecret: hook.secret });
      const again = await uow.transaction((scope) =>
        scope.webhooks.rotateSecret(team.id, hook.id, { ...rotation, secret: "whsec_newer" }),
      );
      expect(again).toMatchObject({ secret: "whsec_newer", previousSecret: "whsec_new" });
      expect(await uow.transaction((scope) => scope.webhooks.rotateSecret(aTeam().id, hook.id, rotation))).toBeNull();
    });

    it("deletes a team's webhook with its delivery log; another team's is left alone", async () => {
      const { team, hooks } = await teamWith({}, {});
      const [gone, kept] = hooks as [Required<Webhook>, Required<Webhook>];
      const event = anEvent({ providers: [team.id] });
      await uow.transaction(async (scope) => {
        await scope.outbox.record([event]);
        await scope.webhookDeliveries.insert(anAttempt(gone, event.id));
        await scope.webhookDeliveries.insert(anAttempt(kept, event.id));
      });
      expect(await uow.transaction((scope) => scope.webhooks.delete(aTeam().id, gone.id))).toBe(false);
      expect(await uow.transaction((scope) => scope.webhooks.delete(team.id, gone.id))).toBe(true);
      expect(await uow.transaction((scope) => scope.webhooks.delete(team.id, gone.id))).toBe(false);
      expect(await uow.repositories.webhooks.findById(team.id, gone.id)).toBeNull();
      expect(await uow.repositories.webhookDeliveries.list(gone.id, { kind: "all" })).toEqual([]);
      expect(await uow.repositories.webhookDeliveries.list(kept.id, { kind: "all" })).toHaveLength(1);
      expect(await uow.repositories.webhookDeliveries.lastAttempt(event.id, gone.id)).toBe(0);
    });

    it("finds the active webhooks of the teams subscribed to a type, oldest first, and the teams with any", async () => {
      const base = Date.parse("2026-06-01T00:00:00.000Z");
      const { team: a, hooks: aHooks } = await teamWith(
        { createdAt: new Date(base + 2000), events: ["order.cancelled", "order.created"] },
        { createdAt: new Date(base), isActive: false },
        { createdAt: new Date(base), events: ["order.cancelled"] },
      );
      const { team: b, hooks: bHooks } = await teamWith({ createdAt: new Date(base + 1000) });
      const { team: none } = await teamWith();
      const { team: pausedOnly } = await teamWith({ isActive: false });
      const webhooks = uow.repositories.webhooks;
      expect(await webhooks.findSubscribed([a.id, b.id, none.id, a.id], "order.created")).toEqual([
        bHooks[0],
        aHooks[0],
      ]);
      expect(await webhooks.findSubscribed([a.id], "order.consent_revoked")).toEqual([]);
      expect(await webhooks.findSubscribed([], "order.created")).toEqual([]);
      expect((await webhooks.teamsWithWebhooks([a.id, b.id, none.id, pausedOnly.id])).sort()).toEqual(
        [a.id, b.id, pausedOnly.id].sort(),
      );
      expect(await webhooks.teamsWithWebhooks([])).toEqual([]);
    });

    it("records health: a failure starts a streak, a success ends it, a 410 disables at once", async () => {
      const { team, hooks } = await teamWith({}, {});
      const [hook, gone] = hooks as [Required<Webhook>, Required<Webhook>];
      const t0 = new Date("2026-07-01T00:00:00.000Z");
      const t1 = new Date(t0.getTime() + HOUR);
      const report = (at: Date, success: boolean, isGone = false) => ({
        at,
        success,
        gone: isGone,
        disableAfterMs: 2 * HOUR,
      });
      const webhooks = uow.repositories.webhooks;
      expect(await webhooks.recordHealth(hook.id, report(t0, false))).toBeNull();
      expect(await webhooks.recordHealth(hook.id, report(t1, false))).toBeNull();
      expect(await webhooks.findById(team.id, hook.id)).toMatchObject({ isActive: true, failingSince: t0 });
      expect(await webhooks.recordHealth(hook.id, report(t1, true))).toBeNull();
      expect(await webhooks.findById(team.id, hook.id)).toEqual(hook);

      expect(await webhooks.recordHealth(gone.id, report(t0, false, true))).toBe("gone");
      expect(await webhooks.findById(team.id, gone.id)).toEqual({
        ...gone,
        isActive: false,
        disabledReason: "gone",
        disabledAt: t0,
        failingSince: t0,
      });
      // Already disabled: nothing more is disabled, the streak goes on.
      expect(await webhooks.recordHealth(gone.id, report(t1, false, true))).toBeNull();
      expect(await webhooks.findById(team.id, gone.id)).toMatchObject({ disabledAt: t0, failingSince: t0 });
      expect(await webhooks.recordHealth(aWebhook(team.id).id, report(t0, false, true))).toBeNull();
    });

    it("disables a webhook whose failing streak began the allowed time or longer before the failure", async () => {
      const { team, hooks } = await teamWith({}, {});
      const [hook, paused] = hooks as [Required<Webhook>, Required<Webhook>];
      const t0 = new Date("2026-08-01T00:00:00.000Z");
      const after = (ms: number) => new Date(t0.getTime() + ms);
      const report = (at: Date, success = false) => ({ at, success, gone: false, disableAfterMs: 2 * HOUR });
      const webhooks = uow.repositories.webhooks;
      await webhooks.recordHealth(hook.id, report(t0));
      expect(await webhooks.recordHealth(hook.id, report(after(2 * HOUR - 1)))).toBeNull();
      expect(await webhooks.recordHealth(hook.id, report(after(2 * HOUR)))).toBe("failing");
      expect(await webhooks.findById(team.id, hook.id)).toMatchObject({
        isActive: false,
        disabledReason: "failing",
        disabledAt: after(2 * HOUR),
        failingSince: t0,
      });
      // A webhook the team paused is never disabled by the service.
      await uow.transaction((scope) => scope.webhooks.update(team.id, paused.id, { isActive: false, updatedAt: t0 }));
      await webhooks.recordHealth(paused.id, report(t0));
      expect(await webhooks.recordHealth(paused.id, report(after(3 * HOUR)))).toBeNull();
      expect(await webhooks.findById(team.id, paused.id)).toMatchObject({ disabledReason: null, failingSince: t0 });
    });
  });
}
