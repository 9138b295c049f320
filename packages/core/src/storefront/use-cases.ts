import { InvalidInputError, NotFoundError, UnprocessableError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import { type ListResult, type PageRequest, toListResult } from "../pagination.ts";
import type { Principal } from "../teams/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import {
  LINK_NAME_MAX_LENGTH,
  MAX_LINK_OFFERS,
  type NewLink,
  parseNewLink,
  parseStorefrontInput,
  type StorefrontInput,
} from "./input.ts";
import { generateLinkSlug } from "./slugs.ts";
import type { ShareableLink, Storefront } from "./types.ts";

export type { NewLink, StorefrontInput };
export { LINK_NAME_MAX_LENGTH, MAX_LINK_OFFERS };

/** How many fresh slugs a link creation draws before giving up (a collision is a 1 in 2^50 event). */
const SLUG_ATTEMPTS = 5;

/** A reseller's storefront and shareable links. */
export interface StorefrontUseCases {
  /** The team's storefront; NotFoundError when it has none yet. */
  getStorefront(principal: Principal): Promise<Storefront>;
  /**
   * Creates the team's storefront with this slug, or changes its slug (the old one stops working at
   * once); `created` tells which. ConflictError when another storefront has the slug.
   */
  putStorefront(principal: Principal, input: { slug: string }): Promise<{ storefront: Storefront; created: boolean }>;
  /** Creates a link to active offers with a fresh short slug; UnprocessableError naming an offer not active. */
  createLink(principal: Principal, input: NewLink): Promise<ShareableLink>;
  /** The team's links, newest first (deleted ones never). */
  listLinks(principal: Principal, page: PageRequest): Promise<ListResult<ShareableLink>>;
  /** One of the team's links; NotFoundError otherwise. */
  getLink(principal: Principal, linkId: string): Promise<ShareableLink>;
  /** Deletes the link: its public page and orders answer 404 from now on; its slug is never reused. */
  deleteLink(principal: Principal, linkId: string): Promise<void>;
}

/** Problems with a storefront's fields, field first; empty when valid (see `parseStorefrontInput`). */
export function storefrontProblems(input: unknown): string[] {
  const parsed = parseStorefrontInput(input);
  return parsed.ok ? [] : parsed.problems;
}

/** Problems with a new link, field first; empty when valid (see `parseNewLink`). */
export function linkProblems(input: unknown): string[] {
  const parsed = parseNewLink(input);
  return parsed.ok ? [] : parsed.problems;
}

export function storefrontUseCases(ctx: UseCaseContext<"links" | "publicOffers" | "storefronts">): StorefrontUseCases {
  const { unitOfWork, clock, ids } = ctx;
  const { repositories } = unitOfWork;

  return {
    async getStorefront(principal) {
      const storefront = await repositories.storefronts.findByTeam(principal.teamId);
      if (!storefront) throw new NotFoundError("Storefront", "of this team");
      return storefront;
    },

    async putStorefront(principal, input) {
      const problems = storefrontProblems(input);
      if (problems.length > 0) throw new InvalidInputError(problems);
      return unitOfWork.transaction(async (tx) => {
        const existing = await tx.storefronts.findByTeam(principal.teamId);
        if (existing?.slug === input.slug) return { storefront: existing, created: false };
        const now = clock.now();
        const storefront = await tx.storefronts.save({
          id: existing?.id ?? ids.uuid(),
          resellerTeamId: principal.teamId,
          slug: input.slug,
          createdAt: existing?.createdAt ?? now,
          updatedAt: now,
        });
        return { storefront, created: existing === null };
      });
    },

    async createLink(principal, input) {
      const problems = linkProblems(input);
      if (problems.length > 0) throw new InvalidInputError(problems);
      return unitOfWork.transaction(async (tx) => {
        const active = new Set((await tx.publicOffers.findPublic(input.offerIds)).map((offer) => offer.id));
        const missing = input.offerIds.find((id) => !active.has(id));
        if (missing) throw new UnprocessableError(`Offer ${missing} is not available`, "offer_unavailable");
        const base = {
          id: ids.uuid(),
          resellerTeamId: principal.teamId,
          name: input.name?.trim() || null,
          offerIds: [...input.offerIds],
          createdAt: clock.now(),
        };
        for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
          const link: ShareableLink = { ...base, slug: generateLinkSlug() };
          if (await tx.links.insert(link)) return link;
        }
        throw new Error(`could not draw a free link slug in ${SLUG_ATTEMPTS} attempts`);
      });
    },

    async listLinks(principal, page) {
      return toListResult("links", page, await repositories.links.list(principal.teamId, page));
    },

    async getLink(principal, linkId) {
      const link = isUuidV4(linkId) ? await repositories.links.findById(principal.teamId, linkId) : null;
      if (!link) throw new NotFoundError("Link", linkId);
      return link;
    },

    async deleteLink(principal, linkId) {
      const deleted = isUuidV4(linkId) && (await repositories.links.softDelete(principal.teamId, linkId, clock.now()));
      if (!deleted) throw new NotFoundError("Link", linkId);
    },
  };
}
