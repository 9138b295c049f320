import { type Migration, sql } from "kysely";

/**
 * Storefronts and shareable links, outbound clicks, consent records (append-only) with their
 * revocations, providers' unsubscribe flags on customers, and the public rate-limit windows.
 */
export const storefrontConsents: Migration = {
  async up(db) {
    await sql`
      create table storefronts (
        id uuid primary key,
        reseller_team_id uuid not null unique references teams (id),
        slug text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create unique index storefronts_slug on storefronts (slug);

      -- A deleted link keeps its row, so its slug is never given to another link.
      create table shareable_links (
        id uuid primary key,
        reseller_team_id uuid not null references teams (id),
        slug text not null,
        name text,
        offer_ids uuid[] not null check (cardinality(offer_ids) between 1 and 20),
        created_at timestamptz not null,
        deleted_at timestamptz
      );
      create unique index shareable_links_slug on shareable_links (slug);
      create index shareable_links_team_created_at_id on shareable_links (reseller_team_id, created_at desc, id desc)
        where deleted_at is null;

      create table outbound_clicks (
        id uuid primary key,
        reseller_team_id uuid not null references teams (id),
        storefront_id uuid references storefronts (id),
        link_id uuid references shareable_links (id),
        offer_id uuid not null references offers (id),
        provider_team_id uuid not null references teams (id),
        redirect_url text,
        phone text,
        client_ip text not null,
        user_agent text,
        created_at timestamptz not null,
        check ((storefront_id is null) <> (link_id is null))
      );
      create index outbound_clicks_offer_created_at on outbound_clicks (offer_id, created_at desc);
      create index outbound_clicks_reseller_created_at on outbound_clicks (reseller_team_id, created_at desc);

      create table consent_records (
        id uuid primary key,
        order_id uuid references orders (id),
        click_id uuid references outbound_clicks (id),
        position integer not null,
        provider_team_id uuid not null references teams (id),
        reseller_team_id uuid not null references teams (id),
        customer_id uuid references customers (id),
        kind text not null check (kind in ('order_contact', 'marketing_calls_texts')),
        granted boolean not null,
        disclosure_version text not null
          check (disclosure_version in ('order_contact.v1', 'marketing_calls_texts.v1', 'handoff_contact.v1')),
        disclosure_text text not null,
        phone text not null,
        email text,
        client_ip text not null,
        user_agent text,
        is_training boolean not null,
        recorded_at timestamptz not null,
        check ((order_id is null) <> (click_id is null))
      );
      create index consent_records_order_provider on consent_records (order_id, provider_team_id, position)
        where order_id is not null;
      create index consent_records_phone on consent_records (phone);
      create index consent_records_email on consent_records (email) where email is not null;
      create index consent_records_provider_customer on consent_records (provider_team_id, customer_id)
        where customer_id is not null;

      -- A withdrawal is a fact of its own: the decision it withdraws is never rewritten.
      create table consent_revocations (
        consent_id uuid primary key references consent_records (id),
        revoked_at timestamptz not null,
        revoked_via text not null check (revoked_via in ('web_form', 'provider_report'))
      );

      create function consent_history_is_append_only() returns trigger language plpgsql as $$
      begin
        raise exception '% is append-only: % is not allowed', tg_table_name, tg_op
          using errcode = 'restrict_violation';
      end;
      $$;
      create trigger consent_records_append_only before update or delete on consent_records
        for each statement execute function consent_history_is_append_only();
      create trigger consent_revocations_append_only before update or delete on consent_revocations
        for each statement execute function consent_history_is_append_only();

      create table customer_unsubscriptions (
        customer_id uuid not null references customers (id),
        provider_team_id uuid not null references teams (id),
        unsubscribed_at timestamptz not null,
        primary key (customer_id, provider_team_id)
      );

      -- A sliding log per bucket and client: the admitted requests' times inside the window (at most
      -- the limit's count), rewritten under the row lock of one upsert. Unlogged: a window lost in a
      -- crash costs nothing worth the WAL.
      create unlogged table rate_limit_windows (
        bucket text not null,
        client text not null,
        hits timestamptz[] not null,
        admitted boolean not null,
        last_hit_at timestamptz not null,
        primary key (bucket, client)
      );
      create index rate_limit_windows_bucket_last_hit_at on rate_limit_windows (bucket, last_hit_at);
    `.execute(db);
  },
};
