/**
 * Schemas of storefronts, shareable links and the public endpoints (link pages, public orders,
 * outbound clicks, consent withdrawal).
 *
 * @module
 */

import { z } from "@hono/zod-openapi";
import { CONSENT_KINDS, CUSTOMER_KINDS, ORDER_ITEM_STATUSES, ORDER_STATUSES } from "@marketplace/core";
import { DISCLOSURE_VERSIONS, parseRevokeConsent, REVOKE_CONSENT_SCHEMA } from "@marketplace/core/consents";
import type { JsonSchema } from "@marketplace/core/fields";
import {
  CLICK_SCHEMA,
  NEW_LINK_SCHEMA,
  PAGE_URL_FIELD,
  PUBLIC_SLUG_FIELD,
  parseClick,
  parseNewLink,
  parseStorefrontInput,
  STOREFRONT_INPUT_SCHEMA,
} from "@marketplace/core/storefront";
import { ConsentDecisionsSchema } from "./consent-schemas.ts";
import { zodCommand, zodField } from "./fields.ts";
import {
  HandoffSchema,
  ItemMetadata,
  offerTermsShape,
  PlaceOrderSchema,
  ServiceAddressSchema,
} from "./order-schemas.ts";
import { CatalogEntrySchema } from "./routes/reseller-catalog.ts";
import { Id, Timestamp } from "./schemas.ts";

const Money = z.string().openapi({ example: "49.99" });

/** The body of PUT /reseller/storefront: the core's parser. */
export const PutStorefrontSchema = zodCommand("PutStorefront", parseStorefrontInput, STOREFRONT_INPUT_SCHEMA);

export const StorefrontSchema = z
  .object({
    id: Id,
    slug: z.string().openapi({ description: "Named as storefrontSlug in public shop requests" }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi("Storefront");

/** The body of POST /reseller/links: the core's parser (no offer twice). */
export const CreateLinkSchema = zodCommand("CreateLink", parseNewLink, NEW_LINK_SCHEMA);

export const LinkSchema = z
  .object({
    id: Id,
    slug: z.string().openapi({
      description: "Short public token (10 characters, not a UUID): the page is /public/links/{slug}",
      example: "k3v9q0x7mz",
    }),
    name: z.string().nullable(),
    offerIds: z.array(Id),
    createdAt: Timestamp,
  })
  .openapi("Link");

/**
 * An active offer as consumers see it: the reseller catalog entry without the commission, and
 * nothing provider-internal (no SKU, submission URL, signup template, market links or team id).
 */
export const PublicOfferSchema = CatalogEntrySchema.omit({ commission: true }).openapi("PublicOffer");

export const RenderedDisclosureSchema = z
  .object({
    providerName: z.string(),
    version: z.enum(DISCLOSURE_VERSIONS),
    kind: z.enum(CONSENT_KINDS),
    text: z.string().openapi({ description: "The exact text recorded when a decision on this version is sent" }),
  })
  .openapi("RenderedDisclosure");

export const LinkViewSchema = z
  .object({
    slug: z.string(),
    offers: z.array(PublicOfferSchema).openapi({ description: "The link's offers still active, in its order" }),
    disclosures: z.array(RenderedDisclosureSchema).openapi({
      description: "Every disclosure version rendered for every provider shown, to display before the decision",
    }),
  })
  .openapi("LinkView");

const consents = ConsentDecisionsSchema.optional().openapi({
  description:
    "The consumer's decisions. Without a granted order_contact decision (an absent array included) the order is " +
    "refused with 422 and code consent_required. Each decision is recorded once per provider team of the order.",
});

const pageUrl = zodField("pageUrl", PAGE_URL_FIELD);

export const PublicLinkOrderSchema = PlaceOrderSchema.omit({ isTraining: true })
  .extend({ consents, pageUrl })
  .openapi("PublicLinkOrder");

export const PublicShopOrderSchema = PlaceOrderSchema.omit({ isTraining: true })
  .extend({
    storefrontSlug: zodField("storefrontSlug", PUBLIC_SLUG_FIELD).openapi({
      description: "The reseller's storefront slug",
    }),
    consents,
    pageUrl,
  })
  .openapi("PublicShopOrder");

const PublicOrderItemSchema = z
  .object({
    id: Id,
    status: z.enum(ORDER_ITEM_STATUSES),
    ...offerTermsShape,
    metadata: ItemMetadata,
  })
  .openapi("PublicOrderItem");

export const PublicOrderSchema = z
  .object({
    id: Id,
    status: z.enum(ORDER_STATUSES),
    totalMonthly: Money.openapi({ description: "Sum of monthly prices, handoff items excluded" }),
    customer: z.object({
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      kind: z.enum(CUSTOMER_KINDS),
    }),
    serviceAddress: ServiceAddressSchema,
    moveInDate: z.string().nullable().openapi({ format: "date" }),
    installationDate: z.string().nullable().openapi({ format: "date" }),
    items: z.array(PublicOrderItemSchema),
    handoffs: z.array(HandoffSchema),
    createdAt: Timestamp,
  })
  .openapi("PublicOrder");

/** A body's JSON Schema with its consent decisions referring to the `ConsentDecision` component. */
function withDecisionRefs(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema>;
  const consents = { ...properties.consents, items: { $ref: "#/components/schemas/ConsentDecision" } };
  return { ...schema, properties: { ...properties, consents } };
}

/** The body of POST /public/shop/clicks: the core's parser (exactly one slug, an E.164 phone). */
export const ClickSchema = zodCommand("OutboundClick", parseClick, withDecisionRefs(CLICK_SCHEMA));

export const ClickResultSchema = z
  .object({
    id: Id,
    offerId: Id,
    redirectUrl: z
      .string()
      .nullable()
      .openapi({
        description:
          "lead_gen offers: the partner signup link (the {orderItemId} placeholder holds the click id; phone=<E.164> " +
          "added only with a granted handoff_contact.v1). Other offers: null, the consumer stays to check out here.",
      }),
    phoneShared: z.boolean().openapi({ description: "True when the phone went into the redirect URL and the lead" }),
    createdAt: Timestamp,
  })
  .openapi("OutboundClickResult");

/** The body of POST /public/consent/revoke: the core's parser (a phone, an e-mail, or both). */
export const RevokeConsentSchema = zodCommand("RevokeConsent", parseRevokeConsent, REVOKE_CONSENT_SCHEMA);

export const RevokeConsentResultSchema = z.object({ message: z.string() }).openapi("RevokeConsentResult");
