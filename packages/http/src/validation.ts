/**
 * Turns zod issues into the contract's messages: one entry per failed constraint, each starting with
 * the field name (dotted path for nested fields), and `property <name> should not exist` for every
 * unknown property at any depth.
 *
 * @module
 */

import { InvalidInputError } from "@marketplace/core";
import type { z } from "zod";
import { CORE_MESSAGE } from "./fields.ts";

type Issue = z.core.$ZodIssue;

/** Formats one issue; `input` is the raw value validated, used to tell a missing field from a bad one. */
export function formatIssue(issue: Issue, input: unknown): string[] {
  // The core's rules (see fields.ts) word their messages in full, field path first.
  if (issue.code === "custom" && issue.params?.[CORE_MESSAGE] === true) return [issue.message];
  const path = issue.path.map(String);
  const field = path.length > 0 ? path.join(".") : "body";
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => `property ${[...path, key].join(".")} should not exist`);
  }
  // Messages written for the schema already start with the field name: keep them.
  if (issue.message.startsWith(`${field} `)) return [issue.message];
  // Messages written for the schema as a predicate ("must be …") get the field name in front.
  if (/^(must|is|should|cannot) /.test(issue.message)) return [`${field} ${issue.message}`];
  switch (issue.code) {
    case "invalid_type": {
      if (valueAt(input, issue.path) === undefined) return [`${field} is required`];
      return [`${field} must be ${article(issue.expected)}`];
    }
    case "invalid_value":
      if (valueAt(input, issue.path) === undefined) return [`${field} is required`];
      return [`${field} must be one of the following values: ${issue.values.map(String).join(", ")}`];
    case "too_small":
      return [smallMessage(field, issue)];
    case "too_big":
      return [bigMessage(field, issue)];
    case "invalid_format":
      return [`${field} must be a valid ${formatName(issue.format)}`];
    case "not_multiple_of":
      return [`${field} must be a multiple of ${String(issue.divisor)}`];
    case "invalid_union":
      return [`${field} is invalid`];
    default:
      return [`${field} ${issue.message}`];
  }
}

/** Every message for a failed validation, in order, without duplicates. */
export function formatIssues(issues: readonly Issue[], input: unknown): string[] {
  return [...new Set(issues.flatMap((issue) => formatIssue(issue, input)))];
}

/**
 * The hook every route's validators use: a failed validation throws InvalidInputError, which the
 * app's error handler renders as a 400 envelope.
 */
export function validationHook(result: { success: boolean; error?: { issues: Issue[] }; data?: unknown }): undefined {
  if (!result.success && result.error) throw new InvalidInputError(formatIssues(result.error.issues, result.data));
  return undefined;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function article(expected: string): string {
  switch (expected) {
    case "int":
      return "an integer";
    case "object":
      return "an object";
    case "array":
      return "an array";
    case "undefined":
      return "absent";
    default:
      return `a ${expected}`;
  }
}

function smallMessage(field: string, issue: Extract<Issue, { code: "too_small" }>): string {
  const min = Number(issue.minimum);
  if (issue.origin === "string") {
    return min <= 1 ? `${field} must not be empty` : `${field} must be at least ${min} characters`;
  }
  if (issue.origin === "array" || issue.origin === "set") return `${field} must contain at least ${min} elements`;
  return issue.inclusive ? `${field} must not be less than ${min}` : `${field} must be greater than ${min}`;
}

function bigMessage(field: string, issue: Extract<Issue, { code: "too_big" }>): string {
  const max = Number(issue.maximum);
  if (issue.origin === "string") return `${field} must be at most ${max} characters`;
  if (issue.origin === "array" || issue.origin === "set") return `${field} must contain at most ${max} elements`;
  return issue.inclusive ? `${field} must not be greater than ${max}` : `${field} must be less than ${max}`;
}

function formatName(format: string): string {
  switch (format) {
    case "url":
      return "URL";
    case "uuid":
    case "guid":
      return "UUID";
    case "datetime":
      return "ISO 8601 timestamp";
    case "date":
      return "date (YYYY-MM-DD)";
    default:
      return format;
  }
}
