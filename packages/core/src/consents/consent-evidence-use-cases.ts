/**
 * The consent ledger's use cases: appending records and revocations to their chains, signed
 * checkpoints, the published keys, and the evidence bundle of a customer.
 *
 * @module
 */

import { NotFoundError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import type { TransactionScope } from "../ports.ts";
import type { Principal } from "../teams/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import {
  type ConsentKeySet,
  type ConsentPublicKey,
  type Ed25519PrivateJwk,
  generateSigningKey,
  publicKeyOf,
  signWithKey,
} from "./consent-keys.ts";
import {
  type ChainHead,
  type ConsentLedgerPayload,
  chainEntries,
  checkpointMessage,
  GENESIS_HASH,
  type RecordedEntry,
  type RevokedEntry,
} from "./consent-ledger.ts";
import {
  CONSENT_EVIDENCE_FORMAT,
  type ConsentEvidenceBundle,
  DISCLOSURE_STATEMENT,
  type EvidenceRecord,
} from "./evidence-bundle.ts";
import type { StoredConsentCheckpoint } from "./ports.ts";

/**
 * Appends entries to their provider teams' chains in the caller's transaction: locks the heads (in
 * team id order, so concurrent appends never deadlock), chains the entries, stores them.
 */
export async function appendConsentEntries(
  tx: Pick<TransactionScope, "consentLedger">,
  payloads: readonly ConsentLedgerPayload[],
): Promise<void> {
  if (payloads.length === 0) return;
  const teams = [...new Set(payloads.map((entry) => entry.providerTeamId))].sort();
  const heads = await tx.consentLedger.lockHeads(teams);
  const chained = await chainEntries(heads, payloads);
  await tx.consentLedger.append(chained.entries, chained.heads);
}

/** Options of the consent ledger's use cases. */
export interface ConsentLedgerOptions {
  /**
   * The Ed25519 private key that signs checkpoints (a JWK, e.g. from the host's configuration). It
   * becomes the active key and only its public part is stored; the key it replaces stays published.
   * Without it, the service generates a key at first start and stores it in the database.
   */
  signingKey?: Ed25519PrivateJwk;
}

/** The consent ledger, as providers, verifiers and the host's scheduler use it. */
export interface ConsentEvidenceUseCases {
  /**
   * The evidence bundle of the provider team's consent records about a customer (its id, phone or
   * e-mail): checkpoints the team's chain first when it has entries after its latest checkpoint, so
   * the bundle of a fresh record is complete. NotFoundError unless the customer ordered the team's offers.
   */
  evidence(principal: Principal, customerId: string): Promise<ConsentEvidenceBundle>;
  /** Every signing key, retired ones included, as a JWKS. */
  publicKeys(): Promise<ConsentKeySet>;
  /** Signs a checkpoint of every chain with entries after its latest checkpoint; how many were signed. */
  checkpointAll(): Promise<number>;
  /** Makes sure a signing key is active (generating and storing one at first start); its public key. */
  ensureSigningKey(): Promise<ConsentPublicKey>;
}

/** What a recorded entry's record shows in a bundle. */
function evidenceRecord(entry: RecordedEntry, seq: number, hash: string): EvidenceRecord {
  const { type: _type, ...fields } = entry;
  return { ...fields, seq, hash, revocations: [] };
}

