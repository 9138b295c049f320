import { type Migration, sql } from "kysely";

/** Customers, orders with their items (offer snapshots, handoffs, commissions) and idempotency keys. */
export const orders: Migration = {
  async up(db) {
    await sql`
      create table customers (
        id uuid primary key,
        reseller_team_id uuid not null references teams (id),
        name text not null,
        email text not null,
        phone text not null,
        kind text not null check (kind in ('residential', 'business')),
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      -- E-mail is stored lowercased: one customer per reseller and e-mail (phone matches too).
      create unique index customers_reseller_email on customers (reseller_team_id, email);
      create index customers_reseller_phone on customers (reseller_team_id, phone);
      create index customers_reseller_created_at_id on customers (reseller_team_id, created_at desc, id desc);

      create table orders (
        id uuid primary key,
        reseller_team_id uuid not null references teams (id),
        customer_id uuid references customers (id),
        customer jsonb not null,
        service_address jsonb not null,
        move_in_date date,
        installation_date date,
        is_training boolean not null,
        status text not null
          check (status in ('submitted', 'pending', 'in_progress', 'completed', 'rejected', 'cancelled')),
        total_monthly numeric(12, 2) not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index orders_reseller_created_at_id on orders (reseller_team_id, created_at desc, id desc);
      create index orders_customer on orders (customer_id) where customer_id is not null;

      create table order_items (
        id uuid primary key,
        order_id uuid not null references orders (id),
        position integer not null,
        provider_team_id uuid not null references teams (id),
        offer_id uuid not null references offers (id),
        status text not null
          check (status in ('pending', 'handoff', 'accepted', 'rejected', 'scheduled', 'completed', 'cancelled')),
        is_training boolean not null,
        offer_snapshot jsonb not null,
        handoff_redirect_url text,
        scheduled_date date,
        rejection_reason text,
        commission_amount numeric(12, 2),
        commission_accrued_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index order_items_order on order_items (order_id, position);
      create index order_items_provider_created_at_id on order_items (provider_team_id, created_at desc, id desc);
      create index order_items_provider_status on order_items (provider_team_id, status, created_at desc, id desc);

      create table idempotency_keys (
        team_id uuid not null references teams (id),
        key text not null,
        request_hash text not null,
        response jsonb,
        created_at timestamptz not null,
        primary key (team_id, key)
      );
    `.execute(db);
  },
};
