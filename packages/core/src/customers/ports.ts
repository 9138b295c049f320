/**
 * Ports of customers.
 *
 * @module
 */

import type { CustomerContact, CustomerKind, ProviderOrderItem } from "../orders/index.ts";
import type { PageRequest } from "../pagination.ts";
import type { Customer, ProviderCustomer } from "./types.ts";

/** Stores customers: one per reseller and identity (e-mail or phone). */
export interface CustomerRepository {
  /** The id of the reseller's customer with this e-mail or phone, created (or refreshed) from `contact`. */
  upsertForOrder(
    resellerTeamId: string,
    contact: CustomerContact,
    candidate: { id: string; now: Date },
  ): Promise<string>;
  /** The reseller's customers, newest first, optionally of one kind. */
  listForReseller(teamId: string, filter: { kind?: CustomerKind }, page: PageRequest): Promise<Customer[]>;
  /** Customers with at least one item on the provider team's offers, newest first, with the team's flag. */
  listForProvider(teamId: string, page: PageRequest): Promise<ProviderCustomer[]>;
  /** One such customer with the team's flag and the items placed for the team's offers, or null. */
  findForProvider(
    teamId: string,
    customerId: string,
  ): Promise<{ customer: ProviderCustomer; items: ProviderOrderItem[] } | null>;
}
