import { ConflictError, InvalidInputError, NotFoundError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import { type ListResult, type PageRequest, toListResult } from "../pagination.ts";
import type { Principal } from "../teams/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { type BrandChanges, LOGO_URL_MAX_LENGTH, type NewBrand, parseBrandChanges, parseNewBrand } from "./input.ts";
import type { Brand } from "./types.ts";

export type { BrandChanges, NewBrand };
export { LOGO_URL_MAX_LENGTH };

/** A provider team's brands: the identity its offers display instead of the team name. */
export interface BrandUseCases {
  /** Creates a brand; ConflictError when the team has a brand of that name (any case). */
  create(principal: Principal, input: NewBrand): Promise<Brand>;
  /** The team's brands, newest first. */
  list(principal: Principal, page: PageRequest): Promise<ListResult<Brand>>;
  /** One of the team's brands; NotFoundError when absent or another team's. */
  get(principal: Principal, brandId: string): Promise<Brand>;
  /** Changes name and/or logo (every offer showing the brand shows the change); no changes is a no-op. */
  update(principal: Principal, brandId: string, changes: BrandChanges): Promise<Brand>;
  /** Deletes a brand no offer references; ConflictError while one does. */
  delete(principal: Principal, brandId: string): Promise<void>;
}

export function brandUseCases(ctx: UseCaseContext<"brands">): BrandUseCases {
  const { unitOfWork, clock, ids } = ctx;

  return {
    async create(principal, rawInput) {
      const parsed = parseNewBrand(rawInput);
      if (!parsed.ok) throw new InvalidInputError(parsed.problems);
      const input = parsed.value;
      const now = clock.now();
      const brand: Brand = {
        id: ids.uuid(),
        teamId: principal.teamId,
        name: input.name.trim(),
        logoUrl: input.logoUrl ?? null,
        createdAt: now,
        updatedAt: now,
      };
      await unitOfWork.transaction((tx) => tx.brands.insert(brand));
      return brand;
    },

    async list(principal, page) {
      return toListResult("brands", page, await unitOfWork.repositories.brands.list(principal.teamId, page));
    },

    async get(principal, brandId) {
      const brand = isUuidV4(brandId) ? await unitOfWork.repositories.brands.findById(principal.teamId, brandId) : null;
      if (!brand) throw new NotFoundError("Brand", brandId);
      return brand;
    },

    async update(principal, brandId, rawChanges) {
      const parsed = parseBrandChanges(rawChanges);
      if (!parsed.ok) throw new InvalidInputError(parsed.problems);
      const changes = parsed.value;
      if (!isUuidV4(brandId)) throw new NotFoundError("Brand", brandId);
      return unitOfWork.transaction(async (tx) => {
        const current = await tx.brands.findById(principal.teamId, brandId);
        if (!current) throw new NotFoundError("Brand", brandId);
        if (changes.name === undefined && changes.logoUrl === undefined) return current;
        const brand: Brand = {
          ...current,
          name: changes.name === undefined ? current.name : changes.name.trim(),
          logoUrl: changes.logoUrl === undefined ? current.logoUrl : changes.logoUrl,
          updatedAt: clock.now(),
        };
        await tx.brands.update(brand);
        return brand;
      });
    },

    async delete(principal, brandId) {
      if (!isUuidV4(brandId)) throw new NotFoundError("Brand", brandId);
      await unitOfWork.transaction(async (tx) => {
        const brand = await tx.brands.findById(principal.teamId, brandId);
        if (!brand) throw new NotFoundError("Brand", brandId);
        const outcome = await tx.brands.delete(principal.teamId, brandId);
        if (outcome === "not_found") throw new NotFoundError("Brand", brandId);
        if (outcome === "in_use") {
          throw new ConflictError(`Brand ${brand.name} is used by one or more offers; remove it from them first`);
        }
      });
    },
  };
}

/**
 * Problems with a brand's fields, field name first; empty when valid. A create needs a name; an
 * update checks only the fields it carries (see `parseNewBrand`, `parseBrandChanges`).
 *
 * @example
 * validateBrand({ name: "Acme", logoUrl: "http://acme.test/logo.png" }, { creating: true });
 * // ["logoUrl must be an https URL"]
 */
export function validateBrand(input: unknown, options: { creating: boolean }): string[] {
  const parsed = options.creating ? parseNewBrand(input) : parseBrandChanges(input);
  return parsed.ok ? [] : parsed.problems;
}
