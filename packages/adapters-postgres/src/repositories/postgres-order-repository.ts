import {
  isoTime,
  type Order,
  type OrderItem,
  type OrderItemStatus,
  type OrderStatus,
  type OrderSummary,
  type PageRequest,
  type ProviderOrderItem,
  type ServiceType,
} from "@marketplace/core";
import type { PartnerSignup } from "@marketplace/core/offers";
import type {
  CustomerContact,
  OfferSnapshot,
  OrderableOffer,
  OrderRepository,
  ServiceAddress,
} from "@marketplace/core/orders";
import { CompiledQuery, type Kysely, type Selectable, sql } from "kysely";
import { applyPage } from "../pagination.ts";
import type { Database, OffersTable, OrderItemsTable, OrdersTable } from "../schema.ts";
import { electricityDetailsOf, internetDetailsOf } from "./service-details.ts";

/** Orders and their items in PostgreSQL: an item keeps its offer snapshot as jsonb. */
export class PostgresOrderRepository implements OrderRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findOrderableOffers(offerIds: readonly string[], zipCode: string): Promise<OrderableOffer[]> {
    if (offerIds.length === 0) return [];
    const { rows } = await this.db.executeQuery<OrderableOfferRow>(
      CompiledQuery.raw(SELECT_ORDERABLE_OFFERS, [zipCode, offerIds]),
    );
    return rows.map((row) => ({
      offer: {
        id: row.id,
        teamId: row.team_id,
        name: row.name,
        serviceType: row.service_type as ServiceType,
        monthlyPrice: row.monthly_price,
        promoMonthlyPrice: row.promo_monthly_price,
        promoDurationMonths: row.promo_duration_months,
        contractTermMonths: row.contract_term_months,
        commission: row.commission,
        partnerSignup: row.partner_signup as PartnerSignup | null,
        submissionUrl: row.submission_url,
        internet: internetDetailsOf(row.service_type, row.internet),
        electricity: electricityDetailsOf(row.service_type, row.electricity),
      },
      providerName: row.provider_name,
      availableAtZip: row.available_at_zip,
    }));
  }

  async insert(order: Order): Promise<void> {
    await this.db.executeQuery(CompiledQuery.raw(INSERT_ORDER, insertParameters(order)));
  }

  async findForReseller(teamId: string, orderId: string, options: { lock?: boolean } = {}): Promise<Order | null> {
    let query = selectOrders(this.db)
      .where("orders.id", "=", orderId)
      .where("orders.reseller_team_id", "=", teamId)
      .where("orders.deleted_at", "is", null);
    if (options.lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) return null;
    const items = await this.itemsOf([row.id]);
    return toOrder(row, items.get(row.id) ?? []);
  }

  async listForReseller(teamId: string, page: PageRequest, filter: { isTraining?: boolean } = {}): Promise<Order[]> {
    let query = selectOrders(this.db)
      .where("orders.reseller_team_id", "=", teamId)
      .where("orders.deleted_at", "is", null);
    // Training orders only: the partial index orders_reseller_training (migration 0029) serves it.
    // Literal predicates (not a parameter), so the planner can prove the partial index's.
    if (filter.isTraining === true) query = query.where(sql<boolean>`orders.is_training`);
    if (filter.isTraining === false) query = query.where(sql<boolean>`not orders.is_training`);
    const rows = await applyPage(query, page, "orders", sql`cursor_row.reseller_team_id = ${teamId}`).execute();
    const items = await this.itemsOf(rows.map((row) => row.id));
    return rows.map((row) => toOrder(row, items.get(row.id) ?? []));
  }

  async findItemForProvider(
    teamId: string,
    itemId: string,
    options: { lock?: boolean } = {},
  ): Promise<{ order: Order; item: OrderItem } | null> {
    const owner = await this.db
      .selectFrom("order_items")
      .select("order_id")
      .where("id", "=", itemId)
      .where("provider_team_id", "=", teamId)
      .executeTakeFirst();
    if (!owner) return null;
    let query = selectOrders(this.db).where("orders.id", "=", owner.order_id);
    if (options.lock) query = query.forUpdate();
    const row = await query.executeTakeFirstOrThrow();
    const items = (await this.itemsOf([row.id])).get(row.id) ?? [];
    const order = toOrder(row, items);
    const item = items.find((candidate) => candidate.id === itemId);
    return item ? { order, item } : null;
  }

  async listItemsForProvider(
    teamId: string,
    filter: { status?: OrderItemStatus },
    page: PageRequest,
  ): Promise<ProviderOrderItem[]> {
    let query = selectItemsWithOrders(this.db).where("order_items.provider_team_id", "=", teamId);
    if (filter.status) query = query.where("order_items.status", "=", filter.status);
    const rows = await applyPage(query, page, "order_items", sql`cursor_row.provider_team_id = ${teamId}`).execute();
    return rows.map(toProviderItem);
  }

  async markDeleted(order: Order, at: Date): Promise<void> {
    await this.db
      .updateTable("orders")
      .set({ deleted_at: at })
      .where("id", "=", order.id)
      .where("reseller_team_id", "=", order.resellerTeamId)
      .where("deleted_at", "is", null)
      .execute();
  }

  async saveProgress(order: Order, items: readonly OrderItem[]): Promise<void> {
    for (const item of items) {
      await this.db
        .updateTable("order_items")
        .set({
          // The first move to accepted stamps the acceptance (time to accept, in analytics).
          accepted_at:
            item.status === "accepted" ? sql`coalesce(accepted_at, ${item.updatedAt}::timestamptz)` : sql`accepted_at`,
          status: item.status,
          scheduled_date: item.scheduledDate,
          rejection_reason: item.rejectionReason,
          commission_amount: item.commission?.amount ?? null,
          commission_accrued_at: item.commission?.accruedAt ?? null,
          updated_at: item.updatedAt,
        })
        .where("id", "=", item.id)
        .where("order_id", "=", order.id)
        .execute();
    }
    await this.db
      .updateTable("orders")
      .set({ status: order.status, updated_at: order.updatedAt })
      .where("id", "=", order.id)
      .execute();
  }

  /** Items of the given orders, in position order, grouped by order id. */
  private async itemsOf(orderIds: readonly string[]): Promise<Map<string, OrderItem[]>> {
    const byOrder = new Map<string, OrderItem[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = await selectItems(this.db)
      .where("order_items.order_id", "in", [...orderIds])
      .orderBy("order_items.order_id")
      .orderBy("order_items.position")
      .execute();
    for (const row of rows) {
      const list = byOrder.get(row.order_id) ?? [];
      list.push(toItem(row));
      byOrder.set(row.order_id, list);
    }
    return byOrder;
  }
}

