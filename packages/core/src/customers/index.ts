/**
 * The customers feature: what other features, flows and the package's entry points use of it.
 *
 * @module
 */

export type { CustomerRepository } from "./ports.ts";
export type { Customer, ProviderCustomer } from "./types.ts";
export { type CustomerUseCases, customerUseCases, type ProviderCustomerDetail } from "./use-cases.ts";
