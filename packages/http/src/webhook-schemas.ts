import { z } from "@hono/zod-openapi";
import { EVENT_TYPES } from "@marketplace/core";
import { durationText, type ResolvedDocumentedSettings } from "./documented-settings.ts";
import { Id, Timestamp } from "./schemas.ts";

/** The response schemas of the webhook routes whose descriptions state configured values. */
export type WebhookResponseSchemas = ReturnType<typeof buildSchemas>;

// One instance per app's settings: both sides' routes must share it to be documented as one schema.
const BY_SETTINGS = new WeakMap<ResolvedDocumentedSettings, WebhookResponseSchemas>();

/**
 * The webhook and delivery schemas, their descriptions stating the app's settings (the auto-disable
 * window, the delivery deadline: ADR-0079).
 */
export function webhookResponseSchemas(settings: ResolvedDocumentedSettings): WebhookResponseSchemas {
  let schemas = BY_SETTINGS.get(settings);
  if (!schemas) {
    schemas = buildSchemas(settings);
    BY_SETTINGS.set(settings, schemas);
  }
  return schemas;
}

function buildSchemas(settings: ResolvedDocumentedSettings) {
  const webhookShape = {
    id: Id,
    url: z.string().openapi({ format: "uri" }),
    events: z.array(z.enum(EVENT_TYPES)),
    isActive: z.boolean().openapi({ description: "false: paused, receives nothing" }),
    signatureScheme: z.enum(["service", "standard"]).openapi({
      description:
        "`service`: deliveries carry X-Service-Signature. `standard`: also the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature).",
      example: "service",
    }),
    previousSecretExpiresAt: Timestamp.nullable().openapi({
      description: "Until then the secret replaced by the last rotation still signs deliveries (one v1 each)",
    }),
    disabledReason: z
      .enum(["gone", "failing"])
      .nullable()
      .openapi({
        description: `Why the service disabled the webhook (isActive false): \`gone\` when its endpoint answered 410, \`failing\` when every attempt failed for ${durationText(settings.disableFailingAfterMs)}. null while enabled or paused by the team; PATCH isActive true clears it.`,
      }),
    disabledAt: Timestamp.nullable().openapi({ description: "When the service disabled the webhook; null otherwise" }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  };
  return {
    /** A webhook as every response but creation and rotation shows it: secret masked. */
    webhook: z
      .object({
        ...webhookShape,
        secret: z.string().openapi({ example: "whsec_••••abcd", description: "Masked: prefix and last 4 characters" }),
      })
      .openapi("Webhook"),
    /** A webhook with its full secret: the creation and rotation responses, and nowhere else. */
    webhookWithSecret: z
      .object({
        ...webhookShape,
        secret: z.string().openapi({
          example: "whsec_3q2-7wVu9HkzQ0pX1sJ4bL5nM6oP7qR8sT9uV0wX1yZ",
          description: "The full signing secret: shown in this response only, masked afterwards",
        }),
      })
      .openapi("WebhookWithSecret"),
    /** One attempt at one webhook. */
    delivery: z
      .object({
        id: Id,
        webhookId: Id,
        eventId: Id.openapi({ description: "The envelope id: the same on every attempt of the event" }),
        eventType: z.string(),
        attempt: z.int().openapi({ description: "1 for the first attempt of the event at this webhook" }),
        trigger: z.enum(["event", "test", "redelivery", "recovery"]),
        url: z.string(),
        statusCode: z.int().nullable().openapi({ description: "null when no response arrived" }),
        success: z.boolean().openapi({ description: `A 2xx within ${durationText(settings.requestTimeoutMs)}` }),
        responseBody: z.string().openapi({
          description: "The response body (first 4 KiB), or the error text when no response arrived",
        }),
        durationMs: z.int(),
        createdAt: Timestamp,
      })
      .openapi("WebhookDelivery"),
  };
}
