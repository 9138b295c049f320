/**
 * Parsers of the brand commands' input (create, update), from `unknown`.
 *
 * @module
 */

import {
  documented,
  httpsUrl,
  type JsonSchema,
  MAX_URL_LENGTH,
  nullable,
  objectSchema,
  optional,
  type ParseResult,
  parseObject,
  text,
} from "../fields/fields.ts";
import { NAME_MAX_LENGTH } from "../names.ts";

/** Longest accepted logo URL. */
export const LOGO_URL_MAX_LENGTH = MAX_URL_LENGTH;

/** Input of `brands.create`. */
export interface NewBrand {
  /** 1 to 200 characters after trimming; unique within the team, compared case-insensitively. */
  name: string;
  /** An https URL of at most 2048 characters, or null (the default) for no logo. */
  logoUrl?: string | null;
}

/** Input of `brands.update`: only the fields to change; `logoUrl: null` removes the logo. */
export interface BrandChanges {
  name?: string;
  logoUrl?: string | null;
}

function brandShape(creating: boolean) {
  const name = documented(text({ min: 1, max: NAME_MAX_LENGTH }), {
    description: `1 to ${NAME_MAX_LENGTH} characters, trimmed; unique within the team, whatever the case`,
    example: "Acme Fiber",
  });
  // A logo URL is taken as written (no trimming): whitespace around it makes it invalid.
  const logoUrl = documented(httpsUrl({ min: 0, max: LOGO_URL_MAX_LENGTH, trim: false, reportNul: false }), {
    description: `https URL of the logo, at most ${LOGO_URL_MAX_LENGTH} characters`,
    example: "https://cdn.example.com/acme.png",
  });
  return { name: creating ? name : optional(name), logoUrl: optional(nullable(logoUrl)) };
}

/** JSON Schema of a create-brand body. */
export const NEW_BRAND_SCHEMA: JsonSchema = objectSchema(brandShape(true));

/** JSON Schema of an update-brand body. */
export const BRAND_CHANGES_SCHEMA: JsonSchema = objectSchema(brandShape(false));

/**
 * Parses the input of `brands.create`.
 *
 * @example
 * parseNewBrand({ name: "Acme", logoUrl: "http://acme.test/logo.png" });
 * // { ok: false, problems: ["logoUrl must be an https URL"] }
 */
export function parseNewBrand(input: unknown): ParseResult<NewBrand> {
  return parseObject(brandShape(true), input) as ParseResult<NewBrand>;
}

/** Parses the input of `brands.update`: only the fields to change. */
export function parseBrandChanges(input: unknown): ParseResult<BrandChanges> {
  return parseObject(brandShape(false), input) as ParseResult<BrandChanges>;
}
