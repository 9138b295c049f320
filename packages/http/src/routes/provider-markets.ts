import { OpenAPIHono, z } from "@hono/zod-openapi";
import { type Marketplace, mapListResult, pageRequest } from "@marketplace/core";
import {
  AREA_KINDS,
  MARKET_CHANGES_SCHEMA,
  NEW_AREA_SCHEMA,
  NEW_MARKET_SCHEMA,
  parseMarketChanges,
  parseNewArea,
  parseNewMarket,
} from "@marketplace/core/markets";
import { zodCommand } from "../fields.ts";
import type { AppEnv } from "../middleware/request-context.ts";
import { createRoute } from "../route.ts";
import {
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
import { marketAreaJson, marketJson } from "../serializers/index.ts";
import { validationHook } from "../validation.ts";

export const MarketAreaSchema = z
  .object({
    id: Id,
    kind: z.enum(AREA_KINDS),
    value: z.string().openapi({ example: "78701", description: "For kind zip: a 5-digit US ZIP code" }),
    createdAt: Timestamp,
  })
  .openapi("MarketArea");

export const MarketSchema = z
  .object({
    id: Id,
    name: z.string(),
    areas: z.array(MarketAreaSchema).openapi({ description: "Every area of the market, ordered by value" }),
    createdAt: Timestamp,
    updatedAt: Timestamp.openapi({ description: "Moves on a rename and when an area is added or removed" }),
  })
  .openapi("Market");

// Bodies: the core's market parsers (the area value's format depends on its kind), documented from their fields.
const CreateMarketSchema = zodCommand("CreateMarket", parseNewMarket, NEW_MARKET_SCHEMA);

const UpdateMarketSchema = zodCommand("UpdateMarket", parseMarketChanges, {
  ...MARKET_CHANGES_SCHEMA,
  description: "Only the fields to change; {} changes nothing",
});

const CreateAreaSchema = zodCommand("CreateMarketArea", parseNewArea, NEW_AREA_SCHEMA);

const MarketIdParams = z.object({ id: pathParam("id") });
const AreaParams = z.object({ id: pathParam("id"), areaId: pathParam("areaId") });
const tags = ["Provider markets"];

const createMarket = createRoute({
  method: "post",
  path: "/markets",
  tags,
  security,
  summary: "Create a market (with no areas; add them one by one)",
  request: { query: NoQuery, body: { required: true, content: json(CreateMarketSchema) } },
  responses: {
    201: { description: "The new market", content: json(MarketSchema) },
    ...errorResponses(400, 401, 403, 409, 413, 415, 500),
  },
});

const listMarkets = createRoute({
  method: "get",
  path: "/markets",
  tags,
  security,
  summary: "List the team's markets with their areas, newest first",
  request: { query: listQuery() },
  responses: {
    200: {
      description: "The complete array, or a page when limit or cursor is sent",
      content: json(listResponse(MarketSchema, "Market")),
    },
    ...errorResponses(400, 401, 403, 500),
  },
});

const getMarket = createRoute({
  method: "get",
  path: "/markets/{id}",
  tags,
  security,
  summary: "Get one of the team's markets with its areas",
  request: { params: MarketIdParams, query: NoQuery },
  responses: {
    200: { description: "The market", content: json(MarketSchema) },
    ...errorResponses(400, 401, 403, 404, 500),
  },
});

const updateMarket = createRoute({
  method: "patch",
  path: "/markets/{id}",
  tags,
  security,
  summary: "Rename a market",
  request: { params: MarketIdParams, query: NoQuery, body: { required: true, content: json(UpdateMarketSchema) } },
  responses: {
    200: { description: "The market", content: json(MarketSchema) },
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 500),
  },
});

const deleteMarket = createRoute({
  method: "delete",
  path: "/markets/{id}",
  tags,
  security,
  summary: "Delete a market and its areas; refused while an offer links to it",
  request: { params: MarketIdParams, query: NoQuery, body: noBody },
  middleware: emptyBodyIsNoBody,
  responses: {
    200: { description: "Deleted; no body" },
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 500),
  },
});

const addArea = createRoute({
  method: "post",
  path: "/markets/{id}/areas",
  tags,
  security,
  summary: "Add a geographic area to a market",
  request: { params: MarketIdParams, query: NoQuery, body: { required: true, content: json(CreateAreaSchema) } },
  responses: {
    201: { description: "The new area (the market's updatedAt moves)", content: json(MarketAreaSchema) },
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 500),
  },
});

const removeArea = createRoute({
  method: "delete",
  path: "/markets/{id}/areas/{areaId}",
  tags,
  security,
  summary: "Remove an area from a market",
  request: { params: AreaParams, query: NoQuery, body: noBody },
  middleware: emptyBodyIsNoBody,
  responses: {
    200: { description: "Removed; no body" },
    ...errorResponses(400, 401, 403, 404, 413, 415, 500),
  },
});

/** `/provider/markets` routes. */
export function providerMarketRoutes(marketplace: Marketplace) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const { markets } = marketplace;

  app.openapi(createMarket, async (c) =>
    c.json(marketJson(await markets.create(c.get("principal"), c.req.valid("json"))), 201),
  );

  app.openapi(listMarkets, async (c) => {
    const result = await markets.list(c.get("principal"), pageRequest("markets", c.req.valid("query")));
    return c.json(mapListResult(result, marketJson), 200);
  });

  app.openapi(getMarket, async (c) =>
    c.json(marketJson(await markets.get(c.get("principal"), c.req.valid("param").id)), 200),
  );

  app.openapi(updateMarket, async (c) => {
    const market = await markets.update(c.get("principal"), c.req.valid("param").id, c.req.valid("json"));
    return c.json(marketJson(market), 200);
  });

  app.openapi(deleteMarket, async (c) => {
    await markets.delete(c.get("principal"), c.req.valid("param").id);
    return c.body(null, 200);
  });

  app.openapi(addArea, async (c) => {
    const area = await markets.addArea(c.get("principal"), c.req.valid("param").id, c.req.valid("json"));
    return c.json(marketAreaJson(area), 201);
  });

  app.openapi(removeArea, async (c) => {
    const { id, areaId } = c.req.valid("param");
    await markets.removeArea(c.get("principal"), id, areaId);
    return c.body(null, 200);
  });

  return app;
}
