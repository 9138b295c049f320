import { OpenAPIHono } from "@hono/zod-openapi";
import { type Logger, type Marketplace, randomUuid, silentLogger } from "@marketplace/core";
import type { Context } from "hono";
import { MAX_TRUST_PROXY_HOPS } from "./client-ip.ts";
import { type ApiReferenceOptions, checkApiReferenceOptions, registerApiReference } from "./docs-page.ts";
import { type DocumentedSettings, resolveDocumentedSettings } from "./documented-settings.ts";
import { createErrorHandler, notFoundHandler } from "./errors.ts";
import { eventWebhooks } from "./event-webhooks.ts";
import { requireAdmin, requireTeam } from "./middleware/auth.ts";
import { allowCsvUpload, limitRequestBody } from "./middleware/body-limit.ts";
import { type AppEnv, type HttpObserver, requestContext } from "./middleware/request-context.ts";
import { apiSecurityHeaders } from "./middleware/security-headers.ts";
import { completeOpenApiDocument } from "./openapi-document.ts";
import { adminRoutes } from "./routes/admin.ts";
import { providerAnalyticsRoutes, resellerAnalyticsRoutes } from "./routes/analytics.ts";
import { auditLogRoutes } from "./routes/audit-log.ts";
import { eventRoutes } from "./routes/events.ts";
import { providerBrandRoutes } from "./routes/provider-brands.ts";
import { consentKeyRoutes, providerConsentRoutes } from "./routes/provider-consents.ts";
import { providerMarketRoutes } from "./routes/provider-markets.ts";
import { providerOfferRoutes } from "./routes/provider-offers.ts";
import { BULK_CSV_PATHS, providerOfferBulkRoutes } from "./routes/provider-offers-bulk.ts";
import { providerOrderRoutes } from "./routes/provider-orders.ts";
import { checkOptInRateLimits, type OptInRateLimits, publicRoutes } from "./routes/public.ts";
import { resellerCatalogRoutes } from "./routes/reseller-catalog.ts";
import { resellerOrderRoutes } from "./routes/reseller-orders.ts";
import { resellerStorefrontRoutes } from "./routes/reseller-storefront.ts";
import { registerSystemRoutes } from "./routes/system.ts";
import { webhookRoutes } from "./routes/webhooks.ts";
import { validationHook } from "./validation.ts";

