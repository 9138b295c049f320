import { AuthenticationError, PermissionError } from "../errors.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { canAccess } from "./access.ts";
import { apiKeyHashMatches, displayPrefix, hashApiKey, isWellFormedApiKey } from "./api-keys.ts";
import type { EndpointClass, Principal } from "./types.ts";

/** How often `lastUsedAt` is written at most, per key. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** Authentication and role checks. */
export interface AuthenticationUseCases {
  /**
   * Resolves the team behind a presented key. Throws AuthenticationError when the key is missing,
   * malformed, unknown or revoked; the same message in every case.
   */
  authenticate(presentedKey: string | undefined | null): Promise<Principal>;
  /** Throws PermissionError unless the principal's role grants the endpoint class. */
  authorize(principal: Principal, endpointClass: EndpointClass): void;
}

export function authenticationUseCases(ctx: UseCaseContext<"apiKeys">): AuthenticationUseCases {
  const { unitOfWork, clock, logger, apiKeyCache: cache } = ctx;

  /** Writes `lastUsedAt` when the last write is older than the resolution; true when written. */
  async function touchIfDue(apiKeyId: string, lastUsedAt: number | null, now: Date): Promise<boolean> {
    if (lastUsedAt !== null && now.getTime() - lastUsedAt < LAST_USED_RESOLUTION_MS) return false;
    try {
      await unitOfWork.repositories.apiKeys.touch(apiKeyId, now);
      return true;
    } catch (error) {
      logger.warn("could not record API key use", { apiKeyId, error: String(error) });
      return false;
    }
  }

  return {
    async authenticate(presentedKey) {
      if (!presentedKey || !isWellFormedApiKey(presentedKey)) throw new AuthenticationError();
      const presentedHash = await hashApiKey(presentedKey);
      const now = clock.now();
      const cached = cache?.get(presentedHash, now.getTime());
      if (cached !== undefined) {
        if (await touchIfDue(cached.principal.apiKeyId, cached.lastUsedAt, now)) cached.lastUsedAt = now.getTime();
        return { ...cached.principal };
      }

      const generation = cache?.generation ?? 0;
      const candidates = await unitOfWork.repositories.apiKeys.findByPrefix(displayPrefix(presentedKey));
      // Compare against every candidate, so timing does not depend on which one matches.
      let match: (typeof candidates)[number] | undefined;
      for (const candidate of candidates) {
        if (apiKeyHashMatches(presentedHash, candidate.keyHash)) match = candidate;
      }
      if (!match || match.revokedAt !== null) throw new AuthenticationError();
      const expiresAt = match.expiresAt ?? null;
      if (expiresAt !== null && expiresAt <= now) throw new AuthenticationError();
      const principal: Principal = { teamId: match.teamId, role: match.teamRole, apiKeyId: match.id };
      const lastUsedAt = (await touchIfDue(match.id, match.lastUsedAt?.getTime() ?? null, now))
        ? now.getTime()
        : (match.lastUsedAt?.getTime() ?? null);
      // A key that expires (a rolled key in its overlap) is looked up on each request, never cached.
      if (expiresAt === null) cache?.store(presentedHash, principal, lastUsedAt, now.getTime(), generation);
      return principal;
    },

    authorize(principal, endpointClass) {
      if (!canAccess(principal.role, endpointClass)) {
        throw new PermissionError(`A ${principal.role} team cannot call ${endpointClass} endpoints`);
      }
    },
  };
}
