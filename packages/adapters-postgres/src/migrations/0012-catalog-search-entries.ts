import { type Migration, sql } from "kysely";

/**
 * `catalog_search_entries`: a search page's catalog entries in one call, the ids of
 * `catalog_search_page` (migration `0009_catalog_search_windows`) joined to the offer, its team and
 * its brand inside PL/pgSQL, so the join is planned once per connection instead of on every request.
 *
 * Planning the caller's join of the function with offers, teams and brands cost as much as the
 * search itself once its plans are cached (ADR-0013; figures: docs/performance.md, "Catalog
 * search").
 *
 * The columns are those of `PostgresCatalogRepository`'s select list, with the same names.
 */
export const catalogSearchEntries: Migration = {
  async up(db) {
    await sql`
      create function catalog_search_entries(
        term text, wanted integer, after_id uuid, service text, min_price numeric, max_price numeric, zip text,
        indexable boolean, sample_rows integer, match_cost double precision
      ) returns table (
        id uuid, name text, service_type text, description text, marketing_headline text, brand_id uuid,
        monthly_price numeric, promo_monthly_price numeric, promo_duration_months integer,
        contract_term_months integer, commission numeric, internet jsonb, electricity jsonb,
        published_at timestamptz, created_at timestamptz, updated_at timestamptz, partner_signup_kind text,
        team_name text, brand_name text, brand_logo_url text
      )
      language plpgsql stable rows 21
      as $fn$
      begin
        return query
          select o.id, o.name, o.service_type, o.description, o.marketing_headline, o.brand_id,
            o.monthly_price, o.promo_monthly_price, o.promo_duration_months, o.contract_term_months,
            o.commission, o.internet, o.electricity, o.published_at, o.created_at, o.updated_at,
            o.partner_signup ->> 'kind', t.name, b.name, b.logo_url
          from catalog_search_page(term, wanted, after_id, service, min_price, max_price, zip, indexable,
            sample_rows, match_cost) as p
          join offers o on o.id = p.offer_id
          join teams t on t.id = o.team_id
          left join brands b on b.id = o.brand_id
          order by o.created_at desc, o.id desc;
      end
      $fn$;
    `.execute(db);
  },
  async down(db) {
    await sql`drop function catalog_search_entries`.execute(db);
  },
};
