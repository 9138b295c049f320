import {
  ConflictError,
  type Offer,
  type OfferStatus,
  type PageRequest,
  type ReadOptions,
  type ServiceType,
} from "@marketplace/core";
import type { OfferListFilters, OfferRepository, PartnerSignup } from "@marketplace/core/offers";
import { type Insertable, type Kysely, sql } from "kysely";
import { isUniqueViolation } from "../errors.ts";
import { applyPage } from "../pagination.ts";
import type { Database, OffersTable } from "../schema.ts";
import { inTransaction } from "../transactions.ts";
import { escapeLike } from "./postgres-catalog-repository.ts";
import { electricityDetailsOf, internetDetailsOf } from "./service-details.ts";

/** Offers in PostgreSQL; SKU uniqueness per team is a partial unique index. */
export class PostgresOfferRepository implements OfferRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(offer: Offer): Promise<void> {
    await this.insertMany([offer]);
  }

  /**
   * One statement per table, every column sent as one array parameter and expanded by `unnest`: 21
   * parameters for any number of offers. Not Kysely's multi-row `values`: for a bulk CSV batch of
   * 500 it built and compiled a value node and a placeholder per cell and pg serialized each value
   * on its own, much of it promoted to the old space by the scavenges that ran meanwhile (ADR-0053;
   * figures: docs/performance.md, "Bulk CSV").
   */
  async insertMany(offers: readonly Offer[]): Promise<void> {
    if (offers.length === 0) return;
    // Two statements (offers, then their market links): in a transaction of their own when the
    // caller has none, so a batch whose links fail leaves no offer behind.
    await inTransaction(this.db, async (db) => {
      const rows = offers.map(toRow);
      const columns = Object.keys(OFFER_INSERT_TYPES) as Array<keyof typeof OFFER_INSERT_TYPES>;
      const arrays = columns.map(
        (column) => sql`${arrayLiteral(rows, column)}::${sql.raw(OFFER_INSERT_TYPES[column])}[]`,
      );
      await this.guardSku(
        () =>
          sql`insert into offers (${sql.join(columns.map((column) => sql.ref(column)))})
            select * from unnest(${sql.join(arrays)})`.execute(db),
        offers,
      );
      const offerIds: string[] = [];
      const marketIds: string[] = [];
      for (const offer of offers) {
        for (const marketId of offer.marketIds) {
          offerIds.push(offer.id);
          marketIds.push(marketId);
        }
      }
      if (offerIds.length > 0) {
        await sql`insert into offer_markets (offer_id, market_id)
          select * from unnest(${offerIds}::uuid[], ${marketIds}::uuid[])`.execute(db);
      }
    });
  }

  async update(offer: Offer): Promise<boolean> {
    const { id, team_id: _team, created_at: _created, ...changes } = toRow(offer);
    return inTransaction(this.db, async (db) => {
      // The team's live offer only: the market links below are touched only when this row was, so
      // another team's (or a deleted) offer keeps its links as well as its fields.
      const updated = await this.guardSku(
        () =>
          db
            .updateTable("offers")
            .set(changes)
            .where("id", "=", id)
            .where("team_id", "=", offer.teamId)
            .where("deleted_at", "is", null)
            .executeTakeFirst(),
        [offer],
      );
      if (updated.numUpdatedRows === 0n) return false;
      await db.deleteFrom("offer_markets").where("offer_id", "=", id).execute();
      if (offer.marketIds.length > 0) {
        await db
          .insertInto("offer_markets")
          .values(offer.marketIds.map((marketId) => ({ offer_id: id, market_id: marketId })))
          .execute();
      }
      return true;
    });
  }

  async softDelete(teamId: string, id: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("offers")
      .set({ deleted_at: at, updated_at: at })
      .where("id", "=", id)
      .where("team_id", "=", teamId)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async findById(teamId: string, id: string, options: ReadOptions = {}): Promise<Offer | null> {
    let query = this.select().where("offers.id", "=", id).where("offers.team_id", "=", teamId);
    if (options.forUpdate) query = query.forUpdate("offers");
    const row = await query.executeTakeFirst();
    return row ? toOffer(row) : null;
  }

  async findBySkus(teamId: string, skus: readonly string[], options: ReadOptions = {}): Promise<Offer[]> {
    if (skus.length === 0) return [];
    // In id order, locked or not (locked in that order, two batches over the same offers cannot
    // deadlock); each offer once, however often its SKU is repeated.
    let query = this.select()
      .where("offers.team_id", "=", teamId)
      .where("offers.sku", "in", [...new Set(skus)])
      .orderBy("offers.id");
    if (options.forUpdate) query = query.forUpdate("offers");
    const rows = await query.execute();
    return rows.map(toOffer);
  }

  /**
   * The team's offers, newest first, walking `offers_team_created_at_id` with the filters as
   * predicates (a team's offers are thousands, not millions; the market filter is a semi-join on
   * `offer_markets`' primary key, the search a substring of the stored `search_text` or of the SKU).
   */
  async list(teamId: string, page: PageRequest, filters: OfferListFilters = {}): Promise<Offer[]> {
    let query = this.select().where("offers.team_id", "=", teamId);
    if (filters.status) query = query.where("offers.status", "=", filters.status);
    if (filters.serviceType) query = query.where("offers.service_type", "=", filters.serviceType);
    if (filters.brandId) query = query.where("offers.brand_id", "=", filters.brandId);
    if (filters.marketId) {
      const marketId = filters.marketId;
      query = query.where(
        sql<boolean>`exists (select 1 from offer_markets om where om.offer_id = offers.id and om.market_id = ${marketId})`,
      );
    }
    if (filters.search) {
      const pattern = `%${escapeLike(filters.search.toLowerCase())}%`;
      query = query.where(sql<boolean>`(offers.search_text like ${pattern} or lower(offers.sku) like ${pattern})`);
    }
    const rows = await applyPage(
      query,
      page,
      "offers",
      sql`cursor_row.team_id = ${teamId} and cursor_row.deleted_at is null`,
    ).execute();
    return rows.map(toOffer);
  }

  /** Live offers with their brand and market ids, in one query. */
  private select() {
    return selectOffers(this.db);
  }

  private async guardSku<T>(write: () => Promise<T>, offers: readonly Offer[]): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, "offers_team_sku")) {
        const detail = (error as { detail?: string }).detail ?? "";
        const sku = /\(team_id, sku\)=\([^,]+, (.*)\)/.exec(detail)?.[1] ?? offers.find((o) => o.sku)?.sku;
        throw new ConflictError(`An offer with sku ${sku} already exists`, { cause: error });
      }
      throw error;
    }
  }
}

