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
}

export interface EventOutboxTable {
  seq: Generated<string>;
  event_id: string;
}

/** The database as Kysely sees it. */
export interface Database {
  teams: TeamsTable;
  api_keys: ApiKeysTable;
  offers: OffersTable;
  events: EventsTable;
  event_outbox: EventOutboxTable;
}
