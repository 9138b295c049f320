import { OpenAPIHono, z } from "@hono/zod-openapi";
import { type Marketplace, mapListResult, pageRequest, SERVICE_TYPES } from "@marketplace/core";
import { CATALOG_SEARCH_MAX_LENGTH } from "@marketplace/core/catalog";
import { ZIP_CODE_PATTERN } from "@marketplace/core/fields";
import { MONEY_PATTERN } from "@marketplace/core/kernel";
import type { AppEnv } from "../middleware/request-context.ts";
import { createRoute } from "../route.ts";
import { errorResponses, json, listQuery, listResponse, NoQuery, pathParam, security } from "../schemas.ts";
import { catalogEntryJson } from "../serializers/index.ts";
import { validationHook } from "../validation.ts";
import { OfferSchema } from "./provider-offers.ts";

const offer = OfferSchema.shape;

export const CatalogEntrySchema = z
  .object({
    id: offer.id,
    name: offer.name,
    serviceType: offer.serviceType,
    description: offer.description,
    marketingHeadline: offer.marketingHeadline,
    providerName: z.string().openapi({
      description: "The brand's name when the offer has a brand, else the provider team's name",
      example: "Acme Fiber",
    }),
    brand: offer.brand,
    monthlyPrice: offer.monthlyPrice.openapi({ description: "Set on every active offer" }),
    promoMonthlyPrice: offer.promoMonthlyPrice,
    promoDurationMonths: offer.promoDurationMonths,
    contractTermMonths: offer.contractTermMonths,
    commission: offer.commission,
    partnerSignup: z
      .object({ kind: z.literal("lead_gen") })
      .nullable()
      .openapi({
        description: "lead_gen: an order becomes a handoff to the provider's signup page; null: a normal offer",
      }),
    internet: offer.internet,
    electricity: offer.electricity,
    publishedAt: offer.publishedAt,
    createdAt: offer.createdAt,
    updatedAt: offer.updatedAt,
  })
  .openapi("CatalogEntry");

// Each filter is a string here; its rules (and their messages) live in the core, `parseCatalogFilters`.
const filter = (description: string, extra: Record<string, unknown> = {}) =>
  z
    .string()
    .optional()
    .openapi({ param: { description }, ...extra });

const CatalogQuerySchema = listQuery({
  category: filter("Only offers of this service type", { enum: [...SERVICE_TYPES] }),
  minPrice: filter("Only offers whose monthlyPrice is at least this (decimal string, at most two decimals)", {
    pattern: MONEY_PATTERN,
    example: "20",
  }),
  maxPrice: filter("Only offers whose monthlyPrice is at most this; not below minPrice", {
    pattern: MONEY_PATTERN,
    example: "59.99",
  }),
  zipCode: filter(
    "Only offers available at this 5-digit ZIP code (an offer linked to no market is available everywhere)",
    {
      pattern: ZIP_CODE_PATTERN,
      example: "94110",
    },
  ),
  search: filter(
    `Case-insensitive substring of the name, marketing headline or description; 1 to ${CATALOG_SEARCH_MAX_LENGTH} characters after trimming, no control characters; % and _ match literally`,
    { example: "fiber" },
  ),
});

const CatalogIdParams = z.object({ id: pathParam("id") });
const tags = ["Reseller catalog"];

const listCatalog = createRoute({
  method: "get",
  path: "/catalog",
  tags,
  security,
  summary: "Browse the catalog: active offers of every provider, newest first",
  description:
    "Filters combine with AND; an invalid value is a 400 naming the filter. The provider is shown by its brand " +
    "when the offer has one (providerName), else by the team name.",
  request: { query: CatalogQuerySchema },
  responses: {
    200: {
      description: "The complete array, or a page when limit or cursor is sent",
      content: json(listResponse(CatalogEntrySchema, "CatalogEntry")),
    },
    ...errorResponses(400, 401, 403, 500),
  },
});

const getCatalogEntry = createRoute({
  method: "get",
  path: "/catalog/{id}",
  tags,
  security,
  summary: "One offer of the catalog",
  request: { params: CatalogIdParams, query: NoQuery },
  responses: {
    200: { description: "The offer as resellers see it", content: json(CatalogEntrySchema) },
    ...errorResponses(400, 401, 403, 404, 500),
  },
});

/** `/reseller/catalog` routes. */
export function resellerCatalogRoutes(marketplace: Marketplace) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const { catalog } = marketplace;

  app.openapi(listCatalog, async (c) => {
    const { limit, cursor, ...filters } = c.req.valid("query");
    const result = await catalog.list(c.get("principal"), filters, pageRequest("catalog", { limit, cursor }));
    return c.json(mapListResult(result, catalogEntryJson), 200);
  });

  app.openapi(getCatalogEntry, async (c) =>
    c.json(catalogEntryJson(await catalog.get(c.get("principal"), c.req.valid("param").id)), 200),
  );

  return app;
}