/** Every column of an offer the domain reads. */
const OFFER_COLUMNS = [
  "offers.id",
  "offers.team_id",
  "offers.name",
  "offers.sku",
  "offers.status",
  "offers.service_type",
  "offers.description",
  "offers.marketing_headline",
  "offers.brand_id",
  "offers.monthly_price",
  "offers.promo_monthly_price",
  "offers.promo_duration_months",
  "offers.contract_term_months",
  "offers.commission",
  "offers.partner_signup",
  "offers.submission_url",
  "offers.internet",
  "offers.electricity",
  "offers.created_at",
  "offers.updated_at",
  "offers.published_at",
  "offers.deleted_at",
] as const;

/** Live offers with their brand and market ids, in one query (shared with the order repository). */
export function selectOffers(db: Kysely<Database>) {
  return (
    db
      .selectFrom("offers")
      .leftJoin("brands", "brands.id", "offers.brand_id")
      // Named columns, not offers.*: the catalog's generated search_text stays in the database.
      .select(OFFER_COLUMNS)
      .select([
        "brands.name as brand_name",
        "brands.logo_url as brand_logo_url",
        sql<string[]>`coalesce(
          (select array_agg(om.market_id order by om.market_id) from offer_markets om where om.offer_id = offers.id),
          '{}'::uuid[]
        )`.as("market_ids"),
      ])
      .where("offers.deleted_at", "is", null)
  );
}

/** A row of `selectOffers()`: the offer with its brand's display fields and market ids. */
export type SelectedOffer = OffersTable & {
  brand_name: string | null;
  brand_logo_url: string | null;
  market_ids: string[];
};

