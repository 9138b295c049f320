import type { Repositories, SecretKeyring, TransactionScope, UnitOfWork } from "@marketplace/core";
import type { Kysely } from "kysely";
import { isDatabaseUnavailable } from "./errors.ts";
import { PostgresDeliveryQueue } from "./postgres-delivery-queue.ts";
import { PostgresRateLimitStore } from "./postgres-rate-limit-store.ts";
import { PostgresAnalyticsRepository } from "./repositories/postgres-analytics-repository.ts";
import { PostgresApiKeyRepository } from "./repositories/postgres-api-key-repository.ts";
import { PostgresAuditLogRepository } from "./repositories/postgres-audit-log-repository.ts";
import { PostgresBrandRepository } from "./repositories/postgres-brand-repository.ts";
import { PostgresCatalogRepository } from "./repositories/postgres-catalog-repository.ts";
import { PostgresConsentLedgerRepository } from "./repositories/postgres-consent-ledger-repository.ts";
import { PostgresConsentRepository } from "./repositories/postgres-consent-repository.ts";
import { PostgresCustomerRepository } from "./repositories/postgres-customer-repository.ts";
import { PostgresIdempotencyRepository } from "./repositories/postgres-idempotency-repository.ts";
import { PostgresInviteRepository } from "./repositories/postgres-invite-repository.ts";
import { PostgresLinkRepository } from "./repositories/postgres-link-repository.ts";
import { PostgresMarketRepository } from "./repositories/postgres-market-repository.ts";
import { PostgresMemberRepository } from "./repositories/postgres-member-repository.ts";
import { PostgresOfferRepository } from "./repositories/postgres-offer-repository.ts";
import { PostgresOnboardingRepository } from "./repositories/postgres-onboarding-repository.ts";
import { PostgresOrderRepository } from "./repositories/postgres-order-repository.ts";
import { PostgresPasswordResetRepository } from "./repositories/postgres-password-reset-repository.ts";
import { PostgresPortalLinkRepository } from "./repositories/postgres-portal-link-repository.ts";
import { PostgresPublicOfferRepository } from "./repositories/postgres-public-offer-repository.ts";
import { PostgresSessionRepository } from "./repositories/postgres-session-repository.ts";
import { PostgresStorefrontRepository } from "./repositories/postgres-storefront-repository.ts";
import { PostgresTeamRepository } from "./repositories/postgres-team-repository.ts";
import { PostgresTwoFactorRepository } from "./repositories/postgres-two-factor-repository.ts";
import { PostgresWebhookDeliveryRepository } from "./repositories/postgres-webhook-delivery-repository.ts";
import { PostgresWebhookLogRepository } from "./repositories/postgres-webhook-log-repository.ts";
import { PostgresWebhookRepository } from "./repositories/postgres-webhook-repository.ts";
import type { Database } from "./schema.ts";
import { everyPartAfterPendingEvents, TransactionOrderRepository, TransactionWrites } from "./transaction-writes.ts";

/** Options of `PostgresUnitOfWork`. */
export interface PostgresUnitOfWorkOptions {
  /** The Kysely instance (see `createDatabase`). */
  db: Kysely<Database>;
  /**
   * Called after a transaction that recorded events (or queued a test or redelivery) has
   * committed, e.g. to wake an in-process outbox relay at once instead of at its next poll.
   */
  onEventsCommitted?: () => void;
  /**
   * A second database (a read replica, `DATABASE_READ_URL` of the reference server) for the reads
   * that may lag behind a commit: the catalog (other teams' published offers) and the public
   * storefront's offers, outside transactions. Everything else, a team's own lists included, stays
   * on `db`, so a team always reads what it just wrote. Default: `db`.
   */
  readDb?: Kysely<Database>;
  /**
   * The key-encryption keyring (`createSecretKeyring`, from the host's configuration) that seals the
   * secrets the service stores and uses again: the generated consent signing key's private part,
   * webhook secrets and members' TOTP secrets. Default none: they are stored in plaintext (hosts warn; see `sealStoredSecrets`).
   */
  secretKeyring?: SecretKeyring | null;
}

