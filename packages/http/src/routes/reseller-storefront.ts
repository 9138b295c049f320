import { OpenAPIHono, z } from "@hono/zod-openapi";
import { type Marketplace, mapListResult, pageRequest } from "@marketplace/core";
import type { AppEnv } from "../middleware/request-context.ts";
import { createRoute } from "../route.ts";
import {
  emptyBodyIsNoBody,
  errorResponses,
  json,
  listQuery,
  listResponse,
  NoQuery,
  noBody,
  pathParam,
  security,
} from "../schemas.ts";
import { linkJson, storefrontJson } from "../serializers/index.ts";
import { CreateLinkSchema, LinkSchema, PutStorefrontSchema, StorefrontSchema } from "../storefront-schemas.ts";
import { validationHook } from "../validation.ts";

const LinkParams = z.object({ id: pathParam("id") });

const getStorefront = createRoute({
  method: "get",
  path: "/storefront",
  tags: ["Reseller storefront and links"],
  security,
  summary: "The team's storefront (404 until it is created with PUT)",
  request: { query: NoQuery },
  responses: {
    200: { description: "The storefront", content: json(StorefrontSchema) },
    ...errorResponses(400, 401, 403, 404, 500),
  },
});

const putStorefront = createRoute({
  method: "put",
  path: "/storefront",
  tags: ["Reseller storefront and links"],
  security,
  summary: "Create the team's storefront, or change its public slug",
  description:
    "One storefront per team. Public shop requests name it by `storefrontSlug`; a changed slug stops working at " +
    "once. 201 when created, 200 when changed (or unchanged); 409 when another storefront has the slug.",
  request: { query: NoQuery, body: { required: true, content: json(PutStorefrontSchema) } },
  responses: {
    200: { description: "The storefront with its new slug", content: json(StorefrontSchema) },
    201: { description: "The storefront, created", content: json(StorefrontSchema) },
    ...errorResponses(400, 401, 403, 409, 413, 415, 500),
  },
});

const createLink = createRoute({
  method: "post",
  path: "/links",
  tags: ["Reseller storefront and links"],
  security,
  summary: "Create a shareable link to one or more active offers",
  description:
    "The link gets a short public `slug`; consumers see its offers at GET /public/links/{slug} and order them with " +
    "POST /public/links/{slug}/orders. An offer that is not active is 422.",
  request: { query: NoQuery, body: { required: true, content: json(CreateLinkSchema) } },
  responses: {
    201: { description: "The link", content: json(LinkSchema) },
    ...errorResponses(400, 401, 403, 413, 415, 422, 500),
  },
});

const listLinks = createRoute({
  method: "get",
  path: "/links",
  tags: ["Reseller storefront and links"],
  security,
  summary: "The team's links, newest first",
  request: { query: listQuery() },
  responses: {
    200: { description: "Links", content: json(listResponse(LinkSchema, "Link")) },
    ...errorResponses(400, 401, 403, 500),
  },
});

const getLink = createRoute({
  method: "get",
  path: "/links/{id}",
  tags: ["Reseller storefront and links"],
  security,
  summary: "One of the team's links",
  request: { params: LinkParams, query: NoQuery },
  responses: {
    200: { description: "The link", content: json(LinkSchema) },
    ...errorResponses(400, 401, 403, 404, 500),
  },
});

const deleteLink = createRoute({
  method: "delete",
  path: "/links/{id}",
  tags: ["Reseller storefront and links"],
  security,
  summary: "Delete a link: its page and orders answer 404 from now on; its slug is never reused",
  request: { params: LinkParams, query: NoQuery, body: noBody },
  middleware: emptyBodyIsNoBody,
  responses: {
    200: { description: "Deleted (no body)" },
    ...errorResponses(400, 401, 403, 404, 413, 415, 500),
  },
});

/** `/reseller/storefront` and `/reseller/links` routes. */
export function resellerStorefrontRoutes(marketplace: Marketplace) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const { storefronts } = marketplace;

  app.openapi(getStorefront, async (c) =>
    c.json(storefrontJson(await storefronts.getStorefront(c.get("principal"))), 200),
  );

  app.openapi(putStorefront, async (c) => {
    const { storefront, created } = await storefronts.putStorefront(c.get("principal"), c.req.valid("json"));
    return created ? c.json(storefrontJson(storefront), 201) : c.json(storefrontJson(storefront), 200);
  });

  app.openapi(createLink, async (c) =>
    c.json(linkJson(await storefronts.createLink(c.get("principal"), c.req.valid("json"))), 201),
  );

  app.openapi(listLinks, async (c) => {
    const result = await storefronts.listLinks(c.get("principal"), pageRequest("links", c.req.valid("query")));
    return c.json(mapListResult(result, linkJson), 200);
  });

  app.openapi(getLink, async (c) =>
    c.json(linkJson(await storefronts.getLink(c.get("principal"), c.req.valid("param").id)), 200),
  );

  app.openapi(deleteLink, async (c) => {
    await storefronts.deleteLink(c.get("principal"), c.req.valid("param").id);
    return c.body(null, 200);
  });

  return app;
}
