/**
 * Storefronts, shareable links, the public view of offers and outbound clicks, in memory, with the
 * SQL schema's rules: one storefront per reseller team and slugs unique across teams (ConflictError,
 * as the SQL adapter turns `storefronts_slug` into one); link slugs unique forever (a deleted link
 * keeps its row); a link holds 1 to 20 offers (23514); a click comes through exactly one of a
 * storefront or a link (23514) and names rows that exist (23503).
 *
 * @module
 */

import { ConflictError } from "../../errors.ts";
import type { Offer } from "../../offers/index.ts";
import type {
  LinkRepository,
  OutboundClick,
  PublicOfferRepository,
  ShareableLink,
  Storefront,
  StorefrontRepository,
} from "../../storefront/index.ts";
import { toPublicOffer } from "../../storefront/index.ts";
import { copy, defineTable, InMemoryConstraintError, type InMemoryContext } from "../in-memory-database.ts";
import { isListed } from "./catalog.ts";
import { keysetPage } from "./keyset.ts";
import { OFFERS } from "./offer-tables.ts";
import { offerOf } from "./offers.ts";
import { TEAMS } from "./teams.ts";

/** Storefronts by id. */
export const STOREFRONTS = defineTable<Storefront>("storefronts");

/** Shareable links by id, deleted ones included (their slugs stay taken). */
export const SHAREABLE_LINKS = defineTable<ShareableLink & { deletedAt: Date | null }>("shareable_links");

/** Outbound clicks by id. */
export const OUTBOUND_CLICKS = defineTable<OutboundClick>("outbound_clicks");

const MAX_LINK_OFFERS = 20;

/** Throws `InMemoryConstraintError` 23503 (a foreign key) unless the row named exists. */
function mustExist(exists: boolean, constraint: string, what: string): void {
  if (!exists) throw new InMemoryConstraintError("23503", constraint, `${what} does not exist`);
}

/** The in-memory `StorefrontRepository`. */
export function inMemoryStorefronts(context: InMemoryContext): StorefrontRepository {
  const rows = () => context.tables.rows(STOREFRONTS);
  const find = (test: (storefront: Storefront) => boolean) => [...rows().values()].find(test);
  return {
    async findByTeam(teamId) {
      const storefront = find((row) => row.resellerTeamId === teamId);
      return storefront ? copy(storefront) : null;
    },
    async findBySlug(slug) {
      const storefront = find((row) => row.slug === slug);
      return storefront ? copy(storefront) : null;
    },
    async save(storefront) {
      const existing = find((row) => row.resellerTeamId === storefront.resellerTeamId);
      if (find((row) => row.slug === storefront.slug && row !== existing)) {
        const cause = new InMemoryConstraintError("23505", "storefronts_slug", `slug ${storefront.slug} is taken`);
        throw new ConflictError(`A storefront with slug ${storefront.slug} already exists`, { cause });
      }
      if (existing) {
        // The SQL upsert: the team's storefront keeps its id and creation time.
        existing.slug = storefront.slug;
        existing.updatedAt = new Date(storefront.updatedAt);
        return copy(existing);
      }
      if (rows().has(storefront.id)) {
        throw new InMemoryConstraintError("23505", "storefronts_pkey", `storefront ${storefront.id} exists`);
      }
      const team = context.tables.rows(TEAMS).has(storefront.resellerTeamId);
      mustExist(team, "storefronts_reseller_team_id_fkey", `team ${storefront.resellerTeamId}`);
      rows().set(storefront.id, copy(storefront));
      return copy(storefront);
    },
  };
}

