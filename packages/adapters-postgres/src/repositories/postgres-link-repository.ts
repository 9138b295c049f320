import type { PageRequest, ShareableLink } from "@marketplace/core";
import type { LinkRepository } from "@marketplace/core/storefront";
import { type Kysely, type Selectable, sql } from "kysely";
import { applyPage } from "../pagination.ts";
import type { Database, ShareableLinksTable } from "../schema.ts";

/** Shareable links in PostgreSQL; a deleted link keeps its row (and so its slug) with `deleted_at` set. */
export class PostgresLinkRepository implements LinkRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(link: ShareableLink): Promise<boolean> {
    const inserted = await this.db
      .insertInto("shareable_links")
      .values({
        id: link.id,
        reseller_team_id: link.resellerTeamId,
        slug: link.slug,
        name: link.name,
        offer_ids: link.offerIds,
        created_at: link.createdAt,
        deleted_at: null,
      })
      // A taken slug must not abort the transaction: the caller draws another.
      .onConflict((oc) => oc.column("slug").doNothing())
      .returning("id")
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async findById(teamId: string, id: string): Promise<ShareableLink | null> {
    const row = await this.live().where("id", "=", id).where("reseller_team_id", "=", teamId).executeTakeFirst();
    return row ? toLink(row) : null;
  }

  async findBySlug(slug: string): Promise<ShareableLink | null> {
    const row = await this.live().where("slug", "=", slug).executeTakeFirst();
    return row ? toLink(row) : null;
  }

  async list(teamId: string, page: PageRequest): Promise<ShareableLink[]> {
    const rows = await applyPage(
      this.live().where("reseller_team_id", "=", teamId),
      page,
      "shareable_links",
      sql`cursor_row.reseller_team_id = ${teamId} and cursor_row.deleted_at is null`,
    ).execute();
    return rows.map(toLink);
  }

  async softDelete(teamId: string, id: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("shareable_links")
      .set({ deleted_at: at })
      .where("id", "=", id)
      .where("reseller_team_id", "=", teamId)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  private live() {
    return this.db.selectFrom("shareable_links").selectAll().where("deleted_at", "is", null);
  }
}

function toLink(row: Selectable<ShareableLinksTable>): ShareableLink {
  return {
    id: row.id,
    resellerTeamId: row.reseller_team_id,
    slug: row.slug,
    name: row.name,
    offerIds: row.offer_ids,
    createdAt: row.created_at,
  };
}
