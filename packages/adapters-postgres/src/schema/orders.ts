/**
 * Kysely table types: customers, orders, their items and idempotency keys.
 * Column names are snake_case as in SQL; `Database` (../schema.ts) names every table.
 *
 * @module
 */

import type { Generated } from "kysely";

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
