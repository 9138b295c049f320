/**
 * The consent ledger: every consent record and every revocation is an entry of its provider team's
 * hash chain, so that an entry altered, removed or moved after the fact no longer matches the chain
 * head a checkpoint signed.
 *
 * - **entry**: the canonical JSON of what was recorded (`ConsentLedgerPayload`), at position `seq`
 *   (1, 2, … per provider team).
 * - **digest**: SHA-256 of the entry's canonical JSON.
 * - **hash**: SHA-256 of the canonical JSON of `{consentId, digest, prev, seq}`, `prev` being the
 *   previous entry's hash (`GENESIS_HASH` before the first). A link names its consent id and digest
 *   only, so a bundle can prove the chain through other consumers' entries without showing them.
 * - **checkpoint**: a chain head (`seq`, `hash`) signed with the service's Ed25519 key.
 *
 * Pure and dependency-free (Web Crypto only): the offline verifier (`@marketplace/core/consent-evidence`)
 * computes exactly what the service computed.
 *
 * @module
 */

import { canonicalJson } from "../canonical-json.ts";
import { sha256Hex } from "../crypto.ts";
import { consentCapture } from "./consent-events.ts";
import type { ConsentKind, ConsentRecord, ConsentRevocation, DisclosureVersion, RevocationChannel } from "./types.ts";

/** The `prev` of a chain's first entry: 64 zeros. */
export const GENESIS_HASH: string = "0".repeat(64);

/** Where and how a decision was captured, beyond the request's client (kept in the ledger entry). */
export interface CaptureContext {
  /** The reseller's storefront the request came through, or null. */
  storefrontId: string | null;
  /** The shareable link the request came through, or null. */
  linkId: string | null;
  /** The page URL the client sent (`pageUrl`), or null. */
  pageUrl: string | null;
}

/** A consent record as its ledger entry holds it. */
export interface RecordedEntry {
  type: "consent_recorded";
  consentId: string;
  providerTeamId: string;
  resellerTeamId: string;
  orderId: string | null;
  clickId: string | null;
  customerId: string | null;
  kind: ConsentKind;
  granted: boolean;
  disclosureVersion: DisclosureVersion;
  /** The wording the service rendered from `disclosureVersion` and the provider's displayed name. */
  disclosureText: string;
  phone: string;
  email: string | null;
  ipAddress: string;
  userAgent: string | null;
  isTraining: boolean;
  /** ISO 8601. */
  recordedAt: string;
  storefrontId: string | null;
  linkId: string | null;
  /** The offers of the provider team the decision was made for (the order's items of that team, or the clicked offer). */
  offerIds: string[];
  pageUrl: string | null;
}

/** A revocation as its ledger entry holds it. */
export interface RevokedEntry {
  type: "consent_revoked";
  consentId: string;
  providerTeamId: string;
  /** ISO 8601. */
  revokedAt: string;
  revokedVia: RevocationChannel;
}

/** What a ledger entry holds. */
export type ConsentLedgerPayload = RecordedEntry | RevokedEntry;

/** A chain's head: its last entry's position and hash (`seq` 0 and `GENESIS_HASH` when empty). */
export interface ChainHead {
  providerTeamId: string;
  seq: number;
  hash: string;
}

/** One entry of a provider team's chain, as stored. */
export interface ConsentLedgerEntry {
  providerTeamId: string;
  seq: number;
  consentId: string;
  /** The entry's canonical JSON, exactly as digested. */
  payload: string;
  digest: string;
  prevHash: string;
  hash: string;
}

/** The ledger entry of a new consent record. */
export function recordedEntry(
  record: ConsentRecord,
  capture: CaptureContext,
  offerIds: readonly string[],
): RecordedEntry {
  return {
    type: "consent_recorded",
    consentId: record.id,
    providerTeamId: record.providerTeamId,
    resellerTeamId: record.resellerTeamId,
    orderId: record.orderId,
    clickId: record.clickId,
    customerId: record.customerId,
    ...consentCapture(record),
    isTraining: record.isTraining,
    storefrontId: capture.storefrontId,
    linkId: capture.linkId,
    offerIds: [...offerIds],
    pageUrl: capture.pageUrl,
  };
}

/** The ledger entry of a revocation. */
export function revokedEntry(
  record: Pick<ConsentRecord, "id" | "providerTeamId">,
  revocation: ConsentRevocation,
): RevokedEntry {
  return {
    type: "consent_revoked",
    consentId: record.id,
    providerTeamId: record.providerTeamId,
    revokedAt: revocation.at.toISOString(),
    revokedVia: revocation.via,
  };
}

/** SHA-256 (hex) of an entry's canonical JSON. */
export function entryDigest(payload: string): Promise<string> {
  return sha256Hex(payload);
}

/**
 * The hash of the link at `seq`: SHA-256 of `{consentId, digest, prev, seq}` as canonical JSON.
 *
 * @example
 * const hash = await linkHash({ seq: 1, consentId, digest, prev: GENESIS_HASH });
 */
export function linkHash(link: { seq: number; consentId: string; digest: string; prev: string }): Promise<string> {
  return sha256Hex(canonicalJson({ consentId: link.consentId, digest: link.digest, prev: link.prev, seq: link.seq }));
}

/**
 * Chains entries onto their provider teams' heads, in the order given: the entries to store and
 * the heads after them. Every entry's team must have a head in `heads`.
 */
export async function chainEntries(
  heads: readonly ChainHead[],
  payloads: readonly ConsentLedgerPayload[],
): Promise<{ entries: ConsentLedgerEntry[]; heads: ChainHead[] }> {
  const current = new Map(heads.map((head) => [head.providerTeamId, { ...head }]));
  const entries: ConsentLedgerEntry[] = [];
  for (const entry of payloads) {
    const head = current.get(entry.providerTeamId);
    if (!head) throw new Error(`chainEntries: no chain head for provider team ${entry.providerTeamId}`);
    const payload = canonicalJson(entry);
    const digest = await entryDigest(payload);
    const seq = head.seq + 1;
    const hash = await linkHash({ seq, consentId: entry.consentId, digest, prev: head.hash });
    entries.push({
      providerTeamId: entry.providerTeamId,
      seq,
      consentId: entry.consentId,
      payload,
      digest,
      prevHash: head.hash,
      hash,
    });
    head.seq = seq;
    head.hash = hash;
  }
  return { entries, heads: [...current.values()] };
}

/** The message a checkpoint's signature covers: canonical JSON of the checkpoint without its signature. */
export function checkpointMessage(checkpoint: {
  providerTeamId: string;
  seq: number;
  hash: string;
  signedAt: string;
  keyId: string;
}): string {
  return canonicalJson({
    type: "marketplace.consent-checkpoint.v1",
    providerTeamId: checkpoint.providerTeamId,
    seq: checkpoint.seq,
    hash: checkpoint.hash,
    signedAt: checkpoint.signedAt,
    keyId: checkpoint.keyId,
  });
}
