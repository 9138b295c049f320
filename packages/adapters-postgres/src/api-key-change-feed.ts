import type { Logger } from "@marketplace/core";
import type { ApiKeyChangeFeed, ApiKeyChangeListener } from "@marketplace/core/teams";
import type pg from "pg";

/** The channel migration `0008_api_key_changes` notifies on. */
export const API_KEY_CHANGES_CHANNEL = "marketplace_api_key_changes";

/** Options of `PostgresApiKeyChangeFeed.start`. */
export interface PostgresApiKeyChangeFeedOptions {
  /** The feed holds one of its connections (LISTEN) for as long as it runs. */
  pool: pg.Pool;
  logger?: Logger;
  /**
   * How often the connection is proved alive (`select 1`), also the longest the check may take;
   * a failed check counts as a lost connection. Default 5,000 ms.
   */
  heartbeatMs?: number;
  /** Waits before reconnecting, doubling from `min` up to `max`. Default 100 and 5,000 ms. */
  reconnectDelayMs?: { min: number; max: number };
}

/**
 * Key changes from PostgreSQL: LISTEN on `marketplace_api_key_changes`, which the triggers of
 * migration `0008_api_key_changes` notify on every revocation, deletion or rewrite of a key,
 * whoever made it (any server process, the CLI, plain SQL). Feeds `MarketplaceOptions.apiKeyCache`.
 *
 * Listeners hear `connected` only once LISTEN is in place, so no change after it can be missed;
 * a lost connection (an error, the server closing it, a heartbeat unanswered) is `disconnected`
 * at once, then the feed reconnects with a growing delay.
 *
 * @example
 * const changes = await PostgresApiKeyChangeFeed.start({ pool, logger });
 * const marketplace = createMarketplace({ unitOfWork, apiKeyCache: { changes } });
 * // on shutdown, before ending the pool:
 * await changes.close();
 */
export class PostgresApiKeyChangeFeed implements ApiKeyChangeFeed {
  readonly #pool: pg.Pool;
  readonly #logger: Logger | undefined;
  readonly #heartbeatMs: number;
  readonly #delays: { min: number; max: number };
  readonly #listeners = new Set<ApiKeyChangeListener>();
  /** Clients already given back (pg throws on a second release). */
  readonly #released = new WeakSet<pg.PoolClient>();
  #client: pg.PoolClient | null = null;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #reconnect: ReturnType<typeof setTimeout> | undefined;
  #failures = 0;
  #closed = false;

  private constructor(options: PostgresApiKeyChangeFeedOptions) {
    if (!options?.pool) throw new TypeError("PostgresApiKeyChangeFeed: options.pool is required");
    this.#pool = options.pool;
    this.#logger = options.logger;
    this.#heartbeatMs = options.heartbeatMs ?? 5_000;
    this.#delays = options.reconnectDelayMs ?? { min: 100, max: 5_000 };
  }

  /**
   * Starts listening; resolves once the first attempt is over. When it failed the feed stays
   * disconnected (a cache over it stores nothing) and keeps retrying in the background.
   */
  static async start(options: PostgresApiKeyChangeFeedOptions): Promise<PostgresApiKeyChangeFeed> {
    const feed = new PostgresApiKeyChangeFeed(options);
    await feed.#connect();
    return feed;
  }

  /** True while LISTEN is in place on a live connection. */
  get connected(): boolean {
    return this.#client !== null;
  }

  subscribe(listener: ApiKeyChangeListener): () => void {
    this.#listeners.add(listener);
    if (this.connected) this.#tell(listener, "connected");
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Stops listening and gives the connection back (closed); listeners hear `disconnected`. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#reconnect);
    const client = this.#client;
    if (client) this.#drop(client, true);
    for (const listener of this.#listeners) this.#tell(listener, "disconnected");
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    let client: pg.PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      this.#retry(error);
      return;
    }
    client.on("notification", (message) => {
      if (message.channel !== API_KEY_CHANGES_CHANNEL || client !== this.#client) return;
      const apiKeyId = message.payload || "*";
      for (const listener of this.#listeners) this.#tell(listener, "changed", apiKeyId);
    });
    const onLost = (error?: Error) => this.#lost(client, error ?? new Error("connection ended"));
    client.on("error", onLost);
    client.on("end", onLost);
    try {
      await client.query(`listen ${API_KEY_CHANGES_CHANNEL}`);
    } catch (error) {
      this.#release(client, error);
      this.#retry(error);
      return;
    }
    if (this.#closed || this.#released.has(client)) {
      this.#release(client, true);
      return;
    }
    this.#client = client;
    this.#failures = 0;
    this.#heartbeat = setInterval(() => this.#check(client), this.#heartbeatMs);
    this.#heartbeat.unref?.();
    this.#logger?.debug("listening for API key changes", { channel: API_KEY_CHANGES_CHANNEL });
    for (const listener of this.#listeners) this.#tell(listener, "connected");
  }

  #check(client: pg.PoolClient): void {
    const timeout = setTimeout(() => this.#lost(client, new Error("heartbeat unanswered")), this.#heartbeatMs);
    timeout.unref?.();
    client.query("select 1").then(
      () => clearTimeout(timeout),
      (error: unknown) => {
        clearTimeout(timeout);
        this.#lost(client, error);
      },
    );
  }

  #lost(client: pg.PoolClient, error: unknown): void {
    if (client !== this.#client) {
      this.#release(client, error);
      return;
    }
    this.#drop(client, error);
    for (const listener of this.#listeners) this.#tell(listener, "disconnected");
    this.#retry(error);
  }

  /** Forgets the current client and closes its connection. */
  #drop(client: pg.PoolClient, reason: unknown): void {
    clearInterval(this.#heartbeat);
    this.#client = null;
    this.#release(client, reason);
  }

  #release(client: pg.PoolClient, reason: unknown): void {
    if (this.#released.has(client)) return;
    this.#released.add(client);
    // Never back into the pool: the connection is still LISTENing, or broken.
    client.release(reason instanceof Error ? reason : true);
  }

  #retry(error: unknown): void {
    if (this.#closed) return;
    const delay = Math.min(this.#delays.max, this.#delays.min * 2 ** this.#failures);
    this.#failures += 1;
    this.#logger?.warn("API key change feed disconnected: keys are looked up on every request until it is back", {
      error: error instanceof Error ? error.message : String(error),
      retryInMs: delay,
    });
    this.#reconnect = setTimeout(() => void this.#connect(), delay);
    this.#reconnect.unref?.();
  }

  #tell(listener: ApiKeyChangeListener, what: "connected" | "disconnected" | "changed", apiKeyId = "*"): void {
    try {
      if (what === "changed") listener.changed(apiKeyId);
      else listener[what]();
    } catch (error) {
      this.#logger?.error("API key change listener failed", { error: String(error) });
    }
  }
}
