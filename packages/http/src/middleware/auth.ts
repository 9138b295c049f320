import type { Marketplace } from "@marketplace/core";
import { sha256Hex, timingSafeEqualText } from "@marketplace/core/kernel";
import type { EndpointClass } from "@marketplace/core/teams";
import type { MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./request-context.ts";

/**
 * Authenticates `x-api-key` and checks the team's role for an endpoint class. Runs before any
 * validation: a bad key is a 401 whatever the body.
 */
export function requireTeam(marketplace: Marketplace, endpointClass: EndpointClass): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = await marketplace.auth.authenticate(c.req.header("x-api-key"));
    marketplace.auth.authorize(principal, endpointClass);
    c.set("principal", principal);
    await next();
  };
}

/** Checks `authorization: Bearer <token>` against the admin token, in constant time. */
export function requireAdmin(adminToken: string): MiddlewareHandler<AppEnv> {
  const expected = sha256Hex(adminToken);
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer (.+)$/.exec(header);
    // Compare hashes: equal length whatever was sent, so timing tells nothing about the token.
    const presented = await sha256Hex(match?.[1] ?? "");
    if (!match || !timingSafeEqualText(presented, await expected)) {
      throw new HTTPException(401, { message: "Missing or invalid admin token" });
    }
    await next();
  };
}
