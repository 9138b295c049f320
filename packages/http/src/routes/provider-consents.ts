import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Marketplace } from "@marketplace/core";
import {
  CONSENT_EVIDENCE_FORMAT_DOC,
  ConsentEvidenceSchema,
  ConsentKeySetSchema,
} from "../consent-evidence-schemas.ts";
import type { AppEnv } from "../middleware/request-context.ts";
import { ProviderCustomerDetailSchema } from "../order-schemas.ts";
import { createRoute } from "../route.ts";
import { emptyBodyIsNoBody, errorResponses, NoQuery, noBody, pathParam } from "../schemas.ts";
import { providerCustomerDetailJson } from "../serializers/index.ts";
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

const evidence = createRoute({
  method: "get",
  path: "/customers/{customerId}/consents/evidence",
  tags: ["Provider customers"],
  security: [{ apiKey: [] }],
  summary: "The consent evidence bundle of a customer: records, revocations, chain links and a signed checkpoint",
  description:
    "A self-contained JSON bundle of every consent record naming the team about the customer (by the customer " +
    "record, its phone or its e-mail): the verbatim disclosure text and version, the capture context (time, IP " +
    "address, user agent, storefront or link, offers, page URL) and the revocations, each with its position and " +
    "hash in the team's hash chain, the links from the first of them to a checkpoint, and the checkpoint's Ed25519 " +
    "signature. When the chain has entries after its latest checkpoint, the export signs a new one first, so a " +
    "fresh record is covered. Verify it offline with verifyConsentEvidence of @marketplace/core/consent-evidence " +
    "against GET /.well-known/consent-keys.json. Another team's customer is 404.\n\n" +
    `The bundle format is specified in \`${CONSENT_EVIDENCE_FORMAT_DOC}\` of the ` +
    "service's repository: RFC 8785 canonical JSON, the exact bytes hashed for each entry and chain link, the exact " +
    "bytes the checkpoint's Ed25519 signature covers, and the checks in order, so anyone can verify a bundle " +
    "without the service's code.",
  request: { params: CustomerParams, query: NoQuery },
  responses: {
    200: { description: "The evidence bundle", content: { "application/json": { schema: ConsentEvidenceSchema } } },
    ...errorResponses(400, 401, 403, 404, 500),
  },
});

/** `/provider/customers/{customerId}/consent/revoke` and `/provider/customers/{customerId}/consents/evidence`. */
export function providerConsentRoutes(marketplace: Marketplace) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(evidence, async (c) =>
    c.json(await marketplace.consentEvidence.evidence(c.get("principal"), c.req.valid("param").customerId), 200),
  );

  app.openapi(revokeForCustomer, async (c) => {
    const detail = await marketplace.customers.revokeConsents(c.get("principal"), c.req.valid("param").customerId);
    return c.json(providerCustomerDetailJson(detail), 200);
  });

  return app;
}

const consentKeys = createRoute({
  method: "get",
  path: "/consent-keys.json",
  tags: ["Consent evidence (no API key)"],
  summary: "The public keys that sign consent checkpoints (JWKS), retired ones included",
  description:
    "Ed25519 keys (RFC 8037) named by their RFC 7638 thumbprint. A rotated key stays listed, so bundles it signed " +
    "stay verifiable.",
  request: { query: NoQuery },
  responses: {
    200: { description: "The key set", content: { "application/json": { schema: ConsentKeySetSchema } } },
    ...errorResponses(400, 500),
  },
});

/** `/.well-known/consent-keys.json`: no API key. */
export function consentKeyRoutes(marketplace: Marketplace) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(consentKeys, async (c) => {
    c.header("cache-control", "public, max-age=300");
    return c.json(await marketplace.consentEvidence.publicKeys(), 200);
  });
  return app;
}
