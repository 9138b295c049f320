import type { PortalCapability, PortalLink, PortalLinkRepository } from "@marketplace/core/webhooks";
import type { Kysely, Selectable } from "kysely";
import type { Database, PortalLinksTable } from "../schema.ts";

/** Portal links and their sessions in PostgreSQL (`portal_links`, migration 0027). */
export class PostgresPortalLinkRepository implements PortalLinkRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(link: PortalLink & { linkTokenHash: string }): Promise<void> {
    await this.db
      .insertInto("portal_links")
      .values({
        id: link.id,
        team_id: link.teamId,
        link_token_hash: link.linkTokenHash,
        session_token_hash: null,
        capabilities: link.capabilities,
        session_label: link.sessionLabel,
        created_at: link.createdAt,
        expires_at: link.expiresAt,
        opened_at: link.openedAt,
        theme_accent: link.theme?.accent ?? null,
        theme_background: link.theme?.background ?? null,
      })
      .execute();
  }

  async open(linkTokenHash: string, sessionTokenHash: string, at: Date): Promise<PortalLink | null> {
    // One statement: of two concurrent openings, only one finds the link unopened.
    const row = await this.db
      .updateTable("portal_links")
      .set({ opened_at: at, session_token_hash: sessionTokenHash })
      .where("link_token_hash", "=", linkTokenHash)
      .where("opened_at", "is", null)
      .where("expires_at", ">", at)
      .returningAll()
      .executeTakeFirst();
    return row ? toLink(row) : null;
  }

  async findSession(sessionTokenHash: string, at: Date): Promise<PortalLink | null> {
    const row = await this.db
      .selectFrom("portal_links")
      .selectAll()
      .where("session_token_hash", "=", sessionTokenHash)
      .where("expires_at", ">", at)
      .executeTakeFirst();
    return row ? toLink(row) : null;
  }

  async revoke(teamId: string, sessionLabel: string): Promise<number> {
    const result = await this.db
      .deleteFrom("portal_links")
      .where("team_id", "=", teamId)
      .where("session_label", "=", sessionLabel)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

function toLink(row: Selectable<PortalLinksTable>): PortalLink {
  return {
    id: row.id,
    teamId: row.team_id,
    capabilities: row.capabilities as PortalCapability[],
    sessionLabel: row.session_label,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    openedAt: row.opened_at,
    theme:
      row.theme_accent === null
        ? null
        : { accent: row.theme_accent, ...(row.theme_background !== null && { background: row.theme_background }) },
  };
}
