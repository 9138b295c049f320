/**
 * Ports of the consent capability.
 *
 * @module
 */

import type { ConsentPublicKey, Ed25519PrivateJwk } from "./consent-keys.ts";
import type { ChainHead, ConsentLedgerEntry } from "./consent-ledger.ts";
import type { ConsentRecord, ConsentRevocation } from "./types.ts";

/** A phone number or e-mail address a consumer withdraws consent for. */
export interface ConsentIdentifier {
  /** E.164, or null. */
  phone: string | null;
  /** Lowercased, or null. */
  email: string | null;
}

/** The customer a provider reports a STOP for: its records are matched by id, phone or e-mail. */
export interface ConsentCustomer {
  id: string;
  /** E.164. */
  phone: string;
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
    customer: ConsentCustomer,
    revocation: ConsentRevocation,
  ): Promise<ConsentRecord[]>;
  /**
   * The latest decision of each kind about each of these customers (records carrying the
   * customer's id) naming the provider team, with its revocation: at most one per customer and kind.
   */
  latestByCustomer(providerTeamId: string, customerIds: readonly string[]): Promise<ConsentRecord[]>;
  /** Flags the customer unsubscribed for the provider team (the first flag's time is kept). */
  markUnsubscribed(customerId: string, providerTeamId: string, at: Date): Promise<void>;
}

/** A checkpoint as stored: a chain head signed with the service's key. */
export interface StoredConsentCheckpoint {
  providerTeamId: string;
  seq: number;
  hash: string;
  signedAt: Date;
  /** The signing key's id (RFC 7638 thumbprint). */
  keyId: string;
  /** Ed25519, base64url, over `checkpointMessage`. */
  signature: string;
}

/** A signing key as stored: its public JWK always, its private JWK only when the service generated it. */
export interface StoredSigningKey {
  kid: string;
  publicJwk: ConsentPublicKey;
  /** Null for a key supplied by configuration (never stored). */
  privateJwk: Ed25519PrivateJwk | null;
  createdAt: Date;
  /** When another key replaced it; null for the active key. */
  retiredAt: Date | null;
}

/** A signing key without its private part, as the published key set (JWKS) reads it. */
export type PublicSigningKey = Omit<StoredSigningKey, "privateJwk">;

/**
 * The consent ledger: per provider team hash chains of consent records and revocations
 * (append-only), their signed checkpoints, and the signing keys.
 */
export interface ConsentLedgerRepository {
  /**
   * Locks the chain heads of these teams until the transaction ends, in the order given (callers sort
   * them: two transactions never wait on each other crosswise), creating empty ones; their heads.
   */
  lockHeads(providerTeamIds: readonly string[]): Promise<ChainHead[]>;
  /** Inserts chained entries and moves each chain's head to the given one (call after `lockHeads`). */
  append(entries: readonly ConsentLedgerEntry[], heads: readonly ChainHead[]): Promise<void>;
  /** A team's chain head, without locking; null when the team has no entries. */
  head(providerTeamId: string): Promise<ChainHead | null>;
  /** Heads of chains that have entries after their latest checkpoint (at most `limit`). */
  headsAwaitingCheckpoint(limit: number): Promise<ChainHead[]>;
  /** The team's latest checkpoint, or null. */
  latestCheckpoint(providerTeamId: string): Promise<StoredConsentCheckpoint | null>;
  /** Stores a checkpoint (one of the same chain position already stored wins). */
  insertCheckpoint(checkpoint: StoredConsentCheckpoint): Promise<void>;
  /**
   * The entries (records and their revocations) of the team's records about the customer (its id,
   * phone or e-mail), up to `maxSeq`, in chain order.
   */
  entriesForCustomer(providerTeamId: string, customer: ConsentCustomer, maxSeq: number): Promise<ConsentLedgerEntry[]>;
  /** The team's links from `fromSeq` to `toSeq` (payloads left empty), in chain order. */
  links(providerTeamId: string, fromSeq: number, toSeq: number): Promise<ConsentLedgerEntry[]>;
  /**
   * Every signing key, oldest first, with the private part of a stored (generated) key opened. Throws
   * when a sealed private part cannot be opened (no key-encryption key, or another one).
   */
  signingKeys(): Promise<StoredSigningKey[]>;
  /** Every signing key's public part, oldest first: reads no private column (the published key set). */
  publicSigningKeys(): Promise<PublicSigningKey[]>;
  /**
   * Makes `key` the active key: retires every other active key and stores this one (a retired key
   * of the same id becomes active again). Whether a key is stored with its private part is the caller's.
   */
  activateSigningKey(key: StoredSigningKey): Promise<void>;
  /** Stores a generated key as the active one unless another is active already; whether it was stored. */
  insertFirstSigningKey(key: StoredSigningKey): Promise<boolean>;
}
