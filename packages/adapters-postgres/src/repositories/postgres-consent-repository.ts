import type { ConsentKind, ConsentRecord } from "@marketplace/core";
import type {
  ConsentCustomer,
  ConsentIdentifier,
  ConsentRepository,
  ConsentRevocation,
  DisclosureVersion,
  RevocationChannel,
} from "@marketplace/core/consents";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { ConsentRecordsTable, Database } from "../schema.ts";

type RecordRow = ConsentRecordsTable & { revoked_at: Date | null; revoked_via: string | null };

/**
 * Consent records in PostgreSQL. Both tables are append-only (a trigger refuses UPDATE and DELETE): a
 * withdrawal is a row of `consent_revocations`, read beside the record it withdraws.
 */
export class PostgresConsentRepository implements ConsentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(records: readonly ConsentRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.db
      .insertInto("consent_records")
      .values(
        records.map((record, position) => ({
          id: record.id,
          order_id: record.orderId,
          click_id: record.clickId,
          position,
          provider_team_id: record.providerTeamId,
          reseller_team_id: record.resellerTeamId,
          customer_id: record.customerId,
          kind: record.kind,
          granted: record.granted,
          disclosure_version: record.disclosureVersion,
          disclosure_text: record.disclosureText,
          phone: record.phone,
          email: record.email,
          client_ip: record.ipAddress,
          user_agent: record.userAgent,
          is_training: record.isTraining,
          recorded_at: record.recordedAt,
        })),
      )
      .execute();
  }

  async listForOrder(orderId: string, providerTeamId: string): Promise<ConsentRecord[]> {
    const rows = await this.db
      .selectFrom("consent_records as r")
      .leftJoin("consent_revocations as v", "v.consent_id", "r.id")
      .selectAll("r")
      .select(["v.revoked_at", "v.revoked_via"])
      .where("r.order_id", "=", orderId)
      .where("r.provider_team_id", "=", providerTeamId)
      .orderBy("r.position")
      .execute();
    return rows.map(toRecord);
  }

  async latestByCustomer(providerTeamId: string, customerIds: readonly string[]): Promise<ConsentRecord[]> {
    if (customerIds.length === 0) return [];
    // consent_records_provider_customer (provider_team_id, customer_id) finds the rows; a page of
    // customers has a few records each.
    const rows = await this.db
      .selectFrom("consent_records as r")
      .leftJoin("consent_revocations as v", "v.consent_id", "r.id")
      .selectAll("r")
      .select(["v.revoked_at", "v.revoked_via"])
      .distinctOn(["r.customer_id", "r.kind"])
      .where("r.provider_team_id", "=", providerTeamId)
      .where("r.customer_id", "in", [...customerIds])
      .orderBy("r.customer_id")
      .orderBy("r.kind")
      .orderBy("r.recorded_at", "desc")
      .orderBy("r.position", "desc")
      .execute();
    return rows.map(toRecord);
  }

  async revokeByIdentifier(identifier: ConsentIdentifier, revocation: ConsentRevocation): Promise<ConsentRecord[]> {
    return this.revokeWhere(sql`(r.phone = ${identifier.phone} or r.email = ${identifier.email})`, revocation);
  }

  async revokeForCustomer(
    providerTeamId: string,
    customer: ConsentCustomer,
    revocation: ConsentRevocation,
  ): Promise<ConsentRecord[]> {
    return this.revokeWhere(
      sql`r.provider_team_id = ${providerTeamId}
        and (r.customer_id = ${customer.id} or r.phone = ${customer.phone} or r.email = ${customer.email})`,
      revocation,
    );
  }

  async markUnsubscribed(customerId: string, providerTeamId: string, at: Date): Promise<void> {
    await this.db
      .insertInto("customer_unsubscriptions")
      .values({ customer_id: customerId, provider_team_id: providerTeamId, unsubscribed_at: at })
      .onConflict((oc) => oc.columns(["customer_id", "provider_team_id"]).doNothing())
      .execute();
  }

  /**
   * One statement: inserts a revocation for every matching record not revoked yet (a concurrent
   * revocation of the same record wins once, by the primary key) and returns those records.
   */
  private async revokeWhere(condition: RawBuilder<unknown>, revocation: ConsentRevocation): Promise<ConsentRecord[]> {
    const { rows } = await sql<RecordRow>`
      with revoked as (
        insert into consent_revocations (consent_id, revoked_at, revoked_via)
        select r.id, ${revocation.at}::timestamptz, ${revocation.via}::text from consent_records r
        where ${condition}
          and not exists (select 1 from consent_revocations v where v.consent_id = r.id)
        on conflict (consent_id) do nothing
        returning consent_id, revoked_at, revoked_via
      )
      select r.*, revoked.revoked_at, revoked.revoked_via
      from consent_records r join revoked on revoked.consent_id = r.id
      order by r.recorded_at, r.position, r.id
    `.execute(this.db);
    return rows.map(toRecord);
  }
}

function toRecord(row: RecordRow): ConsentRecord {
  return {
    id: row.id,
    orderId: row.order_id,
    clickId: row.click_id,
    providerTeamId: row.provider_team_id,
    resellerTeamId: row.reseller_team_id,
    customerId: row.customer_id,
    kind: row.kind as ConsentKind,
    granted: row.granted,
    disclosureVersion: row.disclosure_version as DisclosureVersion,
    disclosureText: row.disclosure_text,
    phone: row.phone,
    email: row.email,
    ipAddress: row.client_ip,
    userAgent: row.user_agent,
    isTraining: row.is_training,
    recordedAt: row.recorded_at,
    revokedAt: row.revoked_at,
    revokedVia: row.revoked_via as RevocationChannel | null,
  };
}
