/**
 * Parsers of the storefront commands' input (choose the storefront's slug, create a link), from
 * `unknown`.
 *
 * @module
 */

import {
  arrayOf,
  documented,
  type JsonSchema,
  nullable,
  objectSchema,
  optional,
  type ParseResult,
  parseObject,
  refined,
  string,
  text,
} from "../fields/fields.ts";
import { uuid } from "../fields/format-fields.ts";
import { isStorefrontSlug, STOREFRONT_SLUG_PATTERN, STOREFRONT_SLUG_RULE } from "./slugs.ts";

/** Most offers on one shareable link (as many as one order may hold). */
export const MAX_LINK_OFFERS = 20;

/** Longest label of a link, after trimming. */
export const LINK_NAME_MAX_LENGTH = 200;

/** Input of `storefronts.putStorefront`. */
export interface StorefrontInput {
  /** The public slug: 3 to 63 lowercase letters, digits or hyphens. */
  slug: string;
}

/** Input of `storefronts.createLink`. */
export interface NewLink {
  /** One or more offer ids, each an active offer; shown and orderable in this order. */
  offerIds: string[];
  /** The reseller's own label, never shown to consumers. */
  name?: string | null;
}

const STOREFRONT_FIELDS = {
  slug: refined(string(), isStorefrontSlug, STOREFRONT_SLUG_RULE, {
    example: "austin-fiber-deals",
    pattern: STOREFRONT_SLUG_PATTERN,
  }),
};

const LINK_FIELDS = {
  offerIds: documented(arrayOf(uuid(), { min: 1, max: MAX_LINK_OFFERS }), {
    description: "Active offers, shown and orderable in this order; no repeats",
  }),
  name: optional(
    nullable(
      documented(text({ min: 1, max: LINK_NAME_MAX_LENGTH }), {
        description: "Your own label, never shown to consumers",
      }),
    ),
  ),
};

/** JSON Schema of a put-storefront body. */
export const STOREFRONT_INPUT_SCHEMA: JsonSchema = objectSchema(STOREFRONT_FIELDS);

/** JSON Schema of a create-link body. */
export const NEW_LINK_SCHEMA: JsonSchema = objectSchema(LINK_FIELDS);

/**
 * Parses the input of `storefronts.putStorefront`.
 *
 * @example
 * parseStorefrontInput({ slug: "Austin" }); // { ok: false, problems: ["slug must be 3 to 63 lowercase …"] }
 */
export function parseStorefrontInput(input: unknown): ParseResult<StorefrontInput> {
  return parseObject(STOREFRONT_FIELDS, input);
}

/**
 * Parses the input of `storefronts.createLink`: the fields, then no offer id twice.
 *
 * @example
 * parseNewLink({ offerIds: [id, id] }); // { ok: false, problems: ["offerIds.1 must not repeat an earlier offer id"] }
 */
export function parseNewLink(input: unknown): ParseResult<NewLink> {
  const result = parseObject(LINK_FIELDS, input);
  if (!result.ok) return result;
  const { offerIds } = result.value;
  const problems = offerIds.flatMap((id, index) =>
    offerIds.indexOf(id) === index ? [] : [`offerIds.${index} must not repeat an earlier offer id`],
  );
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: result.value as NewLink };
}
