import type { CustomerKind } from "../orders/index.ts";

/** A customer of a reseller: one per reseller and identity (email or phone). */
export interface Customer {
  id: string;
  resellerTeamId: string;
  name: string;
  email: string;
  phone: string;
  kind: CustomerKind;
  createdAt: Date;
  updatedAt: Date;
}

/** A customer as a provider team sees it, with that team's own unsubscribe flag. */
export interface ProviderCustomer extends Customer {
  /** When the provider team reported a STOP or do-not-call for this customer; null when it has not. */
  unsubscribedAt: Date | null;
}
