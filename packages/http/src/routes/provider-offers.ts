import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  CONNECTION_TYPES,
  isHttpsUrl,
  type Marketplace,
  mapListResult,
  OFFER_LIMITS,
  PUBLISH_SECTIONS,
  pageRequest,
  RATE_TYPES,
  SERVICE_TYPES,
} from "@marketplace/core";
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
  storedText,
  Timestamp,
} from "../schemas.ts";
import { offerJson } from "../serializers.ts";
import { validationHook } from "../validation.ts";

const Money = z
  .string({ error: 'must be a decimal string, e.g. "49.99"' })
  .regex(/^(0|[1-9]\d{0,9})(\.\d{1,2})?$/, {
    error: 'must be a decimal string with at most two decimals, e.g. "49.99"',
  })
  .openapi({ example: "49.99", description: "Decimal string, USD per month" });

const RatePerKwh = z
  .string({ error: 'must be a decimal string, e.g. "0.1425"' })
  .regex(/^(0|[1-9]\d?)(\.\d{1,4})?$/, { error: 'must be a decimal string with at most four decimals, e.g. "0.1425"' })
  .openapi({ example: "0.1425", description: "USD per kWh, up to four decimals" });

const HttpsUrl = storedText(1, OFFER_LIMITS.url)
  .refine(isHttpsUrl, { error: "must be an https URL" })
  .openapi({ format: "uri", example: "https://partner.example.com/orders" });

const UuidRef = z.uuid({ error: "must be a UUID" }).openapi({ format: "uuid" });
const months = (max: number) => z.int().min(1).max(max);
const optional = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

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

const offerInputShape = {
  sku: optional(storedText(1, OFFER_LIMITS.sku)),
  description: optional(storedText(0, OFFER_LIMITS.description)),
  marketingHeadline: optional(storedText(0, OFFER_LIMITS.marketingHeadline)),
  brandId: optional(UuidRef),
  marketIds: z.array(UuidRef).max(OFFER_LIMITS.marketIds).optional(),
  monthlyPrice: optional(Money),
  promoMonthlyPrice: optional(Money),
  promoDurationMonths: optional(months(OFFER_LIMITS.promoDurationMonths)),
  contractTermMonths: optional(months(OFFER_LIMITS.contractTermMonths)),
  commission: optional(Money),
  partnerSignup: optional(
    z.strictObject({ kind: z.literal("lead_gen"), signupUrlTemplate: optional(storedText(1, OFFER_LIMITS.url)) }),
  ),
  submissionUrl: optional(HttpsUrl),
  internet: optional(
    z
      .strictObject({
        downloadSpeedMbps: optional(z.int().min(1).max(OFFER_LIMITS.speedMbps)),
        uploadSpeedMbps: optional(z.int().min(1).max(OFFER_LIMITS.speedMbps)),
        connectionType: optional(z.enum(CONNECTION_TYPES)),
        dataCapGb: optional(z.int().min(1).max(OFFER_LIMITS.dataCapGb)),
      })
      .openapi("InternetDetailsInput"),
  ),
  electricity: optional(
    z
      .strictObject({
        ratePerKwh: optional(RatePerKwh),
        rateType: optional(z.enum(RATE_TYPES)),
        renewablePercent: optional(z.int().min(0).max(100)),
        termMonths: optional(months(OFFER_LIMITS.termMonths)),
      })
      .openapi("ElectricityDetailsInput"),
  ),
};

const { sku: skuInput, ...otherOfferInputs } = offerInputShape;

export const CreateOfferSchema = z
  .strictObject({
    name: storedText(1, OFFER_LIMITS.name),
    sku: skuInput,
    serviceType: z.enum(SERVICE_TYPES),
    ...otherOfferInputs,
  })
  .openapi("CreateOffer");

export const UpdateOfferSchema = z
  .strictObject({
    name: storedText(1, OFFER_LIMITS.name).optional(),
    sku: skuInput,
    serviceType: z.enum(SERVICE_TYPES).optional(),
    ...otherOfferInputs,
  })
  .openapi("UpdateOffer");

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
const tags = ["Provider offers"];

const createOffer = createRoute({
  method: "post",
  path: "/offers",
  tags,
  security,
  summary: "Create an offer (draft)",
  request: { body: { required: true, content: json(CreateOfferSchema) } },
  responses: {
    201: { description: "The new draft offer", content: json(OfferSchema) },
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

const updateOffer = createRoute({
  method: "patch",
  path: "/offers/{id}",
  tags,
  security,
  summary: "Update an offer: omitted fields stay, null clears; an active offer must stay publishable",
  request: { params: OfferIdParams, query: NoQuery, body: { required: true, content: json(UpdateOfferSchema) } },
  responses: {
    200: { description: "The updated offer", content: json(OfferSchema) },
    400: {
      description:
        "Validation failed (error envelope), or the edit would leave an active offer unpublishable (publish validation body)",
      content: json(z.union([PublishValidationSchema, errorResponses(400)[400].content["application/json"].schema])),
    },
    ...errorResponses(401, 403, 404, 409, 413, 415, 500),
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
    400: { description: "Publish-readiness rules not met, by editor section", content: json(PublishValidationSchema) },
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

/** `/provider/offers` routes. */
export function providerOfferRoutes(marketplace: Marketplace) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const { offers } = marketplace;

  app.openapi(createOffer, async (c) =>
    c.json(offerJson(await offers.create(c.get("principal"), c.req.valid("json"))), 201),
  );

  app.openapi(listOffers, async (c) => {
    const result = await offers.list(c.get("principal"), pageRequest("offers", c.req.valid("query")));
    return c.json(mapListResult(result, offerJson), 200);
  });

  app.openapi(getOffer, async (c) =>
    c.json(offerJson(await offers.get(c.get("principal"), c.req.valid("param").id)), 200),
  );

  app.openapi(updateOffer, async (c) => {
    const offer = await offers.update(c.get("principal"), c.req.valid("param").id, c.req.valid("json"));
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
