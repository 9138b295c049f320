/**
 * @marketplace/core: the domain rules, use cases and ports of the marketplace service.
 * Zero runtime dependencies and no Node built-ins: runs on Node, Deno, Bun, browsers and edge workers.
 *
 * @module
 */

export { canAccess } from "./access.ts";
export {
  API_KEY_DISPLAY_PREFIX_LENGTH,
  API_KEY_PREFIX,
  apiKeyHashMatches,
  displayPrefix,
  type GeneratedApiKey,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
} from "./api-keys.ts";
export { sha256Hex, timingSafeEqual, timingSafeEqualText } from "./crypto.ts";
export {
  AuthenticationError,
  ConflictError,
  InvalidInputError,
  MarketplaceError,
  type MarketplaceErrorCode,
  NotFoundError,
  PayloadTooLargeError,
  PermissionError,
  RateLimitedError,
  UnprocessableError,
} from "./errors.ts";
export {
  createEvent,
  type DomainEvent,
  EVENT_TYPES,
  EVENT_VERSION,
  type EventAudience,
  type EventEnvelope,
  type EventType,
  isSubscribable,
  type NewEvent,
  RESELLER_EVENT_TYPES,
  toEnvelope,
} from "./events.ts";
export { isUuidV4, randomUuid } from "./ids.ts";
export { silentLogger } from "./logger.ts";
export {
  createMarketplace,
  type Marketplace,
  type MarketplaceOptions,
  randomIds,
  systemClock,
} from "./marketplace.ts";
export { fromCents, isMoney, MAX_CENTS, normalizeMoney, sumMoney, toCents } from "./money.ts";
export { NAME_MAX_LENGTH, nameProblems } from "./names.ts";
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
export type {
  ApiKeyRepository,
  BrandRepository,
  Clock,
  DeliveryQueue,
  EventOutbox,
  IdGenerator,
  LogFields,
  Logger,
  MarketRepository,
  OfferRepository,
  Repositories,
  TeamRepository,
  TransactionScope,
  UnitOfWork,
  WebhookDeliveryRepository,
  WebhookRepository,
  WebhookTransport,
} from "./ports.ts";
export {
  DEFAULT_TOLERANCE_SECONDS,
  parseSignatureHeader,
  SIGNATURE_HEADER,
  signPayload,
  type VerifyFailure,
  type VerifyResult,
  verifySignature,
} from "./signing.ts";
export { isStorableText } from "./text.ts";
export {
  type ApiKey,
  AREA_KINDS,
  type AreaKind,
  type Brand,
  type BrandSummary,
  type EndpointClass,
  type IssuedApiKey,
  type Market,
  type MarketArea,
  OFFER_STATUSES,
  type Offer,
  type OfferStatus,
  type Principal,
  SERVICE_TYPES,
  type ServiceType,
  type StoredApiKey,
  TEAM_ROLES,
  type Team,
  type TeamRole,
} from "./types.ts";
export type { AuthenticationUseCases } from "./use-cases/authentication.ts";
export { LAST_USED_RESOLUTION_MS } from "./use-cases/authentication.ts";
export type { BrandChanges, BrandUseCases, NewBrand } from "./use-cases/brands.ts";
export { LOGO_URL_MAX_LENGTH, validateBrand } from "./use-cases/brands.ts";
export type { MarketChanges, MarketUseCases, NewArea, NewMarket } from "./use-cases/markets.ts";
export { validateArea, validateMarket } from "./use-cases/markets.ts";
export type { NewOffer, OfferUseCases } from "./use-cases/offers.ts";
export { validateNewOffer } from "./use-cases/offers.ts";
export type { CreatedTeam, NewTeam, TeamUseCases } from "./use-cases/teams.ts";
export { validateTeam } from "./use-cases/teams.ts";
export type { NewWebhook, RotateSecretOptions, WebhookPatch, WebhookUseCases } from "./use-cases/webhooks.ts";
export {
  type DeliveryDependencies,
  type DeliveryJob,
  type DeliveryRound,
  type DeliveryTarget,
  deliverEvent,
  resolveDeliveryTargets,
} from "./webhook-delivery.ts";
export {
  DEFAULT_RETRY_DELAYS_MS,
  DEFAULT_RETRY_JITTER,
  DEFAULT_SECRET_OVERLAP_SECONDS,
  DELIVERY_LOG_LIMIT,
  DELIVERY_TIMEOUT_MS,
  type DeliverableEvent,
  type DeliverableEventType,
  type DeliveryTrigger,
  deliveryBody,
  deliveryHeaders,
  generateWebhookSecret,
  isLoopbackHostname,
  isSuccessStatus,
  MAX_RECORDED_RESPONSE_BYTES,
  MAX_SECRET_OVERLAP_SECONDS,
  MAX_WEBHOOK_URL_LENGTH,
  maskWebhookSecret,
  maxDeliveryAttempts,
  type QueuedDelivery,
  type RetrySchedule,
  recordableText,
  retryDelayMs,
  signingSecrets,
  subscribableEventTypes,
  TRAINING_HEADER,
  validateWebhookEvents,
  validateWebhookUrl,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT_TYPE,
  type Webhook,
  type WebhookChanges,
  type WebhookDelivery,
  type WebhookRequest,
  type WebhookResponse,
  type WebhookUrlPolicy,
} from "./webhooks.ts";
