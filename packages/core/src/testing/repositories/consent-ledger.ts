/**
 * The consent ledger in memory: a hash chain per provider team (its head, its entries), signed
 * checkpoints and the signing keys. A chain head needs no lock here: transactions run one at a time.
 * A generated key's private part is kept as given (there is no storage to seal it for).
 *
 * @module
 */

import type {
  ConsentLedgerRepository,
  PublicSigningKey,
  StoredConsentCheckpoint,
  StoredSigningKey,
} from "../../consents/index.ts";
import { type ChainHead, type ConsentLedgerEntry, GENESIS_HASH } from "../../consents/index.ts";
import { copy, defineTable, InMemoryConstraintError, type InMemoryContext } from "../in-memory-database.ts";
import { CONSENT_RECORDS, recordIsAbout } from "./consents.ts";
import { TEAMS } from "./teams.ts";

/** Chain heads by provider team. */
export const CONSENT_CHAIN_HEADS = defineTable<ChainHead>("consent_chain_heads");

/** Ledger entries by provider team and position. */
export const CONSENT_LEDGER_ENTRIES = defineTable<ConsentLedgerEntry>("consent_ledger_entries");

/** Checkpoints by provider team and position. */
export const CONSENT_CHECKPOINTS = defineTable<StoredConsentCheckpoint>("consent_checkpoints");

/** Signing keys by key id. */
export const CONSENT_SIGNING_KEYS = defineTable<StoredSigningKey>("consent_signing_keys");

const position = (providerTeamId: string, seq: number) => `${providerTeamId}\u0000${seq}`;

/** Oldest first, the key id as the tie-break (`order by created_at, kid`). */
const oldestFirst = (a: StoredSigningKey, b: StoredSigningKey) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.kid < b.kid ? -1 : a.kid > b.kid ? 1 : 0);

/** The in-memory `ConsentLedgerRepository`. */
export function inMemoryConsentLedger(context: InMemoryContext): ConsentLedgerRepository {
  const heads = () => context.tables.rows(CONSENT_CHAIN_HEADS);
  const entries = () => context.tables.rows(CONSENT_LEDGER_ENTRIES);
  const checkpoints = () => context.tables.rows(CONSENT_CHECKPOINTS);
  const keys = () => context.tables.rows(CONSENT_SIGNING_KEYS);
  const checkpointsOf = (providerTeamId: string) =>
    [...checkpoints().values()].filter((checkpoint) => checkpoint.providerTeamId === providerTeamId);
  const chainOf = (providerTeamId: string) =>
    [...entries().values()].filter((entry) => entry.providerTeamId === providerTeamId).sort((a, b) => a.seq - b.seq);
  const requireTeam = (teamId: string, constraint: string) => {
    if (!context.tables.rows(TEAMS).has(teamId)) {
      throw new InMemoryConstraintError("23503", constraint, `team ${teamId} does not exist`);
    }
  };
  const hasActiveKey = () => [...keys().values()].some((key) => key.retiredAt === null);
  return {
    async lockHeads(providerTeamIds) {
      return providerTeamIds.map((providerTeamId) => {
        let head = heads().get(providerTeamId);
        if (!head) {
          requireTeam(providerTeamId, "consent_chain_heads_provider_team_id_fkey");
          head = { providerTeamId, seq: 0, hash: GENESIS_HASH };
          heads().set(providerTeamId, head);
        }
        return copy(head);
      });
    },
    async append(appended, newHeads) {
      if (appended.length === 0) return;
      for (const entry of appended) {
        const fail = (code: "23505" | "23503" | "23514", constraint: string) => {
          throw new InMemoryConstraintError(code, constraint, `ledger entry ${entry.seq}: ${constraint}`);
        };
        if (entry.seq < 1) fail("23514", "consent_ledger_entries_seq_check");
        if (entries().has(position(entry.providerTeamId, entry.seq))) fail("23505", "consent_ledger_entries_pkey");
        requireTeam(entry.providerTeamId, "consent_ledger_entries_provider_team_id_fkey");
        if (!context.tables.rows(CONSENT_RECORDS).has(entry.consentId)) {
          fail("23503", "consent_ledger_entries_consent_id_fkey");
        }
        entries().set(position(entry.providerTeamId, entry.seq), copy(entry));
      }
      for (const head of newHeads) {
        const stored = heads().get(head.providerTeamId);
        if (stored) {
          stored.seq = head.seq;
          stored.hash = head.hash;
        }
      }
    },
    async head(providerTeamId) {
      const head = heads().get(providerTeamId);
      return head ? copy(head) : null;
    },
    async headsAwaitingCheckpoint(limit) {
      return [...heads().values()]
        .filter((head) => head.seq > Math.max(0, ...checkpointsOf(head.providerTeamId).map((c) => c.seq)))
        .sort((a, b) => (a.providerTeamId < b.providerTeamId ? -1 : a.providerTeamId > b.providerTeamId ? 1 : 0))
        .slice(0, limit)
        .map(copy);
    },
    async latestCheckpoint(providerTeamId) {
      const latest = checkpointsOf(providerTeamId).sort((a, b) => b.seq - a.seq)[0];
      return latest ? copy(latest) : null;
    },
    async insertCheckpoint(checkpoint) {
      // `on conflict do nothing`: the checkpoint of a chain position already stored wins.
      if (checkpoints().has(position(checkpoint.providerTeamId, checkpoint.seq))) return;
      requireTeam(checkpoint.providerTeamId, "consent_checkpoints_provider_team_id_fkey");
      if (!keys().has(checkpoint.keyId)) {
        throw new InMemoryConstraintError("23503", "consent_checkpoints_key_id_fkey", `no key ${checkpoint.keyId}`);
      }
      checkpoints().set(position(checkpoint.providerTeamId, checkpoint.seq), copy(checkpoint));
    },
    async entriesForCustomer(providerTeamId, customer, maxSeq) {
      const records = context.tables.rows(CONSENT_RECORDS);
      return chainOf(providerTeamId)
        .filter((entry) => {
          const record = records.get(entry.consentId);
          return entry.seq <= maxSeq && record?.providerTeamId === providerTeamId && recordIsAbout(record, customer);
        })
        .map(copy);
    },
    async links(providerTeamId, fromSeq, toSeq) {
      return chainOf(providerTeamId)
        .filter((entry) => entry.seq >= fromSeq && entry.seq <= toSeq)
        .map((entry) => ({ ...copy(entry), payload: "" }));
    },
    async signingKeys() {
      return [...keys().values()].sort(oldestFirst).map(copy);
    },
    async publicSigningKeys(): Promise<PublicSigningKey[]> {
      return [...keys().values()].sort(oldestFirst).map(({ privateJwk: _, ...key }) => copy(key));
    },
    async activateSigningKey(key) {
      for (const other of keys().values()) {
        if (other.retiredAt === null && other.kid !== key.kid) other.retiredAt = new Date(key.createdAt);
      }
      const stored = keys().get(key.kid);
      // A retired key of the same id becomes active again, as it was stored.
      if (stored) stored.retiredAt = null;
      else keys().set(key.kid, { ...copy(key), retiredAt: null });
    },
    async insertFirstSigningKey(key) {
      // `on conflict do nothing` over the key id and the one-active-key index.
      if (keys().has(key.kid) || (key.retiredAt === null && hasActiveKey())) return false;
      keys().set(key.kid, copy(key));
      return true;
    },
  };
}
