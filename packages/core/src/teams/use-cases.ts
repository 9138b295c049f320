import { InvalidInputError, NotFoundError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import { type ListResult, type PageRequest, toListResult } from "../pagination.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { generateApiKey } from "./api-keys.ts";
import { type NewApiKey, type NewTeam, parseNewApiKey, parseNewTeam } from "./input.ts";
import type { ApiKey, IssuedApiKey, Team } from "./types.ts";

export type { NewApiKey, NewTeam };

/** A new team with its first key, shown once. */
export interface CreatedTeam {
  team: Team;
  apiKey: IssuedApiKey;
}

/** Team and key administration (the admin API and the CLI). */
export interface TeamUseCases {
  /** Creates a team and its first API key; the input is checked as `parseNewTeam` does. */
  create(input: NewTeam): Promise<CreatedTeam>;
  /** Teams, newest first. */
  list(page: PageRequest): Promise<ListResult<Team>>;
  /** One team; NotFoundError when absent. */
  get(teamId: string): Promise<Team>;
  /**
   * Issues another key for a team (options checked as `parseNewApiKey` does); the key is in the
   * result and nowhere else.
   */
  createApiKey(teamId: string, options?: NewApiKey): Promise<IssuedApiKey>;
  /** A team's keys (prefixes only), newest first. */
  listApiKeys(teamId: string): Promise<ApiKey[]>;
  /** Revokes a key at once; NotFoundError when the team has no such key. Idempotent. */
  revokeApiKey(teamId: string, keyId: string): Promise<ApiKey>;
}

export function teamUseCases(ctx: UseCaseContext<"apiKeys" | "teams">): TeamUseCases {
  const { unitOfWork, clock, ids } = ctx;

  async function issueKey(
    apiKeys: { insert(key: ApiKey & { keyHash: string }): Promise<void> },
    teamId: string,
    name: string | null,
  ): Promise<IssuedApiKey> {
    const generated = await generateApiKey();
    const now = clock.now();
    const stored: ApiKey & { keyHash: string } = {
      id: ids.uuid(),
      teamId,
      name,
      prefix: generated.prefix,
      keyHash: generated.hash,
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
    };
    await apiKeys.insert(stored);
    return { id: stored.id, key: generated.key, prefix: stored.prefix, name, createdAt: now };
  }

  return {
    async create(rawInput) {
      const parsed = parseNewTeam(rawInput);
      if (!parsed.ok) throw new InvalidInputError(parsed.problems);
      const input = parsed.value;
      return unitOfWork.transaction(async (tx) => {
        const now = clock.now();
        const team: Team = {
          id: ids.uuid(),
          name: input.name.trim(),
          role: input.role,
          createdAt: now,
          updatedAt: now,
        };
        await tx.teams.insert(team);
        const apiKey = await issueKey(tx.apiKeys, team.id, null);
        return { team, apiKey };
      });
    },

    async list(page) {
      return toListResult("teams", page, await unitOfWork.repositories.teams.list(page));
    },

    async get(teamId) {
      const team = !isUuidV4(teamId) ? null : await unitOfWork.repositories.teams.findById(teamId);
      if (!team) throw new NotFoundError("Team", teamId);
      return team;
    },

    async createApiKey(teamId, options = {}) {
      const parsed = parseNewApiKey(options);
      if (!parsed.ok) throw new InvalidInputError(parsed.problems);
      const name = parsed.value.name ?? null;
      if (!isUuidV4(teamId)) throw new NotFoundError("Team", teamId);
      return unitOfWork.transaction(async (tx) => {
        if (!(await tx.teams.findById(teamId))) throw new NotFoundError("Team", teamId);
        return issueKey(tx.apiKeys, teamId, name);
      });
    },

    async listApiKeys(teamId) {
      const { teams, apiKeys } = unitOfWork.repositories;
      if (!isUuidV4(teamId) || !(await teams.findById(teamId))) throw new NotFoundError("Team", teamId);
      return apiKeys.listByTeam(teamId);
    },

    async revokeApiKey(teamId, keyId) {
      if (!isUuidV4(teamId) || !isUuidV4(keyId)) throw new NotFoundError("API key", keyId);
      const key = await unitOfWork.transaction((tx) => tx.apiKeys.revoke(teamId, keyId, clock.now()));
      if (!key) throw new NotFoundError("API key", keyId);
      // Other processes hear of it from the change feed; this one must not wait for that.
      ctx.apiKeyCache?.forget(key.id);
      return key;
    },
  };
}

/** Problems with a new team's fields (see `parseNewTeam`); empty when valid. */
export function validateTeam(input: unknown): string[] {
  const parsed = parseNewTeam(input);
  return parsed.ok ? [] : parsed.problems;
}
