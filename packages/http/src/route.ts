/**
 * The one way routes are declared: `createRoute` of @hono/zod-openapi, plus what holds for every
 * route of the app. An unknown query parameter is a 400: a route that declares no query schema gets
 * `NoQuery` (strict, no parameters), so no route can forget it. And the document declares the
 * errors any route can answer, so none is left out: 400 (query, body), 413 (the JSON body limit
 * applies to every route, GETs included), 500 and 503 (the database unreachable: retry), each with
 * the error envelope unless the route declares its own. A route that takes a JSON body reads it
 * through `checkJsonBody` (nesting depth, unpaired surrogates), after its own middleware.
 *
 * @module
 */

import { createRoute as createOpenApiRoute, type RouteConfig } from "@hono/zod-openapi";
import { checkJsonBody } from "./middleware/check-json-body.ts";
import { errorResponses, NoQuery } from "./schemas.ts";

const jsonBodyCheck = checkJsonBody();

/** What sets a route apart from the rule. */
export interface RouteOptions {
  /** False for routes served before the JSON body limit applies (`/`, `/health`): no 413. Default true. */
  bodyLimit?: boolean;
}

/**
 * Declares a route: its query is strict (`NoQuery` unless the route declares its own strict schema),
 * and its responses include the errors every route can answer.
 *
 * @example
 * const getOffer = createRoute({ method: "get", path: "/offers/{id}", request: { params }, responses });
 */
export function createRoute<P extends string, R extends Omit<RouteConfig, "path"> & { path: P }>(
  config: R,
  options: RouteOptions = {},
) {
  const request = { query: NoQuery, ...config.request };
  const universal = options.bodyLimit === false ? errorResponses(400, 500, 503) : errorResponses(400, 413, 500, 503);
  const responses = { ...config.responses };
  for (const [status, response] of Object.entries(universal)) responses[status] ??= response;
  const own = config.middleware === undefined ? [] : [config.middleware].flat();
  const takesJson = config.request?.body?.content?.["application/json"] !== undefined;
  const middleware = takesJson ? [...own, jsonBodyCheck] : config.middleware;
  return createOpenApiRoute({ ...config, request, responses, middleware } as R);
}
