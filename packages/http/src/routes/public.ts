import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Marketplace, RateLimitBucket } from "@marketplace/core";
import type { MiddlewareHandler } from "hono";
import { type ClientIpOptions, clientInfo, resolveClientIp } from "../client-ip.ts";
import type { AppEnv } from "../middleware/request-context.ts";
import { createRoute } from "../route.ts";
import { errorResponses, json, NoQuery } from "../schemas.ts";
import {
  ClickResultSchema,
  ClickSchema,
  LinkViewSchema,
  PublicLinkOrderSchema,
  PublicOrderSchema,
  PublicShopOrderSchema,
  RevokeConsentResultSchema,
  RevokeConsentSchema,
} from "../storefront-schemas.ts";
import { clickJson, linkViewJson, publicOrderJson } from "../storefront-serializers.ts";
import { validationHook } from "../validation.ts";

const SlugParams = z.object({
  slug: z.string().openapi({ param: { name: "slug", in: "path" }, example: "k3v9q0x7mz" }),
});
const tags = ["Public (no API key)"];

/** The one answer of POST /public/consent/revoke, whatever was known about the identifier. */
export const CONSENT_REVOKE_MESSAGE =
  "Your request has been received. Any consent to be contacted that was given with this phone number or " +
  "e-mail address is withdrawn; providers stop marketing calls and texts to it within ten business days.";

const viewLink = createRoute({
  method: "get",
  path: "/links/{slug}",
  tags,
  summary: "A shareable link's page: its offers still active, and the disclosures to show",
  request: { params: SlugParams, query: NoQuery },
  responses: {
    200: { description: "The link's offers (catalog entries without commission)", content: json(LinkViewSchema) },
    ...errorResponses(400, 404, 500),
  },
});

const orderDescription =
  "Places an order for the reseller owning the storefront or link, exactly as POST /reseller/orders does (snapshots, " +
  "handoffs, events; never a training order), and records each consent decision once per provider team of the " +
  "order (order.consent_recorded to that provider only), in the same transaction. The disclosure text is rendered " +
  "by the service from the version and the provider's name. Without a granted order_contact decision: 422 with " +
  "code consent_required. Unknown slug: 404.";

const linkOrder = createRoute({
  method: "post",
  path: "/links/{slug}/orders",
  tags,
  summary: "Order through a shareable link (10 a minute per client IP, shared with checkout orders)",
  description: `${orderDescription} Every item must be one of the link's offers (else 422).`,
  request: { params: SlugParams, query: NoQuery, body: { required: true, content: json(PublicLinkOrderSchema) } },
  responses: {
    201: { description: "The order", content: json(PublicOrderSchema) },
    ...errorResponses(400, 404, 413, 415, 422, 429, 500),
  },
});

const shopOrder = createRoute({
  method: "post",
  path: "/shop/orders",
  tags,
  summary: "Checkout-mode order through a storefront (10 a minute per client IP)",
  description: `${orderDescription} Any active offer of the catalog may be ordered.`,
  request: { query: NoQuery, body: { required: true, content: json(PublicShopOrderSchema) } },
  responses: {
    201: { description: "The order", content: json(PublicOrderSchema) },
    ...errorResponses(400, 404, 413, 415, 422, 429, 500),
  },
});

const shopClick = createRoute({
  method: "post",
  path: "/shop/clicks",
  tags,
  summary: "Record an outbound click on an offer and get the redirect URL (30 a minute per client IP)",
  description:
    "Through a storefront (storefrontSlug) or a link (linkSlug, the offer must be one of its offers). A lead_gen " +
    "offer answers its partner signup link; `contact.phone` goes into that URL and the lead only with a granted " +
    "handoff_contact.v1 decision, otherwise it is dropped and the redirect still succeeds. Any other offer answers " +
    "`redirectUrl: null`: the consumer checks out on the storefront (POST /public/shop/orders).",
  request: { query: NoQuery, body: { required: true, content: json(ClickSchema) } },
  responses: {
    201: { description: "The click and where to send the consumer", content: json(ClickResultSchema) },
    ...errorResponses(400, 404, 413, 415, 422, 429, 500),
  },
});

const revokeConsent = createRoute({
  method: "post",
  path: "/consent/revoke",
  tags,
  summary: "Withdraw consent for a phone number or e-mail address",
  description:
    "Revokes every consent recorded with the phone or e-mail (revokedVia web_form) and tells each provider concerned " +
    "(order.consent_revoked). Always 200 with the same body, after the same work, whether or not the identifier was " +
    "known; 400 only for a malformed identifier.",
  request: { query: NoQuery, body: { required: true, content: json(RevokeConsentSchema) } },
  responses: {
    200: { description: "Always the same acknowledgement", content: json(RevokeConsentResultSchema) },
    ...errorResponses(400, 413, 415, 500),
  },
});

/** Counts a POST against the bucket for the client's IP (before validation: every request counts). */
function rateLimited(
  marketplace: Marketplace,
  bucket: RateLimitBucket,
  options: ClientIpOptions,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === "POST") await marketplace.rateLimits.consume(bucket, resolveClientIp(c, options));
    await next();
  };
}

/** `/public/*` routes: no API key; the limited ones count requests per client IP. */
export function publicRoutes(marketplace: Marketplace, options: ClientIpOptions) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const { publicShop, consents } = marketplace;

  app.use("/shop/clicks", rateLimited(marketplace, "public.shop.clicks", options));
  app.use("/shop/orders", rateLimited(marketplace, "public.shop.orders", options));
  // The spec limits exactly these two endpoints ("429: only the limited public endpoints"); link
  // orders are not among them, so they are never refused with 429.

  app.openapi(viewLink, async (c) => c.json(linkViewJson(await publicShop.viewLink(c.req.valid("param").slug)), 200));

  app.openapi(linkOrder, async (c) => {
    const { consents: decisions, ...order } = c.req.valid("json");
    const placed = await publicShop.placeOrder(
      { linkSlug: c.req.valid("param").slug },
      { ...order, consents: decisions ?? [] },
      clientInfo(c, options),
    );
    return c.json(publicOrderJson(placed), 201);
  });

  app.openapi(shopOrder, async (c) => {
    const { storefrontSlug, consents: decisions, ...order } = c.req.valid("json");
    const placed = await publicShop.placeOrder(
      { storefrontSlug },
      { ...order, consents: decisions ?? [] },
      clientInfo(c, options),
    );
    return c.json(publicOrderJson(placed), 201);
  });

  app.openapi(shopClick, async (c) =>
    c.json(clickJson(await publicShop.recordClick(c.req.valid("json"), clientInfo(c, options))), 201),
  );

  app.openapi(revokeConsent, async (c) => {
    await consents.revokeByIdentifier(c.req.valid("json"));
    return c.json({ message: CONSENT_REVOKE_MESSAGE }, 200);
  });

  return app;
}
