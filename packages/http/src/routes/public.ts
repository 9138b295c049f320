import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Marketplace } from "@marketplace/core";
import type { OptInRateLimitBucket, RateLimitBucket, RateLimitRule } from "@marketplace/core/rate-limits";
import type { MiddlewareHandler } from "hono";
import { type ClientIpOptions, clientInfo, resolveClientIp } from "../client-ip.ts";
import type { AppEnv } from "../middleware/request-context.ts";
import { createRoute } from "../route.ts";
import { errorResponses, json, NoQuery } from "../schemas.ts";
import { clickJson, linkViewJson, publicOrderJson } from "../serializers/index.ts";
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

/**
 * Opt-in abuse limits of public endpoints the contract does not limit: requests per client IP per
 * minute (sliding window, the shared store of the other limits); absent or 0: not limited.
 */
export interface OptInRateLimits {
  /** `POST /public/links/{slug}/orders`; its own budget, not shared with checkout orders. */
  linkOrders?: number;
  /** `POST /public/consent/revoke`. */
  consentRevoke?: number;
}

/** Most requests a minute an opt-in limit may allow. */
export const MAX_OPT_IN_RATE_LIMIT = 100_000;

/** How an opt-in limit reads in an OpenAPI summary and description. */
function limitDocs(perMinute: number | undefined): { summary: string; description: string } {
  return perMinute
    ? {
        summary: `${perMinute} a minute per client IP, this server's opt-in limit`,
        description:
          ` Rate limited on this server (an operator's opt-in limit, not part of the contract): at most ${perMinute} ` +
          "requests a minute per client IP (IPv6 per /64), sliding one-minute window, its own budget; every request " +
          "counts, malformed ones too; the next one is 429 in the error envelope.",
      }
    : {
        summary: "not rate limited",
        description:
          " Not rate limited on this server (an operator may opt in to a per-client-IP limit, which then shows here).",
      };
}

function linkOrderRoute(perMinute: number | undefined) {
  const docs = limitDocs(perMinute);
  return createRoute({
    method: "post",
    path: "/links/{slug}/orders",
    tags,
    summary: `Order through a shareable link (${docs.summary})`,
    description: `${orderDescription} Every item must be one of the link's offers (else 422).${docs.description}`,
    request: { params: SlugParams, query: NoQuery, body: { required: true, content: json(PublicLinkOrderSchema) } },
    responses: {
      201: { description: "The order", content: json(PublicOrderSchema) },
      ...(perMinute ? errorResponses(400, 404, 413, 415, 422, 429, 500) : errorResponses(400, 404, 413, 415, 422, 500)),
    },
  });
}

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

function revokeConsentRoute(perMinute: number | undefined) {
  const docs = limitDocs(perMinute);
  return createRoute({
    method: "post",
    path: "/consent/revoke",
    tags,
    summary: `Withdraw consent for a phone number or e-mail address (${docs.summary})`,
    description:
      "Revokes every consent recorded with the phone or e-mail (revokedVia web_form) and tells each provider " +
      "concerned (order.consent_revoked). Always 200 with the same body, after the same work, whether or not the " +
      `identifier was known; 400 only for a malformed identifier.${docs.description}`,
    request: { query: NoQuery, body: { required: true, content: json(RevokeConsentSchema) } },
    responses: {
      200: { description: "Always the same acknowledgement", content: json(RevokeConsentResultSchema) },
      ...(perMinute ? errorResponses(400, 413, 415, 429, 500) : errorResponses(400, 413, 415, 500)),
    },
  });
}

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

/** The same for an opt-in bucket under the operator's limit a minute. */
function optInRateLimited(
  marketplace: Marketplace,
  bucket: OptInRateLimitBucket,
  perMinute: number,
  options: ClientIpOptions,
): MiddlewareHandler<AppEnv> {
  const rule: RateLimitRule = { limit: perMinute, windowMs: 60_000 };
  return async (c, next) => {
    if (c.req.method === "POST") await marketplace.rateLimits.consume(bucket, resolveClientIp(c, options), rule);
    await next();
  };
}

/** Checks the opt-in limits: each absent, 0 (off), or an integer from 1 to 100,000. */
export function checkOptInRateLimits(limits: OptInRateLimits | undefined): void {
  for (const [name, value] of Object.entries(limits ?? {})) {
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 0 || value > MAX_OPT_IN_RATE_LIMIT) {
      throw new TypeError(
        `createApp: options.optInRateLimits.${name} must be an integer from 0 (off) to ${MAX_OPT_IN_RATE_LIMIT}`,
      );
    }
  }
}

/** `/public/*` routes: no API key; the limited ones count requests per client IP. */
export function publicRoutes(
  marketplace: Marketplace,
  options: ClientIpOptions & { optInRateLimits?: OptInRateLimits },
) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const { publicShop, consents } = marketplace;
  const linkOrdersLimit = options.optInRateLimits?.linkOrders || undefined;
  const consentRevokeLimit = options.optInRateLimits?.consentRevoke || undefined;

  app.use("/shop/clicks", rateLimited(marketplace, "public.shop.clicks", options));
  app.use("/shop/orders", rateLimited(marketplace, "public.shop.orders", options));
  // The spec limits exactly these two endpoints ("429: only the limited public endpoints"). Link
  // orders and consent withdrawals are limited only when the operator opts in, each on its own budget.
  if (linkOrdersLimit) {
    app.use("/links/:slug/orders", optInRateLimited(marketplace, "public.links.orders", linkOrdersLimit, options));
  }
  if (consentRevokeLimit) {
    app.use("/consent/revoke", optInRateLimited(marketplace, "public.consent.revoke", consentRevokeLimit, options));
  }
  const linkOrder = linkOrderRoute(linkOrdersLimit);
  const revokeConsent = revokeConsentRoute(consentRevokeLimit);

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
