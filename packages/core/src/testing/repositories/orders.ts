/**
 * Orders and their items, in memory. An order's events are the outbox's (`inMemoryEventOutbox`).
 *
 * @module
 */

import type { OrderableOffer, OrderedOffer, OrderRepository } from "../../orders/index.ts";
import { ORDER_ITEM_STATUSES, ORDER_STATUSES, type Order, type OrderItem } from "../../orders/index.ts";
import { InMemoryConstraintError, type InMemoryContext } from "../in-memory-database.ts";
import { CUSTOMERS } from "./customer-tables.ts";
import { asJson } from "./events.ts";
import { keysetPage } from "./keyset.ts";
import { BRANDS, MARKETS, OFFERS } from "./offer-tables.ts";
import { offerOf } from "./offers.ts";
import { numeric2, orderWithItems, providerItem } from "./order-views.ts";
import { newestFirst } from "./ordering.ts";
import { ORDER_ITEMS, ORDERS, type OrderItemRow, type OrderRow } from "./orders-tables.ts";
import { SHAREABLE_LINKS, STOREFRONTS } from "./storefront.ts";
import { TEAMS } from "./teams.ts";

/** What an order reads of an offer (`OrderedOffer`). */
const ORDERED_OFFER_FIELDS = [
  "id",
  "teamId",
  "name",
  "serviceType",
  "monthlyPrice",
  "promoMonthlyPrice",
  "promoDurationMonths",
  "contractTermMonths",
  "commission",
  "partnerSignup",
  "submissionUrl",
  "internet",
  "electricity",
] as const satisfies readonly (keyof OrderedOffer)[];

type Fail = (code: "23505" | "23503" | "23514", constraint: string) => never;

const failing =
  (what: string): Fail =>
  (code, constraint) => {
    throw new InMemoryConstraintError(code, constraint, `${what}: ${constraint}`);
  };

