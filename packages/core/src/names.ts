/**
 * Rules for the display names of catalog resources (brands, markets).
 *
 * @module
 */

import { isStorableText } from "./text.ts";

/** Longest accepted name, counted after trimming. */
export const NAME_MAX_LENGTH = 200;

/**
 * Problems with a name, field name first; empty when valid. `undefined` is a problem only when the
 * name is required (a create); a partial update leaves it out to keep the current name.
 *
 * @example
 * nameProblems("name", "  ", { required: true }); // ["name must not be empty"]
 * nameProblems("name", undefined, { required: false }); // []
 */
export function nameProblems(field: string, value: unknown, options: { required: boolean }): string[] {
  if (value === undefined) return options.required ? [`${field} is required`] : [];
  if (typeof value !== "string") return [`${field} must be a string`];
  const trimmed = value.trim();
  if (trimmed.length === 0) return [`${field} must not be empty`];
  if (trimmed.length > NAME_MAX_LENGTH) return [`${field} must be at most ${NAME_MAX_LENGTH} characters`];
  if (!isStorableText(trimmed)) return [`${field} must not contain NUL characters`];
  return [];
}
