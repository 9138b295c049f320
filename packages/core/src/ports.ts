/**
 * Ports: what the core needs from the outside world. Adapters (PostgreSQL, in-memory, …) implement
 * them; use cases only ever talk to these interfaces.
 *
 * @module
 */

import type { BrandRepository } from "./brands/index.ts";
import type { CatalogRepository } from "./catalog/index.ts";
import type { ConsentLedgerRepository, ConsentRepository } from "./consents/index.ts";
import type { EventOutbox } from "./events/index.ts";
import type { MarketRepository } from "./markets/index.ts";
import type { OfferRepository } from "./offers/index.ts";
import type { ApiKeyRepository, TeamRepository } from "./teams/index.ts";
import type { DeliveryQueue, WebhookDeliveryRepository, WebhookRepository } from "./webhooks/index.ts";

export type { EventOutbox };

import type { LogFields, Logger } from "./logger.ts";

export type { LogFields, Logger };

import type { AnalyticsRepository } from "./analytics/index.ts";
import type { AuditLogRepository } from "./audit-log/index.ts";
import type { CustomerRepository } from "./customers/index.ts";
import type {
  InviteRepository,
  MemberRepository,
  OnboardingRepository,
  PasswordResetRepository,
  SessionRepository,
  TwoFactorRepository,
} from "./members/index.ts";
import type { IdempotencyRepository, OrderRepository } from "./orders/index.ts";
import type { RateLimitStore } from "./rate-limits/index.ts";
import type { LinkRepository, PublicOfferRepository, StorefrontRepository } from "./storefront/index.ts";
import type { PortalLinkRepository, WebhookLogRepository } from "./webhooks/index.ts";

/** The repositories, usable outside a transaction for reads. */
export interface Repositories {
  /** Teams. */
  teams: TeamRepository;
  /** API keys. */
  apiKeys: ApiKeyRepository;
  /** Offers. */
  offers: OfferRepository;
  /** Brands. */
  brands: BrandRepository;
  /** Markets and their areas. */
  markets: MarketRepository;
  /** Webhooks. */
  webhooks: WebhookRepository;
  /** Webhook delivery attempts and the events they carry. */
  webhookDeliveries: WebhookDeliveryRepository;
  /** The team-wide delivery log as the webhooks portal reads it. */
  webhookLog: WebhookLogRepository;
  /** Portal links and their sessions. */
  portalLinks: PortalLinkRepository;
  /** Orders and their items. */
  orders: OrderRepository;
  /** Customers of resellers. */
  customers: CustomerRepository;
  /** Idempotency keys of order placement. */
  idempotency: IdempotencyRepository;
  /** The reseller catalog (reads only). */
  catalog: CatalogRepository;
  /** Resellers' storefronts. */
  storefronts: StorefrontRepository;
  /** Shareable links. */
  links: LinkRepository;
  /** Active offers as consumers see them, and outbound clicks. */
  publicOffers: PublicOfferRepository;
  /** Consent records and their revocations. */
  consents: ConsentRepository;
  /** The consent ledger: hash chains, checkpoints and signing keys. */
  consentLedger: ConsentLedgerRepository;
  /** Sliding windows of the public rate limits (used outside transactions). */
  rateLimits: RateLimitStore;
  /** Analytics rollups (reads). */
  analytics: AnalyticsRepository;
  /** Members of teams (dashboard users). */
  members: MemberRepository;
  /** Invites to join a team. */
  invites: InviteRepository;
  /** Members' dashboard sessions. */
  sessions: SessionRepository;
  /** Members' authenticators, recovery codes, sign-in challenges and the teams' two-factor policy. */
  twoFactor: TwoFactorRepository;
  /** Password reset links. */
  passwordResets: PasswordResetRepository;
  /** A team's first steps (the dashboard's home page). */
  onboarding: OnboardingRepository;
  /** The append-only audit log. */
  auditLog: AuditLogRepository;
}

/** Everything a use case may touch inside one transaction. */
export interface TransactionScope extends Repositories {
  /** The event outbox, bound to this transaction. */
  outbox: EventOutbox;
  /** Queues deliveries to one webhook, bound to this transaction. */
  deliveryQueue: DeliveryQueue;
}

/** Runs use cases atomically: one transaction per use case, events included. */
export interface UnitOfWork {
  /** Repositories for reads that need no transaction. */
  readonly repositories: Repositories;
  /** Runs `work` in one transaction: commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (scope: TransactionScope) => Promise<T>): Promise<T>;
  /**
   * True when `error` says the store could not be reached (a lost or refused connection, a restart,
   * a failover): a host answers 503 and the caller retries. Only the adapter knows its driver's
   * errors (ADR-0083); without this member nothing counts as unavailable.
   */
  isUnavailable?(error: unknown): boolean;
}
