/**
 * Portal links and the sessions they open, in memory (tokens only as hashes).
 *
 * @module
 */

import type { PortalLink, PortalLinkRepository } from "../../webhooks/index.ts";
import { copy, defineTable, InMemoryConstraintError, type InMemoryContext } from "../in-memory-database.ts";
import { checkTeam, checkUnique } from "./constraints.ts";

/** A portal link as stored (`portal_links`): its token's hash, and its session's once opened. */
export interface PortalLinkRow extends PortalLink {
  linkTokenHash: string;
  sessionTokenHash: string | null;
}

/** Portal links by id. */
export const PORTAL_LINKS = defineTable<PortalLinkRow>("portal_links");

/** The link as the SQL adapter reads it back: every field, the theme null or with its background when set. */
function toLink({ linkTokenHash: _, sessionTokenHash: __, ...link }: PortalLinkRow): PortalLink {
  const theme = link.theme ?? null;
  return copy({
    ...link,
    theme: theme && { accent: theme.accent, ...(theme.background !== undefined && { background: theme.background }) },
  });
}

/** The in-memory `PortalLinkRepository`. */
export function inMemoryPortalLinks(context: InMemoryContext): PortalLinkRepository {
  const rows = () => context.tables.rows(PORTAL_LINKS);
  return {
    async insert({ linkTokenHash, ...link }) {
      const row: PortalLinkRow = { ...copy(link), theme: link.theme ?? null, linkTokenHash, sessionTokenHash: null };
      checkUnique(rows(), "portal_links", row, [
        [(stored) => stored.linkTokenHash, "portal_links_link_token_hash_key"],
      ]);
      checkTeam(context.tables, "portal_links", link.teamId);
      rows().set(row.id, row);
    },
    async open(linkTokenHash, sessionTokenHash, at) {
      const link = [...rows().values()].find((row) => row.linkTokenHash === linkTokenHash);
      if (!link || link.openedAt !== null || link.expiresAt <= at) return null;
      if ([...rows().values()].some((row) => row.sessionTokenHash === sessionTokenHash)) {
        throw new InMemoryConstraintError("23505", "portal_links_session_token_hash_key", "session token hash taken");
      }
      link.openedAt = new Date(at);
      link.sessionTokenHash = sessionTokenHash;
      return toLink(link);
    },
    async findSession(sessionTokenHash, at) {
      const link = [...rows().values()].find((row) => row.sessionTokenHash === sessionTokenHash);
      return link && link.expiresAt > at ? toLink(link) : null;
    },
    async revoke(teamId, sessionLabel) {
      let deleted = 0;
      for (const [id, link] of rows()) {
        if (link.teamId === teamId && link.sessionLabel === sessionLabel) {
          rows().delete(id);
          deleted++;
        }
      }
      return deleted;
    },
  };
}
