/**
 * JSON Schemas of the order events' payloads (`data` without `training` and `sequence`, which every
 * event adds): the one description of `OrderEventPayloads` the OpenAPI document's webhooks and the
 * dashboard's event catalog both show. A test checks real events against them.
 *
 * @module
 */

import type { JsonSchema } from "../fields/fields.ts";
import { SERVICE_TYPES } from "../offers/index.ts";
import type { OrderEventPayloads } from "./order-events.ts";
import { CUSTOMER_KINDS, ORDER_ITEM_STATUSES, ORDER_STATUSES } from "./types.ts";

const uuid: JsonSchema = { type: "string", format: "uuid" };
const text: JsonSchema = { type: "string" };
const money: JsonSchema = { type: "string", pattern: "^\\d+\\.\\d{2}$", example: "49.99" };
const date: JsonSchema = { type: ["string", "null"], format: "date", description: "YYYY-MM-DD, or null" };
const nullable = (schema: JsonSchema): JsonSchema => ({ ...schema, type: [schema.type as string, "null"] });

/** An object whose every property is required, and no other. */
function object(properties: Record<string, JsonSchema>, description?: string): JsonSchema {
  return {
    type: "object",
    ...(description && { description }),
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

const customer = object({
  name: text,
  email: { type: "string", format: "email" },
  phone: { type: "string", description: "E.164", example: "+15125550123" },
  kind: { type: "string", enum: [...CUSTOMER_KINDS] },
});

const serviceAddress = object({
  line1: text,
  line2: nullable(text),
  city: text,
  state: { type: "string", description: "Two-letter US state code", example: "TX" },
  zipCode: { type: "string", pattern: "^\\d{5}$", example: "78701" },
});

const itemStatus: JsonSchema = { type: "string", enum: [...ORDER_ITEM_STATUSES] };

/** An item inside `order.created` and `order.cancelled`. */
const itemOfOrder: Record<string, JsonSchema> = {
  orderItemId: uuid,
  providerTeamId: uuid,
  status: itemStatus,
  offerId: uuid,
  offerName: text,
  serviceType: { type: "string", enum: [...SERVICE_TYPES] },
  providerName: { ...text, description: "The brand's name, or the provider team's" },
  monthlyPrice: nullable(money),
  promoMonthlyPrice: nullable(money),
  promoDurationMonths: { type: ["integer", "null"] },
  contractTermMonths: { type: ["integer", "null"] },
  scheduledDate: date,
  handoff: {
    type: ["object", "null"],
    description: "Where the customer continues with the provider, for an item in handoff; else null",
    properties: { redirectUrl: { type: "string", format: "uri" } },
    required: ["redirectUrl"],
    additionalProperties: false,
  },
};

/** One item with its order's snapshot (`order.item.created`). */
const item: Record<string, JsonSchema> = {
  ...itemOfOrder,
  orderId: uuid,
  resellerTeamId: uuid,
  customer,
  serviceAddress,
  moveInDate: date,
  installationDate: date,
};

/** The order as a whole (`order.created`, `order.cancelled`). */
const order = object({
  orderId: uuid,
  resellerTeamId: uuid,
  providerTeamIds: { type: "array", items: uuid },
  status: { type: "string", enum: [...ORDER_STATUSES] },
  totalMonthly: money,
  customer,
  serviceAddress,
  moveInDate: date,
  installationDate: date,
  createdAt: { type: "string", format: "date-time" },
  items: { type: "array", items: object(itemOfOrder) },
});

/** Each order event type's payload schema. */
export const ORDER_EVENT_SCHEMAS: Readonly<Record<keyof OrderEventPayloads, JsonSchema>> = {
  "order.created": order,
  "order.item.created": object(item),
  "order.item.status_changed": object({
    ...item,
    from: itemStatus,
    to: itemStatus,
    orderStatus: { type: "string", enum: [...ORDER_STATUSES], description: "The order's status after the change" },
  }),
  "order.cancelled": order,
};
