/**
 * @marketplace/adapters-postgres: the marketplace core's ports over PostgreSQL (Kysely + pg):
 * repositories, one transaction per use case, migrations, and the transactional event outbox.
 *
 * @example
 * const pool = createPool({ connectionString, logger });
 * const db = createDatabase(pool);
 * await migrateToLatest(db);
 * const marketplace = createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db }) });
 *
 * @module
 */

export {
  API_KEY_CHANGES_CHANNEL,
  PostgresApiKeyChangeFeed,
  type PostgresApiKeyChangeFeedOptions,
} from "./api-key-change-feed.ts";
export { type CreatePoolOptions, createDatabase, createPool, type PostgresPool, pingDatabase } from "./database.ts";
export { isDatabaseUnavailable } from "./errors.ts";
export { MIGRATION_NAMES, migrateToLatest, pendingMigrations } from "./migrations.ts";
export { type OperationalStats, operationalStats } from "./operational-stats.ts";
export { PostgresDeliveryQueue } from "./postgres-delivery-queue.ts";
export { PostgresEventOutbox } from "./postgres-event-outbox.ts";
export { PostgresRateLimitStore } from "./postgres-rate-limit-store.ts";
export { PostgresUnitOfWork, type PostgresUnitOfWorkOptions } from "./postgres-unit-of-work.ts";
export { PostgresApiKeyRepository } from "./repositories/postgres-api-key-repository.ts";
export { PostgresAuditLogRepository } from "./repositories/postgres-audit-log-repository.ts";
export { PostgresBrandRepository } from "./repositories/postgres-brand-repository.ts";
export {
  PostgresCatalogRepository,
  SEARCH_FIRST_WALK_ROWS,
  SEARCH_INDEX_COST_RATIO,
} from "./repositories/postgres-catalog-repository.ts";
export { PostgresConsentLedgerRepository } from "./repositories/postgres-consent-ledger-repository.ts";
export { PostgresConsentRepository } from "./repositories/postgres-consent-repository.ts";
export { PostgresCustomerRepository } from "./repositories/postgres-customer-repository.ts";
export { PostgresIdempotencyRepository } from "./repositories/postgres-idempotency-repository.ts";
export { PostgresInviteRepository } from "./repositories/postgres-invite-repository.ts";
export { PostgresLinkRepository } from "./repositories/postgres-link-repository.ts";
export { PostgresMarketRepository } from "./repositories/postgres-market-repository.ts";
export { PostgresMemberRepository } from "./repositories/postgres-member-repository.ts";
export { PostgresOfferRepository } from "./repositories/postgres-offer-repository.ts";
export { PostgresOrderRepository } from "./repositories/postgres-order-repository.ts";
export { PostgresPublicOfferRepository } from "./repositories/postgres-public-offer-repository.ts";
export { PostgresSessionRepository } from "./repositories/postgres-session-repository.ts";
export { PostgresStorefrontRepository } from "./repositories/postgres-storefront-repository.ts";
export { PostgresTeamRepository } from "./repositories/postgres-team-repository.ts";
export { PostgresWebhookDeliveryRepository } from "./repositories/postgres-webhook-delivery-repository.ts";
export { PostgresWebhookRepository } from "./repositories/postgres-webhook-repository.ts";
export type { Database } from "./schema.ts";
export { type SealedSecretsReport, sealStoredSecrets } from "./seal-stored-secrets.ts";
export { currentTraceparent, traceQuery } from "./tracing.ts";
export {
  PostgresWebhookAttemptFeed,
  type PostgresWebhookAttemptFeedOptions,
  WEBHOOK_ATTEMPTS_CHANNEL,
} from "./webhook-attempt-feed.ts";
