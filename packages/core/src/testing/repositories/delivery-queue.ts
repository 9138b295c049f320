/**
 * The in-memory `DeliveryQueue`: tests, redeliveries and recoveries become outbox entries naming the
 * webhook, in the transaction's snapshot (so they exist if and only if it commits), as
 * `PostgresDeliveryQueue` writes them. The entries are read and run by `deliveryJobs` and
 * `runDeliveryJobs` (`@marketplace/core/testing`), in place of the worker.
 *
 * @module
 */

import { NotFoundError } from "../../errors.ts";
import type { DeliveryQueue } from "../../webhooks/index.ts";
import { copy, type InMemoryContext } from "../in-memory-database.ts";
import { addOutboxEntry, EVENT_OUTBOX, type OutboxEntry } from "./events.ts";
import { WEBHOOK_RECOVERIES, WEBHOOKS } from "./webhook-tables.ts";

/** The in-memory `DeliveryQueue` of one transaction, with the reads and writes of the test runner. */
export class InMemoryDeliveryQueue implements DeliveryQueue {
  readonly #context: InMemoryContext;

  constructor(context: InMemoryContext) {
    this.#context = context;
  }

  async enqueue(request: Parameters<DeliveryQueue["enqueue"]>[0]): Promise<void> {
    addOutboxEntry(this.#context, {
      eventId: request.eventId,
      webhookId: request.webhookId,
      trigger: request.trigger,
      attempt: 1,
      notBefore: null,
    });
  }

  async startRecovery(request: Parameters<DeliveryQueue["startRecovery"]>[0]): Promise<boolean> {
    // An unknown (or deleted) webhook is not found, as PostgresDeliveryQueue says it: nothing written.
    if (!this.#context.tables.rows(WEBHOOKS).has(request.webhookId)) {
      throw new NotFoundError("Webhook", request.webhookId);
    }
    const recoveries = this.#context.tables.rows(WEBHOOK_RECOVERIES);
    const current = recoveries.get(request.webhookId);
    const staleBefore = request.at.getTime() - request.staleAfterMs;
    if (current && current.pending > 0 && current.startedAt.getTime() >= staleBefore) return false;
    recoveries.set(request.webhookId, {
      webhookId: request.webhookId,
      pending: request.eventIds.length,
      startedAt: new Date(request.at),
    });
    for (const eventId of request.eventIds) {
      addOutboxEntry(this.#context, {
        eventId,
        webhookId: request.webhookId,
        trigger: "recovery",
        attempt: 1,
        notBefore: null,
      });
    }
    return true;
  }

  /** The entries waiting, in outbox order. */
  entries(): OutboxEntry[] {
    return [...this.#context.tables.rows(EVENT_OUTBOX).values()].sort((a, b) => a.seq - b.seq).map(copy);
  }

  /** Removes the entries with these `seq`s (handed to the runner). */
  remove(seqs: readonly number[]): void {
    const rows = this.#context.tables.rows(EVENT_OUTBOX);
    for (const seq of seqs) rows.delete(String(seq));
  }

  /** Queues the next round of an event's failed subscription round. */
  retry(entry: { eventId: string; attempt: number; notBefore: Date }): void {
    addOutboxEntry(this.#context, { ...entry, webhookId: null, trigger: "event" });
  }

  /** One event of the webhook's recovery has run, whatever its outcome. */
  recoveryEventRan(webhookId: string): void {
    const recovery = this.#context.tables.rows(WEBHOOK_RECOVERIES).get(webhookId);
    if (recovery) recovery.pending -= 1;
  }
}

/** The in-memory `DeliveryQueue` of a transaction. */
export function inMemoryDeliveryQueue(context: InMemoryContext): DeliveryQueue {
  return new InMemoryDeliveryQueue(context);
}
