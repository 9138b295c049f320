/**
 * Consent records, their revocations and the providers' unsubscribe flags on customers, in memory.
 * Records and revocations are append-only, as in the SQL schema: a revocation is a row of its own.
 *
 * @module
 */

import type { ConsentCustomer, ConsentRepository } from "../../consents/index.ts";
import {
  CONSENT_KINDS,
  type ConsentRecord,
  type ConsentRevocation,
  DISCLOSURE_VERSIONS,
} from "../../consents/index.ts";
import { copy, defineTable, InMemoryConstraintError, type InMemoryContext } from "../in-memory-database.ts";
import { CUSTOMER_UNSUBSCRIPTIONS, CUSTOMERS, unsubscriptionKey } from "./customer-tables.ts";
import { ORDERS } from "./orders-tables.ts";
import { OUTBOUND_CLICKS } from "./storefront.ts";
import { TEAMS } from "./teams.ts";

/** A consent record as stored: no revocation state (that is `CONSENT_REVOCATIONS`), its batch position. */
export type ConsentRecordRow = Omit<ConsentRecord, "revokedAt" | "revokedVia"> & { position: number };

/** Consent records by id. */
export const CONSENT_RECORDS = defineTable<ConsentRecordRow>("consent_records");

/** Revocations by the id of the record they withdraw (one each, the SQL primary key). */
export const CONSENT_REVOCATIONS = defineTable<ConsentRevocation>("consent_revocations");

/** Whether the stored record is about the customer as the SQL matches it (`=`: a null never matches). */
export function recordIsAbout(record: ConsentRecordRow, customer: ConsentCustomer): boolean {
  return (
    record.customerId === customer.id ||
    record.phone === customer.phone ||
    (customer.email !== null && record.email === customer.email)
  );
}

/** The in-memory `ConsentRepository`. */
export function inMemoryConsents(context: InMemoryContext): ConsentRepository {
  const records = () => context.tables.rows(CONSENT_RECORDS);
  const revocations = () => context.tables.rows(CONSENT_REVOCATIONS);
  const withRevocation = ({ position: _, ...row }: ConsentRecordRow): ConsentRecord => {
    const revocation = revocations().get(row.id);
    return {
      ...copy(row),
      revokedAt: revocation ? new Date(revocation.at) : null,
      revokedVia: revocation?.via ?? null,
    };
  };
  const revokeWhere = (matches: (row: ConsentRecordRow) => boolean, revocation: ConsentRevocation) => {
    const revoked = [...records().values()]
      .filter((row) => matches(row) && !revocations().has(row.id))
      .sort(
        (a, b) => a.recordedAt.getTime() - b.recordedAt.getTime() || a.position - b.position || (a.id < b.id ? -1 : 1),
      );
    for (const row of revoked) revocations().set(row.id, { at: new Date(revocation.at), via: revocation.via });
    return revoked.map(withRevocation);
  };
  return {
    async insert(list) {
      const teams = context.tables.rows(TEAMS);
      list.forEach((record, position) => {
        const { revokedAt: _at, revokedVia: _via, ...row } = record;
        const fail = (code: "23505" | "23503" | "23514", constraint: string) => {
          throw new InMemoryConstraintError(code, constraint, `consent record ${record.id}: ${constraint}`);
        };
        if ((record.orderId === null) === (record.clickId === null)) fail("23514", "consent_records_check");
        if (!CONSENT_KINDS.includes(record.kind)) fail("23514", "consent_records_kind_check");
        if (!DISCLOSURE_VERSIONS.includes(record.disclosureVersion)) {
          fail("23514", "consent_records_disclosure_version_check");
        }
        if (records().has(record.id)) fail("23505", "consent_records_pkey");
        if (record.orderId !== null && !context.tables.rows(ORDERS).has(record.orderId)) {
          fail("23503", "consent_records_order_id_fkey");
        }
        if (record.clickId !== null && !context.tables.rows(OUTBOUND_CLICKS).has(record.clickId)) {
          fail("23503", "consent_records_click_id_fkey");
        }
        if (!teams.has(record.providerTeamId)) fail("23503", "consent_records_provider_team_id_fkey");
        if (!teams.has(record.resellerTeamId)) fail("23503", "consent_records_reseller_team_id_fkey");
        if (record.customerId !== null && !context.tables.rows(CUSTOMERS).has(record.customerId)) {
          fail("23503", "consent_records_customer_id_fkey");
        }
        records().set(record.id, { ...copy(row), position });
      });
    },
    async listForOrder(orderId, providerTeamId) {
      return [...records().values()]
        .filter((row) => row.orderId === orderId && row.providerTeamId === providerTeamId)
        .sort((a, b) => a.position - b.position)
        .map(withRevocation);
    },
    async revokeByIdentifier(identifier, revocation) {
      return revokeWhere(
        (row) =>
          (identifier.phone !== null && row.phone === identifier.phone) ||
          (identifier.email !== null && row.email === identifier.email),
        revocation,
      );
    },
    async revokeForCustomer(providerTeamId, customer, revocation) {
      return revokeWhere((row) => row.providerTeamId === providerTeamId && recordIsAbout(row, customer), revocation);
    },
    async latestByCustomer(providerTeamId, customerIds) {
      const latest = new Map<string, ConsentRecordRow>();
      for (const row of records().values()) {
        if (row.providerTeamId !== providerTeamId || row.customerId === null) continue;
        if (!customerIds.includes(row.customerId)) continue;
        const key = `${row.customerId}\u0000${row.kind}`;
        const seen = latest.get(key);
        const newer =
          !seen ||
          row.recordedAt.getTime() > seen.recordedAt.getTime() ||
          (row.recordedAt.getTime() === seen.recordedAt.getTime() && row.position > seen.position);
        if (newer) latest.set(key, row);
      }
      return [...latest.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([, row]) => withRevocation(row));
    },
    async markUnsubscribed(customerId, providerTeamId, at) {
      const flags = context.tables.rows(CUSTOMER_UNSUBSCRIPTIONS);
      const key = unsubscriptionKey(customerId, providerTeamId);
      if (flags.has(key)) return;
      if (!context.tables.rows(CUSTOMERS).has(customerId)) {
        throw new InMemoryConstraintError("23503", "customer_unsubscriptions_customer_id_fkey", "no such customer");
      }
      if (!context.tables.rows(TEAMS).has(providerTeamId)) {
        throw new InMemoryConstraintError("23503", "customer_unsubscriptions_provider_team_id_fkey", "no such team");
      }
      flags.set(key, { customerId, providerTeamId, at: new Date(at) });
    },
  };
}
