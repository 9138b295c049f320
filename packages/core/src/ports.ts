/**
 * Ports: what the core needs from the outside world. Adapters (PostgreSQL, in-memory, …) implement
 * them; use cases only ever talk to these interfaces.
 *
 * @module
 */

import type { CatalogEntry, CatalogFilters } from "./catalog/catalog-filters.ts";
import type { ConsentLedgerRepository, ConsentRepository } from "./consents/consent-ports.ts";
import type { EventEnvelope, EventOutbox } from "./events.ts";
import type { OfferListFilters } from "./offers/offer-list-filters.ts";
import type { WebhookDisabledReason } from "./webhooks/webhook-rules.ts";

export type { EventOutbox };

import type { LogFields, Logger } from "./logger.ts";

export type { LogFields, Logger };

import type { AnalyticsRepository } from "./analytics/analytics-ports.ts";
import type { AuditLogRepository } from "./audit-log.ts";
import type {
  InviteRepository,
  MemberRepository,
  OnboardingRepository,
  PasswordResetRepository,
  SessionRepository,
  TwoFactorRepository,
} from "./members/member-ports.ts";
import type { CustomerRepository, IdempotencyRepository, OrderRepository } from "./orders/order-ports.ts";
import type { PageRequest } from "./pagination.ts";
import type { RateLimitStore } from "./storefront/rate-limits.ts";
import type { LinkRepository, PublicOfferRepository, StorefrontRepository } from "./storefront/storefront-ports.ts";
import type { ApiKey, Brand, Market, MarketArea, Offer, StoredApiKey, Team } from "./types.ts";
import type { EventFilter } from "./webhooks/event-query.ts";
import type { PortalLinkRepository } from "./webhooks/portal-links.ts";
import type { WebhookLogRepository } from "./webhooks/webhook-log.ts";
import type {
  DeliverableEvent,
  Webhook,
  WebhookChanges,
  WebhookDelivery,
  WebhookRequest,
  WebhookResponse,
} from "./webhooks/webhook-rules.ts";

/** Source of the current time. */
export interface Clock {
  /** The current instant. */
  now(): Date;
}

/** Source of new identifiers. */
export interface IdGenerator {
  /** A new random UUID v4. */
  uuid(): string;
}

/** Stores teams. */
export interface TeamRepository {
  /** Inserts a new team. */
  insert(team: Team): Promise<void>;
  /** The team with this id, or null. */
  findById(id: string): Promise<Team | null>;
  /** Teams, newest first, as the page request asks (see `PageRequest`). */
  list(page: PageRequest): Promise<Team[]>;
  /** True when no team exists yet (an empty installation). */
  isEmpty(): Promise<boolean>;
}

/** Stores API keys (hashes only). */
export interface ApiKeyRepository {
  /** Inserts a new key. */
  insert(key: ApiKey & { keyHash: string }): Promise<void>;
  /** Keys whose display prefix is `prefix`, with their team's role (usually one). */
  findByPrefix(prefix: string): Promise<StoredApiKey[]>;
  /** Keys of a team, newest first. */
  listByTeam(teamId: string): Promise<ApiKey[]>;
  /** Records a use of the key at `at` (callers throttle this). */
  touch(id: string, at: Date): Promise<void>;
  /** Revokes the team's key at `at`; the key, or null when the team has no such key. Idempotent. */
  revoke(teamId: string, keyId: string, at: Date): Promise<ApiKey | null>;
  /** The team's key with this id, or null. */
  findById(teamId: string, keyId: string, options?: ReadOptions): Promise<ApiKey | null>;
  /** Makes the team's key stop working at `at` (an earlier expiry stays); the key, or null when absent. */
  expire(teamId: string, keyId: string, at: Date): Promise<ApiKey | null>;
}

/**
 * Tells a process when API keys change anywhere (another node, the CLI, SQL), so it may keep
 * authenticated keys in memory (`MarketplaceOptions.apiKeyCache`). Changes are only trusted while
 * the feed is connected: between `disconnected` and `connected` some may be lost.
 */
export interface ApiKeyChangeFeed {
  /** Registers the listener (told `connected` at once when the feed is up); returns an unsubscribe. */
  subscribe(listener: ApiKeyChangeListener): () => void;
}

/** What an `ApiKeyChangeFeed` reports. */
export interface ApiKeyChangeListener {
  /** The key with this id was revoked, deleted or otherwise changed; `"*"`: possibly every key. */
  changed(apiKeyId: string): void;
  /** From now on every change is reported. */
  connected(): void;
  /** Changes may be lost from now until the next `connected`. */
  disconnected(): void;
}

