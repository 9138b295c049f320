/**
 * Parsers of the consent commands' input (a consumer's withdrawal), from `unknown`.
 *
 * @module
 */

import {
  documented,
  type JsonSchema,
  objectSchema,
  optional,
  type ParseResult,
  parseObject,
  refined,
  text,
} from "../fields/fields.ts";
import { isE164, isEmail } from "../fields/formats.ts";

/** Input of `consents.revokeByIdentifier`: a phone number, an e-mail address, or both. */
export interface RevokeConsentInput {
  /** E.164. */
  phone?: string;
  email?: string;
}

const PHONE_MESSAGE = "must be a phone number in E.164 format, e.g. +15125550123";

const REVOKE_FIELDS = {
  phone: optional(
    documented(refined(text({ max: 32, trim: false, checkStorable: false }), isE164, PHONE_MESSAGE), {
      description: "E.164",
      example: "+15125550123",
    }),
  ),
  email: optional(
    documented(
      refined(
        text({ max: 254, trim: false, checkStorable: false }),
        (value) => isEmail(value.trim()),
        "must be an email",
      ),
      { format: "email" },
    ),
  ),
};

/** JSON Schema of a consent withdrawal body. */
export const REVOKE_CONSENT_SCHEMA: JsonSchema = objectSchema(REVOKE_FIELDS);

/**
 * Parses the input of `consents.revokeByIdentifier`: the fields, then at least one of them.
 *
 * @example
 * parseRevokeConsent({}); // { ok: false, problems: ["phone or email is required"] }
 */
export function parseRevokeConsent(input: unknown): ParseResult<RevokeConsentInput> {
  const result = parseObject(REVOKE_FIELDS, input);
  if (!result.ok) return result;
  if (result.value.phone === undefined && result.value.email === undefined) {
    return { ok: false, problems: ["phone or email is required"] };
  }
  return { ok: true, value: result.value as RevokeConsentInput };
}
