/**
 * Parser of an outbound click's input, from `unknown`.
 *
 * @module
 */

import type { ConsentDecision } from "../consents/index.ts";
import { CONSENT_DECISIONS_FIELD } from "../consents/index.ts";
import {
  documented,
  type Field,
  type JsonSchema,
  object,
  objectSchema,
  optional,
  type ParseResult,
  parseObject,
  string,
  text,
} from "../fields/fields.ts";
import { uuid } from "../fields/format-fields.ts";
import { isE164 } from "../fields/formats.ts";

/** Input of `publicShop.recordClick`. */
export interface ClickInput {
  /** The storefront the click comes from; or `linkSlug`, exactly one of the two. */
  storefrontSlug?: string;
  /** The shareable link the click comes from (the offer must be one of its offers). */
  linkSlug?: string;
  offerId: string;
  /** Optional decisions; a granted `handoff_contact.v1` lets the phone go to the partner. */
  consents?: ConsentDecision[];
  /** The consumer's contact: the phone goes into the handoff URL and the lead only with consent. */
  contact?: { phone?: string };
}

/** A public slug (storefront or link) as a public body names it; its format is checked on lookup. */
export const PUBLIC_SLUG_FIELD: Field<string> = text({ min: 1, max: 100, trim: false, checkStorable: false });
const slug = PUBLIC_SLUG_FIELD;

const CLICK_FIELDS = {
  storefrontSlug: optional(documented(slug, { description: "The storefront the click comes from; or linkSlug" })),
  linkSlug: optional(
    documented(slug, { description: "The shareable link the click comes from (exactly one of the two)" }),
  ),
  offerId: uuid(),
  consents: optional(
    documented(CONSENT_DECISIONS_FIELD, {
      description:
        "Optional. A granted handoff_contact.v1 decision lets contact.phone go to the partner; the decisions are then " +
        "recorded for the offer's provider (order.consent_recorded). Without it the phone is dropped and nothing is recorded.",
    }),
  ),
  contact: optional(
    object({ phone: optional(documented(string(), { description: "E.164", example: "+15125550123" })) }),
  ),
};

/** JSON Schema of an outbound click body. */
export const CLICK_SCHEMA: JsonSchema = objectSchema(CLICK_FIELDS);

/**
 * Parses the input of `publicShop.recordClick`: the fields, then exactly one slug and an E.164 phone.
 *
 * @example
 * parseClick({ offerId }); // { ok: false, problems: ["exactly one of storefrontSlug and linkSlug is required"] }
 */
export function parseClick(input: unknown): ParseResult<ClickInput> {
  const result = parseObject(CLICK_FIELDS, input);
  if (!result.ok) return result;
  const click = result.value as ClickInput;
  const problems: string[] = [];
  if ((click.storefrontSlug === undefined) === (click.linkSlug === undefined)) {
    problems.push("exactly one of storefrontSlug and linkSlug is required");
  }
  const phone = click.contact?.phone;
  if (phone !== undefined && !isE164(phone)) {
    problems.push("contact.phone must be a phone number in E.164 format, e.g. +15125550123");
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: click };
}
