/**
 * Schemas shared by routes: error envelope, pagination, timestamps. Request schemas are strict:
 * unknown properties and parameters are rejected.
 *
 * @module
 */

import { z } from "@hono/zod-openapi";
import { MAX_PAGE_SIZE } from "@marketplace/core";
import { isPageSize, PAGE_SIZE_PROBLEM } from "@marketplace/core/kernel";
import type { MiddlewareHandler } from "hono";

/** The error envelope, as documented in OpenAPI. */
export const ErrorEnvelopeSchema = z
  .object({
    statusCode: z.int().openapi({ example: 400 }),
    message: z.union([z.string(), z.array(z.string())]).openapi({ example: ["name must be a string"] }),
    error: z.string().openapi({ example: "Bad Request" }),
    code: z.string().optional().openapi({ description: "Stable sub-code where one applies (e.g. consent_required)" }),
  })
  .openapi("ErrorEnvelope");

const describe: Record<number, string> = {
  400: "Validation failed: `message` lists one entry per failed constraint, field name first",
  401: "Missing, malformed or revoked API key",
  403: "The team's role does not grant this endpoint class",
  404: "Not found, or owned by another team",
  409: "Conflict with existing state",
  413: "Body larger than the limit",
  415: "Body sent with a content type other than application/json",
  422: "Well formed, but cannot be carried out",
  429: "Too many requests",
  500: "Server failure; safe to retry idempotent requests",
  503: "A dependency (the database) is unavailable",
};

/** OpenAPI responses for the given error statuses, all with the envelope. */
export function errorResponses<S extends number>(...statuses: S[]) {
  const out = {} as Record<
    S,
    { description: string; content: { "application/json": { schema: typeof ErrorEnvelopeSchema } } }
  >;
  for (const status of statuses) {
    out[status] = {
      description: describe[status] ?? "Error",
      content: { "application/json": { schema: ErrorEnvelopeSchema } },
    };
  }
  return out;
}

/** An ISO 8601 UTC timestamp with milliseconds, as every response carries them. */
export const Timestamp = z.iso.datetime().openapi({ example: "2026-01-31T12:00:00.000Z" });

/** A UUID v4 identifier. */
export const Id = z.string().openapi({ format: "uuid", example: "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21" });

/** Query parameters of every paginated list. */
export const paginationQueryShape = {
  // The query string's digits become a number here; the page-size rule is the core's.
  limit: z
    .string({ error: PAGE_SIZE_PROBLEM })
    .regex(/^[0-9]{1,4}$/, { error: PAGE_SIZE_PROBLEM })
    .transform(Number)
    .refine(isPageSize, { error: PAGE_SIZE_PROBLEM })
    .optional()
    .openapi({
      param: { description: `Page size, 1 to ${MAX_PAGE_SIZE}; asking for a page switches to the paginated envelope` },
      type: "integer",
      minimum: 1,
      maximum: MAX_PAGE_SIZE,
    }),
  cursor: z
    .string({ error: "cursor must be a string" })
    .optional()
    .openapi({ param: { description: "Opaque cursor: nextCursor from the previous page, unmodified" } }),
};

/** A strict query schema: pagination plus the given filters; anything else is rejected. */
export function listQuery<T extends z.ZodRawShape>(filters: T = {} as T) {
  return z.strictObject({ ...paginationQueryShape, ...filters });
}

/** The answer of a list endpoint: the complete array, or a page when `limit` or `cursor` was sent. */
export function listResponse<T extends z.ZodType>(item: T, name: string) {
  const page = z
    .object({
      data: z.array(item),
      hasMore: z.boolean(),
      nextCursor: z.string().nullable(),
    })
    .openapi(`${name}Page`);
  return z.union([z.array(item), page]);
}

/** A strict query schema with no parameters at all. */
export const NoQuery = z.strictObject({});

/** The body of an endpoint that takes none: one that is sent must be empty (unknown properties are 400). */
export const EmptyBodySchema = z.strictObject({}).openapi("EmptyBody");

/**
 * `request.body` of an endpoint that takes no body: absent, empty or `{}` is accepted; a body with
 * properties is 400 (`property x should not exist`), one of another content type 415. Pair it with
 * `middleware: emptyBodyIsNoBody`.
 */
export const noBody = { required: false, content: { "application/json": { schema: EmptyBodySchema } } };

/**
 * An empty body (content-length 0, what fetch sends for a POST without one) is no body, even when
 * the client labels every request application/json.
 *
 * The label goes by handing the route a copy of the request without it: a request's headers are
 * immutable under `Deno.serve` (and by the Fetch standard), so they are never changed in place.
 * Only an empty request that carries a content type is copied; every other passes through as is.
 */
export const emptyBodyIsNoBody: MiddlewareHandler = async (c, next) => {
  const request = c.req.raw;
  if (request.headers.has("content-type")) {
    const length = request.headers.get("content-length");
    const empty = length === "0" || (length === null && request.body !== null && (await c.req.text()) === "");
    if (empty) {
      const headers = new Headers(request.headers);
      headers.delete("content-type");
      headers.delete("content-length");
      c.req.raw = new Request(request.url, { method: request.method, headers, signal: request.signal });
    }
  }
  await next();
};

/** `content` of a JSON request or response with this schema. */
export const json = <T extends z.ZodType>(schema: T) => ({ "application/json": { schema } });

/** The security requirement of provider and reseller operations: a team API key in `x-api-key`. */
export const security = [{ apiKey: [] as string[] }];

/** A UUID path parameter, documented for OpenAPI (`{name}` in the path). */
export const pathParam = (name: string) => z.string().openapi({ param: { name, in: "path" }, format: "uuid" });
