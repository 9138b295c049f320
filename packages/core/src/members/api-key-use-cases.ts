/**
 * A team's API keys as its members manage them (dashboard) and as the operator does (admin API,
 * CLI): one list, every change on the audit log. Keys are created with a name, revoked at once, or
 * rolled: a new key now, the old one valid for a chosen overlap.
 *
 * @module
 */

import { InvalidInputError, NotFoundError, UnprocessableError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import type { ApiKey, IssuedApiKey } from "../teams/index.ts";
import { generateApiKey, type NewApiKey, parseNewApiKey } from "../teams/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { auditEntry, authorizeCaller, type Caller } from "./caller.ts";
import { API_KEY_ROLL_OVERLAPS_MS, type ApiKeyRollOverlap } from "./member-rules.ts";

/** A rolled key: the new one (shown once) and the old one with its expiry. */
export interface RolledApiKey {
  issued: IssuedApiKey;
  previous: ApiKey;
}

/** API keys of a team, by a caller, audited. */
export interface ApiKeyUseCases {
  /** The team's keys (prefixes only), newest first; any member of the team, or the operator. */
  list(teamId: string, caller: Caller): Promise<ApiKey[]>;
  /** Issues a key (owners, developers, the operator); the key is in the result and nowhere else. */
  create(teamId: string, input: NewApiKey, caller: Caller): Promise<IssuedApiKey>;
  /**
   * Issues a key of the same name and makes the old one stop working after `overlap`;
   * UnprocessableError when the old key is revoked or expired already.
   */
  roll(teamId: string, keyId: string, overlap: ApiKeyRollOverlap, caller: Caller): Promise<RolledApiKey>;
  /** Revokes a key at once (idempotent); refused by the API on every node. */
  revoke(teamId: string, keyId: string, caller: Caller): Promise<ApiKey>;
}

function keyTarget(key: Pick<ApiKey, "id" | "prefix" | "name">) {
  return { type: "api_key", id: key.id, label: key.name ? `${key.prefix}… (${key.name})` : `${key.prefix}…` };
}

export function apiKeyUseCases(ctx: UseCaseContext<"apiKeys" | "auditLog" | "teams">): ApiKeyUseCases {
  const { unitOfWork, clock, ids } = ctx;

  async function issue(
    tx: { apiKeys: { insert(key: ApiKey & { keyHash: string }): Promise<void> } },
    teamId: string,
    name: string | null,
    caller: Caller,
  ): Promise<IssuedApiKey> {
    const generated = await generateApiKey();
    const now = clock.now();
    const id = ids.uuid();
    await tx.apiKeys.insert({
      id,
      teamId,
      name,
      prefix: generated.prefix,
      keyHash: generated.hash,
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
      expiresAt: null,
      createdBy: caller.actor.label,
    });
    return { id, key: generated.key, prefix: generated.prefix, name, createdAt: now };
  }

  return {
    async list(teamId, caller) {
      authorizeCaller(caller, teamId, null);
      const { teams, apiKeys } = unitOfWork.repositories;
      if (!isUuidV4(teamId) || !(await teams.findById(teamId))) throw new NotFoundError("Team", teamId);
      return apiKeys.listByTeam(teamId);
    },

    async create(teamId, input, caller) {
      authorizeCaller(caller, teamId, "manage_api_keys");
      const parsed = parseNewApiKey(input ?? {});
      if (!parsed.ok) throw new InvalidInputError(parsed.problems);
      const name = parsed.value.name ?? null;
      if (!isUuidV4(teamId)) throw new NotFoundError("Team", teamId);
      return unitOfWork.transaction(async (tx) => {
        if (!(await tx.teams.findById(teamId))) throw new NotFoundError("Team", teamId);
        const issued = await issue(tx, teamId, name, caller);
        await tx.auditLog.append(auditEntry(ctx, teamId, caller, "api_key.created", keyTarget(issued)));
        return issued;
      });
    },

    async roll(teamId, keyId, overlap, caller) {
      authorizeCaller(caller, teamId, "manage_api_keys");
      const overlapMs = API_KEY_ROLL_OVERLAPS_MS[overlap];
      if (overlapMs === undefined || !Object.hasOwn(API_KEY_ROLL_OVERLAPS_MS, overlap)) {
        throw new InvalidInputError([`overlap must be one of: ${Object.keys(API_KEY_ROLL_OVERLAPS_MS).join(", ")}`]);
      }
      if (!isUuidV4(teamId) || !isUuidV4(keyId)) throw new NotFoundError("API key", keyId);
      const result = await unitOfWork.transaction(async (tx) => {
        const old = await tx.apiKeys.findById(teamId, keyId, { forUpdate: true });
        if (!old) throw new NotFoundError("API key", keyId);
        const now = clock.now();
        if (old.revokedAt !== null || (old.expiresAt != null && old.expiresAt <= now)) {
          throw new UnprocessableError("This key is revoked or expired: create a new key instead", "key_inactive");
        }
        const issued = await issue(tx, teamId, old.name, caller);
        const previous = await tx.apiKeys.expire(teamId, keyId, new Date(now.getTime() + overlapMs));
        if (!previous) throw new NotFoundError("API key", keyId);
        await tx.auditLog.append(
          auditEntry(
            ctx,
            teamId,
            caller,
            "api_key.rolled",
            keyTarget(previous),
            `new key ${issued.prefix}…, overlap ${overlap}`,
          ),
        );
        return { issued, previous };
      });
      // Other processes hear of it from the change feed; this one must not wait for that.
      ctx.apiKeyCache?.forget(keyId);
      return result;
    },

    async revoke(teamId, keyId, caller) {
      authorizeCaller(caller, teamId, "manage_api_keys");
      if (!isUuidV4(teamId) || !isUuidV4(keyId)) throw new NotFoundError("API key", keyId);
      const key = await unitOfWork.transaction(async (tx) => {
        const revoked = await tx.apiKeys.revoke(teamId, keyId, clock.now());
        if (!revoked) throw new NotFoundError("API key", keyId);
        await tx.auditLog.append(auditEntry(ctx, teamId, caller, "api_key.revoked", keyTarget(revoked)));
        return revoked;
      });
      ctx.apiKeyCache?.forget(key.id);
      return key;
    },
  };
}
