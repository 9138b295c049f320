import { InvalidInputError, NotFoundError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import { type ListResult, type PageRequest, toListResult } from "../pagination.ts";
import type { Principal } from "../teams/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { type CatalogEntry, type CatalogQuery, parseCatalogFilters } from "./catalog-filters.ts";

/** Name of the catalog's list, which its cursors are bound to (`pageRequest("catalog", …)`). */
const CATALOG_LIST = "catalog";

/**
 * The reseller catalog: active offers of every provider, drafts and deleted offers never. Access by
 * role is checked by the host (the reseller endpoint class); every reseller sees the same catalog.
 */
export interface CatalogUseCases {
  /**
   * Catalog entries matching every filter given, newest first. InvalidInputError lists every bad
   * filter (see `parseCatalogFilters`). A cursor whose offer has left the catalog ends the walk.
   *
   * @example
   * const page = await marketplace.catalog.list(principal, { category: "internet", zipCode: "94110" },
   *   pageRequest("catalog", { limit: 20 }));
   */
  list(principal: Principal, query: CatalogQuery, page: PageRequest): Promise<ListResult<CatalogEntry>>;
  /** One entry; NotFoundError when the offer is absent, a draft or deleted (or the id is not a UUID). */
  get(principal: Principal, offerId: string): Promise<CatalogEntry>;
}

export function catalogUseCases(ctx: UseCaseContext<"catalog">): CatalogUseCases {
  const { unitOfWork } = ctx;
  return {
    async list(_principal, query, page) {
      const parsed = parseCatalogFilters(query ?? {});
      if (!parsed.ok) throw new InvalidInputError(parsed.problems);
      return toListResult(CATALOG_LIST, page, await unitOfWork.repositories.catalog.list(parsed.filters, page));
    },

    async get(_principal, offerId) {
      const entry = isUuidV4(offerId) ? await unitOfWork.repositories.catalog.findById(offerId) : null;
      if (!entry) throw new NotFoundError("Offer", offerId);
      return entry;
    },
  };
}
