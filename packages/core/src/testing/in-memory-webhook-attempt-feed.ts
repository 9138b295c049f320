/**
 * The `WebhookAttemptFeed` port in memory: attempts are published to it (by `runDeliveryJobs`, or by
 * the test), and every subscriber hears each one, as `PostgresWebhookAttemptFeed` relays the
 * notifications of committed attempts.
 *
 * @module
 */

import type { AttemptNotice, WebhookAttemptFeed, WebhookDelivery } from "../webhooks/index.ts";

/**
 * Tells its subscribers of each attempt published: the attempt without its response body and headers;
 * attempts of the unsigned submission-URL fallback (no webhook) are not told, as in PostgreSQL.
 *
 * @example
 * const attempts = new InMemoryWebhookAttemptFeed();
 * createDashboard({ marketplace, webhookAttempts: attempts });
 * await runDeliveryJobs(unitOfWork, { transport, attempts });
 */
export class InMemoryWebhookAttemptFeed implements WebhookAttemptFeed {
  readonly #listeners = new Set<(attempt: AttemptNotice) => void>();

  subscribe(listener: (attempt: AttemptNotice) => void): () => void {
    const subscribed = (attempt: AttemptNotice) => listener(attempt);
    this.#listeners.add(subscribed);
    return () => {
      this.#listeners.delete(subscribed);
    };
  }

  /** Tells every subscriber of the attempt; a listener that throws does not stop the others. */
  publish(attempt: WebhookDelivery | AttemptNotice): void {
    if (attempt.webhookId === null) return;
    const {
      responseBody: _body,
      requestHeaders: _sent,
      responseHeaders: _received,
      ...notice
    } = attempt as WebhookDelivery;
    for (const listener of [...this.#listeners]) {
      try {
        listener({ ...notice, createdAt: new Date(notice.createdAt) });
      } catch {
        // As in PostgreSQL's feed: one failing viewer does not stop the others.
      }
    }
  }

  /** How many listeners are subscribed. */
  get size(): number {
    return this.#listeners.size;
  }
}
