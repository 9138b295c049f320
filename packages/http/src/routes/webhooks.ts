import { OpenAPIHono, z } from "@hono/zod-openapi";
import { type Marketplace, mapListResult, pageRequest } from "@marketplace/core";
import type { UrlPolicy } from "@marketplace/core/fields";
import type { EndpointClass } from "@marketplace/core/teams";
import {
  DELIVERY_LOG_LIMIT,
  type NewWebhook,
  newWebhookSchema,
  parseNewWebhook,
  parseRecover,
  parseRotateSecret,
  parseWebhookPatch,
  RECOVER_SCHEMA,
  ROTATE_SECRET_SCHEMA,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookPatch,
  webhookPatchSchema,
} from "@marketplace/core/webhooks";
import { DEFAULT_DOCUMENTED_SETTINGS, durationText, type ResolvedDocumentedSettings } from "../documented-settings.ts";
import { zodCommand, zodParsedByUseCase } from "../fields.ts";
import type { AppEnv } from "../middleware/request-context.ts";
import { createRoute } from "../route.ts";
import {
  EmptyBodySchema,
  emptyBodyIsNoBody,
  errorResponses,
  Id,
  json,
  listQuery,
  listResponse,
  NoQuery,
  noBody,
  pathParam,
  security,
  Timestamp,
} from "../schemas.ts";
import { deliveryJson, queuedJson, recoveryJson, webhookJson } from "../serializers/index.ts";
import { validationHook } from "../validation.ts";
import { webhookResponseSchemas } from "../webhook-schemas.ts";

/**
 * The bodies the webhook use cases parse with the core's parsers (`parseNewWebhook`, …): the allowed
 * event types depend on the team's role, so the use case checks them; zod documents them.
 */
function bodySchemas(urlPolicy: UrlPolicy) {
  // One instance per policy: both sides' routes must share it to be documented as one schema.
  const key = urlPolicy.allowLoopback === true;
  let schemas = BODY_SCHEMAS.get(key);
  if (!schemas) {
    schemas = {
      create: zodParsedByUseCase("CreateWebhook", newWebhookSchema({ urlPolicy }), parseNewWebhook),
      update: zodParsedByUseCase("UpdateWebhook", webhookPatchSchema({ urlPolicy }), parseWebhookPatch),
    };
    BODY_SCHEMAS.set(key, schemas);
  }
  return schemas;
}

const BODY_SCHEMAS = new Map<boolean, { create: z.ZodType<unknown>; update: z.ZodType<unknown> }>();

const RotateSecretSchema = zodCommand("RotateWebhookSecret", parseRotateSecret, ROTATE_SECRET_SCHEMA);

const RecoverSchema = zodParsedByUseCase("RecoverWebhook", RECOVER_SCHEMA, parseRecoverShape);

const RecoverySchema = z
  .object({
    webhookId: Id,
    count: z.int().openapi({ description: "Events re-sent (queued), or that would be with dryRun" }),
    dryRun: z.boolean(),
    since: Timestamp,
    until: Timestamp,
  })
  .openapi("WebhookRecovery");

/** The recover body's fields without the window check, which needs the use case's clock. */
function parseRecoverShape(input: unknown) {
  return parseRecover(input, { windowStart: new Date(0), retentionDays: 0 });
}

const QueuedDeliverySchema = z
  .object({
    webhookId: Id,
    eventId: Id,
    eventType: z.string(),
    trigger: z.enum(["test", "redelivery"]),
    queuedAt: Timestamp,
  })
  .openapi("QueuedWebhookDelivery");

const WebhookParams = z.object({ id: pathParam("id") });
const DeliveryParams = z.object({ id: pathParam("id"), deliveryId: pathParam("deliveryId") });

