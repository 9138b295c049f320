/**
 * @marketplace/core: the domain rules, use cases and ports of the marketplace service.
 * Zero runtime dependencies and no Node built-ins: runs on Node, Deno, Bun, browsers and edge workers.
 *
 * @module
 */

export {
  acceptBin,
  acceptBinSeconds,
  histogramPercentile,
  LAST_ACCEPT_BIN,
  ratio,
} from "./analytics/analytics-figures.ts";
export type {
  AnalyticsRepository,
  ChannelCounts,
  OfferCounts,
  ProviderCounts,
  ProviderRollups,
  ResellerCounts,
  ResellerRollups,
} from "./analytics/analytics-ports.ts";
export {
  ANALYTICS_GRANULARITIES,
  ANALYTICS_TRAINING,
  type AnalyticsGranularity,
  type AnalyticsPeriod,
  type AnalyticsQueryInput,
  type AnalyticsTraining,
  type AnalyticsWindow,
  bucketEnd,
  coverInto,
  coverSeriesInto,
  MAX_ANALYTICS_DAYS,
  type ProviderAnalyticsFilter,
  type ProviderAnalyticsInput,
  parseAnalyticsWindow,
  parseProviderFilter,
  parseResellerFilter,
  type ResellerAnalyticsFilter,
  type ResellerAnalyticsInput,
  type RollupGrain,
  type RollupPiece,
  SHIFTED_DAY_OFFSETS,
  shiftedDayGrain,
} from "./analytics/analytics-query.ts";
export {
  ANALYTICS_EXCLUDED,
  ANALYTICS_EXCLUDED_IN_TRAINING,
  type AnalyticsHeader,
  type AnalyticsUseCases,
  type ChannelConversion,
  type ProviderAnalytics,
  type ProviderFigures,
  type ResellerAnalytics,
  type ResellerFigures,
  TOP_OFFERS,
} from "./analytics/analytics-use-cases.ts";
export { calendarDate, canonicalTimeZone, epochDay, localDay, startOfLocalDay } from "./analytics/time-zones.ts";
export {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_TYPES,
  type AuditAction,
  type AuditActor,
  type AuditActorType,
  type AuditEntry,
  type AuditFilter,
  type AuditLogRepository,
  type AuditTarget,
  MAX_USER_AGENT_LENGTH,
  OPERATOR_ACTOR,
  type RequestOrigin,
  requestOrigin,
} from "./audit-log.ts";
export { canonicalJson } from "./canonical-json.ts";
export {
  CATALOG_SEARCH_MAX_LENGTH,
  type CatalogEntry,
  type CatalogFilters,
  type CatalogFiltersResult,
  type CatalogQuery,
  NO_CATALOG_FILTERS,
  parseCatalogFilters,
} from "./catalog/catalog-filters.ts";
export type { CatalogUseCases } from "./catalog/catalog-use-cases.ts";
export {
  CONSENT_EVIDENCE_FORMAT,
  type ConsentEvidenceBundle,
  DISCLOSURE_STATEMENT,
  type EvidenceCheckpoint,
  type EvidenceLink,
  type EvidenceRecord,
  type EvidenceRevocation,
  type EvidenceVerification,
  verifyConsentEvidence,
} from "./consent-evidence.ts";
export {
  type ConsentCapture,
  type ConsentEventPayloads,
  type ConsentPayload,
  type ConsentRevokedPayload,
  consentCapture,
  consentPayload,
  consentRecordedEvent,
  consentRevokedEvent,
} from "./consents/consent-events.ts";
export {
  appendConsentEntries,
  type ConsentEvidenceUseCases,
  type ConsentLedgerOptions,
} from "./consents/consent-evidence-use-cases.ts";
export {
  parseRevokeConsent,
  REVOKE_CONSENT_SCHEMA,
} from "./consents/consent-input.ts";
export {
  type ConsentKeySet,
  type ConsentPublicKey,
  type Ed25519PrivateJwk,
  generateSigningKey,
  keyThumbprint,
  parsePrivateSigningKey,
  publicKeyOf,
} from "./consents/consent-keys.ts";
export {
  type CaptureContext,
  type ChainHead,
  type ConsentLedgerEntry,
  type ConsentLedgerPayload,
  chainEntries,
  checkpointMessage,
  GENESIS_HASH,
  linkHash,
  type RecordedEntry,
  type RevokedEntry,
} from "./consents/consent-ledger.ts";
export type {
  ConsentCustomer,
  ConsentIdentifier,
  ConsentLedgerRepository,
  ConsentRepository,
  PublicSigningKey,
  StoredConsentCheckpoint,
  StoredSigningKey,
} from "./consents/consent-ports.ts";
export {
  CONSENT_DECISION_SCHEMA,
  CONSENT_DECISIONS_FIELD,
  consentDecisionProblems,
  consentRecordsForClick,
  consentRecordsForOrder,
  grantsHandoffContact,
  hasGrantedOrderContact,
  MAX_CONSENT_DECISIONS,
  type OrderConsentSubject,
} from "./consents/consent-rules.ts";
export {
  type ClientInfo,
  CONSENT_KINDS,
  type ConsentDecision,
  type ConsentKind,
  type ConsentKindState,
  type ConsentRecord,
  type ConsentRevocation,
  consentKindState,
  DISCLOSURE_VERSIONS,
  type DisclosureVersion,
  REVOCATION_CHANNELS,
  type RevocationChannel,
} from "./consents/consent-types.ts";
export {
  type ConsentUseCases,
  type RevokeConsentInput,
  revokeConsentProblems,
} from "./consents/consent-use-cases.ts";
export {
  DISCLOSURES,
  type Disclosure,
  disclosureKind,
  isDisclosureVersion,
  joinNames,
  PROVIDER_PLACEHOLDER,
  renderDisclosure,
} from "./consents/disclosures.ts";
export { sha256Hex, timingSafeEqual, timingSafeEqualText } from "./crypto.ts";
export { isDatabaseUnavailable } from "./database-errors.ts";
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
  EVENT_DESCRIPTIONS,
  type EventData,
  type EventPayloads,
  eventPayloadSchema,
  exampleOf,
  type TypedEnvelope,
  type TypedEvent,
  typedEvent,
} from "./event-payloads.ts";
export {
  createEvent,
  type DeliveryHints,
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
export {
  type Field,
  type FieldValue,
  isTimestamp,
  type JsonSchema,
  MAX_URL_LENGTH,
  type ParseResult,
  parseObject,
  type Shape,
  type ShapeValue,
} from "./fields/fields.ts";
export {
  isRatePerKwh,
  isZipCode,
  RATE_PER_KWH_PATTERN,
  US_STATE_CODES,
  ZIP_CODE_PATTERN,
} from "./fields/formats.ts";
export { isHttpsUrl, type UrlPolicy, urlProblem } from "./fields/url-policy.ts";
export { isUuidV4, randomUuid } from "./ids.ts";
export { isoTime } from "./iso-time.ts";
export { silentLogger } from "./logger.ts";
export {
  createMarketplace,
  type Marketplace,
  type MarketplaceOptions,
  randomIds,
  systemClock,
} from "./marketplace.ts";
export type { ApiKeyUseCases, RolledApiKey } from "./members/api-key-use-cases.ts";
export { NEW_INVITE_SCHEMA, type NewInvite, parseNewInvite } from "./members/member-input.ts";
export type {
  InviteRepository,
  Mailer,
  MailMessage,
  MemberRepository,
  OnboardingRepository,
  PasswordHasher,
  PasswordResetRepository,
  SessionRepository,
  TeamProgress,
  TotpAuthenticator,
  TwoFactorRepository,
} from "./members/member-ports.ts";
export {
  API_KEY_ROLL_OVERLAPS_MS,
  type ApiKeyRollOverlap,
  generateRecoveryCode,
  generateToken,
  hashToken,
  INVITE_TTL_MS,
  isWellFormedToken,
  looksLikeRecoveryCode,
  MAX_PASSWORD_LENGTH,
  type MemberPermission,
  MIN_PASSWORD_LENGTH,
  memberCan,
  normalizeEmail,
  normalizeRecoveryCode,
  normalizeTotpCode,
  PASSWORD_RESET_LIMITS,
  PASSWORD_RESET_TTL_MS,
  passwordProblems,
  RECOVERY_CODE_COUNT,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SESSION_TOUCH_RESOLUTION_MS,
  SIGN_IN_CHALLENGE_TTL_MS,
  SIGN_IN_LIMITS,
  type TokenPrefix,
  TWO_FACTOR_LIMITS,
} from "./members/member-rules.ts";
export {
  type AuthenticatedSession,
  type Invite,
  MEMBER_ROLES,
  type Member,
  type MemberRole,
  type MemberSession,
  type MemberTotp,
  type PasswordReset,
  type SignInChallenge,
  type StoredInvite,
  type StoredMember,
  type StoredSession,
} from "./members/member-types.ts";
export {
  auditEntry,
  authorizeCaller,
  type Caller,
  type IssuedInvite,
  type MemberOptions,
  type MemberUseCases,
  memberCaller,
  type OpenInvite,
  operatorCaller,
  type SignedIn,
  type SignInResult,
  type SignInSecondStep,
} from "./members/member-use-cases.ts";
export type { OnboardingUseCases } from "./members/onboarding-use-cases.ts";
export type { PasswordResetRequest, PasswordResetUseCases } from "./members/password-reset-use-cases.ts";
export type { PortalLinkUseCases } from "./members/portal-link-use-cases.ts";
export type { EnrolmentStart, TwoFactorStatus, TwoFactorUseCases } from "./members/two-factor-use-cases.ts";
export {
  type AttemptDetail,
  type EndpointOverview,
  HEALTH_WINDOW_MS,
  mayRevealSecret,
  SECRET_REVEAL_WINDOW_MS,
  type WebhookPortalUseCases,
} from "./members/webhook-portal-use-cases.ts";
export { fromCents, isMoney, MAX_CENTS, MONEY_PATTERN, normalizeMoney, sumMoney, toCents } from "./money.ts";
export { NAME_MAX_LENGTH, nameProblems } from "./names.ts";
export {
  BRAND_CHANGES_SCHEMA,
  NEW_BRAND_SCHEMA,
  parseBrandChanges,
  parseNewBrand,
} from "./offers/brand-input.ts";
export type { BrandChanges, BrandUseCases, NewBrand } from "./offers/brand-use-cases.ts";
export { LOGO_URL_MAX_LENGTH, validateBrand } from "./offers/brand-use-cases.ts";
export type {
  BulkCsvFile,
  BulkCsvOptions,
  BulkCsvProgress,
  BulkCsvRow,
  BulkOfferUseCases,
  BulkRowResult,
  BulkRowStatus,
  BulkUpdateResult,
  BulkUpdateSummary,
  BulkUploadResult,
  BulkUploadSummary,
} from "./offers/bulk-offer-types.ts";
export {
  BULK_CSV_LIMITS,
  type BulkCsvMode,
  type CsvRowError,
  csvHeaderProblems,
  fieldProblemErrors,
  isOfferCsvColumn,
  OFFER_CSV_CELL_RULES,
  OFFER_CSV_COLUMNS,
  OFFER_CSV_EXAMPLE,
  OFFER_CSV_REQUIRED_COLUMNS,
  type OfferCsvColumn,
  type OfferRowRequest,
  publishProblemErrors,
  readOfferRow,
  splitMarketNames,
} from "./offers/csv-rows.ts";
export { COPY_SUFFIX, duplicateOfferFields, SAMPLE_PRICING_FIELDS } from "./offers/duplicate.ts";
export {
  MARKET_CHANGES_SCHEMA,
  NEW_AREA_SCHEMA,
  NEW_MARKET_SCHEMA,
  parseMarketChanges,
  parseNewArea,
  parseNewMarket,
} from "./offers/market-input.ts";
export type { MarketChanges, MarketUseCases, NewArea, NewMarket } from "./offers/market-use-cases.ts";
export { validateArea, validateMarket } from "./offers/market-use-cases.ts";
export {
  applyOfferPatch,
  blankOfferFields,
  EMPTY_ELECTRICITY,
  EMPTY_INTERNET,
  type NewOffer,
  OFFER_LIMITS,
  type OfferPatch,
  ORDER_ITEM_PLACEHOLDER,
  offerFieldProblems,
  signupUrlFor,
} from "./offers/offer-fields.ts";
export {
  ELECTRICITY_INPUT,
  INTERNET_INPUT,
  newOfferSchema,
  type OfferInputOptions,
  offerPatchSchema,
  parseNewOffer,
  parseOfferPatch,
} from "./offers/offer-input.ts";
export {
  OFFER_SEARCH_MAX_LENGTH,
  type OfferListFilters,
  type OfferListFiltersResult,
  parseOfferListFilters,
} from "./offers/offer-list-filters.ts";
export type { OfferUseCases } from "./offers/offer-use-cases.ts";
export { validateNewOffer } from "./offers/offer-use-cases.ts";
export {
  checkPublishReadiness,
  PUBLISH_SECTIONS,
  type PublishReadiness,
  type PublishSection,
  problemsBySection,
} from "./offers/publish-readiness.ts";
export type { CustomerUseCases, ProviderCustomerDetail } from "./orders/customer-use-cases.ts";
export {
  type DeleteOrderCommand,
  deletionBlockers,
  type OrderDeletion,
  type OrderDeletionActor,
} from "./orders/delete-order.ts";
export {
  type ItemStatusChangedPayload,
  itemPayload,
  itemStatusChangedEvent,
  type OrderEventPayloads,
  type OrderItemOfOrderPayload,
  type OrderItemPayload,
  type OrderPayload,
  orderCancelledEvent,
  orderPayload,
  orderPlacedEvents,
  providerTeamIds,
} from "./orders/order-events.ts";
export {
  ITEM_STATUS_UPDATE_FIELDS,
  ITEM_STATUS_UPDATE_SCHEMA,
  isCalendarDate,
  isE164,
  isEmail,
  MAX_ORDER_ITEMS,
  normalizeAddress,
  normalizeContact,
  PLACE_ORDER_FIELDS,
  PLACE_ORDER_SCHEMA,
  type PlaceOrderInput,
  PROVIDER_ITEM_STATUSES,
  parseItemStatusUpdate,
  parsePlaceOrder,
  US_STATES,
} from "./orders/order-input.ts";
export type {
  CustomerRepository,
  IdempotencyRecord,
  IdempotencyRepository,
  OrderableOffer,
  OrderRepository,
  OrderSummary,
  ProviderOrderItem,
} from "./orders/order-ports.ts";
export {
  canProviderMove,
  FINAL_ITEM_STATUSES,
  isCancellable,
  type ProviderItemUpdate,
  recomputeOrderStatus,
} from "./orders/order-status.ts";
export {
  type Commission,
  CUSTOMER_KINDS,
  type Customer,
  type CustomerContact,
  type CustomerKind,
  itemHandoff,
  type OfferSnapshot,
  type OfferTerms,
  ORDER_ITEM_STATUSES,
  ORDER_STATUSES,
  type Order,
  type OrderChannel,
  type OrderItem,
  type OrderItemStatus,
  type OrderStatus,
  offerTerms,
  type ProviderCustomer,
  type ServiceAddress,
} from "./orders/order-types.ts";
export { IDEMPOTENCY_WINDOW_MS, type OrderUseCases, type PlaceOrderOptions } from "./orders/order-use-cases.ts";
export {
  DEFAULT_PAGE_SIZE,
  decodeCursor,
  encodeCursor,
  isPageSize,
  type ListResult,
  MAX_PAGE_SIZE,
  mapListResult,
  PAGE_SIZE_PROBLEM,
  type Page,
  type PageQuery,
  type PageRequest,
  pageRequest,
  toListResult,
} from "./pagination.ts";
export type {
  ApiKeyChangeFeed,
  ApiKeyChangeListener,
  ApiKeyRepository,
  BrandRepository,
  CatalogRepository,
  Clock,
  DeliveryQueue,
  EventOutbox,
  IdGenerator,
  LogFields,
  Logger,
  MarketName,
  MarketRepository,
  OfferRepository,
  ReadOptions,
  Repositories,
  TeamRepository,
  TransactionScope,
  UnitOfWork,
  WebhookDeliveryRepository,
  WebhookRepository,
  WebhookTransport,
} from "./ports.ts";
export {
  createSecretKeyring,
  importSecretKey,
  isSealed,
  openSecret,
  SEALED_PREFIX,
  SealedSecretError,
  type SecretKey,
  type SecretKeyring,
  sealedKeyId,
  sealSecret,
} from "./secret-keyring.ts";
export { sha256HexSync } from "./sha256.ts";
export {
  DEFAULT_TOLERANCE_SECONDS,
  isStaleForOrder,
  type OrderPosition,
  orderPosition,
  parseSignatureHeader,
  type ReceivedHeaders,
  SIGNATURE_HEADER,
  STANDARD_WEBHOOK_HEADERS,
  type StandardSignOptions,
  type StandardVerifyOptions,
  type StandardWebhookHeaders,
  signPayload,
  signStandardWebhook,
  standardWebhookKey,
  type VerifyFailure,
  type VerifyResult,
  verifySignature,
  verifyStandardWebhook,
} from "./signing.ts";
export { CLICK_SCHEMA, PUBLIC_SLUG_FIELD, parseClick } from "./storefront/click-input.ts";
export { HANDOFF_PHONE_PARAMETER, handoffRedirectUrl, phoneToShare } from "./storefront/clicks.ts";
export { PAGE_URL_FIELD, parsePageUrl } from "./storefront/page-url.ts";
export { toPublicOffer } from "./storefront/public-offer.ts";
export type {
  ClickInput,
  LinkView,
  PublicChannel,
  PublicOrderInput,
  PublicShopUseCases,
  RecordedClick,
  RenderedDisclosure,
} from "./storefront/public-shop-use-cases.ts";
export type { RateLimitUseCases } from "./storefront/rate-limit-use-cases.ts";
export {
  OPT_IN_RATE_LIMIT_BUCKETS,
  type OptInRateLimitBucket,
  RATE_LIMITS,
  type RateLimitBucket,
  type RateLimitRule,
  type RateLimitStore,
  rateLimitClient,
} from "./storefront/rate-limits.ts";
export {
  generateLinkSlug,
  isLinkSlug,
  isStorefrontSlug,
  LINK_SLUG_ALPHABET,
  LINK_SLUG_LENGTH,
  STOREFRONT_SLUG_PATTERN,
  STOREFRONT_SLUG_RULE,
} from "./storefront/slugs.ts";
export {
  NEW_LINK_SCHEMA,
  parseNewLink,
  parseStorefrontInput,
  STOREFRONT_INPUT_SCHEMA,
  type StorefrontInput,
} from "./storefront/storefront-input.ts";
export type { LinkRepository, PublicOfferRepository, StorefrontRepository } from "./storefront/storefront-ports.ts";
export type { OutboundClick, PublicOffer, ShareableLink, Storefront } from "./storefront/storefront-types.ts";
export {
  LINK_NAME_MAX_LENGTH,
  linkProblems,
  MAX_LINK_OFFERS,
  type NewLink,
  type StorefrontUseCases,
  storefrontProblems,
} from "./storefront/storefront-use-cases.ts";
export { canAccess } from "./teams/access.ts";
export {
  API_KEY_CACHE_MAX_ENTRIES,
  API_KEY_CACHE_TTL_MS,
  ApiKeyCache,
  type ApiKeyCacheOptions,
  type CachedApiKey,
} from "./teams/api-key-cache.ts";
export {
  API_KEY_DISPLAY_PREFIX_LENGTH,
  API_KEY_PREFIX,
  apiKeyHashMatches,
  displayPrefix,
  type GeneratedApiKey,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
} from "./teams/api-keys.ts";
export type { AuthenticationUseCases } from "./teams/authentication-use-cases.ts";
export { LAST_USED_RESOLUTION_MS } from "./teams/authentication-use-cases.ts";
export {
  NEW_API_KEY_SCHEMA,
  NEW_TEAM_SCHEMA,
  type NewApiKey,
  parseNewApiKey,
  parseNewTeam,
} from "./teams/team-input.ts";
export type { CreatedTeam, NewTeam, TeamUseCases } from "./teams/team-use-cases.ts";
export { validateTeam } from "./teams/team-use-cases.ts";
export { isStorableText, isWellFormedText } from "./text.ts";
export {
  type ApiKey,
  AREA_KINDS,
  type AreaKind,
  type Brand,
  type BrandSummary,
  CONNECTION_TYPES,
  type ConnectionType,
  type ElectricityDetails,
  type EndpointClass,
  type InternetDetails,
  type IssuedApiKey,
  type Market,
  type MarketArea,
  OFFER_STATUSES,
  type Offer,
  type OfferFields,
  type OfferStatus,
  type PartnerSignup,
  type Principal,
  RATE_TYPES,
  type RateType,
  SERVICE_TYPES,
  type ServiceType,
  type StoredApiKey,
  TEAM_ROLES,
  type Team,
  type TeamRole,
} from "./types.ts";
export {
  DEFAULT_EVENT_RETENTION_DAYS,
  EVENT_LIST_LIMIT,
  type EventFilter,
  type EventQuery,
  eventQuerySchema,
  parseEventQuery,
  retentionStart,
} from "./webhooks/event-query.ts";
export type { EventUseCaseOptions, EventUseCases } from "./webhooks/event-use-cases.ts";
export {
  contrastRatio,
  DEFAULT_PORTAL_LINK_TTL_SECONDS,
  grantedCapabilities,
  isHexColour,
  isPortalToken,
  MAX_PORTAL_LINK_TTL_SECONDS,
  NEW_PORTAL_LINK_SCHEMA,
  type NewPortalLink,
  PORTAL_CAPABILITIES,
  PORTAL_THEME_MIN_CONTRAST,
  type PortalCapability,
  type PortalLink,
  type PortalLinkRepository,
  type PortalLinkTheme,
  type PortalSession,
  parseNewPortalLink,
  parsePortalLinkTheme,
} from "./webhooks/portal-links.ts";
export {
  type DeliveryAdmission,
  type DeliveryDependencies,
  type DeliveryGate,
  type DeliveryJob,
  type DeliveryRound,
  type DeliveryTarget,
  deliverEvent,
  resolveDeliveryTargets,
  targetKey,
} from "./webhooks/webhook-delivery.ts";
export {
  newWebhookSchema,
  type ParsedNewWebhook,
  type ParsedRecover,
  type ParsedRotateSecret,
  type ParsedWebhookPatch,
  parseNewWebhook,
  parseRecover,
  parseRotateSecret,
  parseWebhookPatch,
  RECOVER_SCHEMA,
  ROTATE_SECRET_SCHEMA,
  validateWebhookEvents,
  validateWebhookUrl,
  type WebhookInputOptions,
  webhookEventsField,
  webhookPatchSchema,
  webhookUrlField,
} from "./webhooks/webhook-input.ts";
export {
  ATTEMPT_TRIGGER_NAMES,
  type AttemptFilter,
  type AttemptNotice,
  type AttemptQuery,
  type EndpointHealth,
  type OrderTimelineEvent,
  type ParsedAttemptQuery,
  parseAttemptQuery,
  type RecoveryProgress,
  successRate,
  type WebhookAttemptFeed,
  type WebhookLogRepository,
} from "./webhooks/webhook-log.ts";
export {
  DEFAULT_DISABLE_FAILING_AFTER_MS,
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
  EVENT_TYPES_FOR_DOCS,
  generateWebhookSecret,
  isLoopbackHostname,
  isSuccessStatus,
  MAX_RECORDED_RESPONSE_BYTES,
  MAX_SECRET_OVERLAP_SECONDS,
  MAX_WEBHOOK_EVENTS,
  MAX_WEBHOOK_URL_LENGTH,
  maskWebhookSecret,
  maxDeliveryAttempts,
  nextRetryDelayMs,
  parseRetryAfter,
  type QueuedDelivery,
  type RetrySchedule,
  recordableHeaders,
  recordableText,
  retryDelayMs,
  signingSecrets,
  subscribableEventTypes,
  TRAINING_HEADER,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_SIGNATURE_SCHEMES,
  WEBHOOK_TEST_EVENT_TYPE,
  type Webhook,
  type WebhookChanges,
  type WebhookDelivery,
  type WebhookDisabledReason,
  type WebhookRecovery,
  type WebhookRequest,
  type WebhookResponse,
  type WebhookSignatureScheme,
  type WebhookUrlPolicy,
} from "./webhooks/webhook-rules.ts";
export {
  type NewWebhook,
  RECOVERY_STALE_AFTER_MS,
  type RotateSecretOptions,
  type WebhookPatch,
  type WebhookUseCaseOptions,
  type WebhookUseCases,
} from "./webhooks/webhook-use-cases.ts";
