import { type Migration, sql } from "kysely";

/**
 * The reseller catalog's search and indexes, all partial on what the catalog shows (active offers
 * that are not deleted), so drafts and deleted offers cost nothing.
 *
 * - `search_text`: name, marketing headline and description, lowercased, joined by newlines (a
 *   search term holds no control character, so it cannot match across two fields), stored so a
 *   recheck or a walk compares plain text instead of recomputing it per row; with a trigram GIN
 *   index for case-insensitive substring search (`search_text like '%term%'`).
 * - `(created_at desc, id desc)`: the first page, and walks for broad filters, newest first.
 * - `(service_type, created_at desc, id desc)`: a category walked newest first.
 * - `(monthly_price)`: price ranges.
 */
export const catalogSearch: Migration = {
  async up(db) {
    await sql`
      alter table offers add column search_text text generated always as (
        lower(name || chr(10) || coalesce(marketing_headline, '') || chr(10) || coalesce(description, ''))
      ) stored;

      create index offers_catalog_search on offers using gin (search_text gin_trgm_ops)
        where status = 'active' and deleted_at is null;
      create index offers_catalog_created_at_id on offers (created_at desc, id desc)
        where status = 'active' and deleted_at is null;
      create index offers_catalog_service_type on offers (service_type, created_at desc, id desc)
        where status = 'active' and deleted_at is null;
      create index offers_catalog_monthly_price on offers (monthly_price)
        where status = 'active' and deleted_at is null;
    `.execute(db);
  },
};