function routesFor(side: EndpointClass, urlPolicy: UrlPolicy, settings: ResolvedDocumentedSettings) {
  const bodies = bodySchemas(urlPolicy);
  const schemas = webhookResponseSchemas(settings);
  const tags = [side === "provider" ? "Provider webhooks" : "Reseller webhooks"];
  const scope =
    side === "provider"
      ? "item events for items on the team's offers, order.created for orders including one"
      : "events of orders the team placed";
  const base = { tags, security };
  return {
    create: createRoute({
      ...base,
      method: "post",
      path: "/webhooks",
      summary: "Register a webhook (the response carries the full secret, once)",
      description: `Receives ${scope}. A hybrid team's webhooks are the team's: the same under /provider and /reseller, each event delivered once.`,
      request: { body: { required: true, content: json(bodies.create) } },
      responses: {
        201: { description: "The webhook, with its full secret", content: json(schemas.webhookWithSecret) },
        ...errorResponses(400, 401, 403, 413, 415, 500),
      },
    }),
    list: createRoute({
      ...base,
      method: "get",
      path: "/webhooks",
      summary: "List the team's webhooks, newest first (secrets masked)",
      request: { query: listQuery() },
      responses: {
        200: {
          description: "The complete array, or a page when limit or cursor is sent",
          content: json(listResponse(schemas.webhook, "Webhook")),
        },
        ...errorResponses(400, 401, 403, 500),
      },
    }),
    get: createRoute({
      ...base,
      method: "get",
      path: "/webhooks/{id}",
      summary: "Get one of the team's webhooks (secret masked)",
      request: { params: WebhookParams, query: NoQuery },
      responses: {
        200: { description: "The webhook", content: json(schemas.webhook) },
        ...errorResponses(400, 401, 403, 404, 500),
      },
    }),
    update: createRoute({
      ...base,
      method: "patch",
      path: "/webhooks/{id}",
      summary: "Change url, events or isActive (false pauses without deleting)",
      request: { params: WebhookParams, query: NoQuery, body: { required: true, content: json(bodies.update) } },
      responses: {
        200: { description: "The webhook", content: json(schemas.webhook) },
        ...errorResponses(400, 401, 403, 404, 413, 415, 500),
      },
    }),
    remove: createRoute({
      ...base,
      method: "delete",
      path: "/webhooks/{id}",
      summary: "Delete a webhook and its delivery log",
      request: { params: WebhookParams, query: NoQuery, body: noBody },
      middleware: emptyBodyIsNoBody,
      responses: {
        200: { description: "Deleted; the response has no body" },
        ...errorResponses(400, 401, 403, 404, 413, 415, 500),
      },
    }),
    deliveries: createRoute({
      ...base,
      method: "get",
      path: "/webhooks/{id}/deliveries",
      summary: "The webhook's delivery log: every attempt, newest first",
      description: `Without limit or cursor: the ${DELIVERY_LOG_LIMIT} newest attempts. With them: pages that walk further back.`,
      request: { params: WebhookParams, query: listQuery() },
      responses: {
        200: {
          description: `At most ${DELIVERY_LOG_LIMIT} attempts, or a page when limit or cursor is sent`,
          content: json(listResponse(schemas.delivery, "WebhookDelivery")),
        },
        ...errorResponses(400, 401, 403, 404, 500),
      },
    }),
    rotate: createRoute({
      ...base,
      method: "post",
      path: "/webhooks/{id}/rotate-secret",
      summary: "Issue a new secret; the old one keeps signing during the overlap (default 24 h)",
      description:
        "During the overlap every delivery carries one v1 signature per valid secret, so receivers can switch at their pace. Rotating again ends the previous overlap at once.",
      request: { params: WebhookParams, query: NoQuery, body: { required: false, content: json(RotateSecretSchema) } },
      responses: {
        200: { description: "The webhook, with its new full secret", content: json(schemas.webhookWithSecret) },
        ...errorResponses(400, 401, 403, 404, 413, 415, 500),
      },
    }),
    test: createRoute({
      ...base,
      method: "post",
      path: "/webhooks/{id}/test",
      summary: `Send a ${WEBHOOK_TEST_EVENT_TYPE} event to this webhook alone`,
      description: `Queued at once; the attempt appears in the delivery log. Sent even while the webhook is paused; one attempt, not retried. \`${WEBHOOK_TEST_EVENT_TYPE}\` is not subscribable.`,
      request: { params: WebhookParams, query: NoQuery, body: { required: false, content: json(EmptyBodySchema) } },
      responses: {
        202: { description: "The test delivery is queued", content: json(QueuedDeliverySchema) },
        ...errorResponses(400, 401, 403, 404, 413, 415, 500),
      },
    }),
    recover: createRoute({
      ...base,
      method: "post",
      path: "/webhooks/{id}/recover",
      summary: "Re-send every event this webhook missed or failed since a time",
      description: `Re-sends, to this webhook only, every event of its subscription created from \`since\` (inside the retention window, ${durationText(settings.eventRetentionDays * 86_400_000)}) to \`until\` (default now) whose latest attempt at it failed or which it never got (e.g. while paused): one attempt each, recorded with trigger \`recovery\`. 202 with the count; with \`dryRun: true\`, 200 with the count and nothing sent. One recovery per webhook at a time: 409 while one is in progress.`,
      request: { params: WebhookParams, query: NoQuery, body: { required: true, content: json(RecoverSchema) } },
      responses: {
        200: { description: "dryRun: the events that would be re-sent, counted", content: json(RecoverySchema) },
        202: { description: "The events are queued, one attempt each", content: json(RecoverySchema) },
        ...errorResponses(400, 401, 403, 404, 409, 413, 415, 500),
      },
    }),
    redeliver: createRoute({
      ...base,
      method: "post",
      path: "/webhooks/{id}/deliveries/{deliveryId}/redeliver",
      summary: "Send the event of a recorded attempt to this webhook again",
      description:
        "Queued at once; recorded as a new attempt (same envelope id). Sent even while the webhook is paused; one attempt, not retried.",
      request: { params: DeliveryParams, query: NoQuery, body: { required: false, content: json(EmptyBodySchema) } },
      responses: {
        202: { description: "The redelivery is queued", content: json(QueuedDeliverySchema) },
        ...errorResponses(400, 401, 403, 404, 413, 415, 500),
      },
    }),
  };
}

