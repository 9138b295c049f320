import type { Ed25519PrivateJwk, SecretKeyring } from "@marketplace/core";
import {
  type ChainHead,
  type ConsentCustomer,
  type ConsentLedgerEntry,
  type ConsentLedgerRepository,
  type ConsentPublicKey,
  GENESIS_HASH,
  type PublicSigningKey,
  type StoredConsentCheckpoint,
  type StoredSigningKey,
} from "@marketplace/core/consents";
import { openSecret, sealSecret } from "@marketplace/core/kernel";
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

type HeadRow = { provider_team_id: string; seq: string | number; hash: string };
type EntryRow = HeadRow & { consent_id: string; payload: string; digest: string; prev_hash: string };
type CheckpointRow = HeadRow & { signed_at: Date; key_id: string; signature: string };
type PublicKeyRow = { kid: string; public_jwk: unknown; created_at: Date; retired_at: Date | null };
type KeyRow = PublicKeyRow & { private_jwk: unknown; private_key_sealed: string | null };

/** The context a signing key's sealed private part is bound to (its row). */
export function signingKeyContext(kid: string): string {
  return `consent_signing_keys:${kid}`;
}

/**
 * The consent ledger in PostgreSQL: `consent_chain_heads` (one row per provider team, locked while
 * an append runs), `consent_ledger_entries` and `consent_checkpoints` (append-only: a trigger
 * refuses UPDATE and DELETE), `consent_signing_keys`.
 *
 * With a key-encryption keyring, a generated key's private part is stored sealed
 * (`private_key_sealed`); without one, as a plaintext JWK (`private_jwk`), as before sealing existed.
 */