/** The PostgreSQL type of each column `insertMany` writes (every column but deleted_at and the generated search_text). */
const OFFER_INSERT_TYPES: Record<Exclude<keyof OffersTable, "deleted_at">, string> = {
  id: "uuid",
  team_id: "uuid",
  name: "text",
  sku: "text",
  status: "text",
  service_type: "text",
  description: "text",
  marketing_headline: "text",
  brand_id: "uuid",
  monthly_price: "numeric",
  promo_monthly_price: "numeric",
  promo_duration_months: "integer",
  contract_term_months: "integer",
  commission: "numeric",
  partner_signup: "jsonb",
  submission_url: "text",
  internet: "jsonb",
  electricity: "jsonb",
  created_at: "timestamptz",
  updated_at: "timestamptz",
  published_at: "timestamptz",
};

/** Characters to escape with a backslash inside a quoted array element. */
const ARRAY_ELEMENT_SPECIAL = /["\\]/;
const ARRAY_ELEMENT_SPECIALS = /["\\]/g;

/**
 * One column of `rows` as a PostgreSQL array literal: `{"a","b\\"c",NULL}`, a time as ISO 8601 (UTC).
 * Built here rather than by pg (which does the same from a JS array) because pg's builder
 * concatenates element by element and runs two regular expressions over each (figures:
 * docs/performance.md, "Bulk CSV"); here the pieces are joined once, and a time shared by the rows is formatted once.
 */
function arrayLiteral(rows: readonly Insertable<OffersTable>[], column: keyof OffersTable): string {
  const parts: string[] = ["{"];
  let lastTime: Date | null = null;
  let lastIso = "";
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) parts.push(",");
    const value: unknown = rows[i]?.[column];
    if (value === null || value === undefined) {
      parts.push("NULL");
      continue;
    }
    let text: string;
    if (value instanceof Date) {
      if (value !== lastTime) {
        lastTime = value;
        lastIso = value.toISOString();
      }
      text = lastIso;
    } else text = String(value);
    parts.push('"', ARRAY_ELEMENT_SPECIAL.test(text) ? text.replace(ARRAY_ELEMENT_SPECIALS, "\\$&") : text, '"');
  }
  parts.push("}");
  return parts.join("");
}

function toRow(offer: Offer): Insertable<OffersTable> {
  return {
    id: offer.id,
    team_id: offer.teamId,
    name: offer.name,
    sku: offer.sku,
    status: offer.status,
    service_type: offer.serviceType,
    description: offer.description,
    marketing_headline: offer.marketingHeadline,
    brand_id: offer.brandId,
    monthly_price: offer.monthlyPrice,
    promo_monthly_price: offer.promoMonthlyPrice,
    promo_duration_months: offer.promoDurationMonths,
    contract_term_months: offer.contractTermMonths,
    commission: offer.commission,
    partner_signup: offer.partnerSignup === null ? null : JSON.stringify(offer.partnerSignup),
    submission_url: offer.submissionUrl,
    internet: offer.internet === null ? null : JSON.stringify(offer.internet),
    electricity: offer.electricity === null ? null : JSON.stringify(offer.electricity),
    created_at: offer.createdAt,
    updated_at: offer.updatedAt,
    published_at: offer.publishedAt,
  };
}

export function toOffer(row: SelectedOffer): Offer {
  return {
    id: row.id,
    teamId: row.team_id,
    name: row.name,
    sku: row.sku,
    status: row.status as OfferStatus,
    serviceType: row.service_type as ServiceType,
    description: row.description,
    marketingHeadline: row.marketing_headline,
    brandId: row.brand_id,
    brand:
      row.brand_id && row.brand_name !== null
        ? { id: row.brand_id, name: row.brand_name, logoUrl: row.brand_logo_url }
        : null,
    marketIds: row.market_ids,
    monthlyPrice: row.monthly_price,
    promoMonthlyPrice: row.promo_monthly_price,
    promoDurationMonths: row.promo_duration_months,
    contractTermMonths: row.contract_term_months,
    commission: row.commission,
    partnerSignup: row.partner_signup as PartnerSignup | null,
    submissionUrl: row.submission_url,
    internet: internetDetailsOf(row.service_type, row.internet),
    electricity: electricityDetailsOf(row.service_type, row.electricity),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
  };
}
