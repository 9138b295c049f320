import {
  type Customer,
  type CustomerKind,
  isoTime,
  type PageRequest,
  type ProviderCustomer,
  type ProviderOrderItem,
} from "@marketplace/core";
import type { CustomerRepository } from "@marketplace/core/customers";
import type { CustomerContact } from "@marketplace/core/orders";
import { CompiledQuery, type Kysely, type Selectable, sql } from "kysely";
import { applyPage } from "../pagination.ts";
import type { CustomersTable, Database } from "../schema.ts";
import { selectItemsWithOrders, toProviderItem } from "./postgres-order-repository.ts";

/** Customers in PostgreSQL: one per reseller and e-mail (stored lowercased), matched by phone too. */
export class PostgresCustomerRepository implements CustomerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async upsertForOrder(
    resellerTeamId: string,
    contact: CustomerContact,
    candidate: { id: string; now: Date },
  ): Promise<string> {
    const { rows } = await this.db.executeQuery<{ id: string }>(
      CompiledQuery.raw(UPSERT_FOR_ORDER, [
        resellerTeamId,
        contact.email,
        contact.phone,
        contact.name,
        contact.kind,
        isoTime(candidate.now),
        candidate.id,
      ]),
    );
    return (rows[0] as { id: string }).id;
  }

  async listForReseller(teamId: string, filter: { kind?: CustomerKind }, page: PageRequest): Promise<Customer[]> {
    let query = this.db.selectFrom("customers").selectAll().where("reseller_team_id", "=", teamId);
    if (filter.kind) query = query.where("kind", "=", filter.kind);
    const rows = await applyPage(query, page, "customers", sql`cursor_row.reseller_team_id = ${teamId}`).execute();
    return rows.map(toCustomer);
  }

  async listForProvider(teamId: string, page: PageRequest): Promise<ProviderCustomer[]> {
    const query = this.db
      .selectFrom("customers")
      .selectAll()
      .select(unsubscribedAt(teamId))
      .where(sql<boolean>`exists (${providerItemsOf(sql.ref("customers.id"), teamId)})`);
    const rows = await applyPage(
      query,
      page,
      "customers",
      sql`exists (${providerItemsOf(sql.ref("cursor_row.id"), teamId)})`,
    ).execute();
    return rows.map(toProviderCustomer);
  }

  async findForProvider(
    teamId: string,
    customerId: string,
  ): Promise<{ customer: ProviderCustomer; items: ProviderOrderItem[] } | null> {
    const rows = await selectItemsWithOrders(this.db)
      .where("orders.customer_id", "=", customerId)
      .where("order_items.provider_team_id", "=", teamId)
      .orderBy("order_items.created_at", "desc")
      .orderBy("order_items.id", "desc")
      .execute();
    if (rows.length === 0) return null;
    const customer = await this.db
      .selectFrom("customers")
      .selectAll()
      .select(unsubscribedAt(teamId))
      .where("id", "=", customerId)
      .executeTakeFirst();
    if (!customer) return null;
    return { customer: toProviderCustomer(customer), items: rows.map(toProviderItem) };
  }
}

/**
 * The reseller's (`$1`) customer with this e-mail (`$2`) or phone (`$3`), the e-mail's first, else
 * the oldest, refreshed with the name (`$4`) and kind (`$5`) at `$6`; when there is none, a new one
 * with the id `$7`. Two first orders of one customer at once meet on one row through the unique
 * e-mail index. One statement: the id of the customer comes back in the same round trip.
 */
const UPSERT_FOR_ORDER = `
  with existing as (
    select id from customers
    where reseller_team_id = $1 and (email = $2 or phone = $3)
    order by email = $2 desc, created_at
    limit 1
  ),
  updated as (
    update customers set name = $4, kind = $5, updated_at = $6
    where id = (select id from existing)
    returning id
  ),
  inserted as (
    insert into customers (id, reseller_team_id, name, email, phone, kind, created_at, updated_at)
    select $7::uuid, $1::uuid, $4::text, $2::text, $3::text, $5::text, $6::timestamptz, $6::timestamptz
    where not exists (select 1 from existing)
    on conflict (reseller_team_id, email) do update set updated_at = excluded.updated_at
    returning id
  )
  select coalesce((select id from updated), (select id from inserted), (select id from existing)) as id`;

/** Items on the provider team's offers ordered by the customer `customerId` refers to. */
function providerItemsOf(customerId: ReturnType<typeof sql.ref>, teamId: string) {
  return sql`select 1 from orders o join order_items i on i.order_id = o.id
    where o.customer_id = ${customerId} and i.provider_team_id = ${teamId}`;
}

/** When the provider team flagged the customer unsubscribed (a STOP or do-not-call report), else null. */
function unsubscribedAt(teamId: string) {
  return sql<Date | null>`(
    select u.unsubscribed_at from customer_unsubscriptions u
    where u.customer_id = customers.id and u.provider_team_id = ${teamId}
  )`.as("unsubscribed_at");
}

function toProviderCustomer(row: Selectable<CustomersTable> & { unsubscribed_at: Date | null }): ProviderCustomer {
  return { ...toCustomer(row), unsubscribedAt: row.unsubscribed_at };
}

function toCustomer(row: Selectable<CustomersTable>): Customer {
  return {
    id: row.id,
    resellerTeamId: row.reseller_team_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    kind: row.kind as CustomerKind,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
