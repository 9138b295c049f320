/**
 * Invites and portal links to JSON (the `/admin` routes): the links carry their token once.
 *
 * @module
 */

import type { IssuedInvite } from "@marketplace/core/members";
import type { PortalLink } from "@marketplace/core/webhooks";

/** An invite just made: the dashboard's invite page with the token, and when the invite lapses. */
export function inviteJson({ invite, token }: IssuedInvite, dashboardUrl: string) {
  return { inviteUrl: `${dashboardUrl}/invite/${token}`, expiresAt: invite.expiresAt.toISOString() };
}

/** A portal link just made: the dashboard's portal page with the token, and when the link lapses. */
export function portalLinkJson({ token, link }: { token: string; link: PortalLink }, dashboardUrl: string) {
  return { url: `${dashboardUrl}/portal/${token}`, expiresAt: link.expiresAt.toISOString() };
}

/** How many portal links of a session a revocation ended. */
export function revokedPortalLinksJson(revoked: number) {
  return { revoked };
}
