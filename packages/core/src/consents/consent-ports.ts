/**
 * Ports of the consent capability.
 *
 * @module
 */

import type { Customer } from "../orders/order-types.ts";
import type { ConsentRecord, ConsentRevocation } from "./consent-types.ts";

/** A phone number or e-mail address a consumer withdraws consent for. */
export interface ConsentIdentifier {
  /** E.164, or null. */
  phone: string | null;
  /** Lowercased, or null. */
  email: string | null;
}

/** Stores consent records (append-only) and their revocations (separate rows, never an update). */
export interface ConsentRepository {
  /** Inserts records, keeping their order as given. */
  insert(records: readonly ConsentRecord[]): Promise<void>;
  /** The order's records naming the provider team, in the order recorded, with their revocation state. */
  listForOrder(orderId: string, providerTeamId: string): Promise<ConsentRecord[]>;
  /** Revokes every unrevoked record with this phone or e-mail in one statement; the records it revoked. */
  revokeByIdentifier(identifier: ConsentIdentifier, revocation: ConsentRevocation): Promise<ConsentRecord[]>;
  /** Revokes every unrevoked record naming the team for the customer (its id, phone or e-mail); the records revoked. */
  revokeForCustomer(
    providerTeamId: string,
    customer: Customer,
    revocation: ConsentRevocation,
  ): Promise<ConsentRecord[]>;
  /** Flags the customer unsubscribed for the provider team (the first flag's time is kept). */
  markUnsubscribed(customerId: string, providerTeamId: string, at: Date): Promise<void>;
}
