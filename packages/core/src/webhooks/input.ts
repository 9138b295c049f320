/**
 * Parsers of the webhook commands' input (create, patch, rotate-secret), from `unknown`. The fields
 * here are the only place the webhook rules are written: the use cases call the parsers, and the
 * HTTP layer documents its bodies with the JSON Schemas below.
 *
 * The allowed event types depend on the team's role (resellers: the four order types), and the URL
 * policy on the host (loopback http in development), so the parsers take both as options.
 *
 * @module
 */

import type { EventType } from "../events/index.ts";
import { subscribableEventTypes } from "../events/index.ts";
import {
  boolean,
  documented,
  type Field,
  int,
  type JsonSchema,
  objectSchema,
  oneOf,
  optional,
  type ParseResult,
  parseObject,
} from "../fields/fields.ts";
import { timestamp } from "../fields/format-fields.ts";
import { type UrlPolicy, urlProblem } from "../fields/url-policy.ts";
import type { TeamRole } from "../teams/index.ts";
import {
  EVENT_TYPES_FOR_DOCS,
  MAX_SECRET_OVERLAP_SECONDS,
  MAX_WEBHOOK_EVENTS,
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_SIGNATURE_SCHEMES,
  type WebhookSignatureScheme,
} from "./webhook-rules.ts";

/** Options of the webhook parsers. */
export interface WebhookInputOptions {
  /** The team's role: resellers may subscribe to the four order types only. Default `provider` (all types). */
  role?: TeamRole;
  /** The URL policy (loopback http in development). Default: https only. */
  urlPolicy?: UrlPolicy;
}

/** Parsed input of `webhooks.create`. */
export interface ParsedNewWebhook {
  url: string;
  events: EventType[];
  isActive?: boolean;
  signatureScheme?: WebhookSignatureScheme;
}

/** Parsed input of `webhooks.update`. */
export interface ParsedWebhookPatch {
  url?: string;
  events?: EventType[];
  isActive?: boolean;
}

/** Parsed input of `webhooks.rotateSecret`. */
export interface ParsedRotateSecret {
  overlapSeconds?: number;
}

/**
 * The webhook URL rule: a string, trimmed, without NUL, at most 2048 characters, then the service's
 * one URL policy (`urlProblem`), which tells an unparseable URL apart from one that is not https.
 */
export function webhookUrlField(policy: UrlPolicy = {}): Field<string> {
  const description = policy.allowLoopback
    ? "https (http to localhost, 127.0.0.1 and [::1] too: this server allows loopback URLs)"
    : "https only";
  return {
    optional: false,
    schema: {
      type: "string",
      maxLength: MAX_WEBHOOK_URL_LENGTH,
      format: "uri",
      example: "https://example.com/hooks/marketplace",
      description,
    },
    parse(value, path, problems) {
      if (typeof value !== "string") {
        problems.push(`${path} must be a string`);
        return "";
      }
      const url = value.trim();
      if (url.includes("\u0000")) problems.push(`${path} must not contain NUL characters`);
      else if (url.length > MAX_WEBHOOK_URL_LENGTH) {
        problems.push(`${path} must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`);
      } else {
        const problem = urlProblem(url, policy);
        if (problem) problems.push(`${path} ${problem}`);
      }
      return url;
    },
  };
}

/**
 * The subscription list rule for a team of `role`: 1 to 50 subscribable types; each bad entry is
 * named with the team's list (`events.1 must be one of the following values: …`). Parses to the list
 * without duplicates, in the order given.
 */
export function webhookEventsField(role: TeamRole = "provider"): Field<EventType[]> {
  const allowed: readonly string[] = subscribableEventTypes(role);
  return {
    optional: false,
    schema: {
      type: "array",
      items: { type: "string", enum: [...allowed] },
      minItems: 1,
      maxItems: MAX_WEBHOOK_EVENTS,
      description: EVENT_TYPES_FOR_DOCS,
    },
    parse(value, path, problems) {
      if (!Array.isArray(value)) {
        problems.push(`${path} must be an array`);
        return [];
      }
      if (value.length === 0) {
        problems.push(`${path} must contain at least 1 element`);
        return [];
      }
      if (value.length > MAX_WEBHOOK_EVENTS) {
        problems.push(`${path} must contain at most ${MAX_WEBHOOK_EVENTS} elements`);
        return [];
      }
      const unique: EventType[] = [];
      value.forEach((type, index) => {
        if (typeof type !== "string") problems.push(`${path}.${index} must be a string`);
        else if (!allowed.includes(type)) {
          problems.push(`${path}.${index} must be one of the following values: ${allowed.join(", ")}`);
        } else if (!unique.includes(type as EventType)) unique.push(type as EventType);
      });
      return unique;
    },
  };
}

function newWebhookShape(options: WebhookInputOptions) {
  return {
    url: webhookUrlField(options.urlPolicy),
    events: webhookEventsField(options.role),
    isActive: optional(documented(boolean(), { description: "Default true" })),
    signatureScheme: optional(
      documented(oneOf(WEBHOOK_SIGNATURE_SCHEMES), {
        description:
          "How deliveries are signed; fixed at registration. `service` (default): the X-Service-Signature header. `standard`: the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) in addition, and a secret in standard base64 that Standard Webhooks libraries take as is.",
        example: "standard",
      }),
    ),
  };
}