/** The in-memory `LinkRepository`. */
export function inMemoryLinks(context: InMemoryContext): LinkRepository {
  const rows = () => context.tables.rows(SHAREABLE_LINKS);
  const publicLink = ({ deletedAt: _, ...link }: ShareableLink & { deletedAt: Date | null }): ShareableLink =>
    copy(link);
  const live = (teamId: string, id: string) => {
    const link = rows().get(id);
    return link && link.resellerTeamId === teamId && link.deletedAt === null ? link : undefined;
  };
  return {
    async insert(link) {
      if (link.offerIds.length < 1 || link.offerIds.length > MAX_LINK_OFFERS) {
        throw new InMemoryConstraintError("23514", "shareable_links_offer_ids_check", "a link holds 1 to 20 offers");
      }
      // ON CONFLICT (slug) DO NOTHING: a taken slug, even a deleted link's, writes nothing.
      if ([...rows().values()].some((row) => row.slug === link.slug)) return false;
      if (rows().has(link.id))
        throw new InMemoryConstraintError("23505", "shareable_links_pkey", `link ${link.id} exists`);
      const team = context.tables.rows(TEAMS).has(link.resellerTeamId);
      mustExist(team, "shareable_links_reseller_team_id_fkey", `team ${link.resellerTeamId}`);
      rows().set(link.id, { ...copy(link), deletedAt: null });
      return true;
    },
    async findById(teamId, id) {
      const link = live(teamId, id);
      return link ? publicLink(link) : null;
    },
    async findBySlug(slug) {
      const link = [...rows().values()].find((row) => row.slug === slug && row.deletedAt === null);
      return link ? publicLink(link) : null;
    },
    async list(teamId, page) {
      const mine = [...rows().values()].filter((link) => link.resellerTeamId === teamId && link.deletedAt === null);
      return keysetPage(mine, page, (id) => live(teamId, id)).map(publicLink);
    },
    async softDelete(teamId, id, at) {
      const link = live(teamId, id);
      if (!link) return false;
      link.deletedAt = new Date(at);
      return true;
    },
  };
}

/** The in-memory `PublicOfferRepository`. */
export function inMemoryPublicOffers(context: InMemoryContext): PublicOfferRepository {
  /** The active, non-deleted offer with its displayed provider name (the brand's, else the team's). */
  const clickable = (id: string): { offer: Offer; providerName: string } | null => {
    const row = context.tables.rows(OFFERS).get(id);
    if (!row || !isListed(row)) return null;
    const offer = offerOf(context, row);
    const providerName = offer.brand?.name ?? context.tables.rows(TEAMS).get(row.teamId)?.name ?? "";
    return { offer, providerName };
  };
  return {
    async findPublic(offerIds) {
      // Each offer once, where its id first appears (as the SQL adapter).
      return [...new Set(offerIds)].flatMap((id) => {
        const found = clickable(id);
        return found ? [toPublicOffer(found.offer, found.providerName)] : [];
      });
    },
    async findClickable(offerId) {
      return clickable(offerId);
    },
    async insertClick(click) {
      const clicks = context.tables.rows(OUTBOUND_CLICKS);
      if ((click.storefrontId === null) === (click.linkId === null)) {
        throw new InMemoryConstraintError("23514", "outbound_clicks_check", "a click has a storefront or a link");
      }
      if (clicks.has(click.id))
        throw new InMemoryConstraintError("23505", "outbound_clicks_pkey", `click ${click.id} exists`);
      const teams = context.tables.rows(TEAMS);
      mustExist(
        teams.has(click.resellerTeamId),
        "outbound_clicks_reseller_team_id_fkey",
        `team ${click.resellerTeamId}`,
      );
      if (click.storefrontId !== null) {
        const storefront = context.tables.rows(STOREFRONTS).has(click.storefrontId);
        mustExist(storefront, "outbound_clicks_storefront_id_fkey", `storefront ${click.storefrontId}`);
      }
      if (click.linkId !== null) {
        const link = context.tables.rows(SHAREABLE_LINKS).has(click.linkId);
        mustExist(link, "outbound_clicks_link_id_fkey", `link ${click.linkId}`);
      }
      mustExist(
        context.tables.rows(OFFERS).has(click.offerId),
        "outbound_clicks_offer_id_fkey",
        `offer ${click.offerId}`,
      );
      mustExist(
        teams.has(click.providerTeamId),
        "outbound_clicks_provider_team_id_fkey",
        `team ${click.providerTeamId}`,
      );
      clicks.set(click.id, copy(click));
    },
  };
}
