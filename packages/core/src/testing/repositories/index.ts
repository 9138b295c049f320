/**
 * The in-memory repositories, one factory per member of the `Repositories` port, and the members a
 * transaction adds (the outbox and the delivery queue).
 *
 * @module
 */

import type { Repositories, TransactionScope } from "../../ports.ts";
import type { InMemoryContext } from "../in-memory-database.ts";
import { inMemoryAnalytics } from "./analytics.ts";
import { inMemoryAuditLog } from "./audit-log.ts";
import { inMemoryBrands } from "./brands.ts";
import { inMemoryCatalog } from "./catalog.ts";
import { inMemoryConsentLedger } from "./consent-ledger.ts";
import { inMemoryConsents } from "./consents.ts";
import { inMemoryCustomers } from "./customers.ts";
import { inMemoryDeliveryQueue } from "./delivery-queue.ts";
import { inMemoryEventOutbox } from "./events.ts";
import { inMemoryIdempotency } from "./idempotency.ts";
import { inMemoryMarkets } from "./markets.ts";
import { inMemoryInvites, inMemoryMembers } from "./members.ts";
import { inMemoryOffers } from "./offers.ts";
import { inMemoryOnboarding } from "./onboarding.ts";
import { inMemoryOrders } from "./orders.ts";
import { inMemoryPortalLinks } from "./portal-links.ts";
import { inMemoryRateLimits } from "./rate-limits.ts";
import { inMemoryPasswordResets, inMemorySessions } from "./sessions.ts";
import { inMemoryLinks, inMemoryPublicOffers, inMemoryStorefronts } from "./storefront.ts";
import { inMemoryApiKeys, inMemoryTeams } from "./teams.ts";
import { inMemoryTwoFactor } from "./two-factor.ts";
import { inMemoryWebhookDeliveries } from "./webhook-deliveries.ts";
import { inMemoryWebhookLog } from "./webhook-log.ts";
import { inMemoryWebhooks } from "./webhooks.ts";

/** Builds each repository over a snapshot's tables. */
export const REPOSITORY_FACTORIES: { [K in keyof Repositories]: (context: InMemoryContext) => Repositories[K] } = {
  teams: inMemoryTeams,
  apiKeys: inMemoryApiKeys,
  members: inMemoryMembers,
  invites: inMemoryInvites,
  sessions: inMemorySessions,
  twoFactor: inMemoryTwoFactor,
  passwordResets: inMemoryPasswordResets,
  auditLog: inMemoryAuditLog,
  portalLinks: inMemoryPortalLinks,
  webhooks: inMemoryWebhooks,
  webhookDeliveries: inMemoryWebhookDeliveries,
  webhookLog: inMemoryWebhookLog,
  idempotency: inMemoryIdempotency,
  orders: inMemoryOrders,
  analytics: inMemoryAnalytics,
  onboarding: inMemoryOnboarding,
  customers: inMemoryCustomers,
  consents: inMemoryConsents,
  consentLedger: inMemoryConsentLedger,
  offers: inMemoryOffers,
  brands: inMemoryBrands,
  markets: inMemoryMarkets,
  catalog: inMemoryCatalog,
  storefronts: inMemoryStorefronts,
  links: inMemoryLinks,
  publicOffers: inMemoryPublicOffers,
  rateLimits: inMemoryRateLimits,
};

/** Builds what a transaction adds to the repositories, bound to the transaction's snapshot. */
export const SCOPE_FACTORIES: {
  [K in Exclude<keyof TransactionScope, keyof Repositories>]: (context: InMemoryContext) => TransactionScope[K];
} = {
  outbox: inMemoryEventOutbox,
  deliveryQueue: inMemoryDeliveryQueue,
};
