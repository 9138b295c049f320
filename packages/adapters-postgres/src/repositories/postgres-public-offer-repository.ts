import type { Offer, PublicOffer } from "@marketplace/core";
import { type OutboundClick, type PublicOfferRepository, toPublicOffer } from "@marketplace/core/storefront";
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";
import { selectOffers, toOffer } from "./postgres-offer-repository.ts";

/** Active offers for consumers (with the displayed provider name, in one query) and outbound clicks. */
export class PostgresPublicOfferRepository implements PublicOfferRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findPublic(offerIds: readonly string[]): Promise<PublicOffer[]> {
    const found = await this.active(offerIds);
    const byId = new Map(found.map(({ offer, providerName }) => [offer.id, toPublicOffer(offer, providerName)]));
    // Each offer once, where its id first appears.
    return [...new Set(offerIds)].flatMap((id) => {
      const offer = byId.get(id);
      return offer ? [offer] : [];
    });
  }

  async findClickable(offerId: string): Promise<{ offer: Offer; providerName: string } | null> {
    return (await this.active([offerId]))[0] ?? null;
  }

  async insertClick(click: OutboundClick): Promise<void> {
    await this.db
      .insertInto("outbound_clicks")
      .values({
        id: click.id,
        reseller_team_id: click.resellerTeamId,
        storefront_id: click.storefrontId,
        link_id: click.linkId,
        offer_id: click.offerId,
        provider_team_id: click.providerTeamId,
        redirect_url: click.redirectUrl,
        phone: click.phone,
        client_ip: click.ipAddress,
        user_agent: click.userAgent,
        created_at: click.createdAt,
      })
      .execute();
  }

  private async active(offerIds: readonly string[]): Promise<{ offer: Offer; providerName: string }[]> {
    if (offerIds.length === 0) return [];
    const rows = await selectOffers(this.db)
      .innerJoin("teams", "teams.id", "offers.team_id")
      .select(sql<string>`coalesce(brands.name, teams.name)`.as("provider_name"))
      .where("offers.id", "in", [...new Set(offerIds)])
      .where("offers.status", "=", "active")
      .execute();
    return rows.map((row) => ({ offer: toOffer(row), providerName: row.provider_name }));
  }
}