/** The parts of a transaction's scope that write no waiting events first (ADR-0082). */
const TAKES_EVENTS_ALONG: ReadonlySet<keyof TransactionScope> = new Set(["orders", "outbox"]);

/** One PostgreSQL transaction per use case, with the outbox bound to it. */

export class PostgresUnitOfWork implements UnitOfWork {
  readonly repositories: Repositories;
  private readonly db: Kysely<Database>;
  private readonly onEventsCommitted: () => void;
  private readonly secretKeyring: SecretKeyring | null;

  constructor(options: PostgresUnitOfWorkOptions) {
    if (!options?.db) throw new TypeError("PostgresUnitOfWork: options.db is required");
    this.db = options.db;
    this.onEventsCommitted = options.onEventsCommitted ?? (() => {});
    this.secretKeyring = options.secretKeyring ?? null;
    const readDb = options.readDb ?? this.db;
    this.repositories = {
      ...repositoriesOver(this.db, this.secretKeyring),
      catalog: new PostgresCatalogRepository(readDb),
      publicOffers: new PostgresPublicOfferRepository(readDb),
    };
  }

  async transaction<T>(work: (scope: TransactionScope) => Promise<T>): Promise<T> {
    let recorded = 0;
    const result = await this.db.transaction().execute(async (trx) => {
      // The outbox holds its events back for the next write that can take them (ADR-0082).
      const writes = new TransactionWrites(trx, (count) => {
        recorded += count;
      });
      const scope: TransactionScope = {
        ...repositoriesOver(trx, this.secretKeyring),
        orders: new TransactionOrderRepository(trx, writes),
        outbox: writes.outbox,
        deliveryQueue: new PostgresDeliveryQueue(trx, () => {
          recorded += 1;
        }),
      };
      const value = await work(everyPartAfterPendingEvents(scope, writes, TAKES_EVENTS_ALONG));
      await writes.flush();
      return value;
    });
    if (recorded > 0) this.onEventsCommitted();
    return result;
  }

  /** True when `error` says PostgreSQL could not be reached (see `isDatabaseUnavailable`). */
  isUnavailable(error: unknown): boolean {
    return isDatabaseUnavailable(error);
  }
}

function repositoriesOver(db: Kysely<Database>, secretKeyring: SecretKeyring | null): Repositories {
  return {
    teams: new PostgresTeamRepository(db),
    apiKeys: new PostgresApiKeyRepository(db),
    offers: new PostgresOfferRepository(db),
    webhooks: new PostgresWebhookRepository(db, secretKeyring),
    webhookDeliveries: new PostgresWebhookDeliveryRepository(db),
    webhookLog: new PostgresWebhookLogRepository(db),
    portalLinks: new PostgresPortalLinkRepository(db),
    brands: new PostgresBrandRepository(db),
    markets: new PostgresMarketRepository(db),
    orders: new PostgresOrderRepository(db),
    customers: new PostgresCustomerRepository(db),
    idempotency: new PostgresIdempotencyRepository(db),
    catalog: new PostgresCatalogRepository(db),
    storefronts: new PostgresStorefrontRepository(db),
    links: new PostgresLinkRepository(db),
    publicOffers: new PostgresPublicOfferRepository(db),
    consents: new PostgresConsentRepository(db),
    consentLedger: new PostgresConsentLedgerRepository(db, secretKeyring),
    rateLimits: new PostgresRateLimitStore(db),
    analytics: new PostgresAnalyticsRepository(db),
    members: new PostgresMemberRepository(db),
    invites: new PostgresInviteRepository(db),
    sessions: new PostgresSessionRepository(db),
    auditLog: new PostgresAuditLogRepository(db),
    twoFactor: new PostgresTwoFactorRepository(db, secretKeyring),
    passwordResets: new PostgresPasswordResetRepository(db),
    onboarding: new PostgresOnboardingRepository(db),
  };
}
