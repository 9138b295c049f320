/**
 * Rules of consent decisions: which are well formed, which one an order needs, when a click may pass
 * the phone on, and the records a decision becomes (one per decision per provider team).
 *
 * @module
 */

import type { Order } from "../orders/order-types.ts";
import {
  type ClientInfo,
  CONSENT_KINDS,
  type ConsentDecision,
  type ConsentRecord,
  DISCLOSURE_VERSIONS,
} from "./consent-types.ts";
import { disclosureKind, isDisclosureVersion, renderDisclosure } from "./disclosures.ts";

/** Most decisions in one request: one per disclosure version. */
export const MAX_CONSENT_DECISIONS = DISCLOSURE_VERSIONS.length;

/**
 * Problems with a list of decisions, field path first; empty when valid. An unknown version, a
 * version of another kind than the decision's, or the same version twice is a problem (a 400).
 *
 * @example
 * consentDecisionProblems([{ kind: "marketing_calls_texts", granted: true, disclosureVersion: "order_contact.v1" }]);
 * // ["consents.0.disclosureVersion order_contact.v1 is a disclosure of kind order_contact, not marketing_calls_texts"]
 */
export function consentDecisionProblems(decisions: unknown, field = "consents"): string[] {
  if (!Array.isArray(decisions)) return [`${field} must be an array`];
  const problems: string[] = [];
  if (decisions.length > MAX_CONSENT_DECISIONS) {
    problems.push(`${field} must contain at most ${MAX_CONSENT_DECISIONS} elements`);
  }
  const seen = new Set<string>();
  decisions.forEach((decision: Partial<Record<keyof ConsentDecision, unknown>> | null, index) => {
    const at = `${field}.${index}`;
    if (decision === null || typeof decision !== "object") {
      problems.push(`${at} must be an object`);
      return;
    }
    const kindKnown = (CONSENT_KINDS as readonly unknown[]).includes(decision.kind);
    if (!kindKnown) problems.push(`${at}.kind must be one of the following values: ${CONSENT_KINDS.join(", ")}`);
    if (typeof decision.granted !== "boolean") problems.push(`${at}.granted must be a boolean`);
    const version = decision.disclosureVersion;
    if (!isDisclosureVersion(version)) {
      problems.push(`${at}.disclosureVersion must be one of the following values: ${DISCLOSURE_VERSIONS.join(", ")}`);
      return;
    }
    if (kindKnown && disclosureKind(version) !== decision.kind) {
      problems.push(
        `${at}.disclosureVersion ${version} is a disclosure of kind ${disclosureKind(version)}, not ${String(decision.kind)}`,
      );
    }
    if (seen.has(version)) problems.push(`${at}.disclosureVersion ${version} must not appear twice`);
    seen.add(version);
  });
  return problems;
}

/** True when a decision of kind `order_contact` (`order_contact.v1` or `handoff_contact.v1`) is granted. */
export function hasGrantedOrderContact(decisions: readonly ConsentDecision[]): boolean {
  return decisions.some((decision) => decision.kind === "order_contact" && decision.granted);
}

/** True when `handoff_contact.v1` is granted: only then may a click pass the phone to the partner. */
export function grantsHandoffContact(decisions: readonly ConsentDecision[]): boolean {
  return decisions.some(
    (decision) =>
      decision.kind === "order_contact" && decision.disclosureVersion === "handoff_contact.v1" && decision.granted,
  );
}

/** Fresh ids and the time, for building records. */
export interface RecordStamp {
  id: () => string;
  now: Date;
}

/**
 * The records of a public order's decisions: one per decision per provider team named by the order,
 * each with the text rendered for that team's displayed names in the order.
 */
export function consentRecordsForOrder(
  order: Order,
  decisions: readonly ConsentDecision[],
  client: ClientInfo,
  stamp: RecordStamp,
): ConsentRecord[] {
  const namesByTeam = new Map<string, string[]>();
  for (const item of order.items) {
    const names = namesByTeam.get(item.offer.providerTeamId) ?? [];
    names.push(item.offer.providerName);
    namesByTeam.set(item.offer.providerTeamId, names);
  }
  return [...namesByTeam].flatMap(([providerTeamId, names]) =>
    decisions.map((decision) =>
      newRecord(decision, names, client, stamp, {
        orderId: order.id,
        clickId: null,
        providerTeamId,
        resellerTeamId: order.resellerTeamId,
        customerId: order.customerId,
        phone: order.customer.phone,
        email: order.customer.email,
        isTraining: order.isTraining,
      }),
    ),
  );
}

/** What a click's records name. */
export interface ClickSubject {
  clickId: string;
  providerTeamId: string;
  providerName: string;
  resellerTeamId: string;
  phone: string;
}

/** The records of a click's decisions (recorded only when the phone is passed on): one per decision. */
export function consentRecordsForClick(
  subject: ClickSubject,
  decisions: readonly ConsentDecision[],
  client: ClientInfo,
  stamp: RecordStamp,
): ConsentRecord[] {
  return decisions.map((decision) =>
    newRecord(decision, [subject.providerName], client, stamp, {
      orderId: null,
      clickId: subject.clickId,
      providerTeamId: subject.providerTeamId,
      resellerTeamId: subject.resellerTeamId,
      customerId: null,
      phone: subject.phone,
      email: null,
      isTraining: false,
    }),
  );
}

function newRecord(
  decision: ConsentDecision,
  providerNames: readonly string[],
  client: ClientInfo,
  stamp: RecordStamp,
  subject: Pick<
    ConsentRecord,
    "orderId" | "clickId" | "providerTeamId" | "resellerTeamId" | "customerId" | "phone" | "email" | "isTraining"
  >,
): ConsentRecord {
  return {
    id: stamp.id(),
    ...subject,
    kind: decision.kind,
    granted: decision.granted,
    disclosureVersion: decision.disclosureVersion,
    disclosureText: renderDisclosure(decision.disclosureVersion, providerNames),
    ipAddress: client.ip,
    userAgent: client.userAgent,
    recordedAt: stamp.now,
    revokedAt: null,
    revokedVia: null,
  };
}
