import { OpenAPIHono, z } from "@hono/zod-openapi";
import { EVENT_TYPES, type Marketplace, mapListResult, pageRequest } from "@marketplace/core";
import { EVENT_LIST_LIMIT, eventQuerySchema } from "@marketplace/core/events";
import type { EndpointClass } from "@marketplace/core/teams";
import { DEFAULT_DOCUMENTED_SETTINGS, durationText, type ResolvedDocumentedSettings } from "../documented-settings.ts";
import type { AppEnv } from "../middleware/request-context.ts";
import { createRoute } from "../route.ts";
import {
  errorResponses,
  Id,
  json,
  listQuery,
  listResponse,
  NoQuery,
  pathParam,
  security,
  Timestamp,
} from "../schemas.ts";
import { eventJson } from "../serializers/index.ts";
import { validationHook } from "../validation.ts";

/** An event as delivered: the same envelope and `data` as the webhook request body. */
export const EventSchema = z
  .object({
    id: Id.openapi({ description: "The envelope id: receivers deduplicate on it" }),
    type: z.enum(EVENT_TYPES),
    version: z.int(),
    createdAt: Timestamp,
    data: z.record(z.string(), z.unknown()).openapi({
      description:
        "Exactly the delivered payload. Events about an order carry `sequence`, strictly increasing per order: apply a status change only when its sequence is above the last one applied.",
    }),
  })
  .openapi("Event");

// The filters' rules (a subscribable type list that depends on the team's role, the spec's
// timestamps) are the core's `parseEventQuery`; the query schema only documents them.
const filters = eventQuerySchema().properties as Record<string, { description?: string; example?: string }>;
const EventsQuery = listQuery({
  type: z
    .string()
    .optional()
    .openapi({ param: { description: filters.type?.description }, example: "order.created,order.cancelled" }),
  createdAfter: z
    .string()
    .optional()
    .openapi({ param: { description: "Only events created after this timestamp (YYYY-MM-DDTHH:mm:ss.sssZ)" } }),
  createdBefore: z
    .string()
    .optional()
    .openapi({ param: { description: "Only events created before this timestamp (YYYY-MM-DDTHH:mm:ss.sssZ)" } }),
});

function routesFor(side: EndpointClass, retentionDays: number) {
  const tags = [side === "provider" ? "Provider events" : "Reseller events"];
  const base = { tags, security };
  const description = `The events the team's webhooks receive, whether or not it has any (same audience rules; a hybrid team sees each event once, the same under /provider and /reseller), within the retention window (${durationText(retentionDays * 86_400_000)}), newest first. Use it to reconcile after downtime.`;
  return {
    list: createRoute({
      ...base,
      method: "get",
      path: "/events",
      summary: "List the team's events, newest first",
      description: `${description} Without limit or cursor: the ${EVENT_LIST_LIMIT} newest. With them: pages that walk further back.`,
      request: { query: EventsQuery },
      responses: {
        200: {
          description: `At most ${EVENT_LIST_LIMIT} events, or a page when limit or cursor is sent`,
          content: json(listResponse(EventSchema, "Event")),
        },
        ...errorResponses(400, 401, 403, 500),
      },
    }),
    get: createRoute({
      ...base,
      method: "get",
      path: "/events/{id}",
      summary: "Get one of the team's events",
      description: "404 for an event the team's webhooks would not receive, or one past the retention window.",
      request: { params: z.object({ id: pathParam("id") }), query: NoQuery },
      responses: {
        200: { description: "The event, as delivered", content: json(EventSchema) },
        ...errorResponses(400, 401, 403, 404, 500),
      },
    }),
  };
}

/**
 * `/{side}/events`: the events API, mounted under `/provider` and `/reseller`. `settings` is what the
 * document states (the retention window; the marketplace applies it).
 */
export function eventRoutes(
  marketplace: Marketplace,
  side: EndpointClass,
  settings: Pick<ResolvedDocumentedSettings, "eventRetentionDays"> = DEFAULT_DOCUMENTED_SETTINGS,
) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const routes = routesFor(side, settings.eventRetentionDays);

  app.openapi(routes.list, async (c) => {
    const { limit, cursor, ...query } = c.req.valid("query");
    const result = await marketplace.events.list(c.get("principal"), query, pageRequest("events", { limit, cursor }));
    return c.json(mapListResult(result, eventJson), 200);
  });

  app.openapi(routes.get, async (c) => {
    const event = await marketplace.events.get(c.get("principal"), c.req.valid("param").id);
    return c.json(eventJson(event), 200);
  });

  return app;
}
