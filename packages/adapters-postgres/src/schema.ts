/**
 * Table types for Kysely. Column names are snake_case in SQL; repositories map rows to domain types.
 * The tables' types are in schema/, by feature; every one is exported from here too.
 *
 * @module
 */

import type { BrandsTable, MarketAreasTable, MarketsTable, OfferMarketsTable, OffersTable } from "./schema/catalog.ts";
import type {
  ConsentChainHeadsTable,
  ConsentCheckpointsTable,
  ConsentLedgerEntriesTable,
  ConsentRecordsTable,
  ConsentRevocationsTable,
  ConsentSigningKeysTable,
  CustomerUnsubscriptionsTable,
} from "./schema/consents.ts";
import type {
  DeliveryWorkersTable,
  EventOutboxTable,
  EventsTable,
  OrderEventSequencesTable,
  PortalLinksTable,
  TeamEventsTable,
  WebhookDeliveriesTable,
  WebhookRecoveriesTable,
  WebhooksTable,
} from "./schema/events.ts";
import type { CustomersTable, IdempotencyKeysTable, OrderItemsTable, OrdersTable } from "./schema/orders.ts";
import type {
  OutboundClicksTable,
  RateLimitWindowsTable,
  ShareableLinksTable,
  StorefrontsTable,
} from "./schema/storefront.ts";
import type {
  ApiKeysTable,
  AuditLogTable,
  MemberInvitesTable,
  MemberPasswordResetsTable,
  MemberRecoveryCodesTable,
  MemberSessionsTable,
  MemberSignInChallengesTable,
  MembersTable,
  MemberTotpTable,
  TeamSecurityPoliciesTable,
  TeamsTable,
} from "./schema/teams.ts";

export type * from "./schema/catalog.ts";
export type * from "./schema/consents.ts";
export type * from "./schema/events.ts";
export type * from "./schema/orders.ts";
export type * from "./schema/storefront.ts";
export type * from "./schema/teams.ts";

/** The database as Kysely sees it. */
export interface Database {
  teams: TeamsTable;
  api_keys: ApiKeysTable;
  members: MembersTable;
  member_invites: MemberInvitesTable;
  member_sessions: MemberSessionsTable;
  member_totp: MemberTotpTable;
  member_recovery_codes: MemberRecoveryCodesTable;
  member_sign_in_challenges: MemberSignInChallengesTable;
  team_security_policies: TeamSecurityPoliciesTable;
  member_password_resets: MemberPasswordResetsTable;
  audit_log: AuditLogTable;
  offers: OffersTable;
  brands: BrandsTable;
  markets: MarketsTable;
  market_areas: MarketAreasTable;
  offer_markets: OfferMarketsTable;
  customers: CustomersTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  idempotency_keys: IdempotencyKeysTable;
  storefronts: StorefrontsTable;
  shareable_links: ShareableLinksTable;
  outbound_clicks: OutboundClicksTable;
  consent_records: ConsentRecordsTable;
  consent_revocations: ConsentRevocationsTable;
  consent_chain_heads: ConsentChainHeadsTable;
  consent_ledger_entries: ConsentLedgerEntriesTable;
  consent_signing_keys: ConsentSigningKeysTable;
  consent_checkpoints: ConsentCheckpointsTable;
  customer_unsubscriptions: CustomerUnsubscriptionsTable;
  rate_limit_windows: RateLimitWindowsTable;
  events: EventsTable;
  team_events: TeamEventsTable;
  event_outbox: EventOutboxTable;
  order_event_sequences: OrderEventSequencesTable;
  webhook_recoveries: WebhookRecoveriesTable;
  portal_links: PortalLinksTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  delivery_workers: DeliveryWorkersTable;
}
