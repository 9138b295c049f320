/**
 * The consents feature: what other features, flows and the package's entry points use of it.
 *
 * @module
 */

export { CONSENT_EVENT_SCHEMAS } from "./consent-event-schemas.ts";
export {
  type ConsentCapture,
  type ConsentEventPayloads,
  type ConsentPayload,
  type ConsentRevokedPayload,
  consentCapture,
  consentRecordedEvent,
} from "./consent-events.ts";
export {
  appendConsentEntries,
  type ConsentEvidenceUseCases,
  type ConsentLedgerOptions,
  consentEvidenceUseCases,
} from "./consent-evidence-use-cases.ts";
export {
  type ConsentKeySet,
  type ConsentPublicKey,
  type Ed25519PrivateJwk,
  generateSigningKey,
  parsePrivateSigningKey,
  publicKeyOf,
  signWithKey,
} from "./consent-keys.ts";
export {
  type CaptureContext,
  type ChainHead,
  type ConsentLedgerEntry,
  type ConsentLedgerPayload,
  chainEntries,
  checkpointMessage,
  GENESIS_HASH,
  linkHash,
  type RecordedEntry,
  type RevokedEntry,
  recordedEntry,
} from "./consent-ledger.ts";
export {
  CONSENT_DECISION_SCHEMA,
  CONSENT_DECISIONS_FIELD,
  consentDecisionProblems,
  consentRecordsForClick,
  consentRecordsForOrder,
  grantsHandoffContact,
  hasGrantedOrderContact,
  MAX_CONSENT_DECISIONS,
  type OrderConsentSubject,
} from "./consent-rules.ts";
export { DISCLOSURES, type Disclosure, renderDisclosure } from "./disclosures.ts";
export { parseRevokeConsent, REVOKE_CONSENT_SCHEMA, type RevokeConsentInput } from "./input.ts";
export type {
  ConsentCustomer,
  ConsentIdentifier,
  ConsentLedgerRepository,
  ConsentRepository,
  PublicSigningKey,
  StoredConsentCheckpoint,
  StoredSigningKey,
} from "./ports.ts";
export {
  type ClientInfo,
  CONSENT_KINDS,
  type ConsentDecision,
  type ConsentKind,
  type ConsentKindState,
  type ConsentRecord,
  type ConsentRevocation,
  consentKindState,
  DISCLOSURE_VERSIONS,
  type DisclosureVersion,
  REVOCATION_CHANNELS,
  type RevocationChannel,
} from "./types.ts";
export { type ConsentUseCases, consentUseCases, recordRevocations } from "./use-cases.ts";
