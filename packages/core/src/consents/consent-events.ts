/**
 * The consent events: `order.consent_recorded` for every recorded decision (declined ones included)
 * and `order.consent_revoked` for every withdrawal. Both go to the provider team the record names,
 * never to the reseller.
 *
 * @module
 */

import { createEvent, type DomainEvent } from "../events/index.ts";
import type { ConsentRecord, ConsentRevocation } from "./types.ts";

/** `data` of `order.consent_recorded`: the record as recorded. */
export type ConsentPayload = {
  consentId: string;
  orderId: string | null;
  clickId: string | null;
  providerTeamId: string;
  resellerTeamId: string;
  kind: ConsentRecord["kind"];
  granted: boolean;
  disclosureVersion: ConsentRecord["disclosureVersion"];
  disclosureText: string;
  phone: string;
  email: string | null;
  ipAddress: string;
  userAgent: string | null;
  recordedAt: string;
};

/** `data` of `order.consent_revoked`: the recorded payload plus when and how it was withdrawn. */
export type ConsentRevokedPayload = ConsentPayload & {
  revokedAt: string;
  revokedVia: ConsentRevocation["via"];
};

/** Each consent event type with the payload it carries. */
export type ConsentEventPayloads = {
  "order.consent_recorded": ConsentPayload;
  "order.consent_revoked": ConsentRevokedPayload;
};

/** The record as consent events carry it. */
export function consentPayload(record: ConsentRecord): ConsentPayload {
  return {
    consentId: record.id,
    orderId: record.orderId,
    clickId: record.clickId,
    providerTeamId: record.providerTeamId,
    resellerTeamId: record.resellerTeamId,
    ...consentCapture(record),
  };
}

/** What was captured with a consent decision, as every view and event shows it. */
export type ConsentCapture = Pick<
  ConsentPayload,
  | "kind"
  | "granted"
  | "disclosureVersion"
  | "disclosureText"
  | "phone"
  | "email"
  | "ipAddress"
  | "userAgent"
  | "recordedAt"
>;

/** The one owner of which recorded fields a consent shows: the events and the HTTP views spread it. */
export function consentCapture(record: ConsentRecord): ConsentCapture {
  return {
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

function providerEvent<T extends keyof ConsentEventPayloads>(
  type: T,
  record: ConsentRecord,
  data: ConsentEventPayloads[T],
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