export class PostgresConsentLedgerRepository implements ConsentLedgerRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly secretKeyring: SecretKeyring | null = null,
  ) {}

  async lockHeads(providerTeamIds: readonly string[]): Promise<ChainHead[]> {
    if (providerTeamIds.length === 0) return [];
    // One statement: creates missing heads and row-locks every head, in the order given (the
    // no-op update takes the lock and returns the latest committed head).
    const { rows } = await sql<HeadRow>`
      insert into consent_chain_heads (provider_team_id, seq, hash)
      select team, 0, ${GENESIS_HASH} from unnest(${[...providerTeamIds]}::uuid[]) with ordinality as t (team, n)
      order by n
      on conflict (provider_team_id) do update set seq = consent_chain_heads.seq
      returning provider_team_id, seq, hash
    `.execute(this.db);
    return rows.map(toHead);
  }

  async append(entries: readonly ConsentLedgerEntry[], heads: readonly ChainHead[]): Promise<void> {
    if (entries.length === 0) return;
    const entryRows = entries.map((entry) => ({
      provider_team_id: entry.providerTeamId,
      seq: entry.seq,
      consent_id: entry.consentId,
      payload: entry.payload,
      digest: entry.digest,
      prev_hash: entry.prevHash,
      hash: entry.hash,
    }));
    const headRows = heads.map((head) => ({ provider_team_id: head.providerTeamId, seq: head.seq, hash: head.hash }));
    await sql`
      with appended as (
        insert into consent_ledger_entries (provider_team_id, seq, consent_id, payload, digest, prev_hash, hash)
        select provider_team_id, seq, consent_id, payload, digest, prev_hash, hash
        from jsonb_to_recordset(${JSON.stringify(entryRows)}::jsonb) as e (
          provider_team_id uuid, seq bigint, consent_id uuid, payload text, digest text, prev_hash text, hash text
        )
      )
      update consent_chain_heads h set seq = n.seq, hash = n.hash
      from jsonb_to_recordset(${JSON.stringify(headRows)}::jsonb) as n (provider_team_id uuid, seq bigint, hash text)
      where h.provider_team_id = n.provider_team_id
    `.execute(this.db);
  }

  async head(providerTeamId: string): Promise<ChainHead | null> {
    const { rows } = await sql<HeadRow>`
      select provider_team_id, seq, hash from consent_chain_heads where provider_team_id = ${providerTeamId}
    `.execute(this.db);
    return rows[0] ? toHead(rows[0]) : null;
  }

  async headsAwaitingCheckpoint(limit: number): Promise<ChainHead[]> {
    const { rows } = await sql<HeadRow>`
      select h.provider_team_id, h.seq, h.hash from consent_chain_heads h
      where h.seq > coalesce(
        (select max(c.seq) from consent_checkpoints c where c.provider_team_id = h.provider_team_id), 0)
      order by h.provider_team_id
      limit ${limit}
    `.execute(this.db);
    return rows.map(toHead);
  }

  async latestCheckpoint(providerTeamId: string): Promise<StoredConsentCheckpoint | null> {
    const { rows } = await sql<CheckpointRow>`
      select * from consent_checkpoints where provider_team_id = ${providerTeamId} order by seq desc limit 1
    `.execute(this.db);
    const row = rows[0];
    return row
      ? {
          ...toHead(row),
          signedAt: row.signed_at,
          keyId: row.key_id,
          signature: row.signature,
        }
      : null;
  }

  async insertCheckpoint(checkpoint: StoredConsentCheckpoint): Promise<void> {
    await sql`
      insert into consent_checkpoints (provider_team_id, seq, hash, signed_at, key_id, signature)
      values (${checkpoint.providerTeamId}, ${checkpoint.seq}, ${checkpoint.hash}, ${checkpoint.signedAt},
        ${checkpoint.keyId}, ${checkpoint.signature})
      on conflict do nothing
    `.execute(this.db);
  }

  async entriesForCustomer(
    providerTeamId: string,
    customer: ConsentCustomer,
    maxSeq: number,
  ): Promise<ConsentLedgerEntry[]> {
    const { rows } = await sql<EntryRow>`
      select e.* from consent_ledger_entries e
      join consent_records r on r.id = e.consent_id
      where e.provider_team_id = ${providerTeamId} and e.seq <= ${maxSeq}
        and r.provider_team_id = ${providerTeamId}
        and (r.customer_id = ${customer.id} or r.phone = ${customer.phone} or r.email = ${customer.email})
      order by e.seq
    `.execute(this.db);
    return rows.map(toEntry);
  }

  async links(providerTeamId: string, fromSeq: number, toSeq: number): Promise<ConsentLedgerEntry[]> {
    const { rows } = await sql<EntryRow>`
      select provider_team_id, seq, consent_id, '' as payload, digest, prev_hash, hash from consent_ledger_entries
      where provider_team_id = ${providerTeamId} and seq between ${fromSeq} and ${toSeq}
      order by seq
    `.execute(this.db);
    return rows.map(toEntry);
  }

  async signingKeys(): Promise<StoredSigningKey[]> {
    const { rows } = await sql<KeyRow>`
      select kid, public_jwk, private_jwk, private_key_sealed, created_at, retired_at
      from consent_signing_keys order by created_at, kid
    `.execute(this.db);
    const keys: StoredSigningKey[] = [];
    for (const row of rows) {
      let privateJwk = (row.private_jwk ?? null) as Ed25519PrivateJwk | null;
      if (row.private_key_sealed !== null) {
        const opened = await openSecret(this.secretKeyring, row.private_key_sealed, signingKeyContext(row.kid));
        privateJwk = JSON.parse(opened) as Ed25519PrivateJwk;
      }
      keys.push({ ...toPublicKey(row), privateJwk });
    }
    return keys;
  }

  async publicSigningKeys(): Promise<PublicSigningKey[]> {
    // The public columns only: the published key set never reads a private part.
    const { rows } = await sql<PublicKeyRow>`
      select kid, public_jwk, created_at, retired_at from consent_signing_keys order by created_at, kid
    `.execute(this.db);
    return rows.map(toPublicKey);
  }

  async activateSigningKey(key: StoredSigningKey): Promise<void> {
    const { plain, sealed } = await this.privateColumns(key);
    const work = async (db: Kysely<Database>) => {
      await sql`
        update consent_signing_keys set retired_at = ${key.createdAt}
        where retired_at is null and kid <> ${key.kid}
      `.execute(db);
      await sql`
        insert into consent_signing_keys (kid, public_jwk, private_jwk, private_key_sealed, created_at, retired_at)
        values (${key.kid}, ${JSON.stringify(key.publicJwk)}::jsonb, ${plain}::jsonb, ${sealed}, ${key.createdAt}, null)
        on conflict (kid) do update set retired_at = null
      `.execute(db);
    };
    if (this.db.isTransaction) await work(this.db);
    else await this.db.transaction().execute(work);
  }

  async insertFirstSigningKey(key: StoredSigningKey): Promise<boolean> {
    const { plain, sealed } = await this.privateColumns(key);
    const { rows } = await sql`
      insert into consent_signing_keys (kid, public_jwk, private_jwk, private_key_sealed, created_at, retired_at)
      values (${key.kid}, ${JSON.stringify(key.publicJwk)}::jsonb, ${plain}::jsonb, ${sealed}, ${key.createdAt}, null)
      on conflict do nothing
      returning kid
    `.execute(this.db);
    return rows.length > 0;
  }

  /** The private part as stored: sealed with a keyring, plaintext JSON without one, neither for a configured key. */
  private async privateColumns(key: StoredSigningKey): Promise<{ plain: string | null; sealed: string | null }> {
    if (!key.privateJwk) return { plain: null, sealed: null };
    const text = JSON.stringify(key.privateJwk);
    if (!this.secretKeyring) return { plain: text, sealed: null };
    return { plain: null, sealed: await sealSecret(this.secretKeyring, text, signingKeyContext(key.kid)) };
  }
}

function toPublicKey(row: PublicKeyRow): PublicSigningKey {
  return {
    kid: row.kid,
    publicJwk: row.public_jwk as ConsentPublicKey,
    createdAt: row.created_at,
    retiredAt: row.retired_at,
  };
}

function toHead(row: HeadRow): ChainHead {
  return { providerTeamId: row.provider_team_id, seq: Number(row.seq), hash: row.hash };
}

function toEntry(row: EntryRow): ConsentLedgerEntry {
  return {
    providerTeamId: row.provider_team_id,
    seq: Number(row.seq),
    consentId: row.consent_id,
    payload: row.payload,
    digest: row.digest,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}
