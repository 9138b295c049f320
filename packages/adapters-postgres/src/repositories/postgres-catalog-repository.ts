import type { CatalogEntry, PageRequest, ServiceType } from "@marketplace/core";
import type { CatalogFilters, CatalogRepository } from "@marketplace/core/catalog";
import { CompiledQuery, type Kysely, type RawBuilder, sql } from "kysely";
import { applyPage } from "../pagination.ts";
import type { Database } from "../schema.ts";
import { electricityDetailsOf, internetDetailsOf } from "./service-details.ts";

/**
 * How many of the newest catalog offers a page of a search walks first: its matches are the page's
 * first rows, and what it sees decides how the search goes on (see `catalog_search_page`).
 */
export const SEARCH_FIRST_WALK_ROWS = 32;
/**
 * How much dearer a match fetched through the trigram index is than an offer walked (ADR-0013;
 * measured: docs/performance.md, "Catalog search").
 */
export const SEARCH_INDEX_COST_RATIO = 2.5;

/** The SQL of `findById`, compiled at its first call (the same for every Kysely over PostgreSQL). */
let byIdSql: string | undefined;
const BY_ID_PLACEHOLDER = "00000000-0000-4000-8000-000000000000";

/** The SQL of a search page, compiled at its first call. */
let searchPageSql: string | undefined;

/** Which value of a request fills a parameter of a compiled list statement. */
type ListSlot = "category" | "minPrice" | "maxPrice" | "zipCode" | "search" | "after" | "limit";
/** A list statement compiled once for its shape, with the slot of each of its parameters. */
interface ListStatement {
  sql: string;
  slots: ListSlot[];
}
/** The list statements compiled so far, by shape (at most 3 × 2⁵: the kind of page, the filters set). */
const listStatements = new Map<string, ListStatement>();
/** Values no request sends (a control character first), standing in for each slot while compiling. */
const PLACEHOLDERS = {
  category: "\u0001category",
  minPrice: "\u0001minPrice",
  maxPrice: "\u0001maxPrice",
  zipCode: "\u0001zipCode",
  search: "\u0001search",
  after: "\u0001after",
} as const;
const SLOT_OF_PLACEHOLDER = new Map<string, ListSlot>(
  Object.entries(PLACEHOLDERS).map(([slot, value]) => [value, slot as ListSlot]),
);
/** `limit + 1` while compiling: no page size is near it (at most 100). */
const LIMIT_PLACEHOLDER = 987_654_321;

/** The shape of a list request: which statement it runs. */
function listShape(filters: CatalogFilters, page: PageRequest): string {
  const kind = page.kind === "all" ? "all" : page.after === null ? "first" : "after";
  return `${kind}:${filters.category !== null ? "c" : ""}${filters.minPrice !== null ? "l" : ""}${
    filters.maxPrice !== null ? "h" : ""
  }${filters.zipCode !== null ? "z" : ""}${filters.search !== null ? "s" : ""}`;
}

/** The value of a request for one slot (escaped as the builder escapes it). */
function slotValue(slot: ListSlot, filters: CatalogFilters, page: PageRequest): unknown {
  switch (slot) {
    case "search":
      return escapeLike(filters.search as string);
    case "after":
      return page.kind === "page" ? page.after : null;
    case "limit":
      return page.kind === "page" ? page.limit + 1 : null;
    default:
      return filters[slot];
  }
}

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
 * Query plans (checked with EXPLAIN on generated offers; ADR-0012, ADR-0013):
 * - no `search`: one statement, the planner's choice (partial indexes on the date, the category and
 *   the price), newest first with keyset pagination;
 * - `search` on a page: `catalog_search_entries` (migration `0012_catalog_search_entries`) over
 *   `catalog_search_page` (migration `0009_catalog_search_windows`), which walks the newest offers,
 *   then walks on, looks the term up in windows of days through the (trigram, day) index, or
 *   fetches every remaining match;
 * - `search` on the complete list: one statement; without a LIMIT the planner has no early-exit
 *   gamble to lose.
 */
