/**
 * Which roles may call which endpoint classes.
 *
 * @module
 */

import type { EndpointClass, TeamRole } from "./types.ts";

/**
 * True when a team of `role` may call endpoints of `endpointClass`.
 *
 * @example
 * canAccess("hybrid", "provider"); // true
 * canAccess("reseller", "provider"); // false
 */
export function canAccess(role: TeamRole, endpointClass: EndpointClass): boolean {
  return role === "hybrid" || role === endpointClass;
}