/** Largest request body accepted by default (every path but the bulk CSV uploads): 1 MB. */
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
  /**
   * Largest request body in bytes, on every path (but the bulk CSV uploads, 10 MB); default 1 MB.
   * Larger bodies get 413: by Content-Length at once, a chunked one at the byte past the limit.
   */
  maxBodyBytes?: number;
  /** Name and version shown at `/` and in the OpenAPI document. */
  service?: { name?: string; version?: string };
  /** How `/docs` gets Swagger UI's files (default: the copy installed with this package, served by the app). */
  apiReference?: ApiReferenceOptions;
  /**
   * The `Strict-Transport-Security` value sent on every response to a request that came over https
   * (its URL, or `X-Forwarded-Proto: https` from the trusted proxies of `trustProxyHops`); false: never.
   * Default `max-age=31536000`. Every response also carries `X-Content-Type-Options: nosniff`,
   * `Referrer-Policy: no-referrer` and `X-Frame-Options: DENY`, and HTML pages a CSP with a nonce.
   */
  strictTransportSecurity?: string | false;
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
   * Abuse limits beyond the contract's, off by default: requests per client IP per minute for
   * `POST /public/links/{slug}/orders` (`linkOrders`) and `POST /public/consent/revoke`
   * (`consentRevoke`), each its own budget in the shared rate-limit store; 429 in the envelope past
   * it. The OpenAPI document states the limit when set.
   *
   * @example
   * createApp({ marketplace, checkHealth, optInRateLimits: { linkOrders: 20, consentRevoke: 5 } });
   */
  optInRateLimits?: OptInRateLimits;
  /**
   * The dashboard's public URL (e.g. `https://market.example.com/dashboard`), for the invite links
   * of `POST /admin/teams/{id}/invites`; default: the request's origin + `/dashboard`.
   */
  dashboardUrl?: string;
  /**
   * Settings of the marketplace and the delivery worker that the OpenAPI document states (the
   * retention window, the invite life, the delivery deadline, retry and auto-disable windows): pass
   * the values you give `createMarketplace` and `runDeliveryWorker`, so `/openapi.json` describes
   * your service. The app applies none of them. Default: their defaults.
   *
   * @example
   * createApp({ marketplace, checkHealth, documentedSettings: { eventRetentionDays: 90 } });
   */
  documentedSettings?: DocumentedSettings;
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
  checkOptInRateLimits(options.optInRateLimits);
  const settings = resolveDocumentedSettings(options.documentedSettings);
  checkApiReferenceOptions(options.apiReference);
  const hsts = options.strictTransportSecurity;
  if (
    hsts !== undefined &&
    hsts !== false &&
    (typeof hsts !== "string" || !/^max-age=\d+(;\s*[\w=-]+)*$/i.test(hsts))
  ) {
    throw new TypeError(
      `createApp: options.strictTransportSecurity must be false or a header value such as "max-age=31536000; includeSubDomains", got ${String(hsts)}`,
    );
  }
  const mountPath = options.mountPath ?? "";
  if (mountPath !== "" && !/^(\/[A-Za-z0-9._~-]+)+$/.test(mountPath)) {
    throw new TypeError(
      `createApp: options.mountPath must look like "/marketplace" (no trailing slash), got ${mountPath}`,
    );
  }

  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.onError(createErrorHandler(logger, (error) => marketplace.isStoreUnavailable(error)));
  app.notFound(notFoundHandler);

  app.use("*", requestContext(logger, randomUuid, options.observer));
  // Inside the request context, so that its log line and observer see the headers' response too.
  app.use("*", apiSecurityHeaders({ strictTransportSecurity: hsts, trustProxyHops }));
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
  // Every body is bounded before anything reads it (middleware/body-limit.ts): by its Content-Length
  // here, or counted as a route reads it. Only the exact bulk CSV routes, with a CSV content type,
  // take more (10 MB, enforced by readCsvUpload while the file streams). Nothing before the route
  // reads a body: JSON bodies are read by the route (createRoute's checkJsonBody, then its validator).
  for (const path of BULK_CSV_PATHS) app.use(`/provider${path}`, allowCsvUpload());
  app.use("*", limitRequestBody(maxBodyBytes));

  app.route("/provider", providerOfferBulkRoutes(marketplace));
  // One URL policy for every URL the service delivers to: webhook URLs and offers' submissionUrl.
  const webhookOptions = { allowLoopback: options.allowLoopbackWebhooks ?? false };
  app.route("/provider", providerOfferRoutes(marketplace, { urlPolicy: webhookOptions }));
  app.route("/provider", webhookRoutes(marketplace, "provider", { ...webhookOptions, settings }));
  app.route("/reseller", webhookRoutes(marketplace, "reseller", { ...webhookOptions, settings }));
  app.route("/provider", eventRoutes(marketplace, "provider", settings));
  app.route("/reseller", eventRoutes(marketplace, "reseller", settings));
  app.route("/provider", providerBrandRoutes(marketplace));
  app.route("/provider", providerMarketRoutes(marketplace));
  app.route("/provider", providerOrderRoutes(marketplace));
  app.route("/reseller", resellerOrderRoutes(marketplace));
  app.route("/provider", providerConsentRoutes(marketplace));
  app.route("/.well-known", consentKeyRoutes(marketplace));
  app.route("/reseller", resellerStorefrontRoutes(marketplace));
  // Public: no key; POSTs of shop clicks and shop orders are rate limited per client IP (and link
  // orders and consent withdrawals when the operator opts in).
  app.route(
    "/public",
    publicRoutes(marketplace, {
      clientIp: options.clientIp,
      trustProxyHops,
      ...(options.optInRateLimits && { optInRateLimits: options.optInRateLimits }),
    }),
  );
  app.route("/reseller", resellerCatalogRoutes(marketplace));
  app.route("/provider", providerAnalyticsRoutes(marketplace));
  app.route("/reseller", resellerAnalyticsRoutes(marketplace));
  app.route("/provider", auditLogRoutes(marketplace, "provider"));
  app.route("/reseller", auditLogRoutes(marketplace, "reseller"));

  if (options.adminToken) {
    app.route(
      "/admin",
      adminRoutes(marketplace, {
        dashboardUrl: options.dashboardUrl ?? null,
        clientIp: { clientIp: options.clientIp, trustProxyHops },
        settings,
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

  // Generated once, on first request; operation ids and examples completed (openapi-document.ts).
  let document: object | undefined;
  app.get("/openapi.json", (c) => {
    document ??= completeOpenApiDocument({
      ...app.getOpenAPI31Document({
        openapi: "3.1.0",
        info: {
          title: "Marketplace API",
          version,
          license: { name: "MIT", url: "https://opensource.org/license/mit" },
          description:
            "B2B marketplace connecting service providers (internet, electricity, …) with reseller partners and a consumer storefront.",
        },
        servers: [{ url: mountPath || "/" }],
      }),
      // The events receivers get, with the payload schemas of the core (written once).
      webhooks: eventWebhooks(settings),
    });
    return c.json(document);
  });
  registerApiReference(app, {
    title: "Marketplace",
    mountPath,
    ...(options.apiReference && { apiReference: options.apiReference }),
  });

  return app;
}

export { validationHook };
