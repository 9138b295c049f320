/**
 * The marketplace's use cases, assembled over the ports.
 *
 * Terminology used across the marketplace core:
 *
 * - **team**: an organisation using the API. Its `role` is `provider` (sells services through the
 *   marketplace), `reseller` (sells providers' offers to consumers) or `hybrid` (both, one key).
 * - **API key**: a secret (`mk_…`) that authenticates a team. Only its SHA-256 hash is stored.
 * - **principal**: the authenticated caller of a use case: a team, its role and the key used.
 * - **offer**: a service a provider sells (an internet plan, an electricity tariff, …).
 * - **order**: what a reseller places for one customer; it holds one **item** per offer ordered.
 * - **consent**: a consumer's recorded decision about being contacted, with the disclosure shown.
 * - **event**: a fact about an order, stored in the outbox in the same transaction as the change.
 * - **delivery**: sending one event to the webhooks subscribed to it; each try is an **attempt**.
 *
 * @module
 */

import { type AnalyticsUseCases, analyticsUseCases } from "./analytics/index.ts";
import { type BrandUseCases, brandUseCases } from "./brands/index.ts";
import { type CatalogUseCases, catalogUseCases } from "./catalog/index.ts";
import type { Ed25519PrivateJwk } from "./consents/index.ts";
import {
  type ConsentEvidenceUseCases,
  type ConsentUseCases,
  consentEvidenceUseCases,
  consentUseCases,
} from "./consents/index.ts";
import { type CustomerUseCases, customerUseCases } from "./customers/index.ts";
import { type EventUseCases, eventUseCases } from "./events/index.ts";
import { placeOrder } from "./flows/place-order.ts";
import { type PublicShopUseCases, publicShopUseCases } from "./flows/public-shop.ts";
import { type WebhookPortalUseCases, webhookPortalUseCases } from "./flows/webhook-portal.ts";
import { randomUuid } from "./ids.ts";
import { silentLogger } from "./logger.ts";
import { type MarketUseCases, marketUseCases } from "./markets/index.ts";
import {
  type ApiKeyUseCases,
  apiKeyUseCases,
  type MemberOptions,
  type MemberUseCases,
  memberUseCases,
  type OnboardingUseCases,
  onboardingUseCases,
  type PasswordResetUseCases,
  type PortalLinkUseCases,
  passwordResetUseCases,
  portalLinkUseCases,
  type TwoFactorUseCases,
  twoFactorUseCases,
} from "./members/index.ts";
import type { BulkOfferUseCases } from "./offers/index.ts";
import { bulkOfferUseCases, type OfferUseCases, offerUseCases } from "./offers/index.ts";
import { type OrderUseCases, orderUseCases } from "./orders/index.ts";
import type { Logger, UnitOfWork } from "./ports.ts";
import { type RateLimitUseCases, rateLimitUseCases } from "./rate-limits/index.ts";
import type { Clock, IdGenerator } from "./shared-ports.ts";
import { type StorefrontUseCases, storefrontUseCases } from "./storefront/index.ts";
import {
  ApiKeyCache,
  type ApiKeyCacheOptions,
  type AuthenticationUseCases,
  authenticationUseCases,
  type TeamUseCases,
  teamUseCases,
} from "./teams/index.ts";
import { type WebhookUseCases, webhookUseCases } from "./webhooks/index.ts";

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
  /**
   * True when `error` says the store could not be reached (the unit of work's `isUnavailable`; false
   * when it has none): hosts answer 503 with Retry-After instead of 500, and log a warning. Hosts
   * ask this instead of knowing the database driver's errors (ADR-0083).
   */
  isStoreUnavailable(error: unknown): boolean;
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
  const orders = orderUseCases(ctx, (principal, input, options = {}) =>
    placeOrder(ctx, { ...options, principal, input }),
  );
  const webhookOptions = { retentionDays: options.eventRetentionDays };
  const webhooks = webhookUseCases(ctx, webhookOptions);
  const events = eventUseCases(ctx, { retentionDays: options.eventRetentionDays });
  return {
    auth: authenticationUseCases(ctx),
    teams: teamUseCases(ctx),
    offers: offerUseCases(ctx),
    bulkOffers: bulkOfferUseCases(ctx),
    webhooks,
    events,
    // The portal builds the webhook use cases again over each command's transaction (audited in it).
    webhookPortal: webhookPortalUseCases(ctx, (scoped) => webhookUseCases(scoped, webhookOptions)),
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
    isStoreUnavailable: (error) => options.unitOfWork.isUnavailable?.(error) ?? false,
  };
}
