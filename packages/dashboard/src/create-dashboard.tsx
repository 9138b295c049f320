/**
 * `createDashboard`: the team dashboard as a Hono app that any host mounts. Server-rendered pages
 * with plain forms; sessions in the database behind an HttpOnly cookie; CSRF checked on every
 * unsafe request; a CSP with a fresh nonce per page.
 *
 * The app's frame is here (errors, logging, assets, headers, CSRF, the session and the team gate);
 * each feature registers its routes from `features/` with the shared `Kit`.
 *
 * @module
 */

import {
  DEFAULT_RETRY_DELAYS_MS,
  type Logger,
  type Mailer,
  type Marketplace,
  NotFoundError,
  PermissionError,
  RateLimitedError,
  randomUuid,
  silentLogger,
} from "@marketplace/core";
import { requestIdOf } from "@marketplace/core/kernel";
import {
  DEFAULT_DISABLE_FAILING_AFTER_MS,
  type WebhookAttemptFeed,
  type WebhookUrlPolicy,
} from "@marketplace/core/webhooks";
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { ASSETS, asset } from "./assets.ts";
import { registerAccount } from "./features/account.tsx";
import { registerAnalytics } from "./features/analytics/routes.tsx";
import { registerApiKeys } from "./features/api-keys.tsx";
import { registerAuditLog } from "./features/audit-log.tsx";
import { registerAuth } from "./features/auth.tsx";
import { registerHome } from "./features/home.tsx";
import { registerMembers } from "./features/members.tsx";
import { BRAND_LOGO_ROUTE } from "./features/offers/brands.tsx";
import { CSV_UPLOAD_ROUTE } from "./features/offers/bulk-csv.ts";
import { registerOffers } from "./features/offers/routes.tsx";
import { registerPasswordReset } from "./features/password-reset.tsx";
import { registerTwoFactor, twoFactorGate } from "./features/two-factor/routes.tsx";
import {
  type PortalTheme,
  portalFrames,
  portalSessions,
  portalThemeCss,
  registerPortal,
} from "./features/webhooks/portal.tsx";
import { checkedPortalLogo, type PortalLogo, registerThemeStylesheets } from "./features/webhooks/portal-theme.ts";
import { registerWebhooks } from "./features/webhooks/routes.tsx";
import { registerWorkspaces } from "./features/workspaces/routes.tsx";
import { createKit, type Env } from "./kit.tsx";
import { durationWords } from "./ui/duration.ts";

export { fieldErrors } from "./ui/form.tsx";

/** What `createDashboard` needs. */
export interface DashboardOptions {
  /** The use cases (see `createMarketplace`; it needs `members.passwordHasher`). */
  marketplace: Marketplace;
  /** Where the host mounts the app, e.g. `/dashboard` (routes and links include it); default none. */
  basePath?: string;
  /**
   * The dashboard's public origin, e.g. `https://market.example.com`, used in the invite links it
   * shows; default: the origin of the request.
   */
  publicUrl?: string;
  /**
   * Cookies marked `Secure` with the `__Host-` prefix (default true). Set false only for plain http
   * on loopback in development: the cookie is then `mk_session`, without `Secure`.
   */
  secureCookies?: boolean;
  /** The client's IP address (kept with sessions and audit entries, keys the sign-in throttle). */
  clientIp?: (c: Context) => string | null | undefined;
  /** Where the API reference is, for the home page's links; default `/docs`. */
  apiDocsUrl?: string;
  /** One line per request (the path without secrets), and unexpected errors. Default: silent. */
  logger?: Logger;
  /**
   * Sends the password reset and invite e-mails (SMTP, a development inbox, the log: the host
   * decides). Without one, reset mails are not sent (a warning is logged) and invite links are only
   * shown to the owner who made them.
   */
  mailer?: Mailer;
  /** The API's webhook URL policy (`allowLoopback` in development), so the portal accepts what the API does. */
  webhookUrlPolicy?: WebhookUrlPolicy;
  /**
   * New delivery attempts as they are recorded (`PostgresWebhookAttemptFeed`): the deliveries
   * page's live tail. One subscription per dashboard fans out to every viewer. Default: no live tail.
   */
  webhookAttempts?: WebhookAttemptFeed;
  /**
   * Origins that may frame the webhooks portal opened by a portal link (`frame-ancestors`), e.g.
   * `["https://app.operator.example"]`; every other page keeps `frame-ancestors 'none'`. Default none.
   */
  portalFrameAncestors?: readonly string[];
  /** The portal's colours for portal-link sessions (checked for WCAG AA contrast); default the dashboard's. */
  portalTheme?: PortalTheme;
  /** The operator's logo in portal-link sessions' header: an https URL and its alternative text. */
  portalLogo?: PortalLogo;
  /**
   * The delivery worker's (`runDeliveryWorker`) options of the same names, so the webhooks pages
   * state how long deliveries are retried and when an endpoint is disabled as the worker does;
   * defaults: the worker's (`DEFAULT_RETRY_DELAYS_MS`, about 3 days; 5 days).
   */
  webhookDelivery?: { retryDelaysMs?: readonly number[]; disableFailingAfterMs?: number };
}

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Builds the dashboard as a Hono app (no server): mount it under `basePath` of the host.
 *
 * @example
 * const dashboard = createDashboard({ marketplace, basePath: "/dashboard" });
 * host.route("/", dashboard); // or: fetch: (req, env) => path.startsWith("/dashboard") ? dashboard.fetch(req, env) : api.fetch(req, env)
 */
