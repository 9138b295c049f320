/**
 * Ports of teams and their API keys.
 *
 * @module
 */

import type { PageRequest } from "../pagination.ts";
import type { ReadOptions } from "../shared-ports.ts";
import type { ApiKey, StoredApiKey, Team } from "./types.ts";

/** Stores teams. */
export interface TeamRepository {
  /** Inserts a new team. */
  insert(team: Team): Promise<void>;
  /** The team with this id, or null. */
  findById(id: string): Promise<Team | null>;
  /** Teams, newest first, as the page request asks (see `PageRequest`). */
  list(page: PageRequest): Promise<Team[]>;
  /** True when no team exists yet (an empty installation). */
  isEmpty(): Promise<boolean>;
}

/** Stores API keys (hashes only). */
export interface ApiKeyRepository {
  /** Inserts a new key. */
  insert(key: ApiKey & { keyHash: string }): Promise<void>;
  /** Keys whose display prefix is `prefix`, with their team's role (usually one). */
  findByPrefix(prefix: string): Promise<StoredApiKey[]>;
  /** Keys of a team, newest first. */
  listByTeam(teamId: string): Promise<ApiKey[]>;
  /** Records a use of the key at `at` (callers throttle this). */
  touch(id: string, at: Date): Promise<void>;
  /** Revokes the team's key at `at`; the key, or null when the team has no such key. Idempotent. */
  revoke(teamId: string, keyId: string, at: Date): Promise<ApiKey | null>;
  /** The team's key with this id, or null. */
  findById(teamId: string, keyId: string, options?: ReadOptions): Promise<ApiKey | null>;
  /** Makes the team's key stop working at `at` (an earlier expiry stays); the key, or null when absent. */
  expire(teamId: string, keyId: string, at: Date): Promise<ApiKey | null>;
}

/**
 * Tells a process when API keys change anywhere (another node, the CLI, SQL), so it may keep
 * authenticated keys in memory (`MarketplaceOptions.apiKeyCache`). Changes are only trusted while
 * the feed is connected: between `disconnected` and `connected` some may be lost.
 */
export interface ApiKeyChangeFeed {
  /** Registers the listener (told `connected` at once when the feed is up); returns an unsubscribe. */
  subscribe(listener: ApiKeyChangeListener): () => void;
}

/** What an `ApiKeyChangeFeed` reports. */
export interface ApiKeyChangeListener {
  /** The key with this id was revoked, deleted or otherwise changed; `"*"`: possibly every key. */
  changed(apiKeyId: string): void;
  /** From now on every change is reported. */
  connected(): void;
  /** Changes may be lost from now until the next `connected`. */
  disconnected(): void;
}