/** Orders with their dates as text (a `date` must never become a time-zoned JS Date). */
export function selectOrders(db: Kysely<Database>) {
  return db
    .selectFrom("orders")
    .selectAll("orders")
    .select([
      sql<string | null>`orders.move_in_date::text`.as("move_in_date"),
      sql<string | null>`orders.installation_date::text`.as("installation_date"),
    ]);
}

function selectItems(db: Kysely<Database>) {
  return db
    .selectFrom("order_items")
    .selectAll("order_items")
    .select(sql<string | null>`order_items.scheduled_date::text`.as("scheduled_date"));
}

/** Items joined with their orders (for provider views), one row each. */
export function selectItemsWithOrders(db: Kysely<Database>) {
  return db
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .selectAll("order_items")
    .select([
      sql<string | null>`order_items.scheduled_date::text`.as("scheduled_date"),
      "orders.reseller_team_id as o_reseller_team_id",
      "orders.customer_id as o_customer_id",
      "orders.customer as o_customer",
      "orders.service_address as o_service_address",
      sql<string | null>`orders.move_in_date::text`.as("o_move_in_date"),
      sql<string | null>`orders.installation_date::text`.as("o_installation_date"),
      "orders.is_training as o_is_training",
      "orders.status as o_status",
      "orders.total_monthly as o_total_monthly",
      "orders.created_at as o_created_at",
      "orders.updated_at as o_updated_at",
    ]);
}

type ItemRow = Selectable<OrderItemsTable>;
type ItemWithOrderRow = ItemRow & {
  o_reseller_team_id: string;
  o_customer_id: string | null;
  o_customer: unknown;
  o_service_address: unknown;
  o_move_in_date: string | null;
  o_installation_date: string | null;
  o_is_training: boolean;
  o_status: string;
  o_total_monthly: string;
  o_created_at: Date;
  o_updated_at: Date;
};

/** A provider's view of an item row joined with its order. */
export function toProviderItem(row: ItemWithOrderRow): ProviderOrderItem {
  const order: OrderSummary = {
    id: row.order_id,
    resellerTeamId: row.o_reseller_team_id,
    customerId: row.o_customer_id,
    customer: row.o_customer as CustomerContact,
    serviceAddress: row.o_service_address as ServiceAddress,
    moveInDate: row.o_move_in_date,
    installationDate: row.o_installation_date,
    isTraining: row.o_is_training,
    status: row.o_status as OrderStatus,
    totalMonthly: row.o_total_monthly,
    createdAt: row.o_created_at,
    updatedAt: row.o_updated_at,
  };
  return { id: row.id, item: toItem(row), order };
}

/**
 * An active, non-deleted offer among `$2` with what an order snapshots of it, its provider's name
 * (brand, else team) and whether it is available at the ZIP code `$1` (no market, or a market
 * holding that ZIP). Written once: the same text for every order.
 */
