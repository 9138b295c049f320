import { OpenAPIHono, z } from "@hono/zod-openapi";
import { type Marketplace, mapListResult, ORDER_ITEM_STATUSES, pageRequest } from "@marketplace/core";
import type { AppEnv } from "../middleware/request-context.ts";
import {
  ProviderCustomerDetailSchema,
  ProviderCustomerSchema,
  ProviderOrderItemDetailSchema,
  ProviderOrderItemSchema,
  UpdateItemStatusSchema,
} from "../order-schemas.ts";
import { createRoute } from "../route.ts";
import { errorResponses, json, listQuery, listResponse, NoQuery, pathParam, security } from "../schemas.ts";
import {
  providerCustomerDetailJson,
  providerCustomerJson,
  providerItemDetailJson,
  providerItemJson,
} from "../serializers/index.ts";
import { validationHook } from "../validation.ts";

const ItemParams = z.object({ itemId: pathParam("itemId") });
const CustomerParams = z.object({
  customerId: pathParam("customerId"),
});

const listItems = createRoute({
  method: "get",
  path: "/orders",
  tags: ["Provider orders"],
  security,
  summary: "Order items on the team's offers, newest first",
  request: { query: listQuery({ status: z.enum(ORDER_ITEM_STATUSES).optional() }) },
  responses: {
    200: {
      description: "Items with their order",
      content: json(listResponse(ProviderOrderItemSchema, "ProviderOrderItem")),
    },
    ...errorResponses(400, 401, 403, 500),
  },
});

const getItem = createRoute({
  method: "get",
  path: "/orders/{itemId}",
  tags: ["Provider orders"],
  security,
  summary: "One item with its order snapshot and the consents naming the team",
  request: { params: ItemParams, query: NoQuery },
  responses: {
    200: { description: "The item", content: json(ProviderOrderItemDetailSchema) },
    ...errorResponses(400, 401, 403, 404, 500),
  },
});

const updateStatus = createRoute({
  method: "patch",
  path: "/orders/{itemId}/status",
  tags: ["Provider orders"],
  security,
  summary: "Accept, reject, schedule (with a date) or complete an item",
  description:
    "pending or handoff → accepted or rejected; accepted → scheduled (scheduledDate required) or completed; " +
    "scheduled → completed, or scheduled again with a new date. Anything else is 409.",
  request: { params: ItemParams, query: NoQuery, body: { required: true, content: json(UpdateItemStatusSchema) } },
  responses: {
    200: { description: "The item after the change", content: json(ProviderOrderItemSchema) },
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 500),
  },
});

const listCustomers = createRoute({
  method: "get",
  path: "/customers",
  tags: ["Provider customers"],
  security,
  summary: "Customers who ordered the team's offers (training orders create none)",
  request: { query: listQuery() },
  responses: {
    200: { description: "Customers", content: json(listResponse(ProviderCustomerSchema, "ProviderCustomer")) },
    ...errorResponses(400, 401, 403, 500),
  },
});

const getCustomer = createRoute({
  method: "get",
  path: "/customers/{customerId}",
  tags: ["Provider customers"],
  security,
  summary: "A customer with the items placed for the team's offers",
  request: { params: CustomerParams, query: NoQuery },
  responses: {
    200: { description: "The customer", content: json(ProviderCustomerDetailSchema) },
    ...errorResponses(400, 401, 403, 404, 500),
  },
});

/** `/provider/orders` and `/provider/customers` routes. */
export function providerOrderRoutes(marketplace: Marketplace) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const { orders, customers, consents } = marketplace;

  app.openapi(listItems, async (c) => {
    const { status, ...page } = c.req.valid("query");
    const result = await orders.listForProvider(
      c.get("principal"),
      status ? { status } : {},
      pageRequest("provider-order-items", page),
    );
    return c.json(
      mapListResult(result, (row) => providerItemJson(row)),
      200,
    );
  });

  app.openapi(getItem, async (c) => {
    const found = await orders.getForProvider(c.get("principal"), c.req.valid("param").itemId);
    const records = await consents.listForOrder(c.get("principal"), found.order.id);
    return c.json(providerItemDetailJson(found, records), 200);
  });

  app.openapi(updateStatus, async (c) => {
    const update = c.req.valid("json");
    const result = await orders.updateItemStatus(c.get("principal"), c.req.valid("param").itemId, update);
    return c.json(providerItemJson(result), 200);
  });

  app.openapi(listCustomers, async (c) => {
    const result = await customers.listForProvider(
      c.get("principal"),
      pageRequest("provider-customers", c.req.valid("query")),
    );
    return c.json(mapListResult(result, providerCustomerJson), 200);
  });

  app.openapi(getCustomer, async (c) => {
    const detail = await customers.getForProvider(c.get("principal"), c.req.valid("param").customerId);
    return c.json(providerCustomerDetailJson(detail), 200);
  });

  return app;
}
