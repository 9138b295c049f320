/**
 * Table types for Kysely. Column names are snake_case in SQL; repositories map rows to domain types.
 *
 * @module
 */

import type { Generated } from "kysely";

export interface TeamsTable {
  id: string;
  name: string;
  role: string;
  created_at: Date;
  updated_at: Date;
}

export interface ApiKeysTable {
  id: string;
  team_id: string;
  name: string | null;
  prefix: string;
  key_hash: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  created_by: string | null;
  expires_at: Date | null;
}

export interface OffersTable {
  id: string;
  team_id: string;
  name: string;
  sku: string | null;
  status: string;
  service_type: string;
  monthly_price: string | null;
  created_at: Date;
  updated_at: Date;
  published_at: Date | null;
  deleted_at: Date | null;
  description: string | null;
  marketing_headline: string | null;
  brand_id: string | null;
  promo_monthly_price: string | null;
  promo_duration_months: number | null;
  contract_term_months: number | null;
  commission: string | null;
  partner_signup: unknown;
  submission_url: string | null;
  internet: unknown;
  electricity: unknown;
}

export interface BrandsTable {
  id: string;
  team_id: string;
  name: string;
  logo_url: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface MarketsTable {
  id: string;
  team_id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
}

export interface MarketAreasTable {
  id: string;
  market_id: string;
  kind: string;
  value: string;
  created_at: Date;
}

export interface OfferMarketsTable {
  offer_id: string;
  market_id: string;
}

export interface EventsTable {
  id: string;
  type: string;
  version: number;
  created_at: Date;
  training: boolean;
  data: unknown;
  provider_team_ids: string[];
  reseller_team_ids: string[];
  delivery_hints: unknown;
  /** W3C traceparent of the request that recorded the event; null when not traced. */
  traceparent: Generated<string | null>;
}

/** One row per event and team of its audience (kept by triggers on `events`, migration 0020). */
export interface TeamEventsTable {
  /** The event's id. */
  id: string;
  team_id: string;
  /** The event's `created_at`. */
  created_at: Date;
}

/** Portal links and the sessions they open (migration 0027). */
export interface PortalLinksTable {
  id: string;
  team_id: string;
  link_token_hash: string;
  session_token_hash: string | null;
  capabilities: string[];
  session_label: string;
  created_at: Date;
  expires_at: Date;
  opened_at: Date | null;
  /** The link's theme colours, `#rrggbb` (migration 0030); null: the dashboard's. */
  theme_accent: Generated<string | null>;
  theme_background: Generated<string | null>;
}

export interface WebhookRecoveriesTable {
  webhook_id: string;
  /** Recovery deliveries still to run. */
  pending: number;
  started_at: Date;
}

export interface OrderEventSequencesTable {
  order_id: string;
  /** The `data.sequence` of the order's last recorded event (bigint, read as a string). */
  last_sequence: string;
}

export interface EventOutboxTable {
  seq: Generated<string>;
  event_id: string;
  /** A test or redelivery for this webhook alone; null for an event's own delivery. */
  webhook_id: string | null;
  /** `test` or `redelivery` when `webhook_id` is set. */
  trigger: string | null;
  /** The rest of a held-back round: its attempt number, … */
  attempt: number | null;
  /** … the targets left (webhook ids or `submission:<teamId>`), … */
  targets: string[] | null;
  /** … when they were first held back, … */
  deferred_since: Date | null;
  /** … and when the relay may hand it to the queue. */
  not_before: Date | null;
  /** The event's W3C traceparent, handed to the delivery job. */
  traceparent: Generated<string | null>;
}

export interface WebhooksTable {
  id: string;
  team_id: string;
  url: string;
  events: string[];
  is_active: boolean;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  /** `service` or `standard` (migration 0022). */
  signature_scheme: Generated<string>;
  disabled_reason: Generated<string | null>;
  disabled_at: Generated<Date | null>;
  failing_since: Generated<Date | null>;
  created_at: Date;
  updated_at: Date;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string | null;
  team_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  trigger: string;
  url: string;
  status_code: number | null;
  success: boolean;
  response_body: string;
  duration_ms: number;
  created_at: Date;
  /** The request headers as sent (migration 0027); null before, or when no request went out. */
  request_headers: Generated<unknown>;
  /** The response headers as received (migration 0027); null without a response, or before. */
  response_headers: Generated<unknown>;
}

export interface DeliveryWorkersTable {
  id: string;
  started_at: Generated<Date>;
  heartbeat_at: Generated<Date>;
}

export interface CustomersTable {
  id: string;
  reseller_team_id: string;
  name: string;
  email: string;
  phone: string;
  kind: string;
  created_at: Date;
  updated_at: Date;
}

export interface OrdersTable {
  id: string;
  reseller_team_id: string;
  customer_id: string | null;
  customer: unknown;
  service_address: unknown;
  /** `date`: always selected as text (YYYY-MM-DD), never as a JS Date. */
  move_in_date: string | null;
  installation_date: string | null;
  is_training: boolean;
  status: string;
  total_monthly: string;
  created_at: Date;
  updated_at: Date;
  /** When the reseller deleted the order (migration 0023); hidden from every reseller read. */
  deleted_at: Generated<Date | null>;
  /** The storefront a public order came through (migration 0023). */
  storefront_id: Generated<string | null>;
  /** The shareable link a public order came through (migration 0023). */
  link_id: Generated<string | null>;
}

export interface OrderItemsTable {
  id: string;
  order_id: string;
  position: number;
  provider_team_id: string;
  offer_id: string;
  status: string;
  is_training: boolean;
  offer_snapshot: unknown;
  handoff_redirect_url: string | null;
  scheduled_date: string | null;
  rejection_reason: string | null;
  commission_amount: string | null;
  commission_accrued_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** When the provider accepted the item (migration 0023). */
  accepted_at: Generated<Date | null>;
}

export interface IdempotencyKeysTable {
  team_id: string;
  key: string;
  request_hash: string;
  response: unknown;
  created_at: Date;
}

export interface StorefrontsTable {
  id: string;
  reseller_team_id: string;
  slug: string;
  created_at: Date;
  updated_at: Date;
}

export interface ShareableLinksTable {
  id: string;
  reseller_team_id: string;
  slug: string;
  name: string | null;
  offer_ids: string[];
  created_at: Date;
  deleted_at: Date | null;
}

export interface OutboundClicksTable {
  id: string;
  reseller_team_id: string;
  storefront_id: string | null;
  link_id: string | null;
  offer_id: string;
  provider_team_id: string;
  redirect_url: string | null;
  phone: string | null;
  client_ip: string;
  user_agent: string | null;
  created_at: Date;
}

export interface ConsentRecordsTable {
  id: string;
  order_id: string | null;
  click_id: string | null;
  position: number;
  provider_team_id: string;
  reseller_team_id: string;
  customer_id: string | null;
  kind: string;
  granted: boolean;
  disclosure_version: string;
  disclosure_text: string;
  phone: string;
  email: string | null;
  client_ip: string;
  user_agent: string | null;
  is_training: boolean;
  recorded_at: Date;
}

export interface ConsentRevocationsTable {
  consent_id: string;
  revoked_at: Date;
  revoked_via: string;
}

export interface ConsentChainHeadsTable {
  provider_team_id: string;
  /** bigint: pg returns it as a string. */
  seq: string | number;
  hash: string;
}

export interface ConsentLedgerEntriesTable {
  provider_team_id: string;
  seq: string | number;
  consent_id: string;
  payload: string;
  digest: string;
  prev_hash: string;
  hash: string;
}

export interface ConsentSigningKeysTable {
  kid: string;
  public_jwk: unknown;
  private_jwk: unknown | null;
  /** The private JWK sealed under the key-encryption key (`kek1.…`); null when not stored sealed. */
  private_key_sealed: string | null;
  created_at: Date;
  retired_at: Date | null;
}

export interface ConsentCheckpointsTable {
  provider_team_id: string;
  seq: string | number;
  hash: string;
  signed_at: Date;
  key_id: string;
  signature: string;
}

export interface CustomerUnsubscriptionsTable {
  customer_id: string;
  provider_team_id: string;
  unsubscribed_at: Date;
}

export interface RateLimitWindowsTable {
  bucket: string;
  client: string;
  hits: Date[];
  admitted: boolean;
  last_hit_at: Date;
}

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

export interface MembersTable {
  id: string;
  team_id: string;
  email: string;
  role: string;
  password_hash: string;
  created_at: Date;
  updated_at: Date;
}

export interface MemberInvitesTable {
  id: string;
  team_id: string;
  email: string;
  role: string;
  token_hash: string;
  invited_by: string;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
}

export interface MemberSessionsTable {
  id: string;
  token_hash: string;
  member_id: string;
  team_id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  ip: string | null;
  user_agent: string | null;
  /** The last step-up sign-in inside this session (migration 0030); null: none. */
  reauthenticated_at: Generated<Date | null>;
}

export interface MemberTotpTable {
  member_id: string;
  secret: string;
  created_at: Date;
  enabled_at: Date | null;
  last_used_step: string | number | null;
}

export interface MemberRecoveryCodesTable {
  id: string;
  member_id: string;
  code_hash: string;
  created_at: Date;
  used_at: Date | null;
}

export interface MemberSignInChallengesTable {
  id: string;
  token_hash: string;
  member_id: string;
  created_at: Date;
  expires_at: Date;
}

export interface TeamSecurityPoliciesTable {
  team_id: string;
  require_two_factor: boolean;
  updated_at: Date;
}

export interface MemberPasswordResetsTable {
  id: string;
  token_hash: string;
  member_id: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface AuditLogTable {
  id: string;
  team_id: string;
  created_at: Date;
  actor_type: string;
  actor_id: string | null;
  actor_label: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  detail: string | null;
  ip: string | null;
  user_agent: string | null;
}
