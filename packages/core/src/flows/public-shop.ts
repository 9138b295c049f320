import type { ClientInfo, ConsentDecision, ConsentKind, DisclosureVersion } from "../consents/index.ts";
import {
  appendConsentEntries,
  consentRecordedEvent,
  consentRecordsForClick,
  DISCLOSURES,
  recordedEntry,
  renderDisclosure,
} from "../consents/index.ts";
import { InvalidInputError, NotFoundError, UnprocessableError } from "../errors.ts";
import type { Order, OrderUseCases, PlaceOrderInput } from "../orders/index.ts";
import type { OutboundClick, PublicOffer, ShareableLink, Storefront } from "../storefront/index.ts";
import {
  type ClickInput,
  handoffRedirectUrl,
  isLinkSlug,
  isStorefrontSlug,
  parseClick,
  parsePageUrl,
  phoneToShare,
} from "../storefront/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";

/** Which public channel a request comes through: the storefront (checkout mode) or a shareable link. */
export type PublicChannel = { storefrontSlug: string } | { linkSlug: string };

/** Input of a public order: what a reseller's order holds (never a training order), plus the consents. */
export interface PublicOrderInput extends Omit<PlaceOrderInput, "isTraining"> {
  /** The consumer's decisions; a granted `order_contact` decision is required. */
  consents: ConsentDecision[];
  /** The page the consumer ordered on (https, at most 2,048 characters), kept in the consent ledger. */
  pageUrl?: string;
}

export type { ClickInput };

/** A recorded click. */
export interface RecordedClick {
  click: OutboundClick;
  /** True when the phone went into the redirect URL and the lead. */
  phoneShared: boolean;
}

/** One rendered disclosure, for a consumer page to show before the decision. */
export interface RenderedDisclosure {
  providerName: string;
  version: DisclosureVersion;
  kind: ConsentKind;
  text: string;
}

/** What a consumer sees of a shareable link. */
export interface LinkView {
  link: ShareableLink;
  /** The link's offers that are still active, in the link's order. */
  offers: PublicOffer[];
  /** Every disclosure version rendered for every provider name shown, as it would be recorded. */
  disclosures: RenderedDisclosure[];
}

/** The unauthenticated consumer side: shareable link pages, public orders and outbound clicks. */
export interface PublicShopUseCases {
  /** The link's page; NotFoundError for an unknown or deleted slug. */
  viewLink(slug: string): Promise<LinkView>;
  /**
   * Places an order for the reseller owning the storefront or link, through `orders.place` (same
   * items, snapshots, handoffs and events) with the consents recorded in the same transaction.
   * NotFoundError for an unknown slug; through a link, every item must be one of its offers.
   */
  placeOrder(channel: PublicChannel, input: PublicOrderInput, client: ClientInfo): Promise<Order>;
  /**
   * Records an outbound click and returns where to send the consumer: the partner signup link of a
   * lead_gen offer (with the phone only under a granted `handoff_contact.v1`), else no redirect.
   */
  recordClick(input: ClickInput, client: ClientInfo): Promise<RecordedClick>;
}

type Resolved = { resellerTeamId: string; storefront: Storefront | null; link: ShareableLink | null };

