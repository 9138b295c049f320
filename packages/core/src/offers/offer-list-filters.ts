/**
 * Filters of a provider's own offer list (the dashboard's offers table): status, service type,
 * brand, market and a search term, each optional. Parsed from `unknown` (query strings) with the
 * problems named by field, as every other input of the core.
 *
 * @module
 */

import { isUuidV4 } from "../ids.ts";
import { OFFER_STATUSES, type OfferStatus, SERVICE_TYPES, type ServiceType } from "./types.ts";

/** Longest accepted search term, counted after trimming. */
export const OFFER_SEARCH_MAX_LENGTH = 100;

/** Which of the team's offers a list shows; an absent field does not filter. */
export interface OfferListFilters {
  status?: OfferStatus;
  serviceType?: ServiceType;
  /** Offers of this brand (one of the team's). */
  brandId?: string;
  /** Offers linked to this market (one of the team's). */
  marketId?: string;
  /** Case-insensitive substring of the name, marketing headline, description or SKU (1 to 100 characters). */
  search?: string;
}

/** The outcome of `parseOfferListFilters`. */
export type OfferListFiltersResult = { ok: true; filters: OfferListFilters } | { ok: false; problems: string[] };

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * Parses list filters as a query string gives them (an absent one does not filter; an empty one is
 * a problem, as in the catalog's filters).
 *
 * @example
 * parseOfferListFilters({ status: "draft", search: " fiber " });
 * // { ok: true, filters: { status: "draft", search: "fiber" } }
 */
export function parseOfferListFilters(query: Record<string, unknown>): OfferListFiltersResult {
  const problems: string[] = [];
  const filters: OfferListFilters = {};
  // An absent filter does not filter; a present one must be valid (an empty value included).
  const value = (name: string): string | null => {
    const raw = query[name];
    if (raw === undefined) return null;
    if (typeof raw !== "string") {
      problems.push(`${name} must be a string`);
      return null;
    }
    return raw.trim();
  };
  const status = value("status");
  if (status !== null) {
    if ((OFFER_STATUSES as readonly string[]).includes(status)) filters.status = status as OfferStatus;
    else problems.push(`status must be one of the following values: ${OFFER_STATUSES.join(", ")}`);
  }
  const serviceType = value("serviceType");
  if (serviceType !== null) {
    if ((SERVICE_TYPES as readonly string[]).includes(serviceType)) filters.serviceType = serviceType as ServiceType;
    else problems.push(`serviceType must be one of the following values: ${SERVICE_TYPES.join(", ")}`);
  }
  for (const name of ["brandId", "marketId"] as const) {
    const id = value(name);
    if (id === null) continue;
    if (isUuidV4(id)) filters[name] = id;
    else problems.push(`${name} must be a UUID`);
  }
  const search = value("search");
  if (search !== null) {
    if (search === "") problems.push("search must not be empty");
    else if (search.length > OFFER_SEARCH_MAX_LENGTH) {
      problems.push(`search must be at most ${OFFER_SEARCH_MAX_LENGTH} characters`);
    } else if (CONTROL_CHARACTER.test(search)) problems.push("search must not contain control characters");
    else filters.search = search;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, filters };
}
