import { InvalidInputError, NotFoundError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import { type ListResult, type PageRequest, toListResult } from "../pagination.ts";
import { isStorableText } from "../text.ts";
import type { ApiKey, IssuedApiKey, Team, TeamRole } from "../types.ts";
import { TEAM_ROLES } from "../types.ts";
import type { UseCaseContext } from "../use-cases/context.ts";
import { generateApiKey } from "./api-keys.ts";

/** Input of `teams.create`. */
export interface NewTeam {
  name: string;
  role: TeamRole;
}

/** A new team with its first key, shown once. */
export interface CreatedTeam {
  team: Team;
  apiKey: IssuedApiKey;
}

/** Team and key administration (the admin API and the CLI). */
export interface TeamUseCases {
  /** Creates a team and its first API key. */
  create(input: NewTeam): Promise<CreatedTeam>;
  /** Teams, newest first. */
  list(page: PageRequest): Promise<ListResult<Team>>;
  /** One team; NotFoundError when absent. */
  get(teamId: string): Promise<Team>;
  /** Issues another key for a team; the key is in the result and nowhere else. */
  createApiKey(teamId: string, options?: { name?: string | null }): Promise<IssuedApiKey>;
  /** A team's keys (prefixes only), newest first. */
  listApiKeys(teamId: string): Promise<ApiKey[]>;
  /** Revokes a key at once; NotFoundError when the team has no such key. Idempotent. */
  revokeApiKey(teamId: string, keyId: string): Promise<ApiKey>;
}

export function teamUseCases(ctx: UseCaseContext): TeamUseCases {
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
    async create(input) {
      const problems = validateTeam(input);
      if (problems.length > 0) throw new InvalidInputError(problems);
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
      const name = options.name?.trim() || null;
      if (name !== null && name.length > 100) throw new InvalidInputError(["name must be at most 100 characters"]);
      if (name !== null && !isStorableText(name)) throw new InvalidInputError(["name must not contain NUL characters"]);
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

/** Problems with a new team's fields; empty when valid. */
export function validateTeam(input: NewTeam): string[] {
  const problems: string[] = [];
  if (typeof input.name !== "string" || input.name.trim().length === 0) problems.push("name must not be empty");
  else if (input.name.trim().length > 200) problems.push("name must be at most 200 characters");
  else if (!isStorableText(input.name)) problems.push("name must not contain NUL characters");
  if (!TEAM_ROLES.includes(input.role))
    problems.push(`role must be one of the following values: ${TEAM_ROLES.join(", ")}`);
  return problems;
}
