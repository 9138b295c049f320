/**
 * Schemas of consent decisions (what public requests send) and consent records (what providers see).
 *
 * @module
 */

import { z } from "@hono/zod-openapi";
import {
  CONSENT_KINDS,
  type ConsentRecord,
  DISCLOSURE_VERSIONS,
  MAX_CONSENT_DECISIONS,
  REVOCATION_CHANNELS,
} from "@marketplace/core";
import { Id, Timestamp } from "./schemas.ts";

/** One decision: the consumer saw the version's disclosure and granted or declined it. */
export const ConsentDecisionSchema = z
  .strictObject({
    kind: z.enum(CONSENT_KINDS),
    granted: z.boolean(),
    disclosureVersion: z.enum(DISCLOSURE_VERSIONS).openapi({
      description:
        "order_contact.v1 and handoff_contact.v1 are of kind order_contact, marketing_calls_texts.v1 of kind " +
        "marketing_calls_texts; another pairing is a 400. The text is rendered by the service, never sent.",
    }),
  })
  .openapi("ConsentDecision");

/** The decisions of one request: at most one per version. */
export const ConsentDecisionsSchema = z.array(ConsentDecisionSchema).max(MAX_CONSENT_DECISIONS);

/** A recorded decision as the provider team it names sees it. */
export const ConsentRecordSchema = z
  .object({
    id: Id,
    kind: z.enum(CONSENT_KINDS),
    granted: z.boolean(),
    disclosureVersion: z.enum(DISCLOSURE_VERSIONS),
    disclosureText: z.string().openapi({ description: "The verbatim text shown, rendered with the provider's name" }),
    phone: z.string().openapi({ description: "E.164", example: "+15125550123" }),
    email: z.string().nullable(),
    ipAddress: z.string().openapi({ description: "The client IP of the request that recorded the decision" }),
    userAgent: z.string().nullable(),
    recordedAt: Timestamp,
    revokedAt: Timestamp.nullable(),
    revokedVia: z.enum(REVOCATION_CHANNELS).nullable(),
  })
  .openapi("ConsentRecord");

/** A consent record as JSON. */
export function consentRecordJson(record: ConsentRecord) {
  return {
    id: record.id,
    kind: record.kind,
    granted: record.granted,
    disclosureVersion: record.disclosureVersion,
    disclosureText: record.disclosureText,
    phone: record.phone,
    email: record.email,
    ipAddress: record.ipAddress,
    userAgent: record.userAgent,
    recordedAt: record.recordedAt.toISOString(),
    revokedAt: record.revokedAt?.toISOString() ?? null,
    revokedVia: record.revokedVia,
  };
}
