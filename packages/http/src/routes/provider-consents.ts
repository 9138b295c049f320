import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Marketplace } from "@marketplace/core";
import type { AppEnv } from "../middleware/request-context.ts";
import { ProviderCustomerDetailSchema } from "../order-schemas.ts";
import { providerCustomerJson, providerItemJson } from "../order-serializers.ts";
import { createRoute } from "../route.ts";
import { emptyBodyIsNoBody, errorResponses, NoQuery, noBody, pathParam } from "../schemas.ts";
import { validationHook } from "../validation.ts";

const CustomerParams = z.object({
  customerId: pathParam("customerId"),
});

const revokeForCustomer = createRoute({
  method: "post",
  path: "/customers/{customerId}/consent/revoke",
  tags: ["Provider customers"],
  security: [{ apiKey: [] }],
  summary: "Report a STOP or do-not-call: revoke the customer's consents naming the team",
  description:
    "Revokes every consent naming the team recorded for the customer (by the customer record, its phone or its " +
    "e-mail; revokedVia provider_report), emits order.consent_revoked for each to the team, and flags the customer " +
    "unsubscribed for this team only. No request body. Idempotent: a repeat revokes nothing more and keeps the " +
    "first unsubscribedAt.",
  request: { params: CustomerParams, query: NoQuery, body: noBody },
  middleware: emptyBodyIsNoBody,
  responses: {
    200: {
      description: "The customer as the team sees it, now unsubscribed",
      content: { "application/json": { schema: ProviderCustomerDetailSchema } },
    },
    ...errorResponses(400, 401, 403, 404, 413, 415, 500),
  },
});

/** `/provider/customers/{customerId}/consent/revoke`. */
export function providerConsentRoutes(marketplace: Marketplace) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(revokeForCustomer, async (c) => {
    const { customer, items } = await marketplace.consents.revokeForCustomer(
      c.get("principal"),
      c.req.valid("param").customerId,
    );
    return c.json({ ...providerCustomerJson(customer), items: items.map((row) => providerItemJson(row)) }, 200);
  });

  return app;
}
