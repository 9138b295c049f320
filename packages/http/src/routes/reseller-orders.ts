import { OpenAPIHono, z } from "@hono/zod-openapi";
import { CUSTOMER_KINDS, type Marketplace, mapListResult, pageRequest } from "@marketplace/core";
import type { AppEnv } from "../middleware/request-context.ts";
import { CustomerSchema, PlaceOrderSchema, ResellerOrderSchema } from "../order-schemas.ts";
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
import { customerJson, resellerOrderJson } from "../serializers/index.ts";
import { validationHook } from "../validation.ts";

const OrderParams = z.object({ id: pathParam("id") });

const placeOrder = createRoute({
  method: "post",
  path: "/orders",
  tags: ["Reseller orders"],
  security,
  summary: "Place an order (not idempotent unless an Idempotency-Key is sent)",
  description:
    "Offers must be active and available at the service address's ZIP. Prices and offer data are snapshotted. " +
    "A lead_gen offer becomes a handoff item with a partner signup link in `handoffs`. " +
    "Beyond the spec (opt-in): with an `Idempotency-Key` header, a retry with the same key and body within 24 h " +
    "returns the first response instead of placing another order; the same key with another body is 422.",
  request: {
    headers: z.object({
      "idempotency-key": z
        .string()
        .optional()
        .openapi({
          param: { name: "idempotency-key", in: "header" },
          description: "1 to 255 visible ASCII characters",
        }),
    }),
    body: { required: true, content: json(PlaceOrderSchema) },
  },
  responses: {
    201: { description: "The order, with handoffs for lead_gen items", content: json(ResellerOrderSchema) },
    ...errorResponses(400, 401, 403, 409, 413, 415, 422, 500),
  },
});

const listOrders = createRoute({
  method: "get",
  path: "/orders",
  tags: ["Reseller orders"],
  security,
  summary: "The team's orders, newest first",
  request: { query: listQuery() },
  responses: {
    200: { description: "Orders", content: json(listResponse(ResellerOrderSchema, "ResellerOrder")) },
    ...errorResponses(400, 401, 403, 500),
  },
});

const getOrder = createRoute({
  method: "get",
  path: "/orders/{id}",
  tags: ["Reseller orders"],
  security,
  summary: "One of the team's orders",
  request: { params: OrderParams, query: NoQuery },
  responses: {
    200: { description: "The order", content: json(ResellerOrderSchema) },
    ...errorResponses(400, 401, 403, 404, 500),
  },
});

const cancelOrder = createRoute({
  method: "patch",
  path: "/orders/{id}/cancel",
  tags: ["Reseller orders"],
  security,
  summary: "Cancel every item that is not final; 409 when none can be cancelled",
  request: { params: OrderParams, query: NoQuery, body: noBody },
  middleware: emptyBodyIsNoBody,
  responses: {
    200: { description: "The order after cancellation", content: json(ResellerOrderSchema) },
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 500),
  },
});

const deleteOrder = createRoute({
  method: "delete",
  path: "/orders/{id}",
  tags: ["Reseller orders"],
  security,
  summary: "Delete an order from the team's views (no event, no webhook)",
  description:
    "Allowed for a training order, or when every item is final (rejected, completed or cancelled); otherwise 409 " +
    "with the rule (cancel the order first). Afterwards every reseller read of the order answers 404 (detail, " +
    "list, cancel, a second delete) and it is left out of analytics. No event is recorded and no webhook is sent. " +
    "The providers' records are kept: their items, consents, consent ledger entries and delivery logs.",
  request: { params: OrderParams, query: NoQuery, body: noBody },
  middleware: emptyBodyIsNoBody,
  responses: {
    200: { description: "Deleted; the response has no body" },
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 500),
  },
});

const listCustomers = createRoute({
  method: "get",
  path: "/customers",
  tags: ["Reseller customers"],
  security,
  summary: "The team's customers, newest first (training orders create none)",
  request: { query: listQuery({ kind: z.enum(CUSTOMER_KINDS).optional() }) },
  responses: {
    200: { description: "Customers", content: json(listResponse(CustomerSchema, "Customer")) },
    ...errorResponses(400, 401, 403, 500),
  },
});

/** `/reseller/orders` and `/reseller/customers` routes. */
export function resellerOrderRoutes(marketplace: Marketplace) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const { orders, customers } = marketplace;

  app.openapi(placeOrder, async (c) => {
    const order = await orders.place(c.get("principal"), c.req.valid("json"), {
      idempotencyKey: c.req.valid("header")["idempotency-key"] ?? null,
    });
    return c.json(resellerOrderJson(order), 201);
  });

  app.openapi(listOrders, async (c) => {
    const result = await orders.listForReseller(c.get("principal"), pageRequest("orders", c.req.valid("query")));
    return c.json(mapListResult(result, resellerOrderJson), 200);
  });

  app.openapi(getOrder, async (c) =>
    c.json(resellerOrderJson(await orders.getForReseller(c.get("principal"), c.req.valid("param").id)), 200),
  );

  app.openapi(cancelOrder, async (c) =>
    c.json(resellerOrderJson(await orders.cancel(c.get("principal"), c.req.valid("param").id)), 200),
  );

  app.openapi(deleteOrder, async (c) => {
    await orders.delete(c.get("principal"), c.req.valid("param").id);
    return c.body(null, 200);
  });

  app.openapi(listCustomers, async (c) => {
    const { kind, ...page } = c.req.valid("query");
    const result = await customers.listForReseller(
      c.get("principal"),
      kind ? { kind } : {},
      pageRequest("reseller-customers", page),
    );
    return c.json(mapListResult(result, customerJson), 200);
  });

  return app;
}
