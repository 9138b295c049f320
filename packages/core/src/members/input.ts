/**
 * Parsers of the members commands' input, from `unknown`.
 *
 * @module
 */

import { type JsonSchema, objectSchema, oneOf, type ParseResult, parseObject } from "../fields/fields.ts";
import { email } from "../fields/format-fields.ts";
import { MEMBER_ROLES, type MemberRole } from "./types.ts";

/** Input of `members.invite`. */
export interface NewInvite {
  /** The invitee's e-mail address. */
  email: string;
  role: MemberRole;
}

const INVITE_FIELDS = { email: email(), role: oneOf(MEMBER_ROLES) };

/** JSON Schema of an invite body. */
export const NEW_INVITE_SCHEMA: JsonSchema = objectSchema(INVITE_FIELDS);

/**
 * Parses the input of `members.invite`.
 *
 * @example
 * parseNewInvite({ email: "ana@example.com", role: "owner" }); // { ok: true, value: … }
 */
export function parseNewInvite(input: unknown): ParseResult<NewInvite> {
  return parseObject(INVITE_FIELDS, input) as ParseResult<NewInvite>;
}
