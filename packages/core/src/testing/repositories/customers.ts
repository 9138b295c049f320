/**
 * Customers of resellers, in memory: one per reseller and e-mail, matched by phone too.
 *
 * @module
 */

import type { Customer, CustomerRepository, ProviderCustomer } from "../../customers/index.ts";
import type { ProviderOrderItem } from "../../orders/index.ts";
import { CUSTOMER_KINDS } from "../../orders/index.ts";
import { copy, InMemoryConstraintError, type InMemoryContext } from "../in-memory-database.ts";
import { CUSTOMER_UNSUBSCRIPTIONS, CUSTOMERS, unsubscriptionKey } from "./customer-tables.ts";
import { keysetPage } from "./keyset.ts";
import { providerItem } from "./order-views.ts";
import { newestFirst, pageOf } from "./ordering.ts";
import { ORDER_ITEMS, ORDERS } from "./orders-tables.ts";
import { TEAMS } from "./teams.ts";

/** The in-memory `CustomerRepository`. */
export function inMemoryCustomers(context: InMemoryContext): CustomerRepository {
  const rows = () => context.tables.rows(CUSTOMERS);
  const asProviderCustomer = (customer: Customer, teamId: string): ProviderCustomer => {
    const flag = context.tables.rows(CUSTOMER_UNSUBSCRIPTIONS).get(unsubscriptionKey(customer.id, teamId));
    return { ...copy(customer), unsubscribedAt: flag ? new Date(flag.at) : null };
  };
  /** The provider team's items ordered by each customer, by customer id. */
  const providerItemsByCustomer = (teamId: string) => {
    const orders = context.tables.rows(ORDERS);
    const byCustomer = new Map<string, ProviderOrderItem[]>();
    for (const item of context.tables.rows(ORDER_ITEMS).values()) {
      if (item.offer.providerTeamId !== teamId) continue;
      const order = orders.get(item.orderId);
      if (!order?.customerId) continue;
      const list = byCustomer.get(order.customerId) ?? [];
      list.push(providerItem(order, item));
      byCustomer.set(order.customerId, list);
    }
    return byCustomer;
  };
  return {
    async upsertForOrder(resellerTeamId, contact, candidate) {
      if (!CUSTOMER_KINDS.includes(contact.kind)) {
        throw new InMemoryConstraintError("23514", "customers_kind_check", `customer kind ${contact.kind}`);
      }
      const ofTeam = [...rows().values()].filter((customer) => customer.resellerTeamId === resellerTeamId);
      // The e-mail's customer first, else the oldest with the phone (the SQL's `order by email = $2 desc, created_at`).
      const existing =
        ofTeam.find((customer) => customer.email === contact.email) ??
        ofTeam
          .filter((customer) => customer.phone === contact.phone)
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
      if (existing) {
        existing.name = contact.name;
        existing.kind = contact.kind;
        existing.updatedAt = new Date(candidate.now);
        return existing.id;
      }
      if (!context.tables.rows(TEAMS).has(resellerTeamId)) {
        throw new InMemoryConstraintError("23503", "customers_reseller_team_id_fkey", `no team ${resellerTeamId}`);
      }
      if (rows().has(candidate.id)) {
        throw new InMemoryConstraintError("23505", "customers_pkey", `customer ${candidate.id} exists`);
      }
      rows().set(candidate.id, {
        id: candidate.id,
        resellerTeamId,
        name: contact.name,
        email: contact.email,
        phone: contact.phone,
        kind: contact.kind,
        createdAt: new Date(candidate.now),
        updatedAt: new Date(candidate.now),
      });
      return candidate.id;
    },
    async listForReseller(teamId, filter, page) {
      const listed = [...rows().values()]
        .filter((customer) => customer.resellerTeamId === teamId && (!filter.kind || customer.kind === filter.kind))
        .sort(newestFirst);
      // The cursor is any customer of the team, whatever the kind filter (the SQL's cursor scope).
      const cursorOf = (id: string) => {
        const cursor = rows().get(id);
        return cursor?.resellerTeamId === teamId ? cursor : undefined;
      };
      return keysetPage(listed, page, cursorOf).map(copy);
    },
    async listForProvider(teamId, page) {
      const withItems = providerItemsByCustomer(teamId);
      const listed = [...rows().values()].filter((customer) => withItems.has(customer.id)).sort(newestFirst);
      return pageOf(listed, page).map((customer) => asProviderCustomer(customer, teamId));
    },
    async findForProvider(teamId, customerId) {
      const items = providerItemsByCustomer(teamId).get(customerId);
      const customer = rows().get(customerId);
      if (!items || !customer) return null;
      return {
        customer: asProviderCustomer(customer, teamId),
        items: items.sort((a, b) => newestFirst(a.item, b.item)),
      };
    },
  };
}
