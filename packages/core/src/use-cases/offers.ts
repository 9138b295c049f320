import { InvalidInputError, NotFoundError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import { isMoney, normalizeMoney } from "../money.ts";
import { type ListResult, type PageRequest, toListResult } from "../pagination.ts";
import { isStorableText } from "../text.ts";
import type { Offer, Principal, ServiceType } from "../types.ts";
import { SERVICE_TYPES } from "../types.ts";
import type { UseCaseContext } from "./context.ts";

/** Input of `offers.create`. */
export interface NewOffer {
  name: string;
  sku?: string | null;
  serviceType: ServiceType;
  monthlyPrice?: string | null;
}

/** A provider team's catalog management. */
export interface OfferUseCases {
  /** Creates a draft offer; ConflictError when the SKU is taken within the team. */
  create(principal: Principal, input: NewOffer): Promise<Offer>;
  /** The team's offers, newest first. */
  list(principal: Principal, page: PageRequest): Promise<ListResult<Offer>>;
  /** One of the team's offers; NotFoundError when absent or another team's. */
  get(principal: Principal, offerId: string): Promise<Offer>;
}

export function offerUseCases(ctx: UseCaseContext): OfferUseCases {
  const { unitOfWork, clock, ids } = ctx;
  return {
    async create(principal, input) {
      const problems = validateNewOffer(input);
      if (problems.length > 0) throw new InvalidInputError(problems);
      const now = clock.now();
      const offer: Offer = {
        id: ids.uuid(),
        teamId: principal.teamId,
        name: input.name.trim(),
        sku: input.sku?.trim() || null,
        status: "draft",
        serviceType: input.serviceType,
        monthlyPrice: input.monthlyPrice == null ? null : normalizeMoney(input.monthlyPrice),
        createdAt: now,
        updatedAt: now,
        publishedAt: null,
      };
      await unitOfWork.transaction((tx) => tx.offers.insert(offer));
      return offer;
    },

    async list(principal, page) {
      return toListResult("offers", page, await unitOfWork.repositories.offers.list(principal.teamId, page));
    },

    async get(principal, offerId) {
      const offer = isUuidV4(offerId) ? await unitOfWork.repositories.offers.findById(principal.teamId, offerId) : null;
      if (!offer) throw new NotFoundError("Offer", offerId);
      return offer;
    },
  };
}

/** Problems with a new offer's fields, field name first; empty when valid. */
export function validateNewOffer(input: NewOffer): string[] {
  const problems: string[] = [];
  if (typeof input.name !== "string" || input.name.trim().length === 0) problems.push("name must not be empty");
  else if (input.name.trim().length > 200) problems.push("name must be at most 200 characters");
  else if (!isStorableText(input.name)) problems.push("name must not contain NUL characters");
  if (input.sku != null && (typeof input.sku !== "string" || input.sku.length > 100)) {
    problems.push("sku must be a string of at most 100 characters");
  } else if (input.sku != null && !isStorableText(input.sku)) {
    problems.push("sku must not contain NUL characters");
  }
  if (!SERVICE_TYPES.includes(input.serviceType)) {
    problems.push(`serviceType must be one of the following values: ${SERVICE_TYPES.join(", ")}`);
  }
  if (input.monthlyPrice != null && (typeof input.monthlyPrice !== "string" || !isMoney(input.monthlyPrice))) {
    problems.push('monthlyPrice must be a decimal string with at most two decimals, e.g. "49.99"');
  }
  return problems;
}
