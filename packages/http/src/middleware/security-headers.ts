/**
 * Security headers: a small set on every response of the API, and the stricter set of an HTML page
 * (a Content-Security-Policy with a fresh nonce per request, no `unsafe-inline`, no framing), built
 * on Hono's `secureHeaders` so that every page of the project (the API reference, the dashboard, a
 * host's own pages) uses the same policy.
 *
 * @module
 */

import type { Context, MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";

/** HSTS sent by default over https: one year, this host only (a host opts in to subdomains and preload). */
export const DEFAULT_STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/** Options of `apiSecurityHeaders`. */
export interface ApiSecurityHeadersOptions {
  /**
   * The `Strict-Transport-Security` value sent on responses to https requests; false: never sent.
   * Default `max-age=31536000`.
   */
  strictTransportSecurity?: string | false;
  /**
   * Proxies in front of the app (as `createApp`'s `trustProxyHops`): with n > 0, a request counts as
   * https when the n-th `X-Forwarded-Proto` entry from the right says so; with 0 the header is ignored.
   */
  trustProxyHops?: number;
}

/**
 * True when the request reached the service over https: its URL's scheme, or, behind `trustProxyHops`
 * trusted proxies, the `X-Forwarded-Proto` entry the outermost trusted proxy wrote (the n-th from the
 * right, as for `X-Forwarded-For`; the leftmost when the header is shorter).
 *
 * @example
 * // Behind one TLS-terminating load balancer: "X-Forwarded-Proto: https" → true
 * isHttpsRequest(c, 1);
 */
export function isHttpsRequest(c: Context, trustProxyHops = 0): boolean {
  if (c.req.url.startsWith("https:")) return true;
  if (trustProxyHops <= 0) return false;
  const chain = (c.req.header("x-forwarded-proto") ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== "");
  return chain[Math.max(0, chain.length - trustProxyHops)] === "https";
}

/**
 * The headers of every API response, each set only when the response does not carry it already (a
 * page's stricter policy wins): `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`,
 * `X-Frame-Options: DENY`; on anything but HTML `Content-Security-Policy: default-src 'none';
 * frame-ancestors 'none'` (a JSON body is never a document: OWASP's REST advice); and
 * `Strict-Transport-Security` when the request came over https (see `isHttpsRequest`).
 *
 * @example
 * app.use("*", apiSecurityHeaders({ trustProxyHops: 1 }));
 */
export function apiSecurityHeaders(options: ApiSecurityHeadersOptions = {}): MiddlewareHandler {
  const hsts = options.strictTransportSecurity ?? DEFAULT_STRICT_TRANSPORT_SECURITY;
  const hops = options.trustProxyHops ?? 0;
  return async (c, next) => {
    await next();
    const { headers } = c.res;
    const setDefault = (name: string, value: string) => {
      if (!headers.has(name)) headers.set(name, value);
    };
    setDefault("X-Content-Type-Options", "nosniff");
    setDefault("Referrer-Policy", "no-referrer");
    setDefault("X-Frame-Options", "DENY");
    if (!(headers.get("content-type") ?? "").startsWith("text/html")) {
      setDefault("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
    }
    if (hsts && isHttpsRequest(c, hops)) setDefault("Strict-Transport-Security", hsts);
  };
}

/** A source list of a CSP directive, as Hono's `secureHeaders` takes it (`NONCE` for the request's nonce). */
export type CspSources = (string | ((c: Context, directive: string) => string))[];

/** Options of `pageSecurityHeaders`: directives added to (or replacing) the page policy's. */
export interface PageSecurityHeadersOptions {
  /**
   * Directives to replace, e.g. `{ frameAncestors: ["https://operator.example"] }` for a page that an
   * allow-listed origin may frame, or `{ imgSrc: ["'self'", "https://cdn.example"] }`.
   */
  directives?: Partial<Record<PageCspDirective, CspSources>>;
}

/** The CSP directives a page policy sets. */
export type PageCspDirective =
  | "defaultSrc"
  | "baseUri"
  | "connectSrc"
  | "fontSrc"
  | "formAction"
  | "frameAncestors"
  | "frameSrc"
  | "imgSrc"
  | "manifestSrc"
  | "mediaSrc"
  | "objectSrc"
  | "scriptSrc"
  | "scriptSrcAttr"
  | "styleSrc"
  | "styleSrcAttr"
  | "workerSrc";

/**
 * The page policy: nothing unless named; scripts and stylesheets from this origin or with the
 * request's nonce (never `unsafe-inline`, no `unsafe-eval`, no inline event handlers or style
 * attributes); images from this origin and `data:`; fetches to this origin; forms post here; no
 * plugins, no `<base>`, and no framing at all (`frame-ancestors 'none'`).
 */
export const PAGE_CSP_DIRECTIVES: Readonly<Record<PageCspDirective, CspSources>> = Object.freeze({
  defaultSrc: ["'none'"],
  baseUri: ["'none'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  frameSrc: ["'none'"],
  imgSrc: ["'self'", "data:"],
  manifestSrc: ["'self'"],
  mediaSrc: ["'none'"],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'", NONCE],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", NONCE],
  styleSrcAttr: ["'none'"],
  workerSrc: ["'none'"],
});

/**
 * The stricter headers of an HTML page, by Hono's `secureHeaders`: the page CSP (above) with a fresh
 * nonce per request (read it with `cspNonce(c)` and put it on each `<script>` and `<style>`),
 * `X-Frame-Options: DENY`, `Referrer-Policy: no-referrer`, `Cross-Origin-Opener-Policy` and
 * `Cross-Origin-Resource-Policy: same-origin`, `X-Content-Type-Options: nosniff`. HSTS is left to
 * `apiSecurityHeaders` (it knows whether the request came over https).
 *
 * @example
 * app.get("/page", pageSecurityHeaders(), (c) => c.html(`<script nonce="${cspNonce(c)}">…</script>`));
 */
export function pageSecurityHeaders(options: PageSecurityHeadersOptions = {}): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: { ...PAGE_CSP_DIRECTIVES, ...options.directives },
    strictTransportSecurity: false,
    xFrameOptions: "DENY",
    referrerPolicy: "no-referrer",
  });
}

/**
 * The CSP nonce of this request (base64), the one `pageSecurityHeaders` puts into the policy; created
 * on first use, so call it only on a route behind `pageSecurityHeaders`.
 *
 * @example
 * `<script nonce="${cspNonce(c)}">window.start()</script>`
 */
export function cspNonce(c: Context): string {
  return NONCE(c, "script-src").slice("'nonce-".length, -1);
}
