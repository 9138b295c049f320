import { OpenAPIHono } from "@hono/zod-openapi";
import { type Logger, type Marketplace, randomUuid, silentLogger } from "@marketplace/core";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { MAX_TRUST_PROXY_HOPS } from "./client-ip.ts";
import { type ApiReferenceOptions, apiReferenceHtml } from "./docs-page.ts";
import { createErrorHandler, notFoundHandler } from "./errors.ts";
import { requireAdmin, requireTeam } from "./middleware/auth.ts";
import { type AppEnv, type HttpObserver, requestContext } from "./middleware/request-context.ts";
import { rejectMalformedUnicode } from "./middleware/unicode.ts";
import { adminRoutes } from "./routes/admin.ts";
import { auditLogRoutes } from "./routes/audit-log.ts";
import { eventRoutes } from "./routes/events.ts";
import { providerBrandRoutes } from "./routes/provider-brands.ts";
import { consentKeyRoutes, providerConsentRoutes } from "./routes/provider-consents.ts";
import { providerMarketRoutes } from "./routes/provider-markets.ts";
import { providerOfferRoutes } from "./routes/provider-offers.ts";
import { isBulkCsvPath, providerOfferBulkRoutes } from "./routes/provider-offers-bulk.ts";
import { providerOrderRoutes } from "./routes/provider-orders.ts";
import { publicRoutes } from "./routes/public.ts";
import { resellerCatalogRoutes } from "./routes/reseller-catalog.ts";
import { resellerOrderRoutes } from "./routes/reseller-orders.ts";
import { resellerStorefrontRoutes } from "./routes/reseller-storefront.ts";
import { registerSystemRoutes } from "./routes/system.ts";
import { webhookRoutes } from "./routes/webhooks.ts";
import { validationHook } from "./validation.ts";

/** Largest JSON body accepted by default: 1 MB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** What `createApp` needs. */
export interface AppOptions {
  /** The use cases (see `createMarketplace`). */
  marketplace: Marketplace;
  /** Resolves when the database answers; rejects otherwise (drives `/health`). */
  checkHealth: () => Promise<void>;
  /** One structured line per request goes here, and every unexpected error. Default: silent. */
  logger?: Logger;
  /** Enables `/admin/*` with `authorization: Bearer <token>`; when absent, `/admin/*` is 404. */
  adminToken?: string | null;
  /** Largest JSON body in bytes; default 1 MB. Larger bodies get 413. */
  maxBodyBytes?: number;
  /** Name and version shown at `/` and in the OpenAPI document. */
  service?: { name?: string; version?: string };
  /** Where `/docs` loads Swagger UI from. */
  apiReference?: ApiReferenceOptions;
  /**
   * Accept webhook URLs and offers' `submissionUrl` of `http://localhost`, `http://127.0.0.1` and
   * `http://[::1]` (development and tests; the delivery worker needs its own `allowLoopback` to send
   * there). Default false: https only.
   */
  allowLoopbackWebhooks?: boolean;
  /**
   * The socket address of a request's peer, from the host, e.g. with `@hono/node-server`:
   * `clientIp: (c) => getConnInfo(c).remote.address`. It keys the public endpoints' rate limits and is
   * kept with consent records. Without it (and without trusted `X-Forwarded-For`), every request counts
   * as one client, `unknown`.
   */
  clientIp?: (c: Context) => string | null | undefined;
  /**
   * How many proxies in front of the app append to `X-Forwarded-For` (0 to 32; default 0: the header is
   * ignored and the socket address is the client). With n, the client is the n-th entry from the right.
   */
  trustProxyHops?: number;
  /**
   * The path prefix under which the host serves this app, e.g. `"/marketplace"` with Hono's
   * `host.mount("/marketplace", app.fetch)` (which strips the prefix before the app sees the
   * request). Routing does not change; the links of `/`, the `/docs` page and the OpenAPI
   * document's `servers` include the prefix, so they work from the host's URL. Default: none.
   */
  mountPath?: string;
  /** Told of every request (e.g. the host's Prometheus metrics); default none. */
  observer?: HttpObserver;
  /**
   * The dashboard's public URL (e.g. `https://market.example.com/dashboard`), for the invite links
   * of `POST /admin/teams/{id}/invites`; default: the request's origin + `/dashboard`.
   */
  dashboardUrl?: string;
}

/**
 * Builds the marketplace HTTP API as a Hono app (no server): serve it with `@hono/node-server`,
 * Deno, Bun, or mount it under a path of your own app.
 *
 * @example
 * const app = createApp({ marketplace, checkHealth: () => pingDatabase(db), logger });
 * serve({ fetch: app.fetch, port: 3000 });
 */
