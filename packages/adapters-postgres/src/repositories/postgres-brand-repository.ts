import { type Brand, ConflictError, type PageRequest } from "@marketplace/core";
import type { BrandRepository } from "@marketplace/core/brands";
import { type Kysely, type Selectable, sql } from "kysely";
import { isUniqueViolation } from "../errors.ts";
import { applyPage } from "../pagination.ts";
import type { BrandsTable, Database } from "../schema.ts";
import { inTransaction } from "../transactions.ts";

/** Brands in PostgreSQL; names are unique per team, case-insensitively (index on `lower(name)`). */
export class PostgresBrandRepository implements BrandRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(brand: Brand): Promise<void> {
    try {
      await this.db
        .insertInto("brands")
        .values({
          id: brand.id,
          team_id: brand.teamId,
          name: brand.name,
          logo_url: brand.logoUrl,
          created_at: brand.createdAt,
          updated_at: brand.updatedAt,
        })
        .execute();
    } catch (error) {
      throw duplicateName(error, brand.name);
    }
  }

  async update(brand: Brand): Promise<void> {
    try {
      await this.db
        .updateTable("brands")
        .set({ name: brand.name, logo_url: brand.logoUrl, updated_at: brand.updatedAt })
        .where("id", "=", brand.id)
        .where("team_id", "=", brand.teamId)
        .execute();
    } catch (error) {
      throw duplicateName(error, brand.name);
    }
  }

  async findById(teamId: string, id: string): Promise<Brand | null> {
    const row = await this.db
      .selectFrom("brands")
      .selectAll()
      .where("id", "=", id)
      .where("team_id", "=", teamId)
      .executeTakeFirst();
    return row ? toBrand(row) : null;
  }

  async list(teamId: string, page: PageRequest): Promise<Brand[]> {
    const query = this.db.selectFrom("brands").selectAll().where("team_id", "=", teamId);
    const rows = await applyPage(query, page, "brands", sql`cursor_row.team_id = ${teamId}`).execute();
    return rows.map(toBrand);
  }

  /**
   * Locks the brand row first: an offer insert or update that references the brand takes a key-share
   * lock on it (the foreign key), so no new reference can appear between the check and the delete.
   * Soft-deleted offers keep their row, so their reference is cleared before the brand goes.
   */
  async delete(teamId: string, id: string): Promise<"deleted" | "in_use" | "not_found"> {
    return inTransaction(this.db, async (trx) => {
      const brand = await trx
        .selectFrom("brands")
        .select("id")
        .where("id", "=", id)
        .where("team_id", "=", teamId)
        .forUpdate()
        .executeTakeFirst();
      if (!brand) return "not_found";
      const used = await trx
        .selectFrom("offers")
        .select("id")
        .where("brand_id", "=", id)
        .where("deleted_at", "is", null)
        .limit(1)
        .executeTakeFirst();
      if (used) return "in_use";
      await trx
        .updateTable("offers")
        .set({ brand_id: null })
        .where("brand_id", "=", id)
        .where("deleted_at", "is not", null)
        .execute();
      await trx.deleteFrom("brands").where("id", "=", id).execute();
      return "deleted";
    });
  }
}

function duplicateName(error: unknown, name: string): unknown {
  return isUniqueViolation(error, "brands_team_name")
    ? new ConflictError(`A brand named ${name} already exists`, { cause: error })
    : error;
}

function toBrand(row: Selectable<BrandsTable>): Brand {
  return {
    id: row.id,
    teamId: row.team_id,
    name: row.name,
    logoUrl: row.logo_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
