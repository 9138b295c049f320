/**
 * The consent evidence bundle's format and its offline verification (Web Crypto only); published as
 * the `@marketplace/core/consent-evidence` entry point (../consent-evidence.ts).
 *
 * @module
 */

import { canonicalJson } from "../canonical-json.ts";
import type { ConsentKeySet, ConsentPublicKey } from "./consent-keys.ts";
import { keyThumbprint, verifyWithKey } from "./consent-keys.ts";
import {
  type ChainHead,
  checkpointMessage,
  entryDigest,
  linkHash,
  type RecordedEntry,
  type RevokedEntry,
} from "./consent-ledger.ts";

export type { ConsentKeySet, ConsentPublicKey };

/** The `format` of a bundle this version writes and verifies. */
export const CONSENT_EVIDENCE_FORMAT = "marketplace.consent-evidence.v1";

/** What every bundle states about the disclosure text it holds. */
export const DISCLOSURE_STATEMENT =
  "disclosureText is the wording the service rendered server-side from disclosureVersion and the provider's " +
  "displayed name when the decision was recorded; clients never send disclosure text. A published version's " +
  "wording never changes.";

/** A revocation of a record, with its ledger entry's position and hash. */
export interface EvidenceRevocation {
  revokedAt: string;
  revokedVia: RevokedEntry["revokedVia"];
  seq: number;
  hash: string;
}

/** A consent record as recorded (its ledger entry), with its position and hash, and its revocations. */
export interface EvidenceRecord extends Omit<RecordedEntry, "type"> {
  seq: number;
  hash: string;
  revocations: EvidenceRevocation[];
}

/** A chain link: enough to recompute the chain through entries the bundle does not show. */
export interface EvidenceLink {
  seq: number;
  consentId: string;
  /** SHA-256 of the entry's canonical JSON. */
  digest: string;
}

/** A signed chain head. */
export interface EvidenceCheckpoint {
  providerTeamId: string;
  seq: number;
  hash: string;
  signedAt: string;
  /** The `kid` of the signing key. */
  keyId: string;
  /** Ed25519 signature (base64url) of `checkpointMessage(checkpoint)`. */
  signature: string;
}

/** A self-contained evidence bundle. */
export interface ConsentEvidenceBundle {
  format: typeof CONSENT_EVIDENCE_FORMAT;
  generatedAt: string;
  providerTeamId: string;
  customerId: string;
  /** What the disclosure text is (`DISCLOSURE_STATEMENT`). */
  statement: string;
  /** The records naming the team about the customer, in chain order. */
  records: EvidenceRecord[];
  /** The links from the first record's entry to the checkpoint, after `prevHash` (the hash before `fromSeq`). */
  chain: { fromSeq: number; prevHash: string; links: EvidenceLink[] };
  /** The checkpoint the chain leads to; null only when there are no records. */
  checkpoint: EvidenceCheckpoint | null;
  /** The keys published when the bundle was made; verify against the service's published keys, not these. */
  keys: ConsentKeySet;
}

/** The outcome of `verifyConsentEvidence`. */
export type EvidenceVerification =
  | { valid: true; records: number; checkpoint: Pick<EvidenceCheckpoint, "seq" | "signedAt" | "keyId"> | null }
  | { valid: false; problems: string[] };

const HEX64 = /^[0-9a-f]{64}$/;

/** The fields a bundle's record may have: its ledger entry's, and where it sits in the chain. */
const RECORD_FIELDS: ReadonlySet<string> = new Set([
  "consentId",
  "providerTeamId",
  "resellerTeamId",
  "orderId",
  "clickId",
  "customerId",
  "kind",
  "granted",
  "disclosureVersion",
  "disclosureText",
  "phone",
  "email",
  "ipAddress",
  "userAgent",
  "isTraining",
  "recordedAt",
  "storefrontId",
  "linkId",
  "offerIds",
  "pageUrl",
  "seq",
  "hash",
  "revocations",
]);
const REVOCATION_FIELDS: ReadonlySet<string> = new Set(["revokedAt", "revokedVia", "seq", "hash"]);

