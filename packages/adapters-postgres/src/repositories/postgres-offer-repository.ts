import {
  ConflictError,
  type Offer,
  type OfferRepository,
  type OfferStatus,
  type PageRequest,
  type ServiceType,
} from "@marketplace/core";
import { type Kysely, type Selectable, sql } from "kysely";
import { isUniqueViolation } from "../errors.ts";
import { applyPage } from "../pagination.ts";
import type { Database, OffersTable } from "../schema.ts";

/** Offers in PostgreSQL; SKU uniqueness per team is a partial unique index. */
export class PostgresOfferRepository implements OfferRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(offer: Offer): Promise<void> {
    try {
      await this.db
        .insertInto("offers")
        .values({
          id: offer.id,
          team_id: offer.teamId,
          name: offer.name,
          sku: offer.sku,
          status: offer.status,
          service_type: offer.serviceType,
          monthly_price: offer.monthlyPrice,
          created_at: offer.createdAt,
          updated_at: offer.updatedAt,
          published_at: offer.publishedAt,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error, "offers_team_sku")) {
        throw new ConflictError(`An offer with sku ${offer.sku} already exists`);
      }
      throw error;
    }
  }

  async findById(teamId: string, id: string): Promise<Offer | null> {
    const row = await this.db
      .selectFrom("offers")
      .selectAll()
      .where("id", "=", id)
      .where("team_id", "=", teamId)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    return row ? toOffer(row) : null;
  }

  async list(teamId: string, page: PageRequest): Promise<Offer[]> {
    const query = this.db
      .selectFrom("offers")
      .selectAll()
      .where("team_id", "=", teamId)
      .where("deleted_at", "is", null);
    const rows = await applyPage(
      query,
      page,
      "offers",
      sql`cursor_row.team_id = ${teamId} and cursor_row.deleted_at is null`,
    ).execute();
    return rows.map(toOffer);
  }
}

function toOffer(row: Selectable<OffersTable>): Offer {
  return {
    id: row.id,
    teamId: row.team_id,
    name: row.name,
    sku: row.sku,
    status: row.status as OfferStatus,
    serviceType: row.service_type as ServiceType,
    monthlyPrice: row.monthly_price,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
  };
}