export class PostgresCatalogRepository implements CatalogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: string): Promise<CatalogEntry | null> {
    // One shape, so built and compiled once (Kysely's builder and compiler were a visible share of
    // a by-id read: ADR-0066, docs/performance.md); the id is its only parameter.
    byIdSql ??= this.select().where("offers.id", "=", BY_ID_PLACEHOLDER).where(IN_CATALOG).compile().sql;
    const { rows } = await this.db.executeQuery(CompiledQuery.raw(byIdSql, [id]));
    const row = rows[0] as CatalogRow | undefined;
    return row ? toEntry(row) : null;
  }

  async list(filters: CatalogFilters, page: PageRequest): Promise<CatalogEntry[]> {
    if (filters.search !== null && page.kind === "page") return this.searchPage(filters, filters.search, page);
    // Built and compiled once per shape (which filters are set, the kind of page), as findById:
    // Kysely's builder and compiler were about a tenth of the Node CPU of a first page.
    const shape = listShape(filters, page);
    let statement = listStatements.get(shape);
    if (statement === undefined) {
      statement = this.compileList(filters, page);
      listStatements.set(shape, statement);
    }
    const parameters = statement.slots.map((slot) => slotValue(slot, filters, page));
    const { rows } = await this.db.executeQuery(CompiledQuery.raw(statement.sql, parameters));
    return (rows as CatalogRow[]).map(toEntry);
  }

  /**
   * The list statement of this shape, its values standing in as placeholders: each parameter of the
   * compiled statement is a placeholder, so its slot says which value of a request fills it.
   */
  private compileList(filters: CatalogFilters, page: PageRequest): ListStatement {
    const stand = (value: string | null, slot: keyof typeof PLACEHOLDERS) =>
      value === null ? null : PLACEHOLDERS[slot];
    const placeholders: CatalogFilters = {
      category: stand(filters.category, "category") as ServiceType | null,
      minPrice: stand(filters.minPrice, "minPrice"),
      maxPrice: stand(filters.maxPrice, "maxPrice"),
      zipCode: stand(filters.zipCode, "zipCode"),
      search: stand(filters.search, "search"),
    };
    const placeholderPage: PageRequest =
      page.kind === "all"
        ? page
        : { kind: "page", limit: LIMIT_PLACEHOLDER - 1, after: page.after === null ? null : PLACEHOLDERS.after };
    let query = this.select().where(IN_CATALOG);
    for (const condition of conditions(placeholders, placeholderPage)) query = query.where(condition);
    if (placeholders.search !== null) query = query.where(searchMatches(placeholders.search));
    const compiled = applyPage(query, placeholderPage, "offers", CURSOR_IN_CATALOG).compile();
    const slots = compiled.parameters.map((parameter) => {
      if (parameter === LIMIT_PLACEHOLDER) return "limit";
      const slot = SLOT_OF_PLACEHOLDER.get(parameter as string);
      if (slot === undefined) throw new Error(`catalog list: a parameter of no known slot (${String(parameter)})`);
      return slot;
    });
    return { sql: compiled.sql, slots };
  }

  /**
   * A page of a search, newest first: the ids come from `catalog_search_page`, a PL/pgSQL function
   * of migration `0009_catalog_search_windows`, joined to the catalog columns by
   * `catalog_search_entries` (migration `0012_catalog_search_entries`): every statement of both is
   * planned once per connection, so this one has nothing to plan (planning the join here cost as
   * much as the search).
   *
   * Left to itself, the planner decides from its estimate of how many offers match
   * `like '%term%'`, which is coarse: it walks the date index through thousands of offers for a
   * term the trigram index finds in a few dozen (issue 8's trap), or fetches and sorts every match
   * of a term a short walk would find. The function decides from data instead:
   *
   * 1. walk the newest `SEARCH_FIRST_WALK_ROWS` catalog offers after the cursor; their matches that pass
   *    the other filters are the page's first rows (a common term fills the page here);
   * 2. from what the walk saw (matches, filters passed, offers per day), price the ways on, in
   *    walked offers: walking on reads `rows left ÷ density`; a window of whole days costs a
   *    trigram lookup (about 50 fetched matches) plus its matches, each `SEARCH_INDEX_COST_RATIO`
   *    walked offers; the rest costs every remaining match once;
   * 3. windows: the matches created on the next days, through the index on (trigram, day keys),
   *    sorted; sized for the rows left (about 1.5 ×), doubling, until the page is full or the rest
   *    is cheaper;
   * 4. the rest: every remaining match through the trigram index, sorted.
   *
   * A term without three letters or digits in a row ("5g", "a b") gives the trigram index nothing
   * to look up, so it only walks: stopping at the page beats reading every offer.
   *
   * Every way applies the same filters, the keyset cursor (an offer no longer in the catalog ends
   * the walk, as `applyPage`) and the order (`created_at desc, id desc`), so only the work differs.
   */
  private async searchPage(
    filters: CatalogFilters,
    search: string,
    page: Extract<PageRequest, { kind: "page" }>,
  ): Promise<CatalogEntry[]> {
    // One statement whatever the filters (each is a parameter, null when not set): compiled once.
    searchPageSql ??= sql`select * from catalog_search_entries(
      ${""}, ${0}, ${null}, ${null}, ${null}, ${null}, ${null}, ${false}, ${0}, ${0}
    ) order by created_at desc, id desc`.compile(this.db).sql;
    const parameters = [
      escapeLike(search),
      page.limit + 1,
      page.after,
      filters.category,
      filters.minPrice,
      filters.maxPrice,
      filters.zipCode,
      TRIGRAM.test(search),
      SEARCH_FIRST_WALK_ROWS,
      SEARCH_INDEX_COST_RATIO,
    ];
    const { rows } = await this.db.executeQuery(CompiledQuery.raw(searchPageSql, parameters));
    return (rows as CatalogRow[]).map(toEntry);
  }

  /** Catalog columns: never the SKU, submission URL, signup template, market links or team id. */
  private select() {
    return this.db
      .selectFrom("offers")
      .innerJoin("teams", "teams.id", "offers.team_id")
      .leftJoin("brands", "brands.id", "offers.brand_id")
      .select([
        ...OFFER_COLUMNS,
        PARTNER_SIGNUP_KIND,
        "teams.name as team_name",
        "brands.name as brand_name",
        "brands.logo_url as brand_logo_url",
      ]);
  }
}

