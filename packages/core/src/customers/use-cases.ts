import type { ConsentRevocation } from "../consents/index.ts";
import { recordRevocations } from "../consents/index.ts";
import { InvalidInputError, NotFoundError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import type { ProviderOrderItem } from "../orders/index.ts";
import { CUSTOMER_KINDS, type CustomerKind } from "../orders/index.ts";
import { type ListResult, type PageRequest, toListResult } from "../pagination.ts";
import type { Principal } from "../teams/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import type { Customer, ProviderCustomer } from "./types.ts";

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
  /**
   * A provider reporting a STOP or do-not-call: revokes every consent naming the team for the
   * customer (`provider_report`), flags the customer unsubscribed for that team only, and emits
   * `order.consent_revoked` for each record revoked. Idempotent. NotFoundError unless the customer
   * ordered the team's offers.
   */
  revokeConsents(principal: Principal, customerId: string): Promise<ProviderCustomerDetail>;
  /** The reseller team's customers, newest first, optionally of one kind. */
  listForReseller(
    principal: Principal,
    filter: { kind?: CustomerKind },
    page: PageRequest,
  ): Promise<ListResult<Customer>>;
}

export function customerUseCases(
  ctx: UseCaseContext<"consentLedger" | "consents" | "customers" | "outbox">,
): CustomerUseCases {
  const { unitOfWork, clock, ids } = ctx;
  const { repositories } = unitOfWork;
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

    async revokeConsents(principal, customerId) {
      if (!isUuidV4(customerId)) throw new NotFoundError("Customer", customerId);
      return unitOfWork.transaction(async (tx) => {
        const found = await tx.customers.findForProvider(principal.teamId, customerId);
        if (!found) throw new NotFoundError("Customer", customerId);
        const revocation: ConsentRevocation = { at: clock.now(), via: "provider_report" };
        const revoked = await tx.consents.revokeForCustomer(principal.teamId, found.customer, revocation);
        await tx.consents.markUnsubscribed(customerId, principal.teamId, revocation.at);
        await recordRevocations(tx, ids, revoked, revocation);
        return {
          ...found,
          customer: { ...found.customer, unsubscribedAt: found.customer.unsubscribedAt ?? revocation.at },
        };
      });
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
