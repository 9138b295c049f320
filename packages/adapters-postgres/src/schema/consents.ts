/**
 * Kysely table types: consents, their ledger, signing keys and checkpoints, and unsubscriptions.
 * Column names are snake_case as in SQL; `Database` (../schema.ts) names every table.
 *
 * @module
 */

export interface ConsentRecordsTable {
  id: string;
  order_id: string | null;
  click_id: string | null;
  position: number;
  provider_team_id: string;
  reseller_team_id: string;
  customer_id: string | null;
  kind: string;
  granted: boolean;
  disclosure_version: string;
  disclosure_text: string;
  phone: string;
  email: string | null;
  client_ip: string;
  user_agent: string | null;
  is_training: boolean;
  recorded_at: Date;
}

export interface ConsentRevocationsTable {
  consent_id: string;
  revoked_at: Date;
  revoked_via: string;
}

export interface ConsentChainHeadsTable {
  provider_team_id: string;
  /** bigint: pg returns it as a string. */
  seq: string | number;
  hash: string;
}

export interface ConsentLedgerEntriesTable {
  provider_team_id: string;
  seq: string | number;
  consent_id: string;
  payload: string;
  digest: string;
  prev_hash: string;
  hash: string;
}

export interface ConsentSigningKeysTable {
  kid: string;
  public_jwk: unknown;
  private_jwk: unknown | null;
  /** The private JWK sealed under the key-encryption key (`kek1.…`); null when not stored sealed. */
  private_key_sealed: string | null;
  created_at: Date;
  retired_at: Date | null;
}

export interface ConsentCheckpointsTable {
  provider_team_id: string;
  seq: string | number;
  hash: string;
  signed_at: Date;
  key_id: string;
  signature: string;
}

export interface CustomerUnsubscriptionsTable {
  customer_id: string;
  provider_team_id: string;
  unsubscribed_at: Date;
}
