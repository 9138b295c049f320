/**
 * Teams and their API keys, in memory.
 *
 * @module
 */

import type { PageRequest } from "../../pagination.ts";
import type { ReadOptions } from "../../shared-ports.ts";
import type { ApiKey, ApiKeyRepository, StoredApiKey, Team, TeamRepository } from "../../teams/index.ts";
import { copy, defineTable, InMemoryConstraintError, type InMemoryContext } from "../in-memory-database.ts";
import { newestFirst, pageOf } from "./ordering.ts";

/** Teams by id. */
export const TEAMS = defineTable<Team>("teams");

/** API keys by id, with their hash. */
export const API_KEYS = defineTable<ApiKey & { keyHash: string }>("api_keys");

const TEAM_ROLES: readonly string[] = ["provider", "reseller", "hybrid"];

/** The in-memory `TeamRepository`. */
export function inMemoryTeams(context: InMemoryContext): TeamRepository {
  const rows = () => context.tables.rows(TEAMS);
  return {
    async insert(team) {
      if (!TEAM_ROLES.includes(team.role)) {
        throw new InMemoryConstraintError("23514", "teams_role_check", `team role ${team.role} is not allowed`);
      }
      if (rows().has(team.id)) throw new InMemoryConstraintError("23505", "teams_pkey", `team ${team.id} exists`);
      rows().set(team.id, copy(team));
    },
    async findById(id) {
      const team = rows().get(id);
      return team ? copy(team) : null;
    },
    async list(page: PageRequest) {
      return pageOf([...rows().values()].sort(newestFirst), page).map(copy);
    },
    async isEmpty() {
      return rows().size === 0;
    },
  };
}

/** The in-memory `ApiKeyRepository`. */
export function inMemoryApiKeys(context: InMemoryContext): ApiKeyRepository {
  const rows = () => context.tables.rows(API_KEYS);
  const publicKey = ({ keyHash: _, ...key }: ApiKey & { keyHash: string }): ApiKey => ({
    expiresAt: null,
    createdBy: null,
    ...copy(key),
  });
  const ofTeam = (teamId: string, keyId: string) => {
    const key = rows().get(keyId);
    return key && key.teamId === teamId ? key : null;
  };
  return {
    async insert(key) {
      if (!context.tables.rows(TEAMS).has(key.teamId)) {
        throw new InMemoryConstraintError("23503", "api_keys_team_id_fkey", `team ${key.teamId} does not exist`);
      }
      if (rows().has(key.id)) throw new InMemoryConstraintError("23505", "api_keys_pkey", `key ${key.id} exists`);
      rows().set(key.id, copy(key));
    },
    async findByPrefix(prefix): Promise<StoredApiKey[]> {
      const teams = context.tables.rows(TEAMS);
      return [...rows().values()]
        .filter((key) => key.prefix === prefix)
        .map((key) => ({
          ...publicKey(key),
          keyHash: key.keyHash,
          teamRole: teams.get(key.teamId)?.role ?? "provider",
        }));
    },
    async listByTeam(teamId) {
      return [...rows().values()]
        .filter((key) => key.teamId === teamId)
        .sort(newestFirst)
        .map(publicKey);
    },
    async touch(id, at) {
      const key = rows().get(id);
      if (key) key.lastUsedAt = new Date(at);
    },
    async revoke(teamId, keyId, at) {
      const key = ofTeam(teamId, keyId);
      if (!key) return null;
      key.revokedAt ??= new Date(at);
      return publicKey(key);
    },
    async findById(teamId, keyId, _options?: ReadOptions) {
      const key = ofTeam(teamId, keyId);
      return key ? publicKey(key) : null;
    },
    async expire(teamId, keyId, at) {
      const key = ofTeam(teamId, keyId);
      if (!key) return null;
      if (!key.expiresAt || key.expiresAt.getTime() > at.getTime()) key.expiresAt = new Date(at);
      return publicKey(key);
    },
  };
}
