import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "../errors.ts";
import type { AppEnv } from "../middleware/request-context.ts";
import { createRoute } from "../route.ts";
import { errorResponses, NoQuery } from "../schemas.ts";

const RootSchema = z
  .object({
    name: z.string().openapi({ example: "marketplace-service" }),
    version: z.string().openapi({ example: "0.1.0" }),
    docs: z.string().openapi({ example: "/docs" }),
    openapi: z.string().openapi({ example: "/openapi.json" }),
  })
  .openapi("ServiceInfo");

const HealthSchema = z.object({ status: z.literal("ok"), database: z.literal("up") }).openapi("Health");

const root = createRoute(
  {
    method: "get",
    path: "/",
    tags: ["Service"],
    summary: "Service name, version and links to the documentation",
    request: { query: NoQuery },
    responses: {
      200: { description: "Service information", content: { "application/json": { schema: RootSchema } } },
      ...errorResponses(400),
    },
  },
  { bodyLimit: false },
);

const health = createRoute(
  {
    method: "get",
    path: "/health",
    tags: ["Service"],
    summary: "Liveness and database reachability",
    request: { query: NoQuery },
    responses: {
      200: {
        description: "The service and its database answer",
        content: { "application/json": { schema: HealthSchema } },
      },
      ...errorResponses(400, 503),
    },
  },
  { bodyLimit: false },
);

/** Registers `/` and `/health` on the app. */
export function registerSystemRoutes(
  app: OpenAPIHono<AppEnv>,
  options: { name: string; version: string; checkHealth: () => Promise<void>; mountPath?: string },
): void {
  const prefix = options.mountPath ?? "";
  app.openapi(root, (c) =>
    c.json(
      { name: options.name, version: options.version, docs: `${prefix}/docs`, openapi: `${prefix}/openapi.json` },
      200,
    ),
  );
  app.openapi(health, async (c) => {
    try {
      await options.checkHealth();
    } catch {
      return c.json(envelope(503, "Database unavailable"), 503);
    }
    return c.json({ status: "ok" as const, database: "up" as const }, 200);
  });
}
