/**
 * The flows: work that spans features. Placing an order writes customers, consents and ledger
 * entries; the public shop (storefronts and shareable links) spans storefront, orders and consents;
 * the webhooks portal is members acting on webhooks. `@marketplace/core/flows` for embedders:
 * `Marketplace.publicShop` and `Marketplace.webhookPortal` are these use cases.
 *
 * @module
 */

export { IDEMPOTENCY_WINDOW_MS, type PlaceOrderCommand } from "./place-order.ts";
export type {
  LinkView,
  PublicChannel,
  PublicOrderInput,
  PublicShopUseCases,
  RecordedClick,
  RenderedDisclosure,
} from "./public-shop.ts";
export {
  type AttemptDetail,
  type EndpointOverview,
  mayRevealSecret,
  type WebhookPortalUseCases,
} from "./webhook-portal.ts";