const SELECT_ORDERABLE_OFFERS = `
  select offers.id, offers.team_id, offers.name, offers.service_type, offers.monthly_price,
    offers.promo_monthly_price, offers.promo_duration_months, offers.contract_term_months, offers.commission,
    offers.partner_signup, offers.submission_url, offers.internet, offers.electricity,
    coalesce(brands.name, teams.name) as provider_name,
    (
      not exists (select 1 from offer_markets om where om.offer_id = offers.id)
      or exists (
        select 1 from offer_markets om join market_areas a on a.market_id = om.market_id
        where om.offer_id = offers.id and a.kind = 'zip' and a.value = $1
      )
    ) as available_at_zip
  from offers
  inner join teams on teams.id = offers.team_id
  left join brands on brands.id = offers.brand_id
  where offers.id = any($2::uuid[]) and offers.status = 'active' and offers.deleted_at is null`;

type OrderableOfferRow = Pick<
  OffersTable,
  | "id"
  | "team_id"
  | "name"
  | "service_type"
  | "monthly_price"
  | "promo_monthly_price"
  | "promo_duration_months"
  | "contract_term_months"
  | "commission"
  | "partner_signup"
  | "submission_url"
  | "internet"
  | "electricity"
> & { provider_name: string; available_at_zip: boolean };

/**
 * The order (`$1`…`$12`, its channel `$14` and `$15`) and its items (`$13`, a JSON array of item
 * rows): data-modifying CTEs, run on their own or, in a unit of work's transaction, in one statement
 * with the events recorded before the order (`transaction-writes.ts`).
 */
export const INSERT_ORDER_CTES = `inserted_order as (
    insert into "orders" (
      id, reseller_team_id, customer_id, customer, service_address, move_in_date, installation_date,
      is_training, status, total_monthly, created_at, updated_at, storefront_id, link_id
    )
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $14, $15)
  ),
  inserted_items as (
    insert into order_items (
      id, order_id, position, provider_team_id, offer_id, status, is_training, offer_snapshot,
      handoff_redirect_url, scheduled_date, rejection_reason, commission_amount, commission_accrued_at,
      created_at, updated_at
    )
    select * from jsonb_to_recordset($13::jsonb) as r(
      id uuid, order_id uuid, position integer, provider_team_id uuid, offer_id uuid, status text,
      is_training boolean, offer_snapshot jsonb, handoff_redirect_url text, scheduled_date date,
      rejection_reason text, commission_amount numeric, commission_accrued_at timestamptz,
      created_at timestamptz, updated_at timestamptz
    )
  )`;

export const INSERT_ORDER = `with ${INSERT_ORDER_CTES} select 1`;

/** The values of `INSERT_ORDER_CTES`. */
export function insertParameters(order: Order): unknown[] {
  // Dates as text before JSON.stringify, which would format each through Date.prototype.toJSON.
  const createdAt = isoTime(order.createdAt);
  const updatedAt = isoTime(order.updatedAt);
  const items = order.items.map((item, position) => ({
    id: item.id,
    order_id: order.id,
    position,
    provider_team_id: item.offer.providerTeamId,
    offer_id: item.offer.offerId,
    status: item.status,
    is_training: item.isTraining,
    offer_snapshot: item.offer,
    handoff_redirect_url: item.handoffRedirectUrl,
    scheduled_date: item.scheduledDate,
    rejection_reason: item.rejectionReason,
    commission_amount: item.commission?.amount ?? null,
    commission_accrued_at: item.commission ? isoTime(item.commission.accruedAt) : null,
    created_at: item.createdAt === order.createdAt ? createdAt : isoTime(item.createdAt),
    updated_at: item.updatedAt === order.updatedAt ? updatedAt : isoTime(item.updatedAt),
  }));
  return [
    order.id,
    order.resellerTeamId,
    order.customerId,
    JSON.stringify(order.customer),
    JSON.stringify(order.serviceAddress),
    order.moveInDate,
    order.installationDate,
    order.isTraining,
    order.status,
    order.totalMonthly,
    createdAt,
    updatedAt,
    JSON.stringify(items),
    order.channel?.storefrontId ?? null,
    order.channel?.linkId ?? null,
  ];
}

function toOrder(row: Selectable<OrdersTable>, items: OrderItem[]): Order {
  return {
    id: row.id,
    resellerTeamId: row.reseller_team_id,
    customerId: row.customer_id,
    customer: row.customer as CustomerContact,
    serviceAddress: row.service_address as ServiceAddress,
    moveInDate: row.move_in_date,
    installationDate: row.installation_date,
    isTraining: row.is_training,
    status: row.status as OrderStatus,
    totalMonthly: row.total_monthly,
    items,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toItem(row: ItemRow): OrderItem {
  return {
    id: row.id,
    orderId: row.order_id,
    status: row.status as OrderItemStatus,
    isTraining: row.is_training,
    offer: row.offer_snapshot as OfferSnapshot,
    handoffRedirectUrl: row.handoff_redirect_url,
    scheduledDate: row.scheduled_date,
    rejectionReason: row.rejection_reason,
    commission:
      row.commission_amount !== null && row.commission_accrued_at !== null
        ? { amount: row.commission_amount, accruedAt: row.commission_accrued_at }
        : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
