import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { type Marketplace, mapListResult, pageRequest, SERVICE_TYPES } from "@marketplace/core";
import type { AppEnv } from "../middleware/request-context.ts";
import { errorResponses, Id, listQuery, listResponse, storedText, Timestamp } from "../schemas.ts";
import { offerJson } from "../serializers.ts";
import { validationHook } from "../validation.ts";

const Money = z
  .string({ error: 'must be a decimal string, e.g. "49.99"' })
  .regex(/^(0|[1-9]\d{0,9})(\.\d{1,2})?$/, {
    error: 'must be a decimal string with at most two decimals, e.g. "49.99"',
  })
  .openapi({ example: "49.99", description: "Decimal string, USD per month" });

export const OfferSchema = z
  .object({
    id: Id,
    name: z.string(),
    sku: z.string().nullable(),
    status: z.enum(["draft", "active"]),
    serviceType: z.enum(SERVICE_TYPES),
    monthlyPrice: Money.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    publishedAt: Timestamp.nullable(),
  })
  .openapi("Offer");

export const CreateOfferSchema = z
  .strictObject({
    name: storedText(1, 200),
    sku: storedText(1, 100).nullable().optional(),
    serviceType: z.enum(SERVICE_TYPES),
    monthlyPrice: Money.nullable().optional(),
  })
  .openapi("CreateOffer");

const OfferIdParams = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, format: "uuid" }) });

const security = [{ apiKey: [] }];
const tags = ["Provider offers"];

const createOffer = createRoute({
  method: "post",
  path: "/offers",
  tags,
  security,
  summary: "Create an offer (draft)",
  request: { body: { required: true, content: { "application/json": { schema: CreateOfferSchema } } } },
  responses: {
    201: { description: "The new draft offer", content: { "application/json": { schema: OfferSchema } } },
    ...errorResponses(400, 401, 403, 409, 413, 415, 500),
  },
});

const listOffers = createRoute({
  method: "get",
  path: "/offers",
  tags,
  security,
  summary: "List the team's offers, newest first",
  request: { query: listQuery() },
  responses: {
    200: {
      description: "The complete array, or a page when limit or cursor is sent",
      content: { "application/json": { schema: listResponse(OfferSchema, "Offer") } },
    },
    ...errorResponses(400, 401, 403, 500),
  },
});

const getOffer = createRoute({
  method: "get",
  path: "/offers/{id}",
  tags,
  security,
  summary: "Get one of the team's offers",
  request: { params: OfferIdParams, query: z.strictObject({}) },
  responses: {
    200: { description: "The offer", content: { "application/json": { schema: OfferSchema } } },
    ...errorResponses(400, 401, 403, 404, 500),
  },
});

/** `/provider/offers` routes. */
export function providerOfferRoutes(marketplace: Marketplace) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(createOffer, async (c) => {
    const offer = await marketplace.offers.create(c.get("principal"), c.req.valid("json"));
    return c.json(offerJson(offer), 201);
  });

  app.openapi(listOffers, async (c) => {
    const page = pageRequest("offers", c.req.valid("query"));
    const result = await marketplace.offers.list(c.get("principal"), page);
    return c.json(mapListResult(result, offerJson), 200);
  });

  app.openapi(getOffer, async (c) => {
    const offer = await marketplace.offers.get(c.get("principal"), c.req.valid("param").id);
    return c.json(offerJson(offer), 200);
  });

  return app;
}
