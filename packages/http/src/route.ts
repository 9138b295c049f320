/**
 * The one way routes are declared: `createRoute` of @hono/zod-openapi, plus the contract's rule that
 * an unknown query parameter is a 400. A route that declares no query schema gets `NoQuery` (strict,
 * no parameters), so no route can forget it.
 *
 * @module
 */

import { createRoute as createOpenApiRoute, type RouteConfig } from "@hono/zod-openapi";
import { NoQuery } from "./schemas.ts";

/**
 * Declares a route: its query is strict (`NoQuery` unless the route declares its own strict schema).
 *
 * @example
 * const getOffer = createRoute({ method: "get", path: "/offers/{id}", request: { params }, responses });
 */
export function createRoute<P extends string, R extends Omit<RouteConfig, "path"> & { path: P }>(config: R) {
  const request = { query: NoQuery, ...config.request };
  return createOpenApiRoute({ ...config, request } as R);
}
