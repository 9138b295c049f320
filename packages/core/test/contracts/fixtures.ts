/**
 * Rows the contract suites store, built with fresh ids (random UUID v4, as the core makes them).
 *
 * @module
 */

import { randomUuid } from "../../src/ids.ts";
import type { ApiKey, Team, TeamRole } from "../../src/teams/index.ts";

/** A team; `at` is its creation time. */
export function aTeam(
  role: TeamRole = "provider",
  at = new Date("2026-01-01T00:00:00.000Z"),
  name = `team ${role}`,
): Team {
  return { id: randomUuid(), name, role, createdAt: at, updatedAt: at };
}

/** An API key of `teamId` with a unique prefix and a made-up hash. */
export function anApiKey(teamId: string, at = new Date("2026-01-01T00:00:00.000Z")): ApiKey & { keyHash: string } {
  const id = randomUuid();
  return {
    id,
    teamId,
    name: null,
    prefix: `mk_${id.slice(0, 8)}`,
    keyHash: id.replaceAll("-", "").padEnd(64, "0"),
    createdAt: at,
    lastUsedAt: null,
    revokedAt: null,
    expiresAt: null,
    createdBy: null,
  };
}
