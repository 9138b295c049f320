import { InvalidInputError, NotFoundError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import { type ListResult, type PageRequest, toListResult } from "../pagination.ts";
import type { Principal } from "../types.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import type { ProviderOrderItem } from "./order-ports.ts";
import { CUSTOMER_KINDS, type Customer, type CustomerKind, type ProviderCustomer } from "./order-types.ts";

/** A customer with the items placed for the provider team's offers. */
export interface ProviderCustomerDetail {
  customer: ProviderCustomer;
  items: ProviderOrderItem[];
}

/** Customers as providers and resellers see them (training orders create none). */
export interface CustomerUseCases {
  /** Customers who ordered the provider team's offers, newest first, with the team's unsubscribe flag. */
  listForProvider(principal: Principal, page: PageRequest): Promise<ListResult<ProviderCustomer>>;
  /** One such customer with the items placed for the team's offers; NotFoundError otherwise. */
  getForProvider(principal: Principal, customerId: string): Promise<ProviderCustomerDetail>;
  /** The reseller team's customers, newest first, optionally of one kind. */
  listForReseller(
    principal: Principal,
    filter: { kind?: CustomerKind },
    page: PageRequest,
  ): Promise<ListResult<Customer>>;
}

export function customerUseCases(ctx: UseCaseContext): CustomerUseCases {
  const { repositories } = ctx.unitOfWork;
  return {
    async listForProvider(principal, page) {
      return toListResult(
        "provider-customers",
        page,
        await repositories.customers.listForProvider(principal.teamId, page),
      );
    },

    async getForProvider(principal, customerId) {
      const found = isUuidV4(customerId)
        ? await repositories.customers.findForProvider(principal.teamId, customerId)
        : null;
      if (!found) throw new NotFoundError("Customer", customerId);
      return found;
    },

    async listForReseller(principal, filter, page) {
      if (filter.kind !== undefined && !CUSTOMER_KINDS.includes(filter.kind)) {
        throw new InvalidInputError([`kind must be one of the following values: ${CUSTOMER_KINDS.join(", ")}`]);
      }
      const rows = await repositories.customers.listForReseller(principal.teamId, filter, page);
      return toListResult("reseller-customers", page, rows);
    },
  };
}