export function consentEvidenceUseCases(
  ctx: UseCaseContext<"consentLedger" | "customers">,
  options: ConsentLedgerOptions = {},
): ConsentEvidenceUseCases {
  const { unitOfWork, clock, logger } = ctx;
  // Looked up on use, not at construction: building the app (its OpenAPI document) touches no port.
  const ledger = () => unitOfWork.repositories.consentLedger;
  let active: Promise<{ jwk: Ed25519PrivateJwk; kid: string }> | null = null;

  async function loadSigningKey(): Promise<{ jwk: Ed25519PrivateJwk; kid: string }> {
    const configured = options.signingKey;
    if (configured) {
      const publicJwk = await publicKeyOf(configured);
      const stored = await ledger().publicSigningKeys();
      const current = stored.find((key) => key.retiredAt === null);
      if (current?.kid !== publicJwk.kid) {
        await ledger().activateSigningKey({
          kid: publicJwk.kid,
          publicJwk,
          privateJwk: null,
          createdAt: clock.now(),
          retiredAt: null,
        });
        logger.info("consent signing key activated (configured)", { kid: publicJwk.kid });
      }
      return { jwk: configured, kid: publicJwk.kid };
    }
    for (let round = 0; round < 2; round++) {
      const current = (await ledger().signingKeys()).find((key) => key.retiredAt === null);
      if (current?.privateJwk) return { jwk: current.privateJwk, kid: current.kid };
      if (current) {
        throw new Error(
          `the active consent signing key ${current.kid} was configured, not stored: configure it again (or a new one)`,
        );
      }
      const jwk = await generateSigningKey();
      const publicJwk = await publicKeyOf(jwk);
      const stored = await ledger().insertFirstSigningKey({
        kid: publicJwk.kid,
        publicJwk,
        privateJwk: jwk,
        createdAt: clock.now(),
        retiredAt: null,
      });
      if (stored) {
        logger.info("consent signing key generated", { kid: publicJwk.kid });
        return { jwk, kid: publicJwk.kid };
      }
      // Another process stored its key first: use that one.
    }
    throw new Error("no active consent signing key could be stored");
  }

  function signingKey() {
    if (!active) {
      active = loadSigningKey();
      active.catch(() => {
        active = null;
      });
    }
    return active;
  }

  async function sign(head: ChainHead): Promise<StoredConsentCheckpoint> {
    const key = await signingKey();
    const signedAt = clock.now();
    const unsigned = { providerTeamId: head.providerTeamId, seq: head.seq, hash: head.hash, keyId: key.kid };
    const signature = await signWithKey(key.jwk, checkpointMessage({ ...unsigned, signedAt: signedAt.toISOString() }));
    return { ...unsigned, signedAt, signature };
  }

  /** The team's latest checkpoint, made now when the chain moved past it; null for an empty chain. */
  async function currentCheckpoint(providerTeamId: string): Promise<StoredConsentCheckpoint | null> {
    const [head, latest] = await Promise.all([
      ledger().head(providerTeamId),
      ledger().latestCheckpoint(providerTeamId),
    ]);
    if (!head || head.seq === 0) return null;
    if (latest && latest.seq >= head.seq) return latest;
    await ledger().insertCheckpoint(await sign(head));
    return ledger().latestCheckpoint(providerTeamId);
  }

  async function publicKeys(): Promise<ConsentKeySet> {
    // Never the private parts: the published key set reads the public columns only.
    const keys = await ledger().publicSigningKeys();
    return { keys: keys.map((key) => key.publicJwk) };
  }

  return {
    publicKeys,

    async evidence(principal, customerId) {
      if (!isUuidV4(customerId)) throw new NotFoundError("Customer", customerId);
      const found = await unitOfWork.repositories.customers.findForProvider(principal.teamId, customerId);
      if (!found) throw new NotFoundError("Customer", customerId);
      const checkpoint = await currentCheckpoint(principal.teamId);
      const maxSeq = checkpoint?.seq ?? 0;
      const entries = maxSeq > 0 ? await ledger().entriesForCustomer(principal.teamId, found.customer, maxSeq) : [];
      const records: EvidenceRecord[] = [];
      const byConsent = new Map<string, EvidenceRecord>();
      for (const entry of entries) {
        const payload = JSON.parse(entry.payload) as ConsentLedgerPayload;
        if (payload.type === "consent_recorded") {
          const record = evidenceRecord(payload, entry.seq, entry.hash);
          records.push(record);
          byConsent.set(record.consentId, record);
        } else {
          const revocation = payload as RevokedEntry;
          byConsent.get(revocation.consentId)?.revocations.push({
            revokedAt: revocation.revokedAt,
            revokedVia: revocation.revokedVia,
            seq: entry.seq,
            hash: entry.hash,
          });
        }
      }
      const first = entries[0];
      const links = first && checkpoint ? await ledger().links(principal.teamId, first.seq, checkpoint.seq) : [];
      return {
        format: CONSENT_EVIDENCE_FORMAT,
        generatedAt: clock.now().toISOString(),
        providerTeamId: principal.teamId,
        customerId,
        statement: DISCLOSURE_STATEMENT,
        records,
        chain: {
          fromSeq: first ? first.seq : maxSeq + 1,
          prevHash: first ? first.prevHash : (checkpoint?.hash ?? GENESIS_HASH),
          links: links.map((link) => ({ seq: link.seq, consentId: link.consentId, digest: link.digest })),
        },
        checkpoint: checkpoint && {
          providerTeamId: checkpoint.providerTeamId,
          seq: checkpoint.seq,
          hash: checkpoint.hash,
          signedAt: checkpoint.signedAt.toISOString(),
          keyId: checkpoint.keyId,
          signature: checkpoint.signature,
        },
        keys: await publicKeys(),
      };
    },

    async checkpointAll() {
      let signed = 0;
      for (;;) {
        const heads = await ledger().headsAwaitingCheckpoint(100);
        for (const head of heads) {
          await ledger().insertCheckpoint(await sign(head));
          signed += 1;
        }
        if (heads.length < 100) return signed;
      }
    },

    async ensureSigningKey() {
      return publicKeyOf((await signingKey()).jwk);
    },
  };
}
