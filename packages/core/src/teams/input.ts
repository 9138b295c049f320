/**
 * Parsers of the team commands' input (create a team, issue a key), from `unknown`.
 *
 * @module
 */

import {
  type JsonSchema,
  nullable,
  objectSchema,
  oneOf,
  optional,
  type ParseResult,
  parseObject,
  text,
} from "../fields/fields.ts";
import { TEAM_ROLES, type TeamRole } from "./types.ts";

/** Input of `teams.create`. */
export interface NewTeam {
  /** 1 to 200 characters after trimming. */
  name: string;
  role: TeamRole;
}

/** Input of `teams.createApiKey`: an optional label ("CI", "production"). */
export interface NewApiKey {
  /** 1 to 100 characters after trimming, or null (the default) for none. */
  name?: string | null;
}

const TEAM_FIELDS = { name: text({ min: 1, max: 200 }), role: oneOf(TEAM_ROLES) };
const API_KEY_FIELDS = { name: optional(nullable(text({ min: 1, max: 100 }))) };

/** JSON Schema of a create-team body. */
export const NEW_TEAM_SCHEMA: JsonSchema = objectSchema(TEAM_FIELDS);

/** JSON Schema of a create-key body. */
export const NEW_API_KEY_SCHEMA: JsonSchema = objectSchema(API_KEY_FIELDS);

/**
 * Parses the input of `teams.create`.
 *
 * @example
 * parseNewTeam({ name: "Acme", role: "owner" });
 * // { ok: false, problems: ["role must be one of the following values: provider, reseller, hybrid"] }
 */
export function parseNewTeam(input: unknown): ParseResult<NewTeam> {
  return parseObject(TEAM_FIELDS, input) as ParseResult<NewTeam>;
}

/** Parses the input of `teams.createApiKey`. */
export function parseNewApiKey(input: unknown): ParseResult<NewApiKey> {
  return parseObject(API_KEY_FIELDS, input) as ParseResult<NewApiKey>;
}
