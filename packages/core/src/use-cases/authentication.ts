import { canAccess } from "../access.ts";
import { apiKeyHashMatches, displayPrefix, hashApiKey, isWellFormedApiKey } from "../api-keys.ts";
import { AuthenticationError, PermissionError } from "../errors.ts";
import type { EndpointClass, Principal } from "../types.ts";
import type { UseCaseContext } from "./context.ts";

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

export function authenticationUseCases(ctx: UseCaseContext): AuthenticationUseCases {
  const { unitOfWork, clock, logger } = ctx;
  return {
    async authenticate(presentedKey) {
      if (!presentedKey || !isWellFormedApiKey(presentedKey)) throw new AuthenticationError();
      const { apiKeys } = unitOfWork.repositories;
      const [candidates, presentedHash] = await Promise.all([
        apiKeys.findByPrefix(displayPrefix(presentedKey)),
        hashApiKey(presentedKey),
      ]);
      // Compare against every candidate, so timing does not depend on which one matches.
      let match: (typeof candidates)[number] | undefined;
      for (const candidate of candidates) {
        if (apiKeyHashMatches(presentedHash, candidate.keyHash)) match = candidate;
      }
      if (!match || match.revokedAt !== null) throw new AuthenticationError();
      const now = clock.now();
      if (match.lastUsedAt === null || now.getTime() - match.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
        try {
          await apiKeys.touch(match.id, now);
        } catch (error) {
          logger.warn("could not record API key use", { apiKeyId: match.id, error: String(error) });
        }
      }
      return { teamId: match.teamId, role: match.teamRole, apiKeyId: match.id };
    },

    authorize(principal, endpointClass) {
      if (!canAccess(principal.role, endpointClass)) {
        throw new PermissionError(`A ${principal.role} team cannot call ${endpointClass} endpoints`);
      }
    },
  };
}
