/**
 * The consent events: `order.consent_recorded` for every recorded decision (declined ones included)
 * and `order.consent_revoked` for every withdrawal. Both go to the provider team the record names,
 * never to the reseller.
 *
 * @module
 */

import { createEvent, type DomainEvent } from "../events.ts";
import type { ConsentRecord, ConsentRevocation } from "./consent-types.ts";

/** The record as consent events carry it. */
export function consentPayload(record: ConsentRecord): Record<string, unknown> {
  return {
    consentId: record.id,
    orderId: record.orderId,
    clickId: record.clickId,
    providerTeamId: record.providerTeamId,
    resellerTeamId: record.resellerTeamId,
    kind: record.kind,
    granted: record.granted,
    disclosureVersion: record.disclosureVersion,
    disclosureText: record.disclosureText,
    phone: record.phone,
    email: record.email,
    ipAddress: record.ipAddress,
    userAgent: record.userAgent,
    recordedAt: record.recordedAt.toISOString(),
  };
}

type At = { id: () => string; now: Date };

function providerEvent(
  type: "order.consent_recorded" | "order.consent_revoked",
  record: ConsentRecord,
  data: Record<string, unknown>,
  at: At,
): DomainEvent {
  return createEvent(
    {
      type,
      data,
      training: record.isTraining,
      audience: { providerTeamIds: [record.providerTeamId], resellerTeamIds: [] },
    },
    { id: at.id(), now: at.now },
  );
}

/** `order.consent_recorded` for one record, to its provider team only. */
export function consentRecordedEvent(record: ConsentRecord, at: At): DomainEvent {
  return providerEvent("order.consent_recorded", record, consentPayload(record), at);
}

/** `order.consent_revoked`: the recorded payload plus `revokedAt` and `revokedVia`, to its provider team only. */
export function consentRevokedEvent(record: ConsentRecord, revocation: ConsentRevocation, at: At): DomainEvent {
  return providerEvent(
    "order.consent_revoked",
    record,
    { ...consentPayload(record), revokedAt: revocation.at.toISOString(), revokedVia: revocation.via },
    at,
  );
}