/** Options of `webhookRoutes`. */
export interface WebhookRouteOptions {
  /** Accept `http://` URLs to localhost, 127.0.0.1 and [::1] (development and tests). */
  allowLoopback?: boolean;
  /** The settings the document states (createApp's `documentedSettings`, resolved); default the defaults. */
  settings?: ResolvedDocumentedSettings;
}

/**
 * `/{side}/webhooks` routes, mounted under `/provider` and `/reseller`: the same contract on both, and
 * the same webhooks (they belong to the team).
 */
export function webhookRoutes(marketplace: Marketplace, side: EndpointClass, options: WebhookRouteOptions = {}) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const policy = { allowLoopback: options.allowLoopback ?? false };
  const routes = routesFor(side, policy, options.settings ?? DEFAULT_DOCUMENTED_SETTINGS);

  // These bodies are optional: an empty one is no body (see emptyBodyIsNoBody).
  for (const path of [
    "/webhooks/:id/rotate-secret",
    "/webhooks/:id/test",
    "/webhooks/:id/deliveries/:deliveryId/redeliver",
  ]) {
    app.use(path, emptyBodyIsNoBody);
  }

  app.openapi(routes.create, async (c) => {
    const webhook = await marketplace.webhooks.create(c.get("principal"), c.req.valid("json") as NewWebhook, policy);
    return c.json(webhookJson(webhook, { revealSecret: true }), 201);
  });

  app.openapi(routes.list, async (c) => {
    const result = await marketplace.webhooks.list(c.get("principal"), pageRequest("webhooks", c.req.valid("query")));
    return c.json(
      mapListResult(result, (webhook) => webhookJson(webhook)),
      200,
    );
  });

  app.openapi(routes.get, async (c) => {
    const webhook = await marketplace.webhooks.get(c.get("principal"), c.req.valid("param").id);
    return c.json(webhookJson(webhook), 200);
  });

  app.openapi(routes.update, async (c) => {
    const patch = c.req.valid("json") as WebhookPatch;
    const webhook = await marketplace.webhooks.update(c.get("principal"), c.req.valid("param").id, patch, policy);
    return c.json(webhookJson(webhook), 200);
  });

  app.openapi(routes.remove, async (c) => {
    await marketplace.webhooks.delete(c.get("principal"), c.req.valid("param").id);
    return c.body(null, 200);
  });

  app.openapi(routes.deliveries, async (c) => {
    const page = pageRequest("webhook-deliveries", c.req.valid("query"));
    const result = await marketplace.webhooks.listDeliveries(c.get("principal"), c.req.valid("param").id, page);
    return c.json(mapListResult(result, deliveryJson), 200);
  });

  app.openapi(routes.rotate, async (c) => {
    const body = c.req.valid("json") ?? {};
    const webhook = await marketplace.webhooks.rotateSecret(c.get("principal"), c.req.valid("param").id, {
      overlapSeconds: body.overlapSeconds,
    });
    return c.json(webhookJson(webhook, { revealSecret: true }), 200);
  });

  app.openapi(routes.test, async (c) => {
    const queued = await marketplace.webhooks.sendTest(c.get("principal"), c.req.valid("param").id);
    return c.json(queuedJson(queued), 202);
  });

  app.openapi(routes.recover, async (c) => {
    const recovery = await marketplace.webhooks.recover(
      c.get("principal"),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    const body = recoveryJson(recovery);
    return recovery.dryRun ? c.json(body, 200) : c.json(body, 202);
  });

  app.openapi(routes.redeliver, async (c) => {
    const { id, deliveryId } = c.req.valid("param");
    const queued = await marketplace.webhooks.redeliver(c.get("principal"), id, deliveryId);
    return c.json(queuedJson(queued), 202);
  });

  return app;
}
