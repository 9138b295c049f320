import { OpenAPIHono, z } from "@hono/zod-openapi";
import { type Marketplace, mapListResult, pageRequest } from "@marketplace/core";
import { AUDIT_ACTIONS, AUDIT_ACTOR_TYPES } from "@marketplace/core/audit-log";
import type { EndpointClass } from "@marketplace/core/teams";
import type { AppEnv } from "../middleware/request-context.ts";
import { createRoute } from "../route.ts";
import { errorResponses, Id, json, listQuery, listResponse, security, Timestamp } from "../schemas.ts";
import { auditEntryJson } from "../serializers/index.ts";
import { validationHook } from "../validation.ts";

/** Entries answered without `limit` or `cursor`: the newest this many. */
export const AUDIT_LOG_LIST_LIMIT = 100;

const AuditEntrySchema = z
  .object({
    id: Id,
    createdAt: Timestamp,
    actor: z.object({
      type: z.enum(AUDIT_ACTOR_TYPES),
      id: z.string().nullable().openapi({ description: "The member's or API key's id; null for the operator" }),
      label: z.string().openapi({ description: "An e-mail, a key prefix, or `operator`", example: "ana@example.com" }),
    }),
    action: z.enum(AUDIT_ACTIONS),
    target: z
      .object({ type: z.string(), id: z.string(), label: z.string() })
      .nullable()
      .openapi({ description: "What the action was done to (a member, an invite, an API key, a session)" }),
    detail: z.string().nullable().openapi({ example: "role: viewer -> developer" }),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .openapi("AuditEntry");

const AuditLogQuery = listQuery({
  action: z
    .enum(AUDIT_ACTIONS)
    .optional()
    .openapi({ param: { description: "Only entries of this action" } }),
  actorType: z
    .enum(AUDIT_ACTOR_TYPES)
    .optional()
    .openapi({ param: { description: "Only entries of this kind of actor" } }),
});

function listRoute(side: EndpointClass) {
  return createRoute({
    method: "get",
    path: "/audit-log",
    tags: [side === "provider" ? "Provider audit log" : "Reseller audit log"],
    security,
    summary: "List the team's audit log, newest first",
    description: `Every security-relevant action of the team (sign-ins, failed sign-ins, invites, role changes, removals, API keys created, rolled or revoked, orders deleted), with actor, target, time, IP and user agent. The log is append-only. Without limit or cursor: the ${AUDIT_LOG_LIST_LIMIT} newest entries; with them, pages that walk further back.`,
    request: { query: AuditLogQuery },
    responses: {
      200: {
        description: `At most ${AUDIT_LOG_LIST_LIMIT} entries, or a page when limit or cursor is sent`,
        content: json(listResponse(AuditEntrySchema, "AuditEntry")),
      },
      ...errorResponses(400, 401, 403, 500),
    },
  });
}

/** `/{side}/audit-log`: the team's audit log, mounted under `/provider` and `/reseller`. */
export function auditLogRoutes(marketplace: Marketplace, side: EndpointClass) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(listRoute(side), async (c) => {
    const { limit, cursor, action, actorType } = c.req.valid("query");
    const requested = pageRequest("audit_log", { limit, cursor });
    const page =
      requested.kind === "all" ? { kind: "page" as const, limit: AUDIT_LOG_LIST_LIMIT, after: null } : requested;
    const result = await marketplace.members.auditLog(
      c.get("principal").teamId,
      { ...(action && { action }), ...(actorType && { actorType }) },
      page,
    );
    if (requested.kind === "all")
      return c.json((Array.isArray(result) ? result : result.data).map(auditEntryJson), 200);
    return c.json(mapListResult(result, auditEntryJson), 200);
  });
  return app;
}
