/**
 * The marketplace's use cases, assembled over the ports.
 *
 * @module
 */

import { type AnalyticsUseCases, analyticsUseCases } from "./analytics/analytics-use-cases.ts";
import { type CatalogUseCases, catalogUseCases } from "./catalog/catalog-use-cases.ts";
import { type ConsentEvidenceUseCases, consentEvidenceUseCases } from "./consents/consent-evidence-use-cases.ts";
import type { Ed25519PrivateJwk } from "./consents/consent-keys.ts";
import { type ConsentUseCases, consentUseCases } from "./consents/consent-use-cases.ts";
import { randomUuid } from "./ids.ts";
import { silentLogger } from "./logger.ts";
import { type ApiKeyUseCases, apiKeyUseCases } from "./members/api-key-use-cases.ts";
import { type MemberOptions, type MemberUseCases, memberUseCases } from "./members/member-use-cases.ts";
import { type OnboardingUseCases, onboardingUseCases } from "./members/onboarding-use-cases.ts";
import { type PasswordResetUseCases, passwordResetUseCases } from "./members/password-reset-use-cases.ts";
import { type PortalLinkUseCases, portalLinkUseCases } from "./members/portal-link-use-cases.ts";
import { type TwoFactorUseCases, twoFactorUseCases } from "./members/two-factor-use-cases.ts";
import { type WebhookPortalUseCases, webhookPortalUseCases } from "./members/webhook-portal-use-cases.ts";
import { type BrandUseCases, brandUseCases } from "./offers/brand-use-cases.ts";
import type { BulkOfferUseCases } from "./offers/bulk-offer-types.ts";
import { bulkOfferUseCases } from "./offers/bulk-offer-use-cases.ts";
import { type MarketUseCases, marketUseCases } from "./offers/market-use-cases.ts";
import { type OfferUseCases, offerUseCases } from "./offers/offer-use-cases.ts";
import { type CustomerUseCases, customerUseCases } from "./orders/customer-use-cases.ts";
import { type OrderUseCases, orderUseCases } from "./orders/order-use-cases.ts";
import type { Clock, IdGenerator, Logger, UnitOfWork } from "./ports.ts";
import { type PublicShopUseCases, publicShopUseCases } from "./storefront/public-shop-use-cases.ts";
import { type RateLimitUseCases, rateLimitUseCases } from "./storefront/rate-limit-use-cases.ts";
import { type StorefrontUseCases, storefrontUseCases } from "./storefront/storefront-use-cases.ts";
import { ApiKeyCache, type ApiKeyCacheOptions } from "./teams/api-key-cache.ts";
import { type AuthenticationUseCases, authenticationUseCases } from "./teams/authentication-use-cases.ts";
import { type TeamUseCases, teamUseCases } from "./teams/team-use-cases.ts";
import { type EventUseCases, eventUseCases } from "./webhooks/event-use-cases.ts";
import { type WebhookUseCases, webhookUseCases } from "./webhooks/webhook-use-cases.ts";

/** What `createMarketplace` needs; only the unit of work is required. */
export interface MarketplaceOptions {
  /** Transactions and repositories (e.g. `new PostgresUnitOfWork({ db })` of `@marketplace/adapters-postgres`). */
  unitOfWork: UnitOfWork;
  /** Defaults to the system clock. */
  clock?: Clock;
  /** Defaults to random UUID v4 from Web Crypto. */
  ids?: IdGenerator;
  /** Defaults to a silent logger. */
  logger?: Logger;
  /**
   * Keeps authenticated API keys in memory so that a request costs no key lookup. Needs a feed of
   * key changes (`PostgresApiKeyChangeFeed` of `@marketplace/adapters-postgres`): a key revoked on
   * any process is dropped as soon as its notification arrives, at once on the process that revoked
   * it, and nothing is cached while the feed is disconnected. Without this option every request
   * looks its key up.
   */
  apiKeyCache?: ApiKeyCacheOptions;
  /**
   * The Ed25519 private key (JWK) that signs consent checkpoints, from the host's configuration.
   * Without it a key is generated at first start and stored in the database.
   */
  consentSigningKey?: Ed25519PrivateJwk;
  /** How many days events are listed by the events API (and kept, by the host's pruning); default 30. */
  eventRetentionDays?: number;
  /**
   * Members and their sessions: the password hasher (e.g. `argon2idPasswordHasher()` of
   * `@marketplace/dashboard`; without it, sign-in and accepting invites throw), the TOTP
   * authenticator of two-factor sign-in (e.g. `otpauthTotp()`) and the timeouts.
   */
  members?: MemberOptions;
}

