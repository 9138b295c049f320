/**
 * Kysely table types: the catalog (offers, brands, markets and their areas).
 * Column names are snake_case as in SQL; `Database` (../schema.ts) names every table.
 *
 * @module
 */

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
