/**
 * The webhooks portal's commands and their audit entries are one transaction: run by the core's
 * test over the in-memory adapter (its `auditLog` made to throw) and by the PostgreSQL adapter's (an
 * `audit_log` insert refused by a trigger). A command whose entry cannot be appended leaves nothing
 * behind: no webhook created, changed, rotated or deleted, no delivery queued, no recovery started;
 * a command that succeeds leaves exactly one entry.
 *
 * @module
 */

import { beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry } from "../src/audit-log/index.ts";
import { createEvent } from "../src/events/index.ts";
import { randomUuid } from "../src/ids.ts";
import { createMarketplace, type Marketplace } from "../src/marketplace.ts";
import { operatorCaller } from "../src/members/index.ts";
import type { UnitOfWork } from "../src/ports.ts";
import type { Team } from "../src/teams/index.ts";
import type { Webhook } from "../src/webhooks/index.ts";

/** A store whose audit appends can be made to fail. */
export interface AuditFailingStore {
  readonly unitOfWork: UnitOfWork;
  /** From now on every audit append fails (`true`) or succeeds again (`false`). */
  failAudits(on: boolean): Promise<void>;
  /** The deliveries queued for the webhook and not yet sent (tests, redeliveries, recoveries). */
  queued(webhookId: string): Promise<number>;
  /** How often the adapter said deliveries were committed (PostgreSQL's `onEventsCommitted`), if it says. */
  wakeups?(): number;
}

/** The adapter under test: opens a fresh store (closing it is the caller's, in `afterAll`). */
export interface AuditFailingSubject {
  readonly name: string;
  open(): Promise<AuditFailingStore>;
}

const caller = operatorCaller({ ip: "198.51.100.7", userAgent: "test" });
const SIGNED_IN_NOW = () => new Date();

