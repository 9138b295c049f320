import { type Migration, sql } from "kysely";

/** The provider catalog: offer details, brands, markets with their areas, and offer–market links. */
export const catalog: Migration = {
  async up(db) {
    await sql`
      create extension if not exists pg_trgm;

      create table brands (
        id uuid primary key,
        team_id uuid not null references teams (id),
        name text not null,
        logo_url text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create unique index brands_team_name on brands (team_id, lower(name));
      create index brands_team_created_at_id on brands (team_id, created_at desc, id desc);

      create table markets (
        id uuid primary key,
        team_id uuid not null references teams (id),
        name text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create unique index markets_team_name on markets (team_id, lower(name));
      create index markets_team_created_at_id on markets (team_id, created_at desc, id desc);

      create table market_areas (
        id uuid primary key,
        market_id uuid not null references markets (id) on delete cascade,
        kind text not null check (kind in ('zip')),
        value text not null,
        created_at timestamptz not null
      );
      create unique index market_areas_market_kind_value on market_areas (market_id, kind, value);
      create index market_areas_kind_value on market_areas (kind, value);

      alter table offers
        add column description text,
        add column marketing_headline text,
        add column brand_id uuid references brands (id),
        add column promo_monthly_price numeric(12, 2),
        add column promo_duration_months integer,
        add column contract_term_months integer,
        add column commission numeric(12, 2),
        add column partner_signup jsonb,
        add column submission_url text,
        add column internet jsonb,
        add column electricity jsonb;
      create index offers_brand on offers (brand_id) where brand_id is not null;

      create table offer_markets (
        offer_id uuid not null references offers (id) on delete cascade,
        market_id uuid not null references markets (id) on delete cascade,
        primary key (offer_id, market_id)
      );
      create index offer_markets_market on offer_markets (market_id);
    `.execute(db);
  },
};
