/**
 * JSON Schemas of the consent events' payloads (`data` without `training` and `sequence`): the one
 * description of `ConsentEventPayloads` the OpenAPI webhooks and the dashboard's catalog show.
 *
 * @module
 */

import type { JsonSchema } from "../fields/fields.ts";
import type { ConsentEventPayloads } from "./consent-events.ts";
import { CONSENT_KINDS, DISCLOSURE_VERSIONS, REVOCATION_CHANNELS } from "./types.ts";

const recorded: Record<string, JsonSchema> = {
  consentId: { type: "string", format: "uuid" },
  orderId: { type: ["string", "null"], format: "uuid" },
  clickId: { type: ["string", "null"], format: "uuid" },
  providerTeamId: { type: "string", format: "uuid" },
  resellerTeamId: { type: "string", format: "uuid" },
  kind: { type: "string", enum: [...CONSENT_KINDS] },
  granted: { type: "boolean" },
  disclosureVersion: { type: "string", enum: [...DISCLOSURE_VERSIONS] },
  disclosureText: { type: "string", description: "The disclosure exactly as shown to the customer" },
  phone: { type: "string" },
  email: { type: ["string", "null"] },
  ipAddress: { type: "string" },
  userAgent: { type: ["string", "null"] },
  recordedAt: { type: "string", format: "date-time" },
};

function object(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: "object", properties, required: Object.keys(properties), additionalProperties: false };
}

/** Each consent event type's payload schema. */
export const CONSENT_EVENT_SCHEMAS: Readonly<Record<keyof ConsentEventPayloads, JsonSchema>> = {
  "order.consent_recorded": object(recorded),
  "order.consent_revoked": object({
    ...recorded,
    revokedAt: { type: "string", format: "date-time" },
    revokedVia: { type: "string", enum: [...REVOCATION_CHANNELS] },
  }),
};