export function webhookPortalAuditSuite(subject: AuditFailingSubject): void {
  describe(`webhooks portal: a command and its audit entry are one transaction (${subject.name})`, () => {
    let store: AuditFailingStore;
    let marketplace: Marketplace;
    let team: Team;

    beforeAll(async () => {
      store = await subject.open();
      marketplace = createMarketplace({ unitOfWork: store.unitOfWork });
      ({ team } = await marketplace.teams.create({ name: "Acme", role: "provider" }));
    });

    const entries = async (): Promise<AuditEntry[]> =>
      store.unitOfWork.repositories.auditLog.list(team.id, {}, { kind: "page", limit: 100, after: null });
    const stored = (id: string) => store.unitOfWork.repositories.webhooks.findById(team.id, id);
    const listed = async () => (await store.unitOfWork.repositories.webhooks.list(team.id, { kind: "all" })).length;
    const portal = () => marketplace.webhookPortal;

    /** Runs `command` with audit appends failing: it rejects, and the log gains no entry. */
    async function refused(command: () => Promise<unknown>): Promise<void> {
      const before = (await entries()).length;
      await store.failAudits(true);
      try {
        await expect(command()).rejects.toThrow();
      } finally {
        await store.failAudits(false);
      }
      expect((await entries()).length).toBe(before);
    }

    /** Runs `command` with audit appends working: exactly one new entry, of `action`. */
    async function audited<T>(action: string, command: () => Promise<T>): Promise<T> {
      const before = (await entries()).map((entry) => entry.id);
      const result = await command();
      const added = (await entries()).filter((entry) => !before.includes(entry.id));
      expect(added.map((entry) => entry.action)).toEqual([action]);
      return result;
    }

    const input = { url: "https://hooks.example/portal", events: ["order.created"] };

    it("create: no webhook without its entry; one entry with it", async () => {
      await refused(() => portal().create(team.id, input, caller));
      expect(await listed()).toBe(0);
      await audited("webhook.created", () => portal().create(team.id, input, caller));
      expect(await listed()).toBe(1);
    });

    it("update, rotateSecret, delete: the webhook stays as it was without the entry", async () => {
      const webhook = await portal().create(team.id, { ...input, url: "https://hooks.example/other" }, caller);
      const original = await stored(webhook.id);
      expect(original?.secret).toBe(webhook.secret);
      const unchanged = async () => expect(await stored(webhook.id)).toEqual(original);

      await refused(() =>
        portal().update(team.id, webhook.id, { isActive: false, events: ["order.cancelled"] }, caller),
      );
      await unchanged();
      await refused(() => portal().rotateSecret(team.id, webhook.id, { overlapSeconds: 60 }, caller));
      await unchanged();
      await refused(() => portal().delete(team.id, webhook.id, caller));
      await unchanged();

      const updated = await audited("webhook.updated", () =>
        portal().update(team.id, webhook.id, { isActive: false }, caller),
      );
      expect((await stored(webhook.id))?.isActive).toBe(false);
      const rotated = await audited("webhook.secret_rotated", () =>
        portal().rotateSecret(team.id, webhook.id, {}, caller),
      );
      expect(rotated.secret).not.toBe(updated.secret);
      expect((await stored(webhook.id))?.previousSecret).toBe(updated.secret);
      await audited("webhook.deleted", () => portal().delete(team.id, webhook.id, caller));
      expect(await stored(webhook.id)).toBeNull();
    });

    it("revealSecret: no secret without its entry", async () => {
      const webhook = await portal().create(team.id, { ...input, url: "https://hooks.example/reveal" }, caller);
      await refused(() => portal().revealSecret(team.id, webhook.id, caller, SIGNED_IN_NOW()));
      const secret = await audited("webhook.secret_viewed", () =>
        portal().revealSecret(team.id, webhook.id, caller, SIGNED_IN_NOW()),
      );
      expect(secret).toBe(webhook.secret);
    });

    it("sendTest (plain and sample), resend: nothing queued without the entry; one delivery each with it", async () => {
      const webhook = await portal().create(team.id, { ...input, url: "https://hooks.example/tests" }, caller);
      const sample = { eventType: "order.created", data: { orderId: randomUuid() } };

      // The relay is woken once per committed queueing, and never for a rolled back one.
      const woken = store.wakeups?.() ?? 0;
      const wakes = (count: number) => store.wakeups && expect(store.wakeups() - woken).toBe(count);

      await refused(() => portal().sendTest(team.id, webhook.id, caller));
      await refused(() => portal().sendTest(team.id, webhook.id, caller, sample));
      expect(await store.queued(webhook.id)).toBe(0);
      wakes(0);

      const test = await audited("webhook.test_sent", () => portal().sendTest(team.id, webhook.id, caller));
      expect(await store.queued(webhook.id)).toBe(1);
      wakes(1);
      await audited("webhook.test_sent", () => portal().sendTest(team.id, webhook.id, caller, sample));
      expect(await store.queued(webhook.id)).toBe(2);
      wakes(2);

      const attempt = anAttempt(webhook, test.eventId);
      await store.unitOfWork.transaction((tx) => tx.webhookDeliveries.insert(attempt));
      await refused(() => portal().resend(team.id, attempt.id, caller));
      expect(await store.queued(webhook.id)).toBe(2);
      wakes(2);
      await audited("webhook.resent", () => portal().resend(team.id, attempt.id, caller));
      expect(await store.queued(webhook.id)).toBe(3);
      wakes(3);
    });

    it("recover: no recovery started without the entry; a dry run appends none", async () => {
      const webhook = await portal().create(team.id, { ...input, url: "https://hooks.example/recover" }, caller);
      const at = new Date(Date.now() - 60 * 60 * 1000);
      const event = createEvent(
        {
          type: "order.created",
          data: { orderId: randomUuid() },
          training: false,
          audience: { providerTeamIds: [team.id], resellerTeamIds: [] },
        },
        { id: randomUuid(), now: at },
      );
      await store.unitOfWork.transaction((tx) => tx.webhookDeliveries.insertEvent(event));
      const since = new Date(at.getTime() - 1000).toISOString();

      await refused(() => portal().recover(team.id, webhook.id, { since }, caller));
      expect(await store.queued(webhook.id)).toBe(0);
      expect(await store.unitOfWork.repositories.webhookLog.recovery(team.id, webhook.id)).toBeNull();

      const before = (await entries()).length;
      const dryRun = await portal().recover(team.id, webhook.id, { since, dryRun: true }, caller);
      expect(dryRun.count).toBe(1);
      expect((await entries()).length).toBe(before);

      const started = await audited("webhook.recovery_started", () =>
        portal().recover(team.id, webhook.id, { since }, caller),
      );
      expect(started.count).toBe(1);
      expect(await store.queued(webhook.id)).toBe(1);
    });
  });
}

function anAttempt(webhook: Webhook, eventId: string) {
  return {
    id: randomUuid(),
    webhookId: webhook.id,
    teamId: webhook.teamId,
    eventId,
    eventType: "webhook.test",
    attempt: 1,
    trigger: "test" as const,
    url: webhook.url,
    statusCode: 500,
    success: false,
    responseBody: "down",
    durationMs: 12,
    createdAt: new Date(),
    requestHeaders: null,
    responseHeaders: null,
  };
}