/** How a repository reads rows that the transaction is about to change. */
export interface ReadOptions {
  /**
   * Lock the rows read until the transaction ends (`SELECT … FOR UPDATE`): a concurrent writer of
   * the same rows waits, so a read-modify-write cannot lose another one's change.
   */
  forUpdate?: boolean;
}

/** Stores offers (soft-deleted offers are invisible to every method). */
export interface OfferRepository {
  /** Inserts a new offer and its market links; ConflictError when the SKU is taken within the team. */
  insert(offer: Offer): Promise<void>;
  /** Inserts several offers in one statement per table; ConflictError when a SKU is taken. */
  insertMany(offers: readonly Offer[]): Promise<void>;
  /** Saves every field and the market links; ConflictError when the new SKU is taken. */
  update(offer: Offer): Promise<void>;
  /** Marks the offer deleted at `at`; false when the team has no such offer. */
  softDelete(teamId: string, id: string, at: Date): Promise<boolean>;
  /** The team's offer with its brand and market ids, or null (also when another team's). */
  findById(teamId: string, id: string, options?: ReadOptions): Promise<Offer | null>;
  /** The team's offers with these SKUs (locked in id order with `forUpdate`). */
  findBySkus(teamId: string, skus: readonly string[], options?: ReadOptions): Promise<Offer[]>;
  /** The team's offers, newest first, as the page request asks; only those matching `filters`. */
  list(teamId: string, page: PageRequest, filters?: OfferListFilters): Promise<Offer[]>;
}

/** Stores brands. */
export interface BrandRepository {
  /** Inserts a brand; ConflictError when the team has a brand of that name (case-insensitive). */
  insert(brand: Brand): Promise<void>;
  /** Saves name and logo; ConflictError on a duplicate name. */
  update(brand: Brand): Promise<void>;
  /** The team's brand, or null. */
  findById(teamId: string, id: string): Promise<Brand | null>;
  /** The team's brands, newest first, as the page request asks. */
  list(teamId: string, page: PageRequest): Promise<Brand[]>;
  /** Deletes the brand unless an offer that is not deleted references it. */
  delete(teamId: string, id: string): Promise<"deleted" | "in_use" | "not_found">;
}

/** A market's id and name, without its areas. */
export interface MarketName {
  id: string;
  name: string;
}

/** Stores markets and their areas. */
export interface MarketRepository {
  /** Inserts a market (with no areas); ConflictError on a duplicate name within the team. */
  insert(market: Market): Promise<void>;
  /** Saves the name; ConflictError on a duplicate name. */
  update(market: Market): Promise<void>;
  /** The team's market with its areas, or null. */
  findById(teamId: string, id: string): Promise<Market | null>;
  /** The team's markets among these ids (areas included). */
  findByIds(teamId: string, ids: readonly string[]): Promise<Market[]>;
  /** The team's markets with these names, compared case-insensitively (areas included). */
  findByNames(teamId: string, names: readonly string[]): Promise<Market[]>;
  /** The team's markets, newest first, with their areas. */
  list(teamId: string, page: PageRequest): Promise<Market[]>;
  /** Every market of the team by id and name only (no areas), by name: for pickers and filters. */
  listNames(teamId: string): Promise<MarketName[]>;
  /** Deletes the market unless an offer that is not deleted links to it. */
  delete(teamId: string, id: string): Promise<"deleted" | "in_use" | "not_found">;
  /** Adds an area and sets the market's updatedAt to its createdAt; ConflictError when the market already has it. */
  addArea(marketId: string, area: MarketArea): Promise<void>;
  /** Removes an area and sets the market's updatedAt to `at`; false when the market has no such area. */
  removeArea(marketId: string, areaId: string, at: Date): Promise<boolean>;
}

/** Reads the reseller catalog: active offers of every provider (drafts and deleted offers never). */
export interface CatalogRepository {
  /** Entries matching every filter, newest first, as the page request asks (cursor scope: still in the catalog). */
  list(filters: CatalogFilters, page: PageRequest): Promise<CatalogEntry[]>;
  /** The active offer with this id as a catalog entry, or null (absent, draft or deleted). */
  findById(id: string): Promise<CatalogEntry | null>;
}

