/**
 * Customers to JSON, as resellers and providers see them.
 *
 * @module
 */

import type { Customer, ProviderCustomer } from "@marketplace/core";
import type { ProviderCustomerDetail } from "@marketplace/core/customers";
import { iso } from "./iso.ts";
import { providerItemJson } from "./orders.ts";

/** A customer record. */
export function customerJson(customer: Customer) {
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    kind: customer.kind,
    createdAt: iso(customer.createdAt),
    updatedAt: iso(customer.updatedAt),
  };
}

/** A customer as a provider team sees it, with the team's own unsubscribe flag. */
export function providerCustomerJson(customer: ProviderCustomer) {
  return {
    ...customerJson(customer),
    unsubscribed: customer.unsubscribedAt !== null,
    unsubscribedAt: customer.unsubscribedAt ? iso(customer.unsubscribedAt) : null,
  };
}

/** A customer as a provider team sees it, with the items on the team's offers it ordered. */
export function providerCustomerDetailJson({ customer, items }: ProviderCustomerDetail) {
  return { ...providerCustomerJson(customer), items: items.map((row) => providerItemJson(row)) };
}
