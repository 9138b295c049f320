/**
 * @marketplace/core: the domain rules, use cases and ports of the marketplace service.
 * Zero runtime dependencies and no Node built-ins: runs on Node, Deno, Bun, browsers and edge workers.
 *
 * The root is what an embedder uses (ADR-0084): `createMarketplace` and its options, the ports a
 * host or storage adapter implements (`UnitOfWork`, `Repositories`, `Clock`, `Logger`, `Mailer`,
 * `WebhookTransport`…), the error classes, pagination, ids, the secret keyring, every use-case
 * interface `Marketplace` gathers and the main domain types they take and return. At most 150 names
 * (test/packages/public-surface.test.ts holds the limit; packages/core/surface.txt lists them).
 *
 * The rest lives on subpaths, one per feature: `@marketplace/core/teams`, `/brands`, `/markets`,
 * `/offers`, `/catalog`, `/orders`, `/customers`, `/consents`, `/storefront`, `/events`, `/webhooks`,
 * `/rate-limits`, `/members`, `/analytics` and `/audit-log` export the feature's types, repository
 * ports, input parsers and schemas; `/flows` the use cases spanning features (public shop, webhooks
 * portal), `/fields` the field specifications, `/event-payloads` every event's payload schema,
 * `/kernel` the remaining helpers (money, hashing, text checks, sealing secrets). Entry points for
 * other runtimes and tools: `/signing` (webhook signatures, for receivers), `/consent-evidence`
 * (the offline verifier) and `/testing` (the in-memory adapter).
 *
 * @module
 */

export type { AnalyticsUseCases, ProviderAnalytics, ResellerAnalytics } from "./analytics/index.ts";
export { type AuditEntry, type RequestOrigin, requestOrigin } from "./audit-log/index.ts";
export type { Brand, BrandUseCases } from "./brands/index.ts";
export type { CatalogEntry, CatalogUseCases } from "./catalog/index.ts";
export {
  CONSENT_KINDS,
  type ConsentEvidenceUseCases,
  type ConsentKind,
  type ConsentRecord,
  type ConsentUseCases,
  type Ed25519PrivateJwk,
} from "./consents/index.ts";
export type { Customer, CustomerUseCases, ProviderCustomer } from "./customers/index.ts";
export {
  AuthenticationError,
  ConflictError,
  InvalidInputError,
  MarketplaceError,
  type MarketplaceErrorCode,
  NotFoundError,
  PayloadTooLargeError,
  PermissionError,
  type PublishProblem,
  PublishValidationError,
  RateLimitedError,
  UnprocessableError,
} from "./errors.ts";
export {
  createEvent,
  DEFAULT_EVENT_RETENTION_DAYS,
  type DomainEvent,
  EVENT_TYPES,
  type EventEnvelope,
  type EventOutbox,
  type EventType,
  type EventUseCases,
} from "./events/index.ts";
export type { PublicShopUseCases, WebhookPortalUseCases } from "./flows/index.ts";
export { isUuidV4, randomUuid } from "./ids.ts";
export { isoTime } from "./iso-time.ts";
export { type LogFields, type Logger, silentLogger } from "./logger.ts";
export { createMarketplace, type Marketplace, type MarketplaceOptions, randomIds, systemClock } from "./marketplace.ts";
export type { Market, MarketArea, MarketName, MarketUseCases } from "./markets/index.ts";
export {
  type ApiKeyUseCases,
  type AuthenticatedSession,
  type Caller,
  type Invite,
  type Mailer,
  type MailMessage,
  MEMBER_ROLES,
  type Member,
  type MemberOptions,
  type MemberRole,
  type MemberUseCases,
  memberCaller,
  memberCan,
  type OnboardingUseCases,
  operatorCaller,
  type PasswordHasher,
  type PasswordResetUseCases,
  type PortalLinkUseCases,
  type TotpAuthenticator,
  type TwoFactorUseCases,
} from "./members/index.ts";
export {
  type BulkOfferUseCases,
  type NewOffer,
  OFFER_STATUSES,
  type Offer,
  type OfferStatus,
  type OfferUseCases,
  SERVICE_TYPES,
  type ServiceType,
} from "./offers/index.ts";
export {
  CUSTOMER_KINDS,
  type CustomerKind,
  ORDER_ITEM_STATUSES,
  ORDER_STATUSES,
  type Order,
  type OrderItem,
  type OrderItemStatus,
  type OrderStatus,
  type OrderSummary,
  type OrderUseCases,
  type ProviderOrderItem,
} from "./orders/index.ts";
export {
  DEFAULT_PAGE_SIZE,
  decodeCursor,
  encodeCursor,
  type ListResult,
  MAX_PAGE_SIZE,
  mapListResult,
  type Page,
  type PageQuery,
  type PageRequest,
  pageRequest,
  toListResult,
} from "./pagination.ts";
export type { Repositories, TransactionScope, UnitOfWork } from "./ports.ts";
export type { RateLimitUseCases } from "./rate-limits/index.ts";
export { createSecretKeyring, SealedSecretError, type SecretKeyring } from "./secret-keyring.ts";
export type { Clock, IdGenerator, ReadOptions } from "./shared-ports.ts";
export type { PublicOffer, ShareableLink, Storefront, StorefrontUseCases } from "./storefront/index.ts";
export {
  type ApiKey,
  type ApiKeyCacheOptions,
  type AuthenticationUseCases,
  type Principal,
  TEAM_ROLES,
  type Team,
  type TeamRole,
  type TeamUseCases,
} from "./teams/index.ts";
export type { ScopedUnitOfWork, ScopeName, UseCaseContext } from "./use-case-context.ts";
export {
  DEFAULT_RETRY_DELAYS_MS,
  DELIVERY_TIMEOUT_MS,
  type Webhook,
  type WebhookDelivery,
  type WebhookRequest,
  type WebhookResponse,
  type WebhookTransport,
  type WebhookUseCases,
} from "./webhooks/index.ts";