/** Every use case of the service, grouped by area. */
export interface Marketplace {
  /** Authenticating API keys and checking roles. */
  auth: AuthenticationUseCases;
  /** Teams and their keys (administration). */
  teams: TeamUseCases;
  /** A provider's offers. */
  offers: OfferUseCases;
  /** Bulk CSV upload and update of a provider's offers. */
  bulkOffers: BulkOfferUseCases;
  /** A team's webhooks and their delivery logs. */
  webhooks: WebhookUseCases;
  /** A team's events, as its webhooks receive them (the events API). */
  events: EventUseCases;
  /** The webhooks portal (dashboard): the same commands by a member or the operator, audited, and the team-wide log. */
  webhookPortal: WebhookPortalUseCases;
  /** Portal links: single-use, expiring, capability-limited sessions of the webhooks portal (operator). */
  portalLinks: PortalLinkUseCases;
  /** A provider's brands. */
  brands: BrandUseCases;
  /** A provider's markets and their areas. */
  markets: MarketUseCases;
  /** Orders: placed and cancelled by resellers, fulfilled by providers. */
  orders: OrderUseCases;
  /** Customers of providers' offers and of resellers. */
  customers: CustomerUseCases;
  /** The reseller catalog: active offers of every provider. */
  catalog: CatalogUseCases;
  /** A reseller's storefront and shareable links. */
  storefronts: StorefrontUseCases;
  /** The consumer side: link pages, public orders (with consents) and outbound clicks. */
  publicShop: PublicShopUseCases;
  /** Consent records for providers, and their withdrawal (public form, provider report). */
  consents: ConsentUseCases;
  /** The consent ledger: evidence bundles, signed checkpoints, the published keys. */
  consentEvidence: ConsentEvidenceUseCases;
  /** Rate limits of the public endpoints. */
  rateLimits: RateLimitUseCases;
  /** Providers' and resellers' analytics (training and deleted orders excluded). */
  analytics: AnalyticsUseCases;
  /** Members of teams: invites, sign-in, sessions, roles, the audit log (the dashboard). */
  members: MemberUseCases;
  /** A team's API keys by a member or the operator, audited: create, roll with an overlap, revoke. */
  apiKeys: ApiKeyUseCases;
  /** Members' two-factor sign-in (TOTP, recovery codes) and the team's policy. */
  twoFactor: TwoFactorUseCases;
  /** Password reset by e-mailed link. */
  passwordResets: PasswordResetUseCases;
  /** A team's first steps (webhook, published offer, storefront, order), for the dashboard's home. */
  onboarding: OnboardingUseCases;
}

/** The system clock. */
export const systemClock: Clock = { now: () => new Date() };

/** Random UUID v4 identifiers. */
export const randomIds: IdGenerator = { uuid: randomUuid };

/**
 * Builds the use cases over the given ports.
 *
 * @example
 * const marketplace = createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db: createDatabase(pool) }) });
 * const { team, apiKey } = await marketplace.teams.create({ name: "Acme", role: "provider" });
 */
export function createMarketplace(options: MarketplaceOptions): Marketplace {
  if (!options?.unitOfWork) throw new TypeError("createMarketplace: options.unitOfWork is required");
  const ctx = {
    unitOfWork: options.unitOfWork,
    clock: options.clock ?? systemClock,
    ids: options.ids ?? randomIds,
    logger: options.logger ?? silentLogger,
    apiKeyCache: options.apiKeyCache ? new ApiKeyCache(options.apiKeyCache) : undefined,
  };
  const orders = orderUseCases(ctx);
  const webhooks = webhookUseCases(ctx, { retentionDays: options.eventRetentionDays });
  const events = eventUseCases(ctx, { retentionDays: options.eventRetentionDays });
  return {
    auth: authenticationUseCases(ctx),
    teams: teamUseCases(ctx),
    offers: offerUseCases(ctx),
    bulkOffers: bulkOfferUseCases(ctx),
    webhooks,
    events,
    webhookPortal: webhookPortalUseCases(ctx, webhooks),
    portalLinks: portalLinkUseCases(ctx),
    brands: brandUseCases(ctx),
    markets: marketUseCases(ctx),
    orders,
    customers: customerUseCases(ctx),
    catalog: catalogUseCases(ctx),
    storefronts: storefrontUseCases(ctx),
    publicShop: publicShopUseCases(ctx, orders),
    consents: consentUseCases(ctx),
    consentEvidence: consentEvidenceUseCases(ctx, { signingKey: options.consentSigningKey }),
    rateLimits: rateLimitUseCases(ctx),
    analytics: analyticsUseCases(ctx),
    members: memberUseCases(ctx, options.members),
    apiKeys: apiKeyUseCases(ctx),
    twoFactor: twoFactorUseCases(ctx, options.members),
    passwordResets: passwordResetUseCases(ctx, options.members),
    onboarding: onboardingUseCases(ctx),
  };
}
