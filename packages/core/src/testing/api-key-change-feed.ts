/**
 * `InMemoryApiKeyChangeFeed`: the `ApiKeyChangeFeed` port in memory, for tests of the authenticated-key
 * cache (`MarketplaceOptions.apiKeyCache`). What PostgreSQL's trigger and notifications do in the SQL
 * adapter, it does for a unit of work it watches: a key revoked or expired by a committed transaction
 * is reported to every listener; a rolled-back one is not. A test reports other changes (a key changed
 * "elsewhere") with `changed`, and breaks and restores the connection with `disconnect` and `connect`.
 *
 * @module
 */

import type { Repositories, TransactionScope, UnitOfWork } from "../ports.ts";
import type { ApiKeyChangeFeed, ApiKeyChangeListener, ApiKeyRepository } from "../teams/index.ts";

/**
 * An in-memory change feed, connected from the start.
 *
 * @example
 * const feed = new InMemoryApiKeyChangeFeed();
 * const unitOfWork = feed.watch(new InMemoryUnitOfWork());
 * // Two processes over one store: a key one of them revokes, the other's cache drops at once.
 * const first = createMarketplace({ unitOfWork, apiKeyCache: { changes: feed } });
 * const second = createMarketplace({ unitOfWork, apiKeyCache: { changes: feed } });
 */
export class InMemoryApiKeyChangeFeed implements ApiKeyChangeFeed {
  /** One entry per subscription (a listener subscribed twice is told twice). */
  readonly #listeners = new Set<{ listener: ApiKeyChangeListener }>();
  #connected = true;

  /** True while changes are reported (from the start, and after `connect`). */
  get connected(): boolean {
    return this.#connected;
  }

  subscribe(listener: ApiKeyChangeListener): () => void {
    const entry = { listener };
    this.#listeners.add(entry);
    if (this.#connected) listener.connected();
    return () => {
      this.#listeners.delete(entry);
    };
  }

  /** Reports that the key with this id changed (`"*"`: possibly every key); lost while disconnected. */
  changed(apiKeyId: string): void {
    if (!this.#connected) return;
    for (const { listener } of [...this.#listeners]) listener.changed(apiKeyId);
  }

  /** Breaks the connection: listeners are told `disconnected`, and changes are lost until `connect`. */
  disconnect(): void {
    if (!this.#connected) return;
    this.#connected = false;
    for (const { listener } of [...this.#listeners]) listener.disconnected();
  }

  /** Restores the connection: listeners are told `connected`. */
  connect(): void {
    if (this.#connected) return;
    this.#connected = true;
    for (const { listener } of [...this.#listeners]) listener.connected();
  }

  /**
   * The unit of work with its key changes reported on this feed: a key revoked or expired through it
   * is reported when its transaction commits (and never when it rolls back), through its
   * `repositories` at once.
   */
  watch(unitOfWork: UnitOfWork): UnitOfWork {
    const feed = this;
    const reportNow = (apiKeyId: string) => feed.changed(apiKeyId);
    return {
      repositories: { ...unitOfWork.repositories, apiKeys: reporting(unitOfWork.repositories.apiKeys, reportNow) },
      async transaction<T>(work: (scope: TransactionScope) => Promise<T>): Promise<T> {
        const changed = new Set<string>();
        const result = await unitOfWork.transaction((scope) =>
          work({ ...scope, apiKeys: reporting(scope.apiKeys, (id) => changed.add(id)) }),
        );
        for (const apiKeyId of changed) feed.changed(apiKeyId);
        return result;
      },
      isUnavailable: (error: unknown) => unitOfWork.isUnavailable?.(error) ?? false,
    } satisfies UnitOfWork & { repositories: Repositories };
  }
}

/** `keys`, with every revocation or expiry of an existing key handed to `report`. */
function reporting(keys: ApiKeyRepository, report: (apiKeyId: string) => void): ApiKeyRepository {
  return {
    insert: (key) => keys.insert(key),
    findByPrefix: (prefix) => keys.findByPrefix(prefix),
    listByTeam: (teamId) => keys.listByTeam(teamId),
    touch: (id, at) => keys.touch(id, at),
    findById: (teamId, keyId, options) => keys.findById(teamId, keyId, options),
    async revoke(teamId, keyId, at) {
      const before = await keys.findById(teamId, keyId);
      const key = await keys.revoke(teamId, keyId, at);
      if (key && before?.revokedAt?.getTime() !== key.revokedAt?.getTime()) report(key.id);
      return key;
    },
    async expire(teamId, keyId, at) {
      const before = await keys.findById(teamId, keyId);
      const key = await keys.expire(teamId, keyId, at);
      if (key && before?.expiresAt?.getTime() !== key.expiresAt?.getTime()) report(key.id);
      return key;
    },
  };
}