export function createApp(options: AppOptions): OpenAPIHono<AppEnv> {
  if (!options?.marketplace) throw new TypeError("createApp: options.marketplace is required");
  if (typeof options.checkHealth !== "function") throw new TypeError("createApp: options.checkHealth is required");
  const logger = options.logger ?? silentLogger;
  const name = options.service?.name ?? "marketplace-service";
  const version = options.service?.version ?? "0.1.0";
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const { marketplace } = options;
  const trustProxyHops = options.trustProxyHops ?? 0;
  if (!Number.isInteger(trustProxyHops) || trustProxyHops < 0 || trustProxyHops > MAX_TRUST_PROXY_HOPS) {
    throw new TypeError(`createApp: options.trustProxyHops must be an integer from 0 to ${MAX_TRUST_PROXY_HOPS}`);
  }
  if (options.clientIp !== undefined && typeof options.clientIp !== "function") {
    throw new TypeError("createApp: options.clientIp must be a function (c) => string");
  }
  const mountPath = options.mountPath ?? "";
  if (mountPath !== "" && !/^(\/[A-Za-z0-9._~-]+)+$/.test(mountPath)) {
    throw new TypeError(
      `createApp: options.mountPath must look like "/marketplace" (no trailing slash), got ${mountPath}`,
    );
  }

  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.onError(createErrorHandler(logger));
  app.notFound(notFoundHandler);

  app.use("*", requestContext(logger, randomUuid, options.observer));
  // Hono hands only Error instances to onError: anything else thrown would escape the envelope.
  app.use("*", async (_c, next) => {
    try {
      await next();
    } catch (thrown) {
      throw thrown instanceof Error ? thrown : new Error("A non-Error value was thrown", { cause: thrown });
    }
  });
  registerSystemRoutes(app, { name, version, checkHealth: options.checkHealth, mountPath });

  // Authentication first: a bad key is a 401 before anything else about the request is checked.
  app.use("/provider/*", requireTeam(marketplace, "provider"));
  app.use("/reseller/*", requireTeam(marketplace, "reseller"));
  if (options.adminToken) app.use("/admin/*", requireAdmin(options.adminToken));
  const tooLarge = () => {
    throw new HTTPException(413, { message: `Request body must not exceed ${maxBodyBytes} bytes` });
  };
  const streamedBodyLimit = bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge });
  // Bulk CSV uploads have their own limit (10 MB), counted while they stream: see provider-offers-bulk.ts.
  // Every other body is checked by its declared length when it has one (without Transfer-Encoding the
  // HTTP parser holds a body to exactly Content-Length bytes, RFC 9112 §6.3), and counted while read
  // only when chunked. Not touching `c.req.raw.body` spares @hono/node-server building a Request and a
  // stream for it: measured by pnpm bench, ~4 % of the CPU of a catalog GET and ~10 % of an order.
  app.use("*", (c, next) => {
    if (isBulkCsvPath(c.req.path)) return next();
    const { headers } = c.req.raw;
    if (!headers.has("transfer-encoding")) {
      const length = headers.get("content-length");
      if (length !== null) return Number(length) <= maxBodyBytes ? next() : tooLarge();
      // A GET or HEAD with neither header has no body (fetch's Request refuses one).
      if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    }
    return streamedBodyLimit(c, next);
  });
  app.use("*", rejectMalformedUnicode());

  app.route("/provider", providerOfferBulkRoutes(marketplace));
  // One URL policy for every URL the service delivers to: webhook URLs and offers' submissionUrl.
  const webhookOptions = { allowLoopback: options.allowLoopbackWebhooks ?? false };
  app.route("/provider", providerOfferRoutes(marketplace, { urlPolicy: webhookOptions }));
  app.route("/provider", webhookRoutes(marketplace, "provider", webhookOptions));
  app.route("/reseller", webhookRoutes(marketplace, "reseller", webhookOptions));
  app.route("/provider", eventRoutes(marketplace, "provider"));
  app.route("/reseller", eventRoutes(marketplace, "reseller"));
  app.route("/provider", providerBrandRoutes(marketplace));
  app.route("/provider", providerMarketRoutes(marketplace));
  app.route("/provider", providerOrderRoutes(marketplace));
  app.route("/reseller", resellerOrderRoutes(marketplace));
  app.route("/provider", providerConsentRoutes(marketplace));
  app.route("/.well-known", consentKeyRoutes(marketplace));
  app.route("/reseller", resellerStorefrontRoutes(marketplace));
  // Public: no key; POSTs of the shop and link orders are rate limited per client IP.
  app.route("/public", publicRoutes(marketplace, { clientIp: options.clientIp, trustProxyHops }));
  app.route("/reseller", resellerCatalogRoutes(marketplace));
  app.route("/provider", auditLogRoutes(marketplace, "provider"));
  app.route("/reseller", auditLogRoutes(marketplace, "reseller"));

  if (options.adminToken) {
    app.route(
      "/admin",
      adminRoutes(marketplace, {
        dashboardUrl: options.dashboardUrl ?? null,
        clientIp: { clientIp: options.clientIp, trustProxyHops },
      }),
    );
  }

  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "A team API key (mk_…). Provider keys call /provider/*, reseller keys /reseller/*, hybrid keys both.",
  });
  if (options.adminToken) {
    app.openAPIRegistry.registerComponent("securitySchemes", "adminToken", {
      type: "http",
      scheme: "bearer",
      description: "MARKETPLACE_ADMIN_TOKEN of the server",
    });
  }

  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Marketplace API",
      version,
      description:
        "B2B marketplace connecting service providers (internet, electricity, …) with reseller partners and a consumer storefront.",
    },
    servers: [{ url: mountPath || "/" }],
  });
  app.get("/docs", (c) => c.html(apiReferenceHtml("Marketplace", `${mountPath}/openapi.json`, options.apiReference)));

  return app;
}

export { validationHook };