export function publicShopUseCases(
  ctx: UseCaseContext<"consentLedger" | "consents" | "links" | "outbox" | "publicOffers" | "storefronts">,
  orders: Pick<OrderUseCases, "place">,
): PublicShopUseCases {
  const { unitOfWork, clock, ids } = ctx;
  const { repositories } = unitOfWork;

  async function findLink(slug: string): Promise<ShareableLink> {
    const link = isLinkSlug(slug) ? await repositories.links.findBySlug(slug) : null;
    if (!link) throw new NotFoundError("Link", slug);
    return link;
  }

  async function resolve(channel: PublicChannel): Promise<Resolved> {
    if ("linkSlug" in channel) {
      const link = await findLink(channel.linkSlug);
      return { resellerTeamId: link.resellerTeamId, storefront: null, link };
    }
    const slug = channel.storefrontSlug;
    const storefront = isStorefrontSlug(slug) ? await repositories.storefronts.findBySlug(slug) : null;
    if (!storefront) throw new NotFoundError("Storefront", slug);
    return { resellerTeamId: storefront.resellerTeamId, storefront, link: null };
  }

  function requireOnLink(link: ShareableLink | null, offerIds: readonly string[]): void {
    if (!link) return;
    const offered = new Set(link.offerIds);
    const outside = offerIds.find((id) => !offered.has(id));
    if (outside !== undefined) {
      throw new UnprocessableError(`Offer ${outside} is not offered through this link`, "offer_unavailable");
    }
  }

  return {
    async viewLink(slug) {
      const link = await findLink(slug);
      const offers = await repositories.publicOffers.findPublic(link.offerIds);
      const names = [...new Set(offers.map((offer) => offer.providerName))];
      const disclosures = names.flatMap((providerName) =>
        Object.values(DISCLOSURES).map(({ version, kind }) => ({
          providerName,
          version,
          kind,
          text: renderDisclosure(version, providerName),
        })),
      );
      return { link, offers, disclosures };
    },

    async placeOrder(channel, input, client) {
      const { consents, pageUrl: rawPageUrl, ...order } = input;
      const pageUrl = parsePageUrl(rawPageUrl);
      if (!pageUrl.ok) throw new InvalidInputError(pageUrl.problems);
      const { resellerTeamId, storefront, link } = await resolve(channel);
      if (Array.isArray(order.items))
        requireOnLink(
          link,
          order.items.map((item) => item?.offerId),
        );
      return orders.place(
        { teamId: resellerTeamId },
        { ...order, isTraining: false },
        {
          consents: {
            decisions: consents,
            client,
            capture: { storefrontId: storefront?.id ?? null, linkId: link?.id ?? null, pageUrl: pageUrl.value ?? null },
          },
        },
      );
    },

    async recordClick(rawInput, client) {
      const parsed = parseClick(rawInput);
      if (!parsed.ok) throw new InvalidInputError(parsed.problems);
      const input = parsed.value;
      const viaLink = input.linkSlug !== undefined;
      const decisions = input.consents ?? [];
      const phone = input.contact?.phone ?? null;

      const channel: PublicChannel = viaLink
        ? { linkSlug: input.linkSlug as string }
        : { storefrontSlug: input.storefrontSlug as string };
      const { resellerTeamId, storefront, link } = await resolve(channel);
      requireOnLink(link, [input.offerId]);
      const found = await repositories.publicOffers.findClickable(input.offerId);
      if (!found) throw new UnprocessableError(`Offer ${input.offerId} is not available`, "offer_unavailable");
      const { offer, providerName } = found;
      const signup = offer.partnerSignup?.kind === "lead_gen" ? offer.partnerSignup : null;
      if (signup && !signup.signupUrlTemplate) {
        throw new UnprocessableError(
          `Offer "${offer.name}" (${offer.id}) is a lead_gen offer with no signup template configured`,
          "signup_template_missing",
        );
      }

      const now = clock.now();
      const clickId = ids.uuid();
      // Without a partner to hand the consumer to, the phone goes nowhere: nothing of it is kept.
      const shared = signup ? phoneToShare(phone, decisions) : null;
      const click: OutboundClick = {
        id: clickId,
        resellerTeamId,
        storefrontId: storefront?.id ?? null,
        linkId: link?.id ?? null,
        offerId: offer.id,
        providerTeamId: offer.teamId,
        redirectUrl: signup ? handoffRedirectUrl(signup, clickId, shared) : null,
        phone: shared,
        ipAddress: client.ip,
        userAgent: client.userAgent,
        createdAt: now,
      };
      // Decisions are recorded (and sent to the provider, with the phone) only when the phone is shared.
      const records =
        shared === null
          ? []
          : consentRecordsForClick(
              { clickId, providerTeamId: offer.teamId, providerName, resellerTeamId, phone: shared },
              decisions,
              client,
              { id: () => ids.uuid(), now },
            );
      await unitOfWork.transaction(async (tx) => {
        await tx.publicOffers.insertClick(click);
        if (records.length > 0) {
          await tx.consents.insert(records);
          const capture = { storefrontId: click.storefrontId, linkId: click.linkId, pageUrl: null };
          await appendConsentEntries(
            tx,
            records.map((record) => recordedEntry(record, capture, [offer.id])),
          );
        }
        await tx.outbox.record(records.map((record) => consentRecordedEvent(record, { id: () => ids.uuid(), now })));
      });
      return { click, phoneShared: shared !== null };
    },
  };
}
