/**
 * The tables of customers and their unsubscribe flags, declared apart from the customer and consent
 * repositories, which read each other's rows.
 *
 * @module
 */

import type { Customer } from "../../customers/index.ts";
import { defineTable } from "../in-memory-database.ts";

/** Customers by id. */
export const CUSTOMERS = defineTable<Customer>("customers");

/** Unsubscribe flags, by customer and provider team. */
export const CUSTOMER_UNSUBSCRIPTIONS = defineTable<{ customerId: string; providerTeamId: string; at: Date }>(
  "customer_unsubscriptions",
);

/** The key of a customer's flag for a provider team. */
export const unsubscriptionKey = (customerId: string, providerTeamId: string): string =>
  `${customerId}\u0000${providerTeamId}`;
