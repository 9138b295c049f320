/**
 * The storefront feature: what other features, flows and the package's entry points use of it.
 *
 * @module
 */

export { CLICK_SCHEMA, type ClickInput, PUBLIC_SLUG_FIELD, parseClick } from "./click-input.ts";
export { handoffRedirectUrl, phoneToShare } from "./clicks.ts";
export {
  NEW_LINK_SCHEMA,
  type NewLink,
  parseNewLink,
  parseStorefrontInput,
  STOREFRONT_INPUT_SCHEMA,
  type StorefrontInput,
} from "./input.ts";
export { PAGE_URL_FIELD, parsePageUrl } from "./page-url.ts";
export type { LinkRepository, PublicOfferRepository, StorefrontRepository } from "./ports.ts";
export { toPublicOffer } from "./public-offer.ts";
export { isLinkSlug, isStorefrontSlug } from "./slugs.ts";
export type { OutboundClick, PublicOffer, ShareableLink, Storefront } from "./types.ts";
export { type StorefrontUseCases, storefrontUseCases } from "./use-cases.ts";
