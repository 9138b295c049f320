/**
 * The reseller catalog: what resellers see of active offers, and the rules of its filters.
 *
 * An entry carries what a reseller needs to present and sell an offer: the displayed provider name
 * (the brand's name when the offer has a brand, else the provider team's name), prices, terms,
 * commission and service details. Provider-internal data never appears: no SKU, no submission URL,
 * no partner signup template, no market links, no team id.
 *
 * @module
 */

import type { BrandSummary } from "../brands/index.ts";
import { isZipCode } from "../fields/formats.ts";
import { fromCents, isMoney, toCents } from "../money.ts";
import { type ElectricityDetails, type InternetDetails, SERVICE_TYPES, type ServiceType } from "../offers/index.ts";

/** Longest accepted `search` term, counted after trimming. */
export const CATALOG_SEARCH_MAX_LENGTH = 100;

/** One active offer as resellers see it. */
export interface CatalogEntry {
  id: string;
  name: string;
  serviceType: ServiceType;
  description: string | null;
  marketingHeadline: string | null;
  /** The brand's name when the offer has a brand, else the provider team's name. */
  providerName: string;
  /** The brand displayed, read with the entry (a rename shows at once). */
  brand: BrandSummary | null;
  /** Decimal string; set on every active offer (publishing requires it). */
  monthlyPrice: string | null;
  promoMonthlyPrice: string | null;
  promoDurationMonths: number | null;
  contractTermMonths: number | null;
  /** What the reseller earns per accepted item, decimal string. */
  commission: string | null;
  /** `lead_gen` when the consumer signs up on the provider's site; the signup template stays private. */
  partnerSignup: { kind: "lead_gen" } | null;
  /** Set when serviceType is internet, else null. */
  internet: InternetDetails | null;
  /** Set when serviceType is electricity, else null. */
  electricity: ElectricityDetails | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The catalog's filters as received (query parameters): every one optional, all strings. */
export interface CatalogQuery {
  category?: unknown;
  minPrice?: unknown;
  maxPrice?: unknown;
  zipCode?: unknown;
  search?: unknown;
}

/** Validated catalog filters, combined with AND; `null` means not filtered on. */
export interface CatalogFilters {
  /** Only offers of this service type. */
  category: ServiceType | null;
  /** Only offers whose monthlyPrice is at least this, canonical decimal string ("10.00"). */
  minPrice: string | null;
  /** Only offers whose monthlyPrice is at most this, canonical decimal string. */
  maxPrice: string | null;
  /** Only offers available at this 5-digit ZIP code (an offer with no market is available everywhere). */
  zipCode: string | null;
  /** Case-insensitive substring of the name, marketing headline or description; trimmed. */
  search: string | null;
}

/** No filter at all: the whole catalog. */
export const NO_CATALOG_FILTERS: Readonly<CatalogFilters> = Object.freeze({
  category: null,
  minPrice: null,
  maxPrice: null,
  zipCode: null,
  search: null,
});

/** Outcome of `parseCatalogFilters`. */
export type CatalogFiltersResult = { ok: true; filters: CatalogFilters } | { ok: false; problems: string[] };

const CONTROL_CHARACTER = /\p{Cc}/u;
const MONEY_MESSAGE = 'must be a decimal string with at most two decimals, e.g. "49.99"';

/**
 * Validates the catalog's filters; every problem is reported (field name first), never only the
 * first. Rules:
 * - `category`: one of the service types.
 * - `minPrice`, `maxPrice`: non-negative decimal strings with at most two decimals; min ≤ max.
 * - `zipCode`: exactly five digits.
 * - `search`: 1 to 100 characters after trimming, no control characters (a newline could otherwise
 *   join the end of one searched field to the start of the next).
 *
 * @example
 * parseCatalogFilters({ category: "internet", maxPrice: "50" });
 * // { ok: true, filters: { category: "internet", minPrice: null, maxPrice: "50.00", zipCode: null, search: null } }
 * parseCatalogFilters({ zipCode: "1234" });
 * // { ok: false, problems: ["zipCode must be a 5-digit ZIP code"] }
 */
export function parseCatalogFilters(query: CatalogQuery): CatalogFiltersResult {
  const problems: string[] = [];
  const filters: CatalogFilters = { ...NO_CATALOG_FILTERS };

  if (query.category !== undefined) {
    if (typeof query.category === "string" && (SERVICE_TYPES as readonly string[]).includes(query.category)) {
      filters.category = query.category as ServiceType;
    } else {
      problems.push(`category must be one of the following values: ${SERVICE_TYPES.join(", ")}`);
    }
  }

  const price = (field: "minPrice" | "maxPrice"): number | null => {
    const value = query[field];
    if (value === undefined) return null;
    if (typeof value !== "string" || !isMoney(value)) {
      problems.push(`${field} ${MONEY_MESSAGE}`);
      return null;
    }
    const cents = toCents(value);
    filters[field] = fromCents(cents);
    return cents;
  };
  const min = price("minPrice");
  const max = price("maxPrice");
  if (min !== null && max !== null && min > max) problems.push("minPrice must not be greater than maxPrice");

  if (query.zipCode !== undefined) {
    if (typeof query.zipCode === "string" && isZipCode(query.zipCode)) filters.zipCode = query.zipCode;
    else problems.push("zipCode must be a 5-digit ZIP code");
  }

  if (query.search !== undefined) {
    const search = typeof query.search === "string" ? query.search.trim() : null;
    if (search === null) problems.push("search must be a string");
    else if (search.length === 0) problems.push("search must not be empty");
    else if (search.length > CATALOG_SEARCH_MAX_LENGTH) {
      problems.push(`search must be at most ${CATALOG_SEARCH_MAX_LENGTH} characters`);
    } else if (CONTROL_CHARACTER.test(search)) problems.push("search must not contain control characters");
    else filters.search = search;
  }

  return problems.length > 0 ? { ok: false, problems } : { ok: true, filters };
}