/** Stores webhooks; every read and write but the delivery ones is scoped to the owning team. */
export interface WebhookRepository {
  /** Inserts a new webhook. */
  insert(webhook: Webhook): Promise<void>;
  /** The team's webhook with this id, or null (also when it belongs to another team). */
  findById(teamId: string, id: string): Promise<Webhook | null>;
  /** The team's webhooks, newest first, as the page request asks. */
  list(teamId: string, page: PageRequest): Promise<Webhook[]>;
  /** Applies the changes in one statement; the updated webhook, or null when the team has none such. */
  update(teamId: string, id: string, changes: WebhookChanges): Promise<Webhook | null>;
  /** Makes `secret` current, the current one previous until `previousSecretExpiresAt`; null when absent. */
  rotateSecret(
    teamId: string,
    id: string,
    rotation: { secret: string; previousSecretExpiresAt: Date; updatedAt: Date },
  ): Promise<Webhook | null>;
  /** Deletes the team's webhook and its delivery log; false when the team has none such. */
  delete(teamId: string, id: string): Promise<boolean>;
  /** Active webhooks of these teams whose events contain `type`, each webhook once. */
  findSubscribed(teamIds: readonly string[], type: string): Promise<Webhook[]>;
  /** The webhook with this id whatever its team, or null (for tests and redeliveries). */
  findForDelivery(id: string): Promise<Webhook | null>;
  /** The teams among `teamIds` having at least one webhook, active or paused. */
  teamsWithWebhooks(teamIds: readonly string[]): Promise<string[]>;
  /**
   * Records how an attempt at the webhook went, in one statement: a success ends its failing streak;
   * a failure starts one (at `at`) or, when the streak began `disableAfterMs` or longer before `at`,
   * disables the webhook (`failing`); `gone` (a 410) disables it at once. Returns the reason when this
   * call disabled it, else null.
   */
  recordHealth(
    webhookId: string,
    report: { at: Date; success: boolean; gone: boolean; disableAfterMs: number },
  ): Promise<WebhookDisabledReason | null>;
}

/** Records delivery attempts, and reads the stored events they carry. */
export interface WebhookDeliveryRepository {
  /** Records an attempt; skipped when its webhook has been deleted meanwhile. */
  insert(delivery: WebhookDelivery): Promise<void>;
  /** A webhook's attempts, newest first, as the page request asks. */
  list(webhookId: string, page: PageRequest): Promise<WebhookDelivery[]>;
  /** One of the webhook's attempts, or null. */
  findById(webhookId: string, id: string): Promise<WebhookDelivery | null>;
  /** The highest attempt number recorded for this event at this webhook; 0 when none. */
  lastAttempt(eventId: string, webhookId: string): Promise<number>;
  /** The stored event with this id, or null. */
  findEvent(id: string): Promise<DeliverableEvent | null>;
  /** Stores an event for direct delivery only, bypassing the outbox (the test event). */
  insertEvent(event: DeliverableEvent): Promise<void>;
  /**
   * The envelopes of the events whose audience names the team (as provider or reseller; once each),
   * of the filter's types and inside its bounds (both exclusive), newest first, as the page asks.
   */
  listTeamEvents(teamId: string, filter: EventFilter, page: PageRequest): Promise<EventEnvelope[]>;
  /**
   * Ids of the events of the webhook's subscription (audience names its team, type among its
   * events) created from `since` to `until` (inclusive) whose latest attempt at this webhook failed,
   * or which it never got; oldest first.
   */
  findRecoverable(webhook: Pick<Webhook, "id" | "teamId" | "events">, since: Date, until: Date): Promise<string[]>;
  /** One event of the team as `listTeamEvents` would list it, or null. */
  findTeamEvent(teamId: string, eventId: string, filter: EventFilter): Promise<EventEnvelope | null>;
}

/** Queues a delivery to one webhook outside the subscription flow (tests and redeliveries). */
export interface DeliveryQueue {
  /** Queues the stored event for the webhook; it runs if and only if the transaction commits. */
  enqueue(request: { eventId: string; webhookId: string; trigger: "test" | "redelivery" }): Promise<void>;
  /**
   * Queues a recovery: each event for the webhook, one attempt each (trigger `recovery`), and marks
   * a recovery in progress until the worker has run them all. False, and nothing queued, when one is
   * already in progress for the webhook (one started within `staleAfterMs` before `at` that has
   * events left).
   */
  startRecovery(request: {
    webhookId: string;
    eventIds: readonly string[];
    at: Date;
    staleAfterMs: number;
  }): Promise<boolean>;
}

/** Sends delivery requests; the host decides how (address checks, deadline, TLS). */
export interface WebhookTransport {
  /** POSTs the request; resolves with the response or the error text, never rejects for network failures. */
  send(request: WebhookRequest): Promise<WebhookResponse>;
}

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
}
