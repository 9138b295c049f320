import {
  type CatalogEntry,
  type CatalogFilters,
  type CatalogRepository,
  type ElectricityDetails,
  EMPTY_ELECTRICITY,
  EMPTY_INTERNET,
  type InternetDetails,
  type PageRequest,
  type ServiceType,
} from "@marketplace/core";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { applyPage } from "../pagination.ts";
import type { Database } from "../schema.ts";

/**
 * How many of the newest catalog offers a paginated search samples to choose between walking the
 * catalog and looking the term up in the trigram index (see `PostgresCatalogRepository.searchPage`).
 */
export const SEARCH_SAMPLE_ROWS = 500;
/** How much dearer a match fetched through the trigram index is than a row walked (measured). */
export const SEARCH_INDEX_COST_RATIO = 3;

/** Three letters or digits in a row: what pg_trgm needs to look a LIKE pattern up in the index. */
const TRIGRAM = /[\p{L}\p{N}]{3}/u;

/** What the catalog shows: active offers that are not deleted (the predicate of its partial indexes). */
const IN_CATALOG = sql<boolean>`offers.status = 'active' and offers.deleted_at is null`;
/** Cursor scope: the cursor's offer is still in the catalog (else the walk ends, as with every list). */
const CURSOR_IN_CATALOG = sql<boolean>`cursor_row.status = 'active' and cursor_row.deleted_at is null`;

/**
 * The reseller catalog over PostgreSQL: active, non-deleted offers of every team, each read with its
 * team's name and its brand in the same query (so a brand rename shows at once).
 *
 * Query plans (checked with EXPLAIN on 100,000 generated offers; see docs/decisions.md, "Catalog"):
 * - no `search`: one statement, the planner's choice (partial indexes on the date, the category and
 *   the price), newest first with keyset pagination;
 * - `search` on a page: a sampled choice between walking the date index (broad terms) and the
 *   trigram GIN index (selective terms), in one statement;
 * - `search` on the complete list: one statement; without a LIMIT the planner has no early-exit
 *   gamble to lose.
 */
