/**
 * Kysely table types: storefronts, shareable links, outbound clicks and rate-limit windows.
 * Column names are snake_case as in SQL; `Database` (../schema.ts) names every table.
 *
 * @module
 */

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

export interface RateLimitWindowsTable {
  bucket: string;
  client: string;
  hits: Date[];
  admitted: boolean;
  last_hit_at: Date;
}
