import { InvalidInputError, NotFoundError, PublishValidationError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import { type ListResult, type PageRequest, toListResult } from "../pagination.ts";
import type { TransactionScope } from "../ports.ts";
import type { Principal } from "../teams/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { duplicateOfferFields } from "./duplicate.ts";
import { type OfferInputOptions, parseNewOffer, parseOfferPatch } from "./input.ts";
import {
  applyOfferPatch,
  blankOfferFields,
  type NewOffer,
  type OfferPatch,
  offerFieldProblems,
} from "./offer-fields.ts";
import type { OfferListFilters } from "./offer-list-filters.ts";
import { checkPublishReadiness } from "./publish-readiness.ts";
import type { Offer, OfferFields } from "./types.ts";

export type { NewOffer, OfferInputOptions, OfferPatch };

/** A provider team's catalog management. */
export interface OfferUseCases {
  /**
   * Creates a draft offer. The input is checked as `parseNewOffer` does (InvalidInputError with every
   * problem, the HTTP contract's messages); ConflictError when the SKU is taken within the team.
   */
  create(principal: Principal, input: NewOffer, options?: OfferInputOptions): Promise<Offer>;
  /**
   * The team's offers, newest first; with `filters`, only those matching (status, service type,
   * brand, market, search: see `parseOfferListFilters`).
   */
  list(principal: Principal, page: PageRequest, filters?: OfferListFilters): Promise<ListResult<Offer>>;
  /** One of the team's offers; NotFoundError when absent, deleted or another team's. */
  get(principal: Principal, offerId: string): Promise<Offer>;
  /**
   * Applies a partial update, checked as `parseOfferPatch` does. An active offer must still pass
   * publish readiness afterwards (PublishValidationError, nothing written); ConflictError on a SKU
   * taken within the team.
   */
  update(principal: Principal, offerId: string, patch: OfferPatch, options?: OfferInputOptions): Promise<Offer>;
  /** Deletes the offer from every list and the catalog (orders keep their snapshots). */
  delete(principal: Principal, offerId: string): Promise<void>;
  /** Checks publish readiness and makes the offer active (again: an active offer is re-validated). */
  publish(principal: Principal, offerId: string): Promise<Offer>;
  /** Creates a draft copy: name marked as a copy, no SKU, sample pricing entries removed. */
  duplicate(principal: Principal, offerId: string): Promise<Offer>;
}

export function offerUseCases(ctx: UseCaseContext<"brands" | "markets" | "offers">): OfferUseCases {
  const { unitOfWork, clock, ids } = ctx;
  /** A new draft of the team's own, from its fields: created and duplicated offers alike. */
  const newDraft = (fields: OfferFields, principal: Principal): Offer => {
    const now = clock.now();
    return {
      ...fields,
      id: ids.uuid(),
      teamId: principal.teamId,
      status: "draft",
      brand: null,
      createdAt: now,
      updatedAt: now,
      publishedAt: null,
    };
  };

  /**
   * The team's offer inside the transaction, or NotFoundError. Locked until the transaction ends
   * (`forUpdate`): a concurrent update of the same offer waits and then reads this one's result,
   * instead of writing its patch over a stale copy.
   */
  async function load(
    tx: Pick<TransactionScope, "brands" | "markets" | "offers">,
    principal: Principal,
    offerId: string,
    lock = true,
  ): Promise<Offer> {
    const offer = isUuidV4(offerId) ? await tx.offers.findById(principal.teamId, offerId, { forUpdate: lock }) : null;
    if (!offer) throw new NotFoundError("Offer", offerId);
    return offer;
  }

  /** Field rules, plus: the brand and markets named must be the team's own. */
  async function validate(
    tx: Pick<TransactionScope, "brands" | "markets" | "offers">,
    principal: Principal,
    patch: OfferPatch,
    next: OfferFields,
    options: OfferInputOptions,
  ) {
    const problems = offerFieldProblems(patch, next, options.urlPolicy);
    if (problems.length > 0) throw new InvalidInputError(problems);
    if (patch.brandId != null) {
      if (!(await tx.brands.findById(principal.teamId, patch.brandId))) {
        problems.push("brandId must reference one of the team's brands");
      }
    }
    if (patch.marketIds !== undefined && next.marketIds.length > 0) {
      const found = new Set((await tx.markets.findByIds(principal.teamId, next.marketIds)).map((m) => m.id));
      next.marketIds.forEach((id, index) => {
        if (!found.has(id)) problems.push(`marketIds.${index} must reference one of the team's markets`);
      });
    }
    if (problems.length > 0) throw new InvalidInputError(problems);
  }

  async function reread(
    tx: Pick<TransactionScope, "brands" | "markets" | "offers">,
    principal: Principal,
    id: string,
  ): Promise<Offer> {
    const offer = await tx.offers.findById(principal.teamId, id);
    if (!offer) throw new Error(`offer ${id} vanished inside its own transaction`);
    return offer;
  }

  return {
    async create(principal, rawInput, options = {}) {
      const parsed = parseNewOffer(rawInput, options);
      if (!parsed.ok) throw new InvalidInputError(parsed.problems);
      const input = parsed.value;
      const fields = applyOfferPatch(blankOfferFields(input.name, input.serviceType), input);
      return unitOfWork.transaction(async (tx) => {
        await validate(tx, principal, input, fields, options);
        const offer = newDraft(fields, principal);
        await tx.offers.insert(offer);
        return reread(tx, principal, offer.id);
      });
    },

    async list(principal, page, filters = {}) {
      const rows = await unitOfWork.repositories.offers.list(principal.teamId, page, filters);
      return toListResult("offers", page, rows);
    },

    async get(principal, offerId) {
      const offer = isUuidV4(offerId) ? await unitOfWork.repositories.offers.findById(principal.teamId, offerId) : null;
      if (!offer) throw new NotFoundError("Offer", offerId);
      return offer;
    },

    async update(principal, offerId, rawPatch, options = {}) {
      const parsed = parseOfferPatch(rawPatch, options);
      if (!parsed.ok) throw new InvalidInputError(parsed.problems);
      const patch = parsed.value;
      return unitOfWork.transaction(async (tx) => {
        const current = await load(tx, principal, offerId);
        const fields = applyOfferPatch(current, patch);
        await validate(tx, principal, patch, fields, options);
        if (current.status === "active") {
          const readiness = checkPublishReadiness(fields);
          if (!readiness.ready) throw new PublishValidationError(readiness.problems);
        }
        await tx.offers.update({ ...current, ...fields, updatedAt: clock.now() });
        return reread(tx, principal, offerId);
      });
    },

    async delete(principal, offerId) {
      const deleted =
        isUuidV4(offerId) &&
        (await unitOfWork.transaction((tx) => tx.offers.softDelete(principal.teamId, offerId, clock.now())));
      if (!deleted) throw new NotFoundError("Offer", offerId);
    },

    async publish(principal, offerId) {
      return unitOfWork.transaction(async (tx) => {
        const current = await load(tx, principal, offerId);
        const readiness = checkPublishReadiness(current);
        if (!readiness.ready) throw new PublishValidationError(readiness.problems);
        if (current.status === "active") return current;
        const now = clock.now();
        await tx.offers.update({
          ...current,
          status: "active",
          publishedAt: current.publishedAt ?? now,
          updatedAt: now,
        });
        return reread(tx, principal, offerId);
      });
    },

    async duplicate(principal, offerId) {
      return unitOfWork.transaction(async (tx) => {
        const source = await load(tx, principal, offerId, false);
        const copy = newDraft(duplicateOfferFields(source), principal);
        await tx.offers.insert(copy);
        return reread(tx, principal, copy.id);
      });
    },
  };
}

/** Problems with a new offer's fields, field name first; empty when valid (ownership not checked). */
export function validateNewOffer(input: unknown, options: OfferInputOptions = {}): string[] {
  const parsed = parseNewOffer(input, options);
  return parsed.ok ? [] : parsed.problems;
}
