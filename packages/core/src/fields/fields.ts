/**
 * Field specifications: the one place each input rule (limits, patterns, enums, the text, money, ZIP
 * and URL rules) is written. A field both checks a value, with the contract's messages (field path
 * first: `name must not be empty`), and describes itself as JSON Schema, from which the HTTP layer
 * derives its request schemas and OpenAPI document. Command parsers (`parseNewOffer`,
 * `parsePlaceOrder`, …) are objects of fields. The fields of the formats (money, dates, ZIP, e-mail,
 * phone, UUID, …) are in `format-fields.ts`.
 *
 * @module
 */

import { isWellFormedText } from "../text.ts";
import { hasControlCharacters, httpsUrlFieldProblem, type UrlPolicy } from "./url-policy.ts";

/** A JSON Schema (OpenAPI 3.1 dialect) object. */
export type JsonSchema = { [keyword: string]: unknown };

/** The outcome of parsing untrusted input: the normalised value, or one message per failed rule. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** One input field: its rule, and its description as JSON Schema. */
export interface Field<T> {
  /** True when the field may be absent. */
  readonly optional: boolean;
  /** The value's JSON Schema, for documentation. */
  readonly schema: JsonSchema;
  /**
   * Checks a present value (never `undefined`): pushes one message per failed rule, each starting
   * with `path`, and returns the normalised value (meaningful only when nothing was pushed).
   */
  parse(value: unknown, path: string, problems: string[]): T;
}

/** The fields of an object, in the order their problems are reported. */
export type Shape = { readonly [key: string]: Field<unknown> };

/** The value an object of these fields parses to. */
export type ShapeValue<S extends Shape> = {
  [K in keyof S as S[K]["optional"] extends true ? never : K]: FieldValue<S[K]>;
} & { [K in keyof S as S[K]["optional"] extends true ? K : never]?: FieldValue<S[K]> };

/** The value a field parses to. */
export type FieldValue<F> = F extends Field<infer T> ? T : never;

/** A required field of this schema and rule. */
export function field<T>(schema: JsonSchema, parse: Field<T>["parse"]): Field<T> {
  return { optional: false, schema, parse };
}

/** A field that may be absent. */
export type OptionalField<T> = Field<T> & { readonly optional: true };

/** The same field, allowed to be absent. */
export function optional<T>(inner: Field<T>): OptionalField<T> {
  return { ...inner, optional: true };
}

/** The same field, also accepting `null`. */
export function nullable<T>(inner: Field<T>): Field<T | null> {
  return {
    optional: inner.optional,
    schema: nullableSchema(inner.schema),
    parse: (value, path, problems) => (value === null ? null : inner.parse(value, path, problems)),
  };
}

/** The same field with more documentation (description, example). */
export function documented<T, F extends Field<T>>(inner: F, doc: JsonSchema): F {
  return { ...inner, schema: { ...inner.schema, ...doc } };
}

function nullableSchema(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === "string") {
    const out: JsonSchema = { ...schema, type: [schema.type, "null"] };
    if (Array.isArray(schema.enum)) out.enum = [...schema.enum, null];
    return out;
  }
  return { anyOf: [schema, { type: "null" }] };
}

/** Options of `text`. */
export interface TextOptions {
  /** Fewest characters after trimming; default 0. */
  min?: number;
  /** Most characters after trimming. */
  max: number;
  /** Also refuse C0 control characters and DEL (identifiers such as a SKU). */
  noControlCharacters?: boolean;
  /** Trim surrounding whitespace before the checks (and in the parsed value); default true. */
  trim?: boolean;
  /**
   * Report NUL and unpaired surrogates (what PostgreSQL cannot store); default true. False only
   * where a stricter rule refuses them anyway (the URL policy refuses control characters).
   */
  checkStorable?: boolean;
}

/**
 * The text rule: a string, trimmed, within limits, storable (no U+0000, well-formed Unicode: what
 * PostgreSQL text and jsonb hold). Parses to the trimmed string.
 *
 * @example
 * text({ min: 1, max: 200 }).parse("  Fiber  ", "name", problems); // "Fiber"
 */
export function text(options: TextOptions): Field<string> {
  const min = options.min ?? 0;
  const { max } = options;
  return field({ type: "string", minLength: min, maxLength: max }, (value, path, problems) => {
    if (typeof value !== "string") {
      problems.push(`${path} must be a string`);
      return "";
    }
    const trimmed = options.trim === false ? value : value.trim();
    if (trimmed.length < min) {
      problems.push(min <= 1 ? `${path} must not be empty` : `${path} must be at least ${min} characters`);
    }
    if (trimmed.length > max) problems.push(`${path} must be at most ${max} characters`);
    const storable = options.checkStorable !== false;
    if (storable && trimmed.includes("\u0000")) problems.push(`${path} must not contain NUL characters`);
    else if (options.noControlCharacters && hasControlCharacters(trimmed)) {
      problems.push(`${path} must not contain control characters`);
    }
    if (storable && !isWellFormedText(trimmed)) problems.push(`${path} must be well-formed Unicode`);
    return trimmed;
  });
}

/** Where `httpsUrl` allows loopback http, and its limits. */
export interface UrlFieldOptions extends UrlPolicy {
  /** Most characters; default 2048. */
  max?: number;
  /** Fewest characters; default 1 (0: an empty string is reported as not an https URL only). */
  min?: number;
  /** Trim surrounding whitespace first; default true (false: whitespace makes the URL invalid). */
  trim?: boolean;
  /** Report NUL apart from the URL rule (which refuses it too); default true. */
  reportNul?: boolean;
}

/** Longest URL any URL field accepts. */
export const MAX_URL_LENGTH = 2048;

