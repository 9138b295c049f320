/**
 * Every port's contract suite, run by the in-memory adapter's test (`@marketplace/core/testing`) and
 * by the PostgreSQL adapter's (`@marketplace/adapters-postgres`): both adapters keep the same rules.
 * A new port gets a `<port>.contract.ts` here and a line below.
 *
 * @module
 */

import { analyticsContract } from "./analytics.contract.ts";
import { auditLogContract } from "./audit-log.contract.ts";
import { brandContract } from "./brands.contract.ts";
import { catalogContract } from "./catalog.contract.ts";
import { consentLedgerContract } from "./consent-ledger.contract.ts";
import { consentLedgerEntriesContract } from "./consent-ledger-entries.contract.ts";
import { consentContract } from "./consents.contract.ts";
import { customerContract } from "./customers.contract.ts";
import { eventOutboxContract } from "./event-outbox.contract.ts";
import { idempotencyContract } from "./idempotency.contract.ts";
import { marketContract } from "./markets.contract.ts";
import { memberContract } from "./members.contract.ts";
import { offerContract } from "./offers.contract.ts";
import { offerListContract } from "./offers-list.contract.ts";
import { onboardingContract } from "./onboarding.contract.ts";
import { orderContract } from "./orders.contract.ts";
import { portalLinkContract } from "./portal-links.contract.ts";
import { rateLimitContract } from "./rate-limits.contract.ts";
import { sessionContract } from "./sessions.contract.ts";
import { storefrontContract } from "./storefront.contract.ts";
import type { ContractSubject } from "./subject.ts";
import { teamContract } from "./teams.contract.ts";
import { twoFactorContract } from "./two-factor.contract.ts";
import { unitOfWorkContract } from "./unit-of-work.contract.ts";
import { webhookDeliveryContract } from "./webhook-deliveries.contract.ts";
import { webhookLogContract } from "./webhook-log.contract.ts";
import { webhookContract } from "./webhooks.contract.ts";

export type { ContractSubject, OpenedSubject } from "./subject.ts";

/** Runs every contract suite against `subject`. */
export function runContracts(subject: ContractSubject): void {
  unitOfWorkContract(subject);
  teamContract(subject);
  memberContract(subject);
  sessionContract(subject);
  twoFactorContract(subject);
  auditLogContract(subject);
  portalLinkContract(subject);
  idempotencyContract(subject);
  customerContract(subject);
  consentLedgerContract(subject);
  orderContract(subject);
  consentContract(subject);
  consentLedgerEntriesContract(subject);
  analyticsContract(subject);
  onboardingContract(subject);
  eventOutboxContract(subject);
  offerContract(subject);
  webhookContract(subject);
  webhookDeliveryContract(subject);
  webhookLogContract(subject);
  offerListContract(subject);
  brandContract(subject);
  marketContract(subject);
  catalogContract(subject);
  storefrontContract(subject);
  rateLimitContract(subject);
}
