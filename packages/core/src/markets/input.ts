/**
 * Parsers of the market commands' input (create, rename, add an area), from `unknown`.
 *
 * @module
 */

import {
  documented,
  type JsonSchema,
  objectSchema,
  oneOf,
  optional,
  type ParseResult,
  parseObject,
  string,
  text,
} from "../fields/fields.ts";
import { isZipCode } from "../fields/formats.ts";
import { NAME_MAX_LENGTH } from "../names.ts";
import { AREA_KINDS, type AreaKind } from "./types.ts";

/** Input of `markets.create`; areas are added one by one afterwards. */
export interface NewMarket {
  /** 1 to 200 characters after trimming; unique within the team, compared case-insensitively. */
  name: string;
}

/** Input of `markets.update`: only the fields to change. */
export interface MarketChanges {
  name?: string;
}

/** Input of `markets.addArea`. */
export interface NewArea {
  /** Defaults to `zip`. */
  kind?: AreaKind;
  /** For `zip`: a 5-digit US ZIP code ("78701"). */
  value: string;
}

/** What a valid area value looks like, per kind. */
const AREA_VALUES: Record<AreaKind, { test: (value: string) => boolean; description: string }> = {
  zip: { test: isZipCode, description: "a 5-digit US ZIP code" },
};

const name = documented(text({ min: 1, max: NAME_MAX_LENGTH }), {
  description: `1 to ${NAME_MAX_LENGTH} characters, trimmed; unique within the team, whatever the case`,
  example: "Austin metro",
});
const AREA_FIELDS = {
  kind: optional(documented(oneOf(AREA_KINDS), { description: "Defaults to zip" })),
  value: documented(string(), { example: "78701", description: "For kind zip: a 5-digit US ZIP code" }),
};

/** JSON Schema of a create-market body. */
export const NEW_MARKET_SCHEMA: JsonSchema = objectSchema({ name });

/** JSON Schema of an update-market body. */
export const MARKET_CHANGES_SCHEMA: JsonSchema = objectSchema({ name: optional(name) });

/** JSON Schema of an add-area body. */
export const NEW_AREA_SCHEMA: JsonSchema = objectSchema(AREA_FIELDS);

/**
 * Parses the input of `markets.create`.
 *
 * @example
 * parseNewMarket({ name: "" }); // { ok: false, problems: ["name must not be empty"] }
 */
export function parseNewMarket(input: unknown): ParseResult<NewMarket> {
  return parseObject({ name }, input);
}

/** Parses the input of `markets.update`: only the fields to change. */
export function parseMarketChanges(input: unknown): ParseResult<MarketChanges> {
  return parseObject({ name: optional(name) }, input) as ParseResult<MarketChanges>;
}

/**
 * Parses the input of `markets.addArea`: the fields, then the value's format for its kind.
 *
 * @example
 * parseNewArea({ kind: "zip", value: "7870" }); // { ok: false, problems: ["value must be a 5-digit US ZIP code"] }
 */
export function parseNewArea(input: unknown): ParseResult<Required<NewArea>> {
  const result = parseObject(AREA_FIELDS, input);
  if (!result.ok) return result;
  const kind = result.value.kind ?? "zip";
  const rule = AREA_VALUES[kind];
  if (!rule.test(result.value.value)) return { ok: false, problems: [`value must be ${rule.description}`] };
  return { ok: true, value: { kind, value: result.value.value } };
}
