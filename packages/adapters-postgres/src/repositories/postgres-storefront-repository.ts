import { ConflictError, type Storefront } from "@marketplace/core";
import type { StorefrontRepository } from "@marketplace/core/storefront";
import type { Kysely, Selectable } from "kysely";
import { isUniqueViolation } from "../errors.ts";
import type { Database, StorefrontsTable } from "../schema.ts";

/** Storefronts in PostgreSQL: one per reseller team, slugs unique (a unique index). */
export class PostgresStorefrontRepository implements StorefrontRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findByTeam(teamId: string): Promise<Storefront | null> {
    const row = await this.db
      .selectFrom("storefronts")
      .selectAll()
      .where("reseller_team_id", "=", teamId)
      .executeTakeFirst();
    return row ? toStorefront(row) : null;
  }

  async findBySlug(slug: string): Promise<Storefront | null> {
    const row = await this.db.selectFrom("storefronts").selectAll().where("slug", "=", slug).executeTakeFirst();
    return row ? toStorefront(row) : null;
  }

  async save(storefront: Storefront): Promise<Storefront> {
    try {
      const row = await this.db
        .insertInto("storefronts")
        .values({
          id: storefront.id,
          reseller_team_id: storefront.resellerTeamId,
          slug: storefront.slug,
          created_at: storefront.createdAt,
          updated_at: storefront.updatedAt,
        })
        .onConflict((oc) =>
          oc.column("reseller_team_id").doUpdateSet((eb) => ({
            slug: eb.ref("excluded.slug"),
            updated_at: eb.ref("excluded.updated_at"),
          })),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return toStorefront(row);
    } catch (error) {
      if (isUniqueViolation(error, "storefronts_slug")) {
        throw new ConflictError(`A storefront with slug ${storefront.slug} already exists`, { cause: error });
      }
      throw error;
    }
  }
}

function toStorefront(row: Selectable<StorefrontsTable>): Storefront {
  return {
    id: row.id,
    resellerTeamId: row.reseller_team_id,
    slug: row.slug,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
