import { InvalidInputError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import type { TransactionScope } from "../ports.ts";
import type { IdGenerator } from "../shared-ports.ts";
import type { Principal } from "../teams/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import { consentRevokedEvent } from "./consent-events.ts";
import { appendConsentEntries } from "./consent-evidence-use-cases.ts";
import { revokedEntry } from "./consent-ledger.ts";
import { parseRevokeConsent, type RevokeConsentInput } from "./input.ts";
import {
  type ConsentKind,
  type ConsentKindState,
  type ConsentRecord,
  type ConsentRevocation,
  consentKindState,
} from "./types.ts";

export type { RevokeConsentInput };

/** Consent records as providers see them, and their withdrawal. */
export interface ConsentUseCases {
  /** The order's consent records naming the principal's provider team (none for another team). */
  listForOrder(principal: Principal, orderId: string): Promise<ConsentRecord[]>;
  /**
   * The consent state per kind of each of these customers (at most 100 ids; malformed ones are
   * skipped), from the latest decision naming the principal's provider team: a customer without a
   * decision of a kind has no entry for it.
   */
  statesForCustomers(
    principal: Principal,
    customerIds: readonly string[],
  ): Promise<Map<string, Partial<Record<ConsentKind, ConsentKindState>>>>;
  /**
   * The public withdrawal: revokes every consent recorded with this phone or e-mail (`web_form`) and
   * emits `order.consent_revoked` to each provider concerned. It resolves the same way whether or not
   * anything matched, after the same statements, so neither answer nor timing tells whether the
   * identifier was known. InvalidInputError only for a malformed identifier.
   */
  revokeByIdentifier(input: RevokeConsentInput): Promise<void>;
}

/** Problems with a withdrawal's identifiers, field first; empty when valid (see `parseRevokeConsent`). */
export function revokeConsentProblems(input: unknown): string[] {
  const parsed = parseRevokeConsent(input);
  return parsed.ok ? [] : parsed.problems;
}

/**
 * What every withdrawal does after revoking records, in its transaction: appends each revocation to
 * its provider's ledger chain and emits `order.consent_revoked` for each record.
 */
export async function recordRevocations(
  tx: Pick<TransactionScope, "consentLedger" | "consents" | "outbox">,
  ids: IdGenerator,
  records: readonly ConsentRecord[],
  revocation: ConsentRevocation,
): Promise<void> {
  const at = { id: () => ids.uuid(), now: revocation.at };
  await appendConsentEntries(
    tx,
    records.map((record) => revokedEntry(record, revocation)),
  );
  await tx.outbox.record(records.map((record) => consentRevokedEvent(record, revocation, at)));
}

export function consentUseCases(ctx: UseCaseContext<"consentLedger" | "consents" | "outbox">): ConsentUseCases {
  const { unitOfWork, clock, ids } = ctx;

  return {
    async listForOrder(principal, orderId) {
      if (!isUuidV4(orderId)) return [];
      return unitOfWork.repositories.consents.listForOrder(orderId, principal.teamId);
    },

    async statesForCustomers(principal, customerIds) {
      const ids = [...new Set(customerIds.filter(isUuidV4))];
      if (ids.length > 100) throw new InvalidInputError(["customerIds must hold at most 100 ids"]);
      const states = new Map<string, Partial<Record<ConsentKind, ConsentKindState>>>();
      if (ids.length === 0) return states;
      for (const record of await unitOfWork.repositories.consents.latestByCustomer(principal.teamId, ids)) {
        const id = record.customerId as string;
        states.set(id, { ...states.get(id), [record.kind]: consentKindState(record) });
      }
      return states;
    },

    async revokeByIdentifier(input) {
      const problems = revokeConsentProblems(input);
      if (problems.length > 0) throw new InvalidInputError(problems);
      const identifier = { phone: input.phone ?? null, email: input.email?.trim().toLowerCase() ?? null };
      const revocation: ConsentRevocation = { at: clock.now(), via: "web_form" };
      // No branch on the outcome: known and unknown identifiers run the same statements.
      await unitOfWork.transaction(async (tx) => {
        const revoked = await tx.consents.revokeByIdentifier(identifier, revocation);
        await recordRevocations(tx, ids, revoked, revocation);
      });
    },
  };
}
