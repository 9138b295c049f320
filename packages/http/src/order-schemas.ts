/**
 * Request and response schemas of orders, items and customers.
 *
 * @module
 */

import { z } from "@hono/zod-openapi";
import { CUSTOMER_KINDS, ORDER_ITEM_STATUSES, ORDER_STATUSES, SERVICE_TYPES } from "@marketplace/core";
import { ITEM_STATUS_UPDATE_SCHEMA, PLACE_ORDER_FIELDS, parseItemStatusUpdate } from "@marketplace/core/orders";
import { ConsentRecordSchema } from "./consent-schemas.ts";
import { zodCommand, zodObject } from "./fields.ts";
import { Id, Timestamp } from "./schemas.ts";

const Money = z.string().openapi({ example: "49.99" });

export const ServiceAddressSchema = z
  .object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: z.string().openapi({ example: "TX" }),
    zipCode: z.string().openapi({ example: "78701" }),
  })
  .openapi("ServiceAddress");

/** The body of POST /reseller/orders: the core's order fields (`PLACE_ORDER_FIELDS`), rules and docs alike. */
export const PlaceOrderSchema = zodObject(PLACE_ORDER_FIELDS).openapi("PlaceOrder");

const Commission = z.object({ amount: Money, accruedAt: Timestamp }).openapi("Commission");

/** The offer's terms as every item view shows them (the core's `offerTerms`). */
export const offerTermsShape = {
  offerId: Id,
  offerName: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  providerName: z.string(),
  monthlyPrice: Money.nullable(),
  promoMonthlyPrice: Money.nullable(),
  promoDurationMonths: z.int().nullable(),
  contractTermMonths: z.int().nullable(),
};

/** An item's `metadata`: the partner signup link of a lead_gen item. */
export const ItemMetadata = z.object({
  handoff: z
    .object({ redirectUrl: z.string() })
    .nullable()
    .openapi({ description: "Partner signup link of a lead_gen item" }),
});

const itemShape = {
  id: Id,
  orderId: Id,
  status: z.enum(ORDER_ITEM_STATUSES),
  isTraining: z.boolean(),
  ...offerTermsShape,
  scheduledDate: z.string().nullable().openapi({ format: "date" }),
  rejectionReason: z.string().nullable(),
  metadata: ItemMetadata,
  createdAt: Timestamp,
  updatedAt: Timestamp,
};

const CustomerRef = z.object({
  id: Id.nullable().openapi({ description: "null for training orders, which create no customer" }),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  kind: z.enum(CUSTOMER_KINDS),
});

export const ResellerOrderItemSchema = z
  .object({ ...itemShape, providerTeamId: Id, commission: Commission.nullable() })
  .openapi("ResellerOrderItem");

export const HandoffSchema = z
  .object({ orderItemId: Id, offerId: Id, offerName: z.string(), providerName: z.string(), redirectUrl: z.string() })
  .openapi("Handoff");

export const ResellerOrderSchema = z
  .object({
    id: Id,
    status: z.enum(ORDER_STATUSES),
    isTraining: z.boolean(),
    totalMonthly: Money.openapi({ description: "Sum of monthly prices, handoff items excluded" }),
    customer: CustomerRef,
    serviceAddress: ServiceAddressSchema,
    moveInDate: z.string().nullable().openapi({ format: "date" }),
    installationDate: z.string().nullable().openapi({ format: "date" }),
    items: z.array(ResellerOrderItemSchema),
    handoffs: z.array(HandoffSchema),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi("ResellerOrder");

const orderOfItemShape = {
  id: Id,
  status: z.enum(ORDER_STATUSES),
  isTraining: z.boolean(),
  resellerTeamId: Id,
  customer: CustomerRef,
  serviceAddress: ServiceAddressSchema,
  moveInDate: z.string().nullable(),
  installationDate: z.string().nullable(),
  createdAt: Timestamp,
};

export const ProviderOrderItemSchema = z
  .object({ ...itemShape, order: z.object(orderOfItemShape) })
  .openapi("ProviderOrderItem");

export const ProviderOrderItemDetailSchema = z
  .object({
    ...itemShape,
    order: z.object({
      ...orderOfItemShape,
      consents: z
        .array(ConsentRecordSchema)
        .openapi({ description: "Consent records naming the provider team, in the order recorded" }),
    }),
  })
  .openapi("ProviderOrderItemDetail");

/** The body of PATCH /provider/orders/{itemId}/status: the core's parser (a date when scheduling). */
export const UpdateItemStatusSchema = zodCommand(
  "UpdateOrderItemStatus",
  parseItemStatusUpdate,
  ITEM_STATUS_UPDATE_SCHEMA,
);

export const CustomerSchema = z
  .object({
    id: Id,
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    kind: z.enum(CUSTOMER_KINDS),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi("Customer");

export const ProviderCustomerSchema = CustomerSchema.extend({
  unsubscribed: z.boolean().openapi({
    description: "True once the team reported a STOP or do-not-call for this customer (for this team only)",
  }),
  unsubscribedAt: Timestamp.nullable(),
}).openapi("ProviderCustomer");

export const ProviderCustomerDetailSchema = ProviderCustomerSchema.extend({
  items: z.array(ProviderOrderItemSchema),
}).openapi("ProviderCustomerDetail");
