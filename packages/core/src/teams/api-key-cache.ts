/**
 * Authenticated API keys kept in memory, so that an authenticated request costs no key lookup.
 *
 * Safe only together with an `ApiKeyChangeFeed`: a key revoked anywhere is evicted on every process
 * as soon as the feed's notification arrives, the process that revoked it evicts it before it
 * answers, and while the feed is disconnected nothing is cached at all. A lookup that raced with a
 * change (it started before the change was reported) is not cached: each report bumps a generation
 * that the lookup compares before storing. Entries also expire after `ttlMs`, a bound for a feed
 * that stalls without noticing.
 *
 * @module
 */

import type { ApiKeyChangeFeed } from "./ports.ts";
import type { Principal } from "./types.ts";

/** Options of the authenticated-key cache (`MarketplaceOptions.apiKeyCache`). */
export interface ApiKeyCacheOptions {
  /** Where revocations and other key changes are reported; required (no feed, no cache). */
  changes: ApiKeyChangeFeed;
  /** Longest an entry is trusted, even with the feed connected. Default 30,000 ms. */
  ttlMs?: number;
  /** Most entries kept; the least recently stored go first. Default 10,000. */
  maxEntries?: number;
}

/** Default `ttlMs`. */
export const API_KEY_CACHE_TTL_MS = 30_000;
/** Default `maxEntries`. */
export const API_KEY_CACHE_MAX_ENTRIES = 10_000;

/** A cached key: who it authenticates, and when its use was last recorded. */
export interface CachedApiKey {
  readonly principal: Readonly<Principal>;
  /** Epoch milliseconds of the last `lastUsedAt` written for it, or null. */
  lastUsedAt: number | null;
  /** Epoch milliseconds after which the entry is not used. */
  readonly expiresAt: number;
}

/** The cache behind `auth.authenticate`; keyed by the SHA-256 of the key, never the key itself. */
export class ApiKeyCache {
  readonly #entries = new Map<string, CachedApiKey>();
  readonly #hashById = new Map<string, string>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  #connected = false;
  #generation = 0;

  constructor(options: ApiKeyCacheOptions) {
    if (!options?.changes) throw new TypeError("apiKeyCache: options.changes (an ApiKeyChangeFeed) is required");
    this.#ttlMs = positiveInteger(options.ttlMs, API_KEY_CACHE_TTL_MS, "ttlMs");
    this.#maxEntries = positiveInteger(options.maxEntries, API_KEY_CACHE_MAX_ENTRIES, "maxEntries");
    options.changes.subscribe({
      changed: (apiKeyId) => (apiKeyId === "*" ? this.#reset(this.#connected) : this.forget(apiKeyId)),
      connected: () => this.#reset(true),
      disconnected: () => this.#reset(false),
    });
  }

  /** True while the feed is connected, so entries may be stored and used. */
  get connected(): boolean {
    return this.#connected;
  }

  /** How many entries are held. */
  get size(): number {
    return this.#entries.size;
  }

  /** Taken before a lookup and handed to `store`: a change reported in between voids the store. */
  get generation(): number {
    return this.#generation;
  }

  /** The unexpired entry of the key with this hash, or undefined. */
  get(keyHash: string, now: number): CachedApiKey | undefined {
    if (!this.#connected) return undefined;
    const entry = this.#entries.get(keyHash);
    if (entry === undefined) return undefined;
    if (now < entry.expiresAt) return entry;
    this.#delete(keyHash, entry);
    return undefined;
  }

  /** Stores a key found valid by a lookup that began at `generation`; false when it may be stale. */
  store(keyHash: string, principal: Principal, lastUsedAt: number | null, now: number, generation: number): boolean {
    if (!this.#connected || generation !== this.#generation) return false;
    const previous = this.#entries.get(keyHash);
    if (previous !== undefined) this.#delete(keyHash, previous);
    while (this.#entries.size >= this.#maxEntries) {
      const [oldestHash, oldest] = this.#entries.entries().next().value as [string, CachedApiKey];
      this.#delete(oldestHash, oldest);
    }
    const { teamId, role, apiKeyId } = principal;
    this.#entries.set(keyHash, {
      principal: Object.freeze({ teamId, role, apiKeyId }),
      lastUsedAt,
      expiresAt: now + this.#ttlMs,
    });
    this.#hashById.set(apiKeyId, keyHash);
    return true;
  }

  /** Drops the key with this id, and voids lookups in flight. */
  forget(apiKeyId: string): void {
    this.#generation += 1;
    const keyHash = this.#hashById.get(apiKeyId);
    const entry = keyHash === undefined ? undefined : this.#entries.get(keyHash);
    if (keyHash !== undefined && entry !== undefined) this.#delete(keyHash, entry);
  }

  #reset(connected: boolean): void {
    this.#generation += 1;
    this.#connected = connected;
    this.#entries.clear();
    this.#hashById.clear();
  }

  #delete(keyHash: string, entry: CachedApiKey): void {
    this.#entries.delete(keyHash);
    if (this.#hashById.get(entry.principal.apiKeyId) === keyHash) this.#hashById.delete(entry.principal.apiKeyId);
  }
}

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new TypeError(`apiKeyCache: ${name} must be a positive integer, got ${String(value)}`);
  }
  return value;
}