function webhookPatchShape(options: WebhookInputOptions) {
  return {
    url: optional(webhookUrlField(options.urlPolicy)),
    events: optional(webhookEventsField(options.role)),
    isActive: optional(
      documented(boolean(), {
        description: "false pauses the webhook without deleting it; true also re-enables one the service disabled",
      }),
    ),
  };
}

const ROTATE_SECRET_FIELDS: { overlapSeconds: Field<number> & { readonly optional: true } } = {
  overlapSeconds: optional(
    documented(int(0, MAX_SECRET_OVERLAP_SECONDS), {
      description: "How long the replaced secret keeps signing (0 to 604800); default 86400 (24 h)",
    }),
  ),
};

/** JSON Schema of a create-webhook body (the HTTP layer documents it). */
export function newWebhookSchema(options: WebhookInputOptions = {}): JsonSchema {
  return objectSchema(newWebhookShape(options));
}

/** JSON Schema of an update-webhook body. */
export function webhookPatchSchema(options: WebhookInputOptions = {}): JsonSchema {
  return objectSchema(webhookPatchShape(options));
}

/** JSON Schema of a rotate-secret body. */
export const ROTATE_SECRET_SCHEMA: JsonSchema = objectSchema(ROTATE_SECRET_FIELDS);

/**
 * Parses the input of `webhooks.create`.
 *
 * @example
 * parseNewWebhook({ url: " https://a.example/h ", events: ["order.created"] });
 * // { ok: true, value: { url: "https://a.example/h", events: ["order.created"] } }
 */
export function parseNewWebhook(input: unknown, options: WebhookInputOptions = {}): ParseResult<ParsedNewWebhook> {
  return parseObject(newWebhookShape(options), input) as ParseResult<ParsedNewWebhook>;
}

/** Parses the input of `webhooks.update`: every field optional. */
export function parseWebhookPatch(input: unknown, options: WebhookInputOptions = {}): ParseResult<ParsedWebhookPatch> {
  return parseObject(webhookPatchShape(options), input) as ParseResult<ParsedWebhookPatch>;
}

/** Parses the options of `webhooks.rotateSecret`; no body (`undefined`) is no options. */
export function parseRotateSecret(input: unknown): ParseResult<ParsedRotateSecret> {
  return parseObject(ROTATE_SECRET_FIELDS, input === undefined ? {} : input);
}

/**
 * Problems with a webhook URL, field name first; empty when acceptable.
 *
 * @example
 * validateWebhookUrl("http://example.com/hook"); // ["url must be an https URL"]
 * validateWebhookUrl("http://127.0.0.1:8080/hook", { allowLoopback: true }); // []
 */
export function validateWebhookUrl(url: unknown, policy: UrlPolicy = {}): string[] {
  const problems: string[] = [];
  webhookUrlField(policy).parse(url, "url", problems);
  return problems;
}

/**
 * Checks a subscription list for a team of `role`: problems (field name first), and the list without
 * duplicates, in the order given.
 */
export function validateWebhookEvents(events: unknown, role: TeamRole): { problems: string[]; events: EventType[] } {
  const problems: string[] = [];
  const parsed = webhookEventsField(role).parse(events, "events", problems);
  return { problems, events: problems.length > 0 ? [] : parsed };
}

/** Parsed input of `webhooks.recover`. */
export interface ParsedRecover {
  since: Date;
  until?: Date;
  dryRun?: boolean;
}

const RECOVER_FIELDS = {
  since: documented(timestamp(), {
    description: "Re-send the events created at or after this instant (inside the retention window)",
  }),
  until: optional(documented(timestamp(), { description: "…and at or before this one; default now" })),
  dryRun: optional(documented(boolean(), { description: "true: only count the events, send nothing" })),
};

/** JSON Schema of a recover body. */
export const RECOVER_SCHEMA: JsonSchema = objectSchema(RECOVER_FIELDS);

/**
 * Parses the input of `webhooks.recover`: `since` required, inside the retention window that starts
 * at `windowStart` (`retentionDays` long, named in the message), `since` not after `until`.
 *
 * @example
 * parseRecover({ since: "2026-11-01T00:00:00.000Z", dryRun: true }, { windowStart, retentionDays: 30 });
 */
export function parseRecover(
  input: unknown,
  window: { windowStart: Date; retentionDays: number },
): ParseResult<ParsedRecover> {
  const result = parseObject(RECOVER_FIELDS, input);
  if (!result.ok) return result;
  const value = result.value as ParsedRecover;
  const problems: string[] = [];
  if (value.since < window.windowStart) {
    problems.push(
      `since must be within the retention window of ${window.retentionDays} days (not before ${window.windowStart.toISOString()})`,
    );
  }
  if (value.until && value.since > value.until) problems.push("since must not be after until");
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value };
}
