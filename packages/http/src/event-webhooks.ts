/**
 * The OpenAPI document's `webhooks`: one entry per event type, the request a receiver gets, with
 * the payload schema and example from the core (`eventPayloadSchema`, `exampleOf`): the schemas the
 * dashboard's event catalog shows too, written once.
 *
 * @module
 */

import { EVENT_TYPES, type EventType } from "@marketplace/core";
import { EVENT_DESCRIPTIONS, eventPayloadSchema, exampleOf } from "@marketplace/core/event-payloads";
import type { JsonSchema } from "@marketplace/core/fields";
import { SIGNATURE_HEADER } from "@marketplace/core/signing";
import {
  DEFAULT_DOCUMENTED_SETTINGS,
  type ResolvedDocumentedSettings,
  retryWindowText,
} from "./documented-settings.ts";

/** The envelope of an event of `type` as delivered, with its typed `data`. */
export function eventEnvelopeSchema(type: EventType): JsonSchema {
  return {
    type: "object",
    properties: {
      id: { type: "string", format: "uuid", description: "The envelope id: receivers deduplicate on it" },
      type: { type: "string", enum: [type] },
      version: { type: "integer", enum: [1] },
      createdAt: { type: "string", format: "date-time" },
      data: eventPayloadSchema(type),
    },
    required: ["id", "type", "version", "createdAt", "data"],
    additionalProperties: false,
  };
}

function operationName(type: EventType): string {
  return `event${type
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("")}`;
}

/** The `webhooks` object of the OpenAPI 3.1 document; `settings` gives the retry window it states. */
export function eventWebhooks(
  settings: Pick<ResolvedDocumentedSettings, "retryDelaysMs"> = DEFAULT_DOCUMENTED_SETTINGS,
): Record<string, unknown> {
  const retries = retryWindowText(settings.retryDelaysMs);
  return Object.fromEntries(
    EVENT_TYPES.map((type) => {
      const schema = eventEnvelopeSchema(type);
      return [
        type,
        {
          post: {
            operationId: operationName(type),
            summary: `${type}`,
            description: `${EVENT_DESCRIPTIONS[type]} Sent to every active webhook of the team that subscribes to ${type}, signed (${SIGNATURE_HEADER}), ${retries}.`,
            tags: ["Webhook events"],
            security: [],
            parameters: [
              {
                name: SIGNATURE_HEADER,
                in: "header",
                required: true,
                description: "t=<unix seconds>,v1=<hex HMAC-SHA256 of `t.body`> (one v1 per signing secret)",
                schema: { type: "string" },
              },
            ],
            requestBody: {
              required: true,
              content: { "application/json": { schema, example: exampleOf(schema) } },
            },
            responses: { "200": { description: "Any 2xx acknowledges the delivery; anything else is retried" } },
          },
        },
      ];
    }),
  );
}
