import { OpenAPIHono, z } from "@hono/zod-openapi";
import { type Marketplace, mapListResult, pageRequest } from "@marketplace/core";
import { BRAND_CHANGES_SCHEMA, NEW_BRAND_SCHEMA, parseBrandChanges, parseNewBrand } from "@marketplace/core/brands";
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
import { brandJson } from "../serializers/index.ts";
import { validationHook } from "../validation.ts";

export const BrandSchema = z
  .object({
    id: Id,
    name: z.string(),
    logoUrl: z.string().nullable().openapi({ example: "https://cdn.example.com/acme.png" }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi("Brand");

// Bodies: the core's brand parsers, documented from their fields.
const CreateBrandSchema = zodCommand("CreateBrand", parseNewBrand, NEW_BRAND_SCHEMA);

const UpdateBrandSchema = zodCommand("UpdateBrand", parseBrandChanges, {
  ...BRAND_CHANGES_SCHEMA,
  description: "Only the fields to change; logoUrl null removes the logo; {} changes nothing",
});

const BrandIdParams = z.object({ id: pathParam("id") });
const tags = ["Provider brands"];

const createBrand = createRoute({
  method: "post",
  path: "/brands",
  tags,
  security,
  summary: "Create a brand",
  request: { query: NoQuery, body: { required: true, content: json(CreateBrandSchema) } },
  responses: {
    201: { description: "The new brand", content: json(BrandSchema) },
    ...errorResponses(400, 401, 403, 409, 413, 415, 500),
  },
});

const listBrands = createRoute({
  method: "get",
  path: "/brands",
  tags,
  security,
  summary: "List the team's brands, newest first",
  request: { query: listQuery() },
  responses: {
    200: {
      description: "The complete array, or a page when limit or cursor is sent",
      content: json(listResponse(BrandSchema, "Brand")),
    },
    ...errorResponses(400, 401, 403, 500),
  },
});

const getBrand = createRoute({
  method: "get",
  path: "/brands/{id}",
  tags,
  security,
  summary: "Get one of the team's brands",
  request: { params: BrandIdParams, query: NoQuery },
  responses: {
    200: { description: "The brand", content: json(BrandSchema) },
    ...errorResponses(400, 401, 403, 404, 500),
  },
});

const updateBrand = createRoute({
  method: "patch",
  path: "/brands/{id}",
  tags,
  security,
  summary: "Rename a brand or change its logo; every offer displaying it shows the change",
  request: { params: BrandIdParams, query: NoQuery, body: { required: true, content: json(UpdateBrandSchema) } },
  responses: {
    200: { description: "The brand", content: json(BrandSchema) },
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 500),
  },
});

const deleteBrand = createRoute({
  method: "delete",
  path: "/brands/{id}",
  tags,
  security,
  summary: "Delete a brand that no offer references",
  request: { params: BrandIdParams, query: NoQuery, body: noBody },
  middleware: emptyBodyIsNoBody,
  responses: {
    200: { description: "Deleted; no body" },
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 500),
  },
});

/** `/provider/brands` routes. */
export function providerBrandRoutes(marketplace: Marketplace) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const { brands } = marketplace;

  app.openapi(createBrand, async (c) =>
    c.json(brandJson(await brands.create(c.get("principal"), c.req.valid("json"))), 201),
  );

  app.openapi(listBrands, async (c) => {
    const result = await brands.list(c.get("principal"), pageRequest("brands", c.req.valid("query")));
    return c.json(mapListResult(result, brandJson), 200);
  });

  app.openapi(getBrand, async (c) =>
    c.json(brandJson(await brands.get(c.get("principal"), c.req.valid("param").id)), 200),
  );

  app.openapi(updateBrand, async (c) => {
    const brand = await brands.update(c.get("principal"), c.req.valid("param").id, c.req.valid("json"));
    return c.json(brandJson(brand), 200);
  });

  app.openapi(deleteBrand, async (c) => {
    await brands.delete(c.get("principal"), c.req.valid("param").id);
    return c.body(null, 200);
  });

  return app;
}
