/**
 * The optional `pageUrl` of public orders: the page the consumer ordered on, kept in the consent
 * ledger as capture context.
 *
 * @module
 */

import { documented, type Field, httpsUrl, MAX_URL_LENGTH, optional, type ParseResult } from "../fields/fields.ts";

/** The `pageUrl` field: https only (the service's one URL policy), at most 2,048 characters. */
export const PAGE_URL_FIELD: Field<string> & { readonly optional: true } = optional(
  documented(httpsUrl({ max: MAX_URL_LENGTH }), {
    description:
      "The page the consumer ordered on (https, at most 2,048 characters); recorded with the consent decisions " +
      "as capture context and shown in the consent evidence bundle",
    example: "https://shop.example.com/internet?utm_source=mail",
  }),
);

/**
 * Parses an optional `pageUrl` (absent is fine).
 *
 * @example
 * parsePageUrl("http://x.test/"); // { ok: false, problems: ["pageUrl must be an https URL"] }
 */
export function parsePageUrl(value: unknown): ParseResult<string | undefined> {
  if (value === undefined) return { ok: true, value: undefined };
  const problems: string[] = [];
  const url = PAGE_URL_FIELD.parse(value, "pageUrl", problems);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: url };
}
