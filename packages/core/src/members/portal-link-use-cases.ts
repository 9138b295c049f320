/**
 * Portal links as the operator issues and revokes them (admin API) and the dashboard opens and
 * checks them; the rules are in webhooks/portal-links.ts.
 *
 * @module
 */

import { InvalidInputError, NotFoundError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import { sha256HexSync } from "../sha256.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import {
  DEFAULT_PORTAL_LINK_TTL_SECONDS,
  grantedCapabilities,
  isPortalToken,
  type NewPortalLink,
  type PortalLink,
  type PortalSession,
  parseNewPortalLink,
  portalToken,
} from "../webhooks/index.ts";
import { authorizeCaller, type Caller } from "./caller.ts";

/** Portal links, issued by the operator, opened and checked by the dashboard. */
export interface PortalLinkUseCases {
  /** Issues a link (operator only); the token is in the result and nowhere else. */
  create(teamId: string, input: unknown, caller: Caller): Promise<{ token: string; link: PortalLink }>;
  /** Opens a link once: its session token and session; null when unknown, used or expired. */
  open(token: string): Promise<{ sessionToken: string; session: PortalSession } | null>;
  /** The live session of this token, or null. */
  authenticate(sessionToken: string | undefined | null): Promise<PortalSession | null>;
  /** Ends the team's links and sessions of the label (operator only); how many. */
  revoke(teamId: string, sessionLabel: string, caller: Caller): Promise<number>;
}

function toSession(link: PortalLink): PortalSession {
  return {
    linkId: link.id,
    teamId: link.teamId,
    capabilities: link.capabilities,
    sessionLabel: link.sessionLabel,
    expiresAt: link.expiresAt,
    openedAt: link.openedAt,
    theme: link.theme ?? null,
  };
}

export function portalLinkUseCases(ctx: UseCaseContext<"portalLinks" | "teams">): PortalLinkUseCases {
  const { unitOfWork, clock, ids } = ctx;
  const operatorOnly = (caller: Caller, teamId: string) => {
    authorizeCaller(caller, teamId, null);
    // Members never issue links: only the operator (admin API) embeds the portal.
    if (caller.member !== null) throw new NotFoundError("Team", teamId);
  };
  return {
    async create(teamId, input, caller) {
      operatorOnly(caller, teamId);
      const parsed = parseNewPortalLink(input ?? {});
      if (!parsed.ok) throw new InvalidInputError(parsed.problems);
      if (!isUuidV4(teamId) || !(await unitOfWork.repositories.teams.findById(teamId))) {
        throw new NotFoundError("Team", teamId);
      }
      const value = parsed.value as NewPortalLink;
      const now = clock.now();
      const { token, hash } = portalToken();
      const link: PortalLink = {
        id: ids.uuid(),
        teamId,
        capabilities: grantedCapabilities(value),
        sessionLabel: value.sessionLabel,
        createdAt: now,
        expiresAt: new Date(now.getTime() + (value.expiresIn ?? DEFAULT_PORTAL_LINK_TTL_SECONDS) * 1000),
        openedAt: null,
        theme: value.theme ?? null,
      };
      await unitOfWork.transaction((tx) => tx.portalLinks.insert({ ...link, linkTokenHash: hash }));
      return { token, link };
    },

    async open(token) {
      if (!isPortalToken(token)) return null;
      const session = portalToken();
      const link = await unitOfWork.transaction((tx) =>
        tx.portalLinks.open(sha256HexSync(token), session.hash, clock.now()),
      );
      return link ? { sessionToken: session.token, session: toSession(link) } : null;
    },

    async authenticate(sessionToken) {
      if (!isPortalToken(sessionToken)) return null;
      const link = await unitOfWork.repositories.portalLinks.findSession(sha256HexSync(sessionToken), clock.now());
      return link ? toSession(link) : null;
    },

    async revoke(teamId, sessionLabel, caller) {
      operatorOnly(caller, teamId);
      if (!isUuidV4(teamId)) throw new NotFoundError("Team", teamId);
      return unitOfWork.transaction((tx) => tx.portalLinks.revoke(teamId, sessionLabel));
    },
  };
}
