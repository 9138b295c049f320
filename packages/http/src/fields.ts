/**
 * Request schemas derived from the core's field specifications: zod carries the shape and the
 * OpenAPI documentation, the core's fields hold every rule. A failed rule becomes a zod issue whose
 * message is the core's, so the 400 message list of a route is the core parser's problem list.
 *
 * @module
 */

import { z } from "@hono/zod-openapi";
import type { Field, JsonSchema, ParseResult, Shape, ShapeValue } from "@marketplace/core/fields";

/** Marks an issue whose message is already the contract's (field path first): kept as it is. */
export const CORE_MESSAGE = "marketplace.coreMessage";

/** Reports the core's problems as zod issues whose messages are kept as they are. */
export function report(problems: readonly string[], ctx: z.RefinementCtx) {
  for (const message of problems) ctx.addIssue({ code: "custom", message, params: { [CORE_MESSAGE]: true } });
}

/** A zod schema of one field: the core's rule, documented by the field's JSON Schema. */
export function zodField<T>(key: string, field: Field<T>): z.ZodType<T> {
  const checked = z
    .unknown()
    .superRefine((value, ctx) => {
      const problems: string[] = [];
      if (value !== undefined) field.parse(value, key, problems);
      else if (!field.optional) problems.push(`${key} is required`);
      report(problems, ctx);
    })
    .openapi(field.schema as object);
  // nonoptional: documented as required (zod takes an unknown for optional).
  return (field.optional ? checked.optional() : checked.nonoptional()) as unknown as z.ZodType<T>;
}

/**
 * A strict zod object of core fields, for bodies that HTTP composes further (`.omit`, `.extend`):
 * zod reports missing and unknown properties, the core each field's rules, in the same order as
 * the core's `parseObject`.
 */
export function zodObject<S extends Shape>(shape: S) {
  const entries = Object.entries(shape).map(([key, field]) => [key, zodField(key, field)] as const);
  return z.strictObject(
    Object.fromEntries(entries) as { [K in keyof S]: z.ZodType<ShapeValue<S>[K & keyof ShapeValue<S>]> },
  );
}

/**
 * A request body checked by a core command parser as a whole (cross-field rules included), and
 * documented by its JSON Schema under `name`.
 */
export function zodCommand<T>(name: string, parse: (input: unknown) => ParseResult<T>, schema: JsonSchema) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const result = parse(value);
      if (!result.ok) report(result.problems, ctx);
    })
    .openapi(name, schema as object) as unknown as z.ZodType<T>;
}

/**
 * A request body whose rules depend on the caller (a webhook's event types on the team's role): the
 * use case parses it with the core's parser `parse`, so the 400 message list is that parser's problem
 * list all the same; zod documents it under `name`. Only `null`, which the parser refuses whoever
 * calls, is refused here with the parser's problems, so the document does not call the body nullable.
 */
export function zodParsedByUseCase(name: string, schema: JsonSchema, parse: (input: unknown) => ParseResult<unknown>) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      if (value !== null) return;
      const result = parse(value);
      if (!result.ok) report(result.problems, ctx);
    })
    .openapi(name, schema as object);
}
