/**
 * Rules of consent decisions: which are well formed, which one an order needs, when a click may pass
 * the phone on, and the records a decision becomes (one per decision per provider team).
 *
 * @module
 */

import { arrayOf, boolean, documented, type Field, object, oneOf } from "../fields/fields.ts";
import { disclosureKind, renderDisclosure } from "./disclosures.ts";
import {
  type ClientInfo,
  CONSENT_KINDS,
  type ConsentDecision,
  type ConsentRecord,
  DISCLOSURE_VERSIONS,
} from "./types.ts";

/** Most decisions in one request: one per disclosure version. */
export const MAX_CONSENT_DECISIONS = DISCLOSURE_VERSIONS.length;

const DECISION: Field<ConsentDecision> = object({
  kind: oneOf(CONSENT_KINDS),
  granted: boolean(),
  disclosureVersion: documented(oneOf(DISCLOSURE_VERSIONS), {
    description:
      "order_contact.v1 and handoff_contact.v1 are of kind order_contact, marketing_calls_texts.v1 of kind " +
      "marketing_calls_texts; another pairing is a 400. The text is rendered by the service, never sent.",
  }),
});
const DECISIONS = arrayOf(DECISION, { max: MAX_CONSENT_DECISIONS });

/** JSON Schema of one consent decision (the HTTP layer documents it as a component). */
export const CONSENT_DECISION_SCHEMA = DECISION.schema;

/**
 * The consent decisions field of public requests: at most one decision per disclosure version,
 * each a strict object whose version is of the decision's kind.
 */
export const CONSENT_DECISIONS_FIELD: Field<ConsentDecision[]> = {
  optional: false,
  schema: DECISIONS.schema,
  parse(value, path, problems) {
    const before = problems.length;
    const decisions = DECISIONS.parse(value, path, problems) as ConsentDecision[];
    if (problems.length > before) return decisions;
    const seen = new Set<string>();
    decisions.forEach((decision, index) => {
      const at = `${path}.${index}`;
      const version = decision.disclosureVersion;
      if (disclosureKind(version) !== decision.kind) {
        problems.push(
          `${at}.disclosureVersion ${version} is a disclosure of kind ${disclosureKind(version)}, not ${decision.kind}`,
        );
      }
      if (seen.has(version)) problems.push(`${at}.disclosureVersion ${version} must not appear twice`);
      seen.add(version);
    });
    return decisions;
  },
};

/**
 * Problems with a list of decisions, field path first; empty when valid (`CONSENT_DECISIONS_FIELD`).
 * An unknown version, a version of another kind than the decision's, or the same version twice is a
 * problem (a 400).
 *
 * @example
 * consentDecisionProblems([{ kind: "marketing_calls_texts", granted: true, disclosureVersion: "order_contact.v1" }]);
 * // ["consents.0.disclosureVersion order_contact.v1 is a disclosure of kind order_contact, not marketing_calls_texts"]
 */
export function consentDecisionProblems(decisions: unknown, field = "consents"): string[] {
  const problems: string[] = [];
  CONSENT_DECISIONS_FIELD.parse(decisions, field, problems);
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

/** What a public order's consent records name: the order as the orders feature gives it (`Order` fits). */
export interface OrderConsentSubject {
  id: string;
  resellerTeamId: string;
  customerId: string | null;
  customer: { phone: string; email: string | null };
  isTraining: boolean;
  items: readonly { offer: { providerTeamId: string; providerName: string } }[];
}

/**
 * The records of a public order's decisions: one per decision per provider team named by the order,
 * each with the text rendered for that team's displayed names in the order.
 */
export function consentRecordsForOrder(
  order: OrderConsentSubject,
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