/** The offer's own catalog columns (with `PARTNER_SIGNUP_KIND`, the team's name and the brand). */
const OFFER_COLUMNS = [
  "offers.id",
  "offers.name",
  "offers.service_type",
  "offers.description",
  "offers.marketing_headline",
  "offers.brand_id",
  "offers.monthly_price",
  "offers.promo_monthly_price",
  "offers.promo_duration_months",
  "offers.contract_term_months",
  "offers.commission",
  "offers.internet",
  "offers.electricity",
  "offers.published_at",
  "offers.created_at",
  "offers.updated_at",
] as const;
const PARTNER_SIGNUP_KIND = sql<string | null>`offers.partner_signup ->> 'kind'`.as("partner_signup_kind");

/** The filters other than `search`, as conditions on `offers`. */
function conditions(filters: CatalogFilters, page: PageRequest): RawBuilder<boolean>[] {
  const out: RawBuilder<boolean>[] = [];
  if (filters.category !== null) out.push(sql`offers.service_type = ${filters.category}`);
  if (filters.minPrice !== null) out.push(sql`offers.monthly_price >= ${filters.minPrice}::numeric`);
  if (filters.maxPrice !== null) out.push(sql`offers.monthly_price <= ${filters.maxPrice}::numeric`);
  if (filters.zipCode !== null) out.push(availableAt(filters.zipCode, page));
  return out;
}

/**
 * Available at `zip`: linked to no market (available everywhere), or to a market having that ZIP.
 *
 * Two spellings of the same test, because the planner picks badly between them under a LIMIT: for
 * the complete list, EXISTS lets it hash every link once (one pass over offer_markets); for a page,
 * one aggregate per offer probes that offer's links by index and cannot be turned into that hash,
 * which under a LIMIT would be built for a few rows (figures: docs/performance.md, "Catalog search").
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
    internet: internetDetailsOf(row.service_type, row.internet),
    electricity: electricityDetailsOf(row.service_type, row.electricity),
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