/** The in-memory `OrderRepository`. */
export function inMemoryOrders(context: InMemoryContext): OrderRepository {
  const orders = () => context.tables.rows(ORDERS);
  const items = () => context.tables.rows(ORDER_ITEMS);
  const itemsOf = (orderId: string) => [...items().values()].filter((item) => item.orderId === orderId);
  const read = (row: OrderRow) => orderWithItems(row, itemsOf(row.id));

  /** The order's row, checked as the SQL schema checks it. */
  const orderRow = (order: Order): OrderRow => {
    const fail = failing(`order ${order.id}`);
    if (!ORDER_STATUSES.includes(order.status)) fail("23514", "orders_status_check");
    const storefrontId = order.channel?.storefrontId ?? null;
    const linkId = order.channel?.linkId ?? null;
    if (storefrontId !== null && linkId !== null) fail("23514", "orders_one_channel");
    if (orders().has(order.id)) fail("23505", "orders_pkey");
    if (!context.tables.rows(TEAMS).has(order.resellerTeamId)) fail("23503", "orders_reseller_team_id_fkey");
    if (order.customerId !== null && !context.tables.rows(CUSTOMERS).has(order.customerId)) {
      fail("23503", "orders_customer_id_fkey");
    }
    if (storefrontId !== null && !context.tables.rows(STOREFRONTS).has(storefrontId)) {
      fail("23503", "orders_storefront_id_fkey");
    }
    if (linkId !== null && !context.tables.rows(SHAREABLE_LINKS).has(linkId)) fail("23503", "orders_link_id_fkey");
    return {
      id: order.id,
      resellerTeamId: order.resellerTeamId,
      customerId: order.customerId,
      customer: asJson(order.customer),
      serviceAddress: asJson(order.serviceAddress),
      moveInDate: order.moveInDate,
      installationDate: order.installationDate,
      isTraining: order.isTraining,
      status: order.status,
      totalMonthly: numeric2(order.totalMonthly),
      createdAt: new Date(order.createdAt),
      updatedAt: new Date(order.updatedAt),
      storefrontId,
      linkId,
      deletedAt: null,
    };
  };

  /** An item's row, checked as the SQL schema checks it. */
  const itemRow = (order: Order, item: OrderItem, position: number, seen: Set<string>): OrderItemRow => {
    const fail = failing(`order item ${item.id}`);
    if (!ORDER_ITEM_STATUSES.includes(item.status)) fail("23514", "order_items_status_check");
    if (items().has(item.id) || seen.has(item.id)) fail("23505", "order_items_pkey");
    if (!context.tables.rows(TEAMS).has(item.offer.providerTeamId)) {
      fail("23503", "order_items_provider_team_id_fkey");
    }
    if (!context.tables.rows(OFFERS).has(item.offer.offerId)) fail("23503", "order_items_offer_id_fkey");
    seen.add(item.id);
    return {
      id: item.id,
      orderId: order.id,
      status: item.status,
      isTraining: item.isTraining,
      offer: asJson(item.offer),
      handoffRedirectUrl: item.handoffRedirectUrl,
      scheduledDate: item.scheduledDate,
      rejectionReason: item.rejectionReason,
      commission: item.commission
        ? { amount: numeric2(item.commission.amount), accruedAt: new Date(item.commission.accruedAt) }
        : null,
      createdAt: new Date(item.createdAt),
      updatedAt: new Date(item.updatedAt),
      position,
      acceptedAt: null,
    };
  };

  return {
    async findOrderableOffers(offerIds, zipCode) {
      const found: OrderableOffer[] = [];
      for (const id of new Set(offerIds)) {
        const row = context.tables.rows(OFFERS).get(id);
        if (row?.status !== "active" || row.deletedAt !== null) continue;
        const team = context.tables.rows(TEAMS).get(row.teamId);
        if (!team) continue;
        const offer = offerOf(context, row);
        const brand = row.brandId === null ? undefined : context.tables.rows(BRANDS).get(row.brandId);
        const markets = context.tables.rows(MARKETS);
        const availableAtZip =
          row.marketIds.length === 0 ||
          row.marketIds.some((marketId) =>
            markets.get(marketId)?.areas.some((area) => area.kind === "zip" && area.value === zipCode),
          );
        found.push({
          offer: Object.fromEntries(ORDERED_OFFER_FIELDS.map((key) => [key, offer[key]])) as OrderedOffer,
          providerName: brand?.name ?? team.name,
          availableAtZip,
        });
      }
      return found;
    },
    async insert(order) {
      // Every row is checked before any is written: the SQL writes the order and its items in one
      // statement, which fails whole.
      const row = orderRow(order);
      const seen = new Set<string>();
      const itemRows = order.items.map((item, position) => itemRow(order, item, position, seen));
      orders().set(row.id, row);
      for (const item of itemRows) items().set(item.id, item);
    },
    async findForReseller(teamId, orderId) {
      const row = orders().get(orderId);
      return row && row.resellerTeamId === teamId && row.deletedAt === null ? read(row) : null;
    },
    async listForReseller(teamId, page, filter = {}) {
      const listed = [...orders().values()].filter(
        (row) =>
          row.resellerTeamId === teamId &&
          row.deletedAt === null &&
          (filter.isTraining === undefined || row.isTraining === filter.isTraining),
      );
      listed.sort(newestFirst);
      // The cursor is any order of the team (the SQL's cursor scope: deleted and filtered-out ones too).
      const cursorOf = (id: string) => {
        const cursor = orders().get(id);
        return cursor?.resellerTeamId === teamId ? cursor : undefined;
      };
      return keysetPage(listed, page, cursorOf).map(read);
    },
    async findItemForProvider(teamId, itemId) {
      const item = items().get(itemId);
      if (!item || item.offer.providerTeamId !== teamId) return null;
      const order = orders().get(item.orderId);
      if (!order) return null;
      const whole = read(order);
      const found = whole.items.find((candidate) => candidate.id === itemId);
      return found ? { order: whole, item: found } : null;
    },
    async listItemsForProvider(teamId, filter, page) {
      const ofTeam = (item: OrderItemRow | undefined) => item?.offer.providerTeamId === teamId;
      const listed = [...items().values()].filter(
        (item) => ofTeam(item) && (!filter.status || item.status === filter.status),
      );
      listed.sort(newestFirst);
      const cursorOf = (id: string) => {
        const cursor = items().get(id);
        return ofTeam(cursor) ? cursor : undefined;
      };
      return keysetPage(listed, page, cursorOf).map((item) =>
        providerItem(orders().get(item.orderId) as OrderRow, item),
      );
    },
    async markDeleted(order, at) {
      const row = orders().get(order.id);
      if (row && row.resellerTeamId === order.resellerTeamId && row.deletedAt === null) row.deletedAt = new Date(at);
    },
    async saveProgress(order, saved) {
      for (const item of saved) {
        const row = items().get(item.id);
        if (!row || row.orderId !== order.id) continue;
        if (!ORDER_ITEM_STATUSES.includes(item.status))
          failing(`order item ${item.id}`)("23514", "order_items_status_check");
        // The first move to accepted stamps the acceptance (time to accept, in analytics).
        if (item.status === "accepted") row.acceptedAt ??= new Date(item.updatedAt);
        row.status = item.status;
        row.scheduledDate = item.scheduledDate;
        row.rejectionReason = item.rejectionReason;
        row.commission = item.commission
          ? { amount: numeric2(item.commission.amount), accruedAt: new Date(item.commission.accruedAt) }
          : null;
        row.updatedAt = new Date(item.updatedAt);
      }
      const row = orders().get(order.id);
      if (!row) return;
      if (!ORDER_STATUSES.includes(order.status)) failing(`order ${order.id}`)("23514", "orders_status_check");
      row.status = order.status;
      row.updatedAt = new Date(order.updatedAt);
    },
  };
}
