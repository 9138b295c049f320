import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  InvalidInputError,
  type Marketplace,
  mapListResult,
  OFFER_STATUSES,
  pageRequest,
  SERVICE_TYPES,
} from "@marketplace/core";
import { RATE_PER_KWH_PATTERN, type UrlPolicy } from "@marketplace/core/fields";
import { MONEY_PATTERN } from "@marketplace/core/kernel";
import {
  CONNECTION_TYPES,
  newOfferSchema,
  OFFER_SEARCH_MAX_LENGTH,
  offerPatchSchema,
  PUBLISH_SECTIONS,
  parseNewOffer,
  parseOfferListFilters,
  parseOfferPatch,
  RATE_TYPES,
} from "@marketplace/core/offers";
import { zodCommand } from "../fields.ts";
import type { AppEnv } from "../middleware/request-context.ts";
import { createRoute } from "../route.ts";
import {
  ErrorEnvelopeSchema,
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
import { offerJson } from "../serializers/index.ts";
import { validationHook } from "../validation.ts";

// Response schemas: documentation only (responses are built by the serializers, never parsed).
const Money = z
  .string()
  .openapi({ pattern: MONEY_PATTERN, example: "49.99", description: "Decimal string, USD per month" });

const RatePerKwh = z
  .string()
  .openapi({ pattern: RATE_PER_KWH_PATTERN, example: "0.1425", description: "USD per kWh, up to four decimals" });

const InternetSchema = z
  .object({
    downloadSpeedMbps: z.int().nullable(),
    uploadSpeedMbps: z.int().nullable(),
    connectionType: z.enum(CONNECTION_TYPES).nullable(),
    dataCapGb: z.int().nullable().openapi({ description: "Monthly data cap in GB; null: unlimited or not stated" }),
  })
  .openapi("InternetDetails");

const ElectricitySchema = z
  .object({
    ratePerKwh: RatePerKwh.nullable(),
    rateType: z.enum(RATE_TYPES).nullable(),
    renewablePercent: z.int().nullable(),
    termMonths: z.int().nullable(),
  })
  .openapi("ElectricityDetails");

const PartnerSignupSchema = z
  .object({
    kind: z.literal("lead_gen"),
    signupUrlTemplate: z.string().nullable().openapi({
      example: "https://signup.example.com/start?ref={orderItemId}",
      description: "https URL containing {orderItemId}, replaced by the order item's id",
    }),
  })
  .openapi("PartnerSignup");

export const OfferSchema = z
  .object({
    id: Id,
    name: z.string(),
    sku: z.string().nullable(),
    status: z.enum(["draft", "active"]),
    serviceType: z.enum(SERVICE_TYPES),
    description: z.string().nullable(),
    marketingHeadline: z.string().nullable(),
    brandId: Id.nullable(),
    brand: z.object({ id: Id, name: z.string(), logoUrl: z.string().nullable() }).nullable(),
    marketIds: z.array(Id),
    monthlyPrice: Money.nullable(),
    promoMonthlyPrice: Money.nullable(),
    promoDurationMonths: z.int().nullable(),
    contractTermMonths: z.int().nullable().openapi({ description: "Contract length in months; null: no contract" }),
    commission: Money.nullable().openapi({ description: "What a reseller earns per accepted item" }),
    partnerSignup: PartnerSignupSchema.nullable(),
    submissionUrl: z.string().nullable(),
    internet: InternetSchema.optional().openapi({ description: "Present only when serviceType is internet" }),
    electricity: ElectricitySchema.optional().openapi({ description: "Present only when serviceType is electricity" }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    publishedAt: Timestamp.nullable(),
  })
  .openapi("Offer");

/** Create and update bodies: the core's offer parsers under this app's URL policy, documented from their fields. */
function offerInputSchemas(urlPolicy: UrlPolicy) {
  return {
    create: zodCommand("CreateOffer", (input) => parseNewOffer(input, { urlPolicy }), newOfferSchema({ urlPolicy })),
    update: zodCommand(
      "UpdateOffer",
      (input) => parseOfferPatch(input, { urlPolicy }),
      offerPatchSchema({ urlPolicy }),
    ),
  };
}

const PublishProblemSchema = z
  .object({ section: z.string(), field: z.string(), message: z.string() })
  .openapi("PublishProblem");

const PublishValidationSchema = z
  .object({
    error: z.string().openapi({ example: "Bad Request" }),
    message: z.string().openapi({ example: "Offer is not ready to publish" }),
    validationErrors: z.array(PublishProblemSchema),
    sections: z.record(z.string(), z.array(PublishProblemSchema)).openapi({
      description: `The same problems keyed by editor section (${PUBLISH_SECTIONS.join(", ")})`,
    }),
  })
  .openapi("PublishValidationError");

const OfferIdParams = z.object({ id: pathParam("id") });

// Each filter is a string here; its rules (and their messages) live in the core, `parseOfferListFilters`.
const filter = (description: string, extra: Record<string, unknown> = {}) =>
  z
    .string()
    .optional()
    .openapi({ param: { description }, ...extra });

const OfferListQuerySchema = listQuery({
  status: filter("Only offers of this status", { enum: [...OFFER_STATUSES] }),
  serviceType: filter("Only offers of this service type", { enum: [...SERVICE_TYPES] }),
  brandId: filter("Only offers of this brand (one of the team's)", { format: "uuid" }),
  marketId: filter("Only offers linked to this market (one of the team's)", { format: "uuid" }),
  search: filter(
    `Case-insensitive substring of the name, marketing headline, description or SKU; 1 to ${OFFER_SEARCH_MAX_LENGTH} characters after trimming, no control characters; % and _ match literally`,
    { example: "fiber" },
  ),
});
const tags = ["Provider offers"];

const listOffers = createRoute({
  method: "get",
  path: "/offers",
  tags,
  security,
  summary: "List the team's offers, newest first",
  description: "Filters combine with AND; an invalid value is a 400 naming the filter.",
  request: { query: OfferListQuerySchema },
  responses: {
    200: {
      description: "The complete array, or a page when limit or cursor is sent",
      content: json(listResponse(OfferSchema, "Offer")),
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
  request: { params: OfferIdParams, query: NoQuery },
  responses: {
    200: { description: "The offer", content: json(OfferSchema) },
    ...errorResponses(400, 401, 403, 404, 500),
  },
});

const deleteOffer = createRoute({
  method: "delete",
  path: "/offers/{id}",
  tags,
  security,
  summary: "Delete an offer (gone from every list and the catalog; orders keep their snapshots)",
  request: { params: OfferIdParams, query: NoQuery, body: noBody },
  middleware: emptyBodyIsNoBody,
  responses: { 200: { description: "Deleted; no body" }, ...errorResponses(400, 401, 403, 404, 413, 415, 500) },
});

const publishOffer = createRoute({
  method: "post",
  path: "/offers/{id}/publish",
  tags,
  security,
  summary: "Publish an offer (re-validates an active one)",
  request: { params: OfferIdParams, query: NoQuery, body: noBody },
  middleware: emptyBodyIsNoBody,
  responses: {
    200: { description: "The active offer", content: json(OfferSchema) },
    400: {
      description:
        "Publish-readiness rules not met, by editor section (publish validation body); or a malformed request: " +
        "a body with properties, an unknown query parameter (error envelope)",
      content: json(z.union([PublishValidationSchema, ErrorEnvelopeSchema])),
    },
    ...errorResponses(401, 403, 404, 413, 415, 500),
  },
});

const duplicateOffer = createRoute({
  method: "post",
  path: "/offers/{id}/duplicate",
  tags,
  security,
  summary: "Duplicate an offer as a new draft (name marked as a copy, no SKU, sample pricing removed)",
  request: { params: OfferIdParams, query: NoQuery, body: noBody },
  middleware: emptyBodyIsNoBody,
  responses: {
    201: { description: "The new draft", content: json(OfferSchema) },
    ...errorResponses(400, 401, 403, 404, 413, 415, 500),
  },
});

/** The routes whose bodies follow the app's URL policy (`submissionUrl`). */
function inputRoutes(urlPolicy: UrlPolicy) {
  const schemas = offerInputSchemas(urlPolicy);
  const createOffer = createRoute({
    method: "post",
    path: "/offers",
    tags,
    security,
    summary: "Create an offer (draft)",
    request: { body: { required: true, content: json(schemas.create) } },
    responses: {
      201: { description: "The new draft offer", content: json(OfferSchema) },
      ...errorResponses(400, 401, 403, 409, 413, 415, 500),
    },
  });

  const updateOffer = createRoute({
    method: "patch",
    path: "/offers/{id}",
    tags,
    security,
    summary: "Update an offer: omitted fields stay, null clears; an active offer must stay publishable",
    request: { params: OfferIdParams, query: NoQuery, body: { required: true, content: json(schemas.update) } },
    responses: {
      200: { description: "The updated offer", content: json(OfferSchema) },
      400: {
        description:
          "Validation failed (error envelope), or the edit would leave an active offer unpublishable (publish validation body)",
        content: json(z.union([PublishValidationSchema, ErrorEnvelopeSchema])),
      },
      ...errorResponses(401, 403, 404, 409, 413, 415, 500),
    },
  });

  return { createOffer, updateOffer };
}

/** `/provider/offers` routes. */
export function providerOfferRoutes(marketplace: Marketplace, options: { urlPolicy?: UrlPolicy } = {}) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const { offers } = marketplace;
  const urlPolicy = options.urlPolicy ?? {};
  const { createOffer, updateOffer } = inputRoutes(urlPolicy);

  app.openapi(createOffer, async (c) =>
    c.json(offerJson(await offers.create(c.get("principal"), c.req.valid("json"), { urlPolicy })), 201),
  );

  app.openapi(listOffers, async (c) => {
    const { limit, cursor, ...query } = c.req.valid("query");
    const filters = parseOfferListFilters(query);
    if (!filters.ok) throw new InvalidInputError(filters.problems);
    const result = await offers.list(c.get("principal"), pageRequest("offers", { limit, cursor }), filters.filters);
    return c.json(mapListResult(result, offerJson), 200);
  });

  app.openapi(getOffer, async (c) =>
    c.json(offerJson(await offers.get(c.get("principal"), c.req.valid("param").id)), 200),
  );

  app.openapi(updateOffer, async (c) => {
    const offer = await offers.update(c.get("principal"), c.req.valid("param").id, c.req.valid("json"), { urlPolicy });
    return c.json(offerJson(offer), 200);
  });

  app.openapi(deleteOffer, async (c) => {
    await offers.delete(c.get("principal"), c.req.valid("param").id);
    return c.body(null, 200);
  });

  app.openapi(publishOffer, async (c) =>
    c.json(offerJson(await offers.publish(c.get("principal"), c.req.valid("param").id)), 200),
  );

  app.openapi(duplicateOffer, async (c) =>
    c.json(offerJson(await offers.duplicate(c.get("principal"), c.req.valid("param").id)), 201),
  );

  return app;
}