export class PostgresCatalogRepository implements CatalogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: string): Promise<CatalogEntry | null> {
    const row = await this.select().where("offers.id", "=", id).where(IN_CATALOG).executeTakeFirst();
    return row ? toEntry(row) : null;
  }

  async list(filters: CatalogFilters, page: PageRequest): Promise<CatalogEntry[]> {
    if (filters.search !== null && page.kind === "page") return this.searchPage(filters, filters.search, page);
    let query = this.select().where(IN_CATALOG);
    for (const condition of conditions(filters, page)) query = query.where(condition);
    if (filters.search !== null) query = query.where(searchMatches(filters.search));
    const rows = await applyPage(query, page, "offers", CURSOR_IN_CATALOG).execute();
    return rows.map(toEntry);
  }

  /**
   * A page of a search, newest first, in one statement. Left to itself, the planner decides from
   * its estimate of how many offers match `like '%term%'`, which is coarse (a 100-entry histogram):
   * for a term it wrongly thinks common it walks the date index, filtering thousands of rows to fill
   * a page that the trigram index would have found in a few dozen (issue 8's trap); for a term it
   * wrongly thinks rare it builds a trigram bitmap over thousands of matches, or reads the whole
   * catalog and sorts it, where a short walk would do. So the choice is made from data:
   *
   * 1. `sample`: how many of the newest 500 catalog offers match the term, counting up to the page
   *    size (a common term stops the count after a few rows);
   * 2. `route`: walking reads about `page / density` rows, the trigram index fetches every match,
   *    `density × catalog size` rows, each about 3 times dearer (random heap reads; measured on
   *    100,000 offers). So walk when the sample alone fills the page, or when
   *    `3 × hits² × catalog size ≥ page × 500²` (catalog size: the planner's row count of the
   *    catalog's date index, `pg_class.reltuples`); else use the index. At 100,000 offers and a page
   *    of 20 the line is at 5 hits in 500 (1%); with 4,000 offers, only a sample that fills the page.
   * 3. walk: the catalog newest first through the planner's best ordered path for the other filters
   *    (date, category or price); the match is computed in the select list (here and in the
   *    sample), so its estimate cannot talk the planner into reading and sorting everything first;
   *    stop at the page;
   * 4. index: every match through the trigram index (`selective`, materialized so no
   *    `ORDER BY … LIMIT` tempts the planner back to the walk), then the top of them sorted.
   *
   * A term without three letters or digits in a row ("5g", "a b") gives the trigram index nothing
   * to look up, so it always walks: stopping at the page beats reading every offer.
   *
   * Both branches carry the same filters and the same keyset condition as `applyPage`; PostgreSQL
   * runs only the branch whose one-time filter holds (the other shows "never executed").
   */
  private async searchPage(
    filters: CatalogFilters,
    search: string,
    page: Extract<PageRequest, { kind: "page" }>,
  ): Promise<CatalogEntry[]> {
    const others = [...conditions(filters, page), ...afterCursor(page)];
    const where = (extra: RawBuilder<boolean>[]) => sql.join([IN_CATALOG, ...others, ...extra], sql` and `);
    const matches = searchMatches(search);
    const size = page.limit + 1;
    const sampleRows = sql.lit(SEARCH_SAMPLE_ROWS);
    const walks = TRIGRAM.test(search) ? sql<boolean>`(select walks from route)` : sql<boolean>`true`;
    // In parentheses: Kysely aliases a raw query as is.
    const ids = sql<{ id: string }>`(
      with sample as (
        select count(*) as hits from (
          select 1 from (
            select ${matches} as hit from offers
            where ${IN_CATALOG}
            order by offers.created_at desc, offers.id desc
            limit ${sampleRows}
          ) as newest
          where newest.hit
          limit ${size}
        ) as sampled
      ),
      route as (
        select sample.hits >= ${size}
          or ${sql.lit(SEARCH_INDEX_COST_RATIO)} * sample.hits * sample.hits * greatest(catalog.reltuples, 0)
            >= ${size} * ${sampleRows} * ${sampleRows} as walks
        from sample, pg_class as catalog
        where catalog.oid = 'offers_catalog_created_at_id'::regclass
      ),
      selective as materialized (
        select offers.id, offers.created_at from offers where ${where([matches])}
      )
      select page.id from (
        (
          select walk.id, walk.created_at from (
            select offers.id, offers.created_at, ${matches} as hit from offers
            where ${where([])}
            order by offers.created_at desc, offers.id desc
            offset 0
          ) as walk
          where ${walks} and walk.hit
          limit ${size}
        )
        union all
        (
          select id, created_at from selective
          where not ${walks}
          order by created_at desc, id desc
          limit ${size}
        )
      ) as page
    )`;
    const rows = await this.select()
      .innerJoin(ids.as("page"), (join) => join.onRef("page.id", "=", "offers.id"))
      .orderBy("offers.created_at", "desc")
      .orderBy("offers.id", "desc")
      .execute();
    return rows.map(toEntry);
  }

  /** Catalog columns: never the SKU, submission URL, signup template, market links or team id. */
  private select() {
    return this.db
      .selectFrom("offers")
      .innerJoin("teams", "teams.id", "offers.team_id")
      .leftJoin("brands", "brands.id", "offers.brand_id")
      .select([
        "offers.id",
        "offers.name",
        "offers.service_type",
        "offers.description",
        "offers.marketing_headline",
        "teams.name as team_name",
        "offers.brand_id",
        "brands.name as brand_name",
        "brands.logo_url as brand_logo_url",
        "offers.monthly_price",
        "offers.promo_monthly_price",
        "offers.promo_duration_months",
        "offers.contract_term_months",
        "offers.commission",
        sql<string | null>`offers.partner_signup ->> 'kind'`.as("partner_signup_kind"),
        "offers.internet",
        "offers.electricity",
        "offers.published_at",
        "offers.created_at",
        "offers.updated_at",
      ]);
  }
}

