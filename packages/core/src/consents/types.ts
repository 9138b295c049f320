/**
 * Consent: a consumer's recorded decision about being contacted, with the disclosure they were shown.
 *
 * - **decision**: what a public request sends, `{kind, granted, disclosureVersion}`; never the text.
 * - **disclosure**: the wording of a version, held by the service and rendered with the provider's name.
 * - **record**: one decision for one provider team, append-only; a revocation is a separate fact.
 *
 * @module
 */

/** What a consent is about. */
export const CONSENT_KINDS = ["order_contact", "marketing_calls_texts"] as const;

/**
 * A consent's kind: `order_contact` (transactional contact about the order, including the handoff of
 * the phone to a partner) or `marketing_calls_texts` (prior express written consent for autodialed or
 * prerecorded marketing calls and texts).
 */
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** Every disclosure version the service holds wording for. */
export const DISCLOSURE_VERSIONS = ["order_contact.v1", "marketing_calls_texts.v1", "handoff_contact.v1"] as const;

/** A disclosure version. */
export type DisclosureVersion = (typeof DISCLOSURE_VERSIONS)[number];

/** How a consent was withdrawn. */
export const REVOCATION_CHANNELS = ["web_form", "provider_report"] as const;

/** `web_form` (POST /public/consent/revoke) or `provider_report` (a provider reporting a STOP or do-not-call). */
export type RevocationChannel = (typeof REVOCATION_CHANNELS)[number];

/** One decision as a public request sends it. */
export interface ConsentDecision {
  kind: ConsentKind;
  granted: boolean;
  disclosureVersion: DisclosureVersion;
}

/** Who sent a public request: what a consent record keeps of it. */
export interface ClientInfo {
  /** The client IP address the service resolved (socket, or trusted X-Forwarded-For). */
  ip: string;
  /** The User-Agent header, or null when absent. */
  userAgent: string | null;
}

/** One decision for one provider team, as recorded; the revocation state is read with it. */
export interface ConsentRecord {
  id: string;
  /** The order the decision was made with; null for a decision sent with an outbound click. */
  orderId: string | null;
  /** The outbound click the decision was sent with; null for an order. */
  clickId: string | null;
  providerTeamId: string;
  resellerTeamId: string;
  /** The reseller's customer record of the order (null for clicks). */
  customerId: string | null;
  kind: ConsentKind;
  granted: boolean;
  disclosureVersion: DisclosureVersion;
  /** The exact wording shown, rendered by the service from the version and the provider's name. */
  disclosureText: string;
  /** E.164. */
  phone: string;
  /** Lowercased; null when none was given (clicks). */
  email: string | null;
  ipAddress: string;
  userAgent: string | null;
  isTraining: boolean;
  recordedAt: Date;
  /** When the consent was withdrawn, else null (the original decision is never rewritten). */
  revokedAt: Date | null;
  revokedVia: RevocationChannel | null;
}

/** A consent withdrawal, stored beside the record it withdraws. */
export interface ConsentRevocation {
  at: Date;
  via: RevocationChannel;
}

/** A kind's consent state from its latest decision: granted, declined, or revoked since. */
export type ConsentKindState = "granted" | "declined" | "revoked";

/**
 * The state a decision leaves its kind in.
 *
 * @example
 * consentKindState({ granted: true, revokedAt: null }); // "granted"
 */
export function consentKindState(record: Pick<ConsentRecord, "granted" | "revokedAt">): ConsentKindState {
  if (record.revokedAt) return "revoked";
  return record.granted ? "granted" : "declined";
}
