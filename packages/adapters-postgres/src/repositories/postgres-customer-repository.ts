import type {
  Customer,
  CustomerContact,
  CustomerKind,
  CustomerRepository,
  PageRequest,
  ProviderCustomer,
  ProviderOrderItem,
} from "@marketplace/core";
import { type Kysely, type Selectable, sql } from "kysely";
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
    const existing = await this.db
      .selectFrom("customers")
      .select("id")
      .where("reseller_team_id", "=", resellerTeamId)
      .where((eb) => eb.or([eb("email", "=", contact.email), eb("phone", "=", contact.phone)]))
      .orderBy(sql`email = ${contact.email}`, "desc")
      .orderBy("created_at")
      .limit(1)
      .executeTakeFirst();
    if (existing) {
      await this.db
        .updateTable("customers")
        .set({ name: contact.name, kind: contact.kind, updated_at: candidate.now })
        .where("id", "=", existing.id)
        .execute();
      return existing.id;
    }
    // Two first orders of one customer at once: the unique e-mail index makes them meet on one row.
    const row = await this.db
      .insertInto("customers")
      .values({
        id: candidate.id,
        reseller_team_id: resellerTeamId,
        name: contact.name,
        email: contact.email,
        phone: contact.phone,
        kind: contact.kind,
        created_at: candidate.now,
        updated_at: candidate.now,
      })
      .onConflict((oc) => oc.columns(["reseller_team_id", "email"]).doUpdateSet({ updated_at: candidate.now }))
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
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
