import type { Logger } from "@marketplace/core";
import type { AttemptNotice, DeliveryTrigger, WebhookAttemptFeed } from "@marketplace/core/webhooks";
import type pg from "pg";

/** The channel migration `0027_webhooks_portal` notifies every recorded attempt on. */
export const WEBHOOK_ATTEMPTS_CHANNEL = "marketplace_webhook_attempts";

/** Options of `PostgresWebhookAttemptFeed.start`. */
export interface PostgresWebhookAttemptFeedOptions {
  /** The feed holds one of its connections (LISTEN) for as long as it runs. */
  pool: pg.Pool;
  logger?: Logger;
  /** Wait before listening again after the connection was lost; default 1,000 ms. */
  reconnectDelayMs?: number;
}

/**
 * New delivery attempts from PostgreSQL: one LISTEN on `marketplace_webhook_attempts` per process,
 * whoever recorded the attempt (any worker). The dashboard's live tail fans it out to its viewers,
 * so a new attempt costs no query at all, whatever the number of viewers. A lost connection is
 * listened on again after a delay; attempts recorded meanwhile are not heard (a reload shows them).
 *
 * @example
 * const attempts = await PostgresWebhookAttemptFeed.start({ pool });
 * createDashboard({ marketplace, webhookAttempts: attempts });
 * // on shutdown, before ending the pool:
 * await attempts.close();
 */
export class PostgresWebhookAttemptFeed implements WebhookAttemptFeed {
  readonly #pool: pg.Pool;
  readonly #logger: Logger | undefined;
  readonly #delayMs: number;
  readonly #listeners = new Set<(attempt: AttemptNotice) => void>();
  #client: pg.PoolClient | null = null;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  private constructor(options: PostgresWebhookAttemptFeedOptions) {
    if (!options?.pool) throw new TypeError("PostgresWebhookAttemptFeed: options.pool is required");
    this.#pool = options.pool;
    this.#logger = options.logger;
    this.#delayMs = options.reconnectDelayMs ?? 1_000;
  }

  /** Starts listening; resolves once the first attempt to LISTEN is over (it retries in the background). */
  static async start(options: PostgresWebhookAttemptFeedOptions): Promise<PostgresWebhookAttemptFeed> {
    const feed = new PostgresWebhookAttemptFeed(options);
    await feed.#connect();
    return feed;
  }

  subscribe(listener: (attempt: AttemptNotice) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Stops listening and gives the connection back. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = null;
    client?.release(true);
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    let client: pg.PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      this.#again(error);
      return;
    }
    client.on("notification", (message) => {
      if (message.channel !== WEBHOOK_ATTEMPTS_CHANNEL || !message.payload) return;
      const notice = parseNotice(message.payload);
      if (!notice) return;
      for (const listener of this.#listeners) {
        try {
          listener(notice);
        } catch (error) {
          this.#logger?.warn("webhook attempt listener failed", { error: String(error) });
        }
      }
    });
    const lost = (error?: Error) => {
      if (client !== this.#client) return;
      this.#client = null;
      client.release(true);
      this.#again(error ?? new Error("connection ended"));
    };
    client.on("error", lost);
    client.on("end", lost);
    try {
      await client.query(`listen ${WEBHOOK_ATTEMPTS_CHANNEL}`);
    } catch (error) {
      client.release(true);
      this.#again(error);
      return;
    }
    if (this.#closed) {
      client.release(true);
      return;
    }
    this.#client = client;
  }

  #again(error: unknown): void {
    if (this.#closed) return;
    this.#logger?.warn("webhook attempt feed disconnected", { error: String(error) });
    this.#retry = setTimeout(() => void this.#connect(), this.#delayMs);
    (this.#retry as { unref?: () => void }).unref?.();
  }
}

function parseNotice(payload: string): AttemptNotice | null {
  try {
    const row = JSON.parse(payload) as Record<string, unknown>;
    return {
      id: String(row.id),
      teamId: String(row.teamId),
      webhookId: row.webhookId === null ? null : String(row.webhookId),
      eventId: String(row.eventId),
      eventType: String(row.eventType),
      attempt: Number(row.attempt),
      trigger: row.trigger as DeliveryTrigger,
      url: String(row.url),
      statusCode: row.statusCode === null ? null : Number(row.statusCode),
      success: row.success === true,
      durationMs: Number(row.durationMs),
      createdAt: new Date(String(row.createdAt)),
    };
  } catch {
    return null;
  }
}