export function createDashboard(options: DashboardOptions): Hono<Env> {
  if (!options?.marketplace) throw new TypeError("createDashboard: options.marketplace is required");
  const base = options.basePath ?? "";
  if (base !== "" && !/^(\/[A-Za-z0-9._~-]+)+$/.test(base)) {
    throw new TypeError(
      `createDashboard: options.basePath must look like "/dashboard" (no trailing slash), got ${base}`,
    );
  }
  const { marketplace } = options;
  const logger = options.logger ?? silentLogger;
  const delivery = options.webhookDelivery ?? {};
  const kit = createKit({
    delivery: {
      retriedFor: durationWords((delivery.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS).reduce((sum, ms) => sum + ms, 0)),
      disabledAfter: durationWords(delivery.disableFailingAfterMs ?? DEFAULT_DISABLE_FAILING_AFTER_MS),
    },
    marketplace,
    logger,
    base,
    apiDocsUrl: options.apiDocsUrl ?? "/docs",
    secure: options.secureCookies ?? true,
    ...(options.publicUrl !== undefined && { publicUrl: options.publicUrl }),
    ...(options.clientIp !== undefined && { clientIp: options.clientIp }),
    ...(options.mailer !== undefined && { mailer: options.mailer }),
  });
  const { message, notFound } = kit;
  const themeCss = portalThemeCss(options.portalTheme);
  const themeAsset = themeCss === null ? null : asset("portal-theme", "css", themeCss, "text/css; charset=utf-8");
  const portalLogo = checkedPortalLogo(options.portalLogo);

  const app = new Hono<Env>().basePath(base || "/");

  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status === 403) {
      return message(
        c,
        403,
        "This form was not accepted",
        <p>It did not come from this dashboard, so nothing was changed. Go back, reload the page and try again.</p>,
      );
    }
    const requestId = c.get("requestId");
    if (marketplace.isStoreUnavailable(error)) {
      logger.warn("dashboard request failed: database unavailable", { requestId, error: String(error) });
      return message(
        c,
        503,
        "Please try again in a moment",
        <p>The dashboard cannot reach its database right now. Nothing was changed. Try again in a minute.</p>,
      );
    }
    if (NotFoundError.isInstance(error)) return notFound(c);
    if (PermissionError.isInstance(error)) {
      return message(c, 403, "Your role cannot do this", <p>Ask an owner of your team if you need it done.</p>);
    }
    if (RateLimitedError.isInstance(error)) return message(c, 429, "Too many attempts", <p>{error.message}.</p>);
    logger.error("dashboard request failed", { requestId, error: String(error), stack: (error as Error).stack });
    return message(
      c,
      500,
      "Something went wrong",
      <>
        <p>Nothing was changed. Try again; if it keeps happening, tell the operator.</p>
        {requestId && (
          <p>
            Reference for the operator: <code>{requestId}</code>
          </p>
        )}
      </>,
    );
  });
  app.notFound((c) => notFound(c));

  app.use("*", async (c, next) => {
    const started = performance.now();
    // A sane incoming x-request-id is kept (a proxy's), as the API does; set before the response
    // exists, so every page, redirect and error page carries it.
    const requestId = requestIdOf(c.req.header("x-request-id"), randomUuid);
    c.set("requestId", requestId);
    c.header("x-request-id", requestId);
    await next();
    logger.info("dashboard request", {
      requestId,
      method: c.req.method,
      // Invite, reset and portal links carry a secret in their path: never logged.
      path: c.req.path.replace(/\/(invite|reset-password|portal)\/[^/]+$/, "/$1/…"),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  app.get("/assets/:file", (c) => {
    const file = c.req.param("file");
    const found = ASSETS.get(file) ?? (themeAsset?.file === file ? themeAsset : undefined);
    if (!found) return c.text("Not found", 404);
    return c.body(found.body, 200, {
      "content-type": found.type,
      "cache-control": `public, max-age=${ONE_YEAR_S}, immutable`,
      "x-content-type-options": "nosniff",
    });
  });

  registerThemeStylesheets(app);
  app.use("*", portalFrames({ frameAncestors: options.portalFrameAncestors ?? [], logoOrigin: portalLogo?.origin }));
  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'none'"],
        scriptSrc: [NONCE],
        styleSrc: ["'self'"],
        // The brands pages preview logos, https URLs of the provider's choosing (BRAND_LOGO_ROUTE).
        imgSrc: ["'self'", (c) => (BRAND_LOGO_ROUTE.test(c.req.path) ? "https:" : "")],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
      },
      xFrameOptions: "DENY",
      referrerPolicy: "same-origin",
      crossOriginResourcePolicy: "same-origin",
    }),
  );
  // Unsafe requests: a form of this origin only (Origin or Sec-Fetch-Site), and only as a form.
  app.use("*", csrf());
  app.use("*", async (c, next) => {
    if (["GET", "HEAD"].includes(c.req.method)) return next();
    const type = c.req.header("content-type") ?? "";
    // The bulk CSV routes, and only they, take a file: multipart, held to 10 MB while it streams.
    if (CSV_UPLOAD_ROUTE.test(c.req.path) && /^multipart\/form-data\b/i.test(type)) return next();
    if (!/^application\/x-www-form-urlencoded\b/i.test(type)) throw new HTTPException(403, { message: "not a form" });
    const length = Number(c.req.header("content-length") ?? "0");
    if (length > 64 * 1024) return c.text("Form too large", 413);
    return next();
  });

  app.use("*", async (c, next) => {
    c.set("auth", await marketplace.members.authenticate(getCookie(c, kit.sessionCookie)));
    c.set("team", null);
    return next();
  });
  // A team that requires two-factor sign-in: a member without it reaches only enrolment.
  app.use("*", twoFactorGate(kit));
  // A portal link's session (no member): the webhooks pages its capabilities allow, nothing else.
  app.use("*", portalSessions(kit, themeAsset ? `${base}/assets/${themeAsset.file}` : null, portalLogo));

  const requireSession = async (c: Context<Env>) => {
    // Without a valid session the cookie stays: the sign-in page clears it and says the session ended.
    return c.get("auth");
  };
  const toSignIn = (c: Context<Env>) => c.redirect(`${base}/sign-in`, 303);

  // ---- Signed-in pages ----

  app.use("/account/*", async (c, next) => ((await requireSession(c)) ? next() : toSignIn(c)));
  app.use("/account", async (c, next) => ((await requireSession(c)) ? next() : toSignIn(c)));
  app.use("/teams/:teamId/*", async (c, next) => {
    const auth = await requireSession(c);
    if (!auth) return toSignIn(c);
    // Another team's id, or any id but the member's own team: 404, as in the API.
    if (c.req.param("teamId") !== auth.member.teamId) return notFound(c);
    c.set("team", await marketplace.teams.get(auth.member.teamId));
    return next();
  });
  app.use("/teams/:teamId", async (c, next) => {
    const auth = await requireSession(c);
    if (!auth) return toSignIn(c);
    if (c.req.param("teamId") !== auth.member.teamId) return notFound(c);
    c.set("team", await marketplace.teams.get(auth.member.teamId));
    return next();
  });

  // ---- The features ----
  registerAuth(app, kit);
  registerHome(app, kit);
  registerApiKeys(app, kit);
  registerMembers(app, kit);
  registerAuditLog(app, kit);
  registerAccount(app, kit);
  registerWorkspaces(app, kit);
  registerTwoFactor(app, kit);
  registerPasswordReset(app, kit);
  registerAnalytics(app, kit);
  registerPortal(app, kit);
  registerWebhooks(app, kit, {
    urlPolicy: options.webhookUrlPolicy ?? {},
    ...(options.webhookAttempts && { attempts: options.webhookAttempts }),
  });
  registerOffers(app, kit);

  return app;
}