/** The filters other than `search`, as conditions on `offers`. */
function conditions(filters: CatalogFilters, page: PageRequest): RawBuilder<boolean>[] {
  const out: RawBuilder<boolean>[] = [];
  if (filters.category !== null) out.push(sql`offers.service_type = ${filters.category}`);
  if (filters.minPrice !== null) out.push(sql`offers.monthly_price >= ${filters.minPrice}::numeric`);
  if (filters.maxPrice !== null) out.push(sql`offers.monthly_price <= ${filters.maxPrice}::numeric`);
  if (filters.zipCode !== null) out.push(availableAt(filters.zipCode, page));
  return out;
}

/** The keyset condition of `applyPage`: rows after the cursor offer, while it is still in the catalog. */
function afterCursor(page: PageRequest): RawBuilder<boolean>[] {
  if (page.kind === "all" || page.after === null) return [];
  return [
    sql`(offers.created_at, offers.id) < (
      select cursor_row.created_at, cursor_row.id from offers as cursor_row
      where cursor_row.id = ${page.after} and ${CURSOR_IN_CATALOG}
    )`,
  ];
}

/**
 * Available at `zip`: linked to no market (available everywhere), or to a market having that ZIP.
 *
 * Two spellings of the same test, because the planner picks badly between them under a LIMIT: for
 * the complete list, EXISTS lets it hash every link once (one pass over offer_markets); for a page,
 * one aggregate per offer probes that offer's links by index and cannot be turned into that hash,
 * which under a LIMIT would be built for a few rows (tens of milliseconds at 100,000 offers).
 */
function availableAt(zip: string, page: PageRequest): RawBuilder<boolean> {
  if (page.kind === "all") {
    return sql`(
      not exists (select 1 from offer_markets om where om.offer_id = offers.id)
      or exists (
        select 1 from offer_markets om join market_areas a on a.market_id = om.market_id
        where om.offer_id = offers.id and a.kind = 'zip' and a.value = ${zip}
      )
    )`;
  }
  return sql`coalesce((
    select bool_or(a.id is not null) from offer_markets om
    left join market_areas a on a.market_id = om.market_id and a.kind = 'zip' and a.value = ${zip}
    where om.offer_id = offers.id
  ), true)`;
}

/**
 * Case-insensitive substring match on the stored `search_text` (lowercased name, headline and
 * description): `like '%term%'`, the term lowercased by the same `lower()` and its LIKE wildcards
 * (`%`, `_`) and escape character (`\`) escaped, so they match literally.
 */
function searchMatches(term: string): RawBuilder<boolean> {
  return sql`offers.search_text like '%' || lower(${escapeLike(term)}) || '%'`;
}

/** `term` with LIKE's wildcards and its default escape character escaped. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

interface CatalogRow {
  id: string;
  name: string;
  service_type: string;
  description: string | null;
  marketing_headline: string | null;
  team_name: string;
  brand_id: string | null;
  brand_name: string | null;
  brand_logo_url: string | null;
  monthly_price: string | null;
  promo_monthly_price: string | null;
  promo_duration_months: number | null;
  contract_term_months: number | null;
  commission: string | null;
  partner_signup_kind: string | null;
  internet: unknown;
  electricity: unknown;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

function toEntry(row: CatalogRow): CatalogEntry {
  const brand =
    row.brand_id !== null && row.brand_name !== null
      ? { id: row.brand_id, name: row.brand_name, logoUrl: row.brand_logo_url }
      : null;
  return {
    id: row.id,
    name: row.name,
    serviceType: row.service_type as ServiceType,
    description: row.description,
    marketingHeadline: row.marketing_headline,
    providerName: brand?.name ?? row.team_name,
    brand,
    monthlyPrice: row.monthly_price,
    promoMonthlyPrice: row.promo_monthly_price,
    promoDurationMonths: row.promo_duration_months,
    contractTermMonths: row.contract_term_months,
    commission: row.commission,
    partnerSignup: row.partner_signup_kind === "lead_gen" ? { kind: "lead_gen" } : null,
    // The details object of the offer's own type is always present (all-null until filled in).
    internet:
      row.service_type === "internet" ? ((row.internet as InternetDetails | null) ?? { ...EMPTY_INTERNET }) : null,
    electricity:
      row.service_type === "electricity"
        ? ((row.electricity as ElectricityDetails | null) ?? { ...EMPTY_ELECTRICITY })
        : null,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