/**
 * The URL rule: the text rule (1 to `max` characters), then the service's one URL policy
 * (`urlProblem`): https, or http to loopback when the policy allows it, and no `user:pass@`.
 */
export function httpsUrl(options: UrlFieldOptions = {}): Field<string> {
  const inner = text({
    min: options.min ?? 1,
    max: options.max ?? MAX_URL_LENGTH,
    trim: options.trim ?? true,
    checkStorable: options.reportNul ?? true,
  });
  const description = options.allowLoopback
    ? "https (http to localhost, 127.0.0.1 and [::1] too: this server allows loopback URLs)"
    : "https only";
  return field({ ...inner.schema, format: "uri", description }, (value, path, problems) => {
    const url = inner.parse(value, path, problems);
    const problem = typeof value === "string" ? httpsUrlFieldProblem(url, options) : null;
    if (problem) problems.push(`${path} ${problem}`);
    return url;
  });
}

/** An integer from `min` to `max`. */
export function int(min: number, max: number): Field<number> {
  return field({ type: "integer", minimum: min, maximum: max }, (value, path, problems) => {
    if (typeof value !== "number") problems.push(`${path} must be a number`);
    else if (!Number.isSafeInteger(value)) problems.push(`${path} must be an integer`);
    else {
      if (value < min) problems.push(`${path} must not be less than ${min}`);
      if (value > max) problems.push(`${path} must not be greater than ${max}`);
    }
    return value as number;
  });
}

/** One of the given strings. */
export function oneOf<const T extends string>(values: readonly T[]): Field<T> {
  return field({ type: "string", enum: [...values] }, (value, path, problems) => {
    if (typeof value !== "string" || !(values as readonly string[]).includes(value)) {
      problems.push(`${path} must be one of the following values: ${values.join(", ")}`);
    }
    return value as T;
  });
}

/** Any string (a rule that depends on another field checks it further). */
export function string(): Field<string> {
  return field({ type: "string" }, (value, path, problems) => {
    if (typeof value !== "string") problems.push(`${path} must be a string`);
    return value as string;
  });
}

/**
 * A field with one more rule: `test` runs when `inner` found nothing wrong; `message` ends the
 * problem (`slug must be …`).
 */
export function refined<T>(
  inner: Field<T>,
  test: (value: T) => boolean,
  message: string,
  doc: JsonSchema = {},
): Field<T> {
  return {
    optional: inner.optional,
    schema: { ...inner.schema, ...doc },
    parse(value, path, problems) {
      const before = problems.length;
      const parsed = inner.parse(value, path, problems);
      if (problems.length === before && !test(parsed)) problems.push(`${path} ${message}`);
      return parsed;
    },
  };
}

/** A boolean. */
export function boolean(): Field<boolean> {
  return field({ type: "boolean" }, (value, path, problems) => {
    if (typeof value !== "boolean") problems.push(`${path} must be a boolean`);
    return value as boolean;
  });
}

/** Options of `arrayOf`. */
export interface ArrayOptions {
  /** Fewest elements; default 0. */
  min?: number;
  /** Most elements. */
  max: number;
}

/**
 * An array of `item`s. A wrong length is reported alone; otherwise each element's problems, with
 * its index in the path (`items.1.offerId must be a UUID`).
 */
export function arrayOf<T>(item: Field<T>, options: ArrayOptions): Field<T[]> {
  const min = options.min ?? 0;
  const schema: JsonSchema = { type: "array", items: item.schema, maxItems: options.max };
  if (min > 0) schema.minItems = min;
  return field(schema, (value, path, problems) => {
    if (!Array.isArray(value)) {
      problems.push(`${path} must be an array`);
      return [];
    }
    if (value.length < min) problems.push(`${path} must contain at least ${min} elements`);
    else if (value.length > options.max) problems.push(`${path} must contain at most ${options.max} elements`);
    else return value.map((element, index) => item.parse(element, `${path}.${index}`, problems));
    return [];
  });
}

/**
 * A strict object of fields: problems in the order of the fields, then `property <path> should not
 * exist` for each unknown property, in the order sent.
 */
export function object<S extends Shape>(shape: S): Field<ShapeValue<S>> {
  return field(objectSchema(shape), (value, path, problems) => parseShape(shape, value, path, problems));
}

/** JSON Schema of a strict object of these fields. */
export function objectSchema(shape: Shape): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, inner] of Object.entries(shape)) {
    properties[key] = inner.schema;
    if (!inner.optional) required.push(key);
  }
  const schema: JsonSchema = { type: "object", properties };
  if (required.length > 0) schema.required = required;
  schema.additionalProperties = false;
  return schema;
}

function parseShape<S extends Shape>(shape: S, value: unknown, path: string, problems: string[]): ShapeValue<S> {
  const at = (key: string) => (path === "" ? key : `${path}.${key}`);
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    problems.push(`${path === "" ? "body" : path} must be an object`);
    return {} as ShapeValue<S>;
  }
  const input = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(shape)) {
    const present = Object.hasOwn(input, key) ? input[key] : undefined;
    if (present === undefined) {
      if (!inner.optional) problems.push(`${at(key)} is required`);
      continue;
    }
    out[key] = inner.parse(present, at(key), problems);
  }
  for (const key of Object.keys(input)) {
    if (!Object.hasOwn(shape, key)) problems.push(`property ${at(key)} should not exist`);
  }
  return out as ShapeValue<S>;
}

/**
 * Parses a request body against a strict object of fields.
 *
 * @example
 * parseObject({ name: text({ min: 1, max: 200 }) }, { name: "" });
 * // { ok: false, problems: ["name must not be empty"] }
 */
export function parseObject<S extends Shape>(shape: S, input: unknown): ParseResult<ShapeValue<S>> {
  const problems: string[] = [];
  const value = parseShape(shape, input, "", problems);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value };
}
