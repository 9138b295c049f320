/**
 * Schemas of consent decisions (what public requests send) and consent records (what providers see).
 *
 * @module
 */

import { z } from "@hono/zod-openapi";
import { CONSENT_KINDS } from "@marketplace/core";
import {
  CONSENT_DECISION_SCHEMA,
  CONSENT_DECISIONS_FIELD,
  type ConsentDecision,
  DISCLOSURE_VERSIONS,
  MAX_CONSENT_DECISIONS,
  REVOCATION_CHANNELS,
} from "@marketplace/core/consents";
import { report } from "./fields.ts";
import { Id, Timestamp } from "./schemas.ts";

/** One decision, documented from the core's field (`ConsentDecision`); its rules run on the list. */
const ConsentDecisionSchema = z
  .looseObject({})
  .openapi("ConsentDecision", CONSENT_DECISION_SCHEMA as object) as unknown as z.ZodType<ConsentDecision>;

/** The decisions of one request (at most one per version): the core's rules (`CONSENT_DECISIONS_FIELD`). */
export const ConsentDecisionsSchema = z
  .array(ConsentDecisionSchema)
  .max(MAX_CONSENT_DECISIONS)
  .superRefine((value, ctx) => {
    const problems: string[] = [];
    CONSENT_DECISIONS_FIELD.parse(value, "consents", problems);
    report(problems, ctx);
  });

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