/** Fields that no signature covers: a bundle carrying them claims more than it proves. */
function unsigned(value: Record<string, unknown>, allowed: ReadonlySet<string>): string[] {
  return Object.keys(value).filter((key) => !allowed.has(key));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isSeq(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 1;
}

/** The record's ledger entry, rebuilt from the bundle's fields (what the service digested). */
function recordedPayload(record: EvidenceRecord): RecordedEntry {
  return {
    type: "consent_recorded",
    consentId: record.consentId,
    providerTeamId: record.providerTeamId,
    resellerTeamId: record.resellerTeamId,
    orderId: record.orderId,
    clickId: record.clickId,
    customerId: record.customerId,
    kind: record.kind,
    granted: record.granted,
    disclosureVersion: record.disclosureVersion,
    disclosureText: record.disclosureText,
    phone: record.phone,
    email: record.email,
    ipAddress: record.ipAddress,
    userAgent: record.userAgent,
    isTraining: record.isTraining,
    recordedAt: record.recordedAt,
    storefrontId: record.storefrontId,
    linkId: record.linkId,
    offerIds: record.offerIds,
    pageUrl: record.pageUrl,
  };
}

function revokedPayload(record: EvidenceRecord, revocation: EvidenceRevocation): RevokedEntry {
  return {
    type: "consent_revoked",
    consentId: record.consentId,
    providerTeamId: record.providerTeamId,
    revokedAt: revocation.revokedAt,
    revokedVia: revocation.revokedVia,
  };
}

interface Shown {
  consentId: string;
  payload: string;
  hash: unknown;
  what: string;
}

/**
 * Verifies a bundle against the service's published key set: every shown entry's digest, every
 * chain link up to the checkpoint, the checkpoint's signature. Never throws for a malformed bundle
 * (it is reported as a problem).
 *
 * @example
 * const result = await verifyConsentEvidence(bundle, keys);
 * // { valid: true, records: 2, checkpoint: { seq: 41, signedAt: "…", keyId: "…" } }
 */
export async function verifyConsentEvidence(bundle: unknown, keys: unknown): Promise<EvidenceVerification> {
  try {
    const problems = await check(bundle, keys);
    if (problems.length > 0) return { valid: false, problems };
    const b = bundle as ConsentEvidenceBundle;
    const cp = b.checkpoint;
    return {
      valid: true,
      records: b.records.length,
      checkpoint: cp ? { seq: cp.seq, signedAt: cp.signedAt, keyId: cp.keyId } : null,
    };
  } catch (error) {
    return { valid: false, problems: [`malformed bundle: ${error instanceof Error ? error.message : String(error)}`] };
  }
}

async function check(bundle: unknown, keys: unknown): Promise<string[]> {
  if (!isObject(bundle)) return ["the bundle is not a JSON object"];
  if (bundle.format !== CONSENT_EVIDENCE_FORMAT) return [`format must be ${CONSENT_EVIDENCE_FORMAT}`];
  const records = bundle.records;
  const chain = bundle.chain;
  const checkpoint = bundle.checkpoint;
  if (!Array.isArray(records)) return ["records must be an array"];
  if (!isObject(chain) || !Array.isArray(chain.links)) return ["chain must hold links"];
  if (records.length === 0 && checkpoint === null) return [];
  if (!isObject(checkpoint)) return ["checkpoint is missing"];
  if (!isObject(keys) || !Array.isArray(keys.keys)) return ["keys must be a JWKS ({ keys: [...] })"];

  const problems: string[] = [];
  const providerTeamId = bundle.providerTeamId;
  if (checkpoint.providerTeamId !== providerTeamId) problems.push("checkpoint is of another provider team's chain");

  // Every entry the bundle shows, by position.
  const shown = new Map<number, Shown>();
  const shownConsents = new Set<string>();
  let lastSeq = 0;
  for (const [index, raw] of records.entries()) {
    if (!isObject(raw) || !isSeq(raw.seq) || !Array.isArray(raw.revocations) || !Array.isArray(raw.offerIds)) {
      problems.push(`records[${index}] is malformed`);
      continue;
    }
    const record = raw as unknown as EvidenceRecord;
    const what = `record ${record.consentId}`;
    const extra = unsigned(raw, RECORD_FIELDS);
    if (extra.length > 0) problems.push(`${what} has fields no entry covers: ${extra.join(", ")}`);
    if (record.providerTeamId !== providerTeamId) problems.push(`${what} names another provider team`);
    if (record.seq <= lastSeq) problems.push(`${what} is out of chain order`);
    lastSeq = record.seq;
    shownConsents.add(record.consentId);
    if (shown.has(record.seq)) problems.push(`${what}: position ${record.seq} appears twice`);
    shown.set(record.seq, {
      consentId: record.consentId,
      payload: canonicalJson(recordedPayload(record)),
      hash: record.hash,
      what,
    });
    let after = record.seq;
    for (const [r, revocation] of record.revocations.entries()) {
      if (!isObject(revocation) || !isSeq(revocation.seq)) {
        problems.push(`${what}: revocations[${r}] is malformed`);
        continue;
      }
      const extraRevocation = unsigned(revocation, REVOCATION_FIELDS);
      if (extraRevocation.length > 0) {
        problems.push(
          `${what}: revocation at ${revocation.seq} has fields no entry covers: ${extraRevocation.join(", ")}`,
        );
      }
      if (revocation.seq <= after) problems.push(`${what}: revocation at ${revocation.seq} is out of chain order`);
      after = revocation.seq;
      if (shown.has(revocation.seq)) problems.push(`${what}: position ${revocation.seq} appears twice`);
      shown.set(revocation.seq, {
        consentId: record.consentId,
        payload: canonicalJson(revokedPayload(record, revocation)),
        hash: revocation.hash,
        what: `${what}, revocation at ${revocation.seq}`,
      });
    }
  }
  if (problems.length > 0) return problems;

  // Walk the links from the first shown entry to the checkpoint, recomputing every hash.
  const fromSeq = chain.fromSeq;
  const prevHash = chain.prevHash;
  if (!isSeq(fromSeq) || typeof prevHash !== "string" || !HEX64.test(prevHash))
    return ["chain.fromSeq or chain.prevHash is malformed"];
  if (records.length > 0 && fromSeq !== Math.min(...shown.keys()))
    problems.push("chain does not start at the first record");
  let head: Pick<ChainHead, "seq" | "hash"> = { seq: fromSeq - 1, hash: prevHash };
  for (const [index, raw] of chain.links.entries()) {
    if (!isObject(raw) || typeof raw.consentId !== "string" || typeof raw.digest !== "string") {
      problems.push(`chain.links[${index}] is malformed`);
      break;
    }
    const link = raw as unknown as EvidenceLink;
    const seq = head.seq + 1;
    if (link.seq !== seq) {
      problems.push(`chain.links[${index}] is at ${String(link.seq)}, expected ${seq} (entries removed or reordered)`);
      break;
    }
    const entry = shown.get(seq);
    if (entry) {
      if (link.consentId !== entry.consentId) problems.push(`${entry.what}: the chain holds another consent at ${seq}`);
      if ((await entryDigest(entry.payload)) !== link.digest) {
        problems.push(`${entry.what} does not match its ledger entry (altered after it was recorded)`);
      }
    } else if (shownConsents.has(link.consentId)) {
      problems.push(
        `the entry at ${seq} is about consent ${link.consentId} but the bundle leaves it out (a revocation removed?)`,
      );
    }
    const hash = await linkHash({ seq, consentId: link.consentId, digest: link.digest, prev: head.hash });
    if (entry && entry.hash !== hash) problems.push(`${entry.what}: its hash is not the chain's at ${seq}`);
    head = { seq, hash };
  }
  for (const [seq, entry] of shown) {
    if (seq > head.seq) problems.push(`${entry.what} at ${seq} is not covered by the checkpoint`);
  }
  if (checkpoint.seq !== head.seq || checkpoint.hash !== head.hash) {
    problems.push("the chain does not lead to the checkpoint's head (an entry was altered, removed or reordered)");
  }

  const key = (keys.keys as unknown[]).filter(isObject).find((k) => k.kid === checkpoint.keyId);
  if (!key) problems.push(`the checkpoint's key ${String(checkpoint.keyId)} is not among the published keys`);
  else if (typeof key.x !== "string" || (await keyThumbprint({ x: key.x })) !== key.kid) {
    problems.push(`the published key ${String(key.kid)} is not named by its thumbprint`);
  } else {
    const message = checkpointMessage(checkpoint as unknown as EvidenceCheckpoint);
    if (!(await verifyWithKey(key, message, String(checkpoint.signature)))) {
      problems.push("the checkpoint's signature does not verify");
    }
  }
  return problems;
}
