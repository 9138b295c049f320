/**
 * Teams and their API keys to JSON (the `/admin` routes).
 *
 * @module
 */

import type { ApiKey, Team } from "@marketplace/core";
import type { IssuedApiKey } from "@marketplace/core/teams";
import { isoOrNull } from "./iso.ts";

export function teamJson(team: Team) {
  return {
    id: team.id,
    name: team.name,
    role: team.role,
    createdAt: team.createdAt.toISOString(),
    updatedAt: team.updatedAt.toISOString(),
  };
}

/** A team just created, with its first API key, whose full key this response shows once. */
export function createdTeamJson({ team, apiKey }: { team: Team; apiKey: IssuedApiKey }) {
  return { ...teamJson(team), apiKey: issuedApiKeyJson(apiKey) };
}

export function apiKeyJson(key: ApiKey) {
  return {
    id: key.id,
    teamId: key.teamId,
    name: key.name,
    prefix: key.prefix,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: isoOrNull(key.lastUsedAt),
    revokedAt: isoOrNull(key.revokedAt),
  };
}

export function issuedApiKeyJson(key: IssuedApiKey) {
  return { id: key.id, key: key.key, prefix: key.prefix, name: key.name, createdAt: key.createdAt.toISOString() };
}
