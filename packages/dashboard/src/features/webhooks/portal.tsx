/**
 * Portal sessions: an operator's single-use link (`POST /admin/teams/{id}/portal-links`) opens the
 * webhooks pages of one team, limited to the link's capabilities, embeddable by the operator's own
 * origins (`frame-ancestors` from an allow-list). A portal session reaches no other page; a request
 * outside its capabilities is 403 and logged.
 *
 * @module
 */

import type { AuthenticatedSession } from "@marketplace/core";
import { contrastRatio, type PortalCapability, type PortalSession } from "@marketplace/core/webhooks";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { DashboardApp, Env, Kit } from "../../kit.tsx";
import { type PortalLogo, themeStylesheetPath } from "./portal-theme.ts";

/** The capability a request of a portal session needs, or null when the session may never make it. */
export function requiredCapability(method: string, path: string, teamId: string): PortalCapability | null {
  const prefix = `/teams/${teamId}/webhooks`;
  if (path !== prefix && !path.startsWith(`${prefix}/`)) return null;
  if (method === "GET" || method === "HEAD") return "view";
  const rest = path.slice(prefix.length);
  if (rest === "" || /^\/[^/]+(\/(pause|resume|delete))?$/.test(rest)) return "manage_endpoints";
  if (/^\/[^/]+\/rotate$/.test(rest)) return "rotate_secrets";
  if (/^\/[^/]+\/secret$/.test(rest)) return "view_secrets";
  if (/^\/[^/]+\/test$/.test(rest)) return "send_tests";
  if (/^\/[^/]+\/recover$/.test(rest) || /^\/deliveries\/[^/]+\/resend$/.test(rest)) return "replay";
  return null;
}

/** The portal session of the request (null for members and visitors). */
export function portalOf(c: Context<Env>): PortalSession | null {
  return c.get("portal") ?? null;
}

/** True when the request may see a secret as it is issued (members always; portal sessions with `view_secrets`). */
export function maySeeSecrets(c: Context<Env>): boolean {
  const portal = portalOf(c);
  return portal === null || portal.capabilities.includes("view_secrets");
}

/** Options of the portal sessions. */
export interface PortalOptions {
  /** Origins allowed to frame the portal's pages (`frame-ancestors`); default none. */
  frameAncestors?: readonly string[];
  /** The origin of the operator's logo: portal pages' `img-src` gains it, and only theirs. */
  logoOrigin?: string | undefined;
}

/**
 * The portal's middleware, registered once after the session look-up: a request without a member
 * session but with a live portal cookie runs as the portal session (a stand-in member of its team,
 * `developer` when it may change anything, else `viewer`; the core checks that role), and only on
 * the webhooks pages its capabilities allow.
 */
export function portalSessions(
  kit: Kit,
  stylesheet: string | null = null,
  logo: PortalLogo | null = null,
): MiddlewareHandler<Env> {
  return async (c, next) => {
    c.set("portal", null);
    if (c.get("auth")) return next();
    const token = getCookie(c, portalCookie(kit));
    if (!token) return next();
    const session = await kit.marketplace.portalLinks.authenticate(token);
    if (!session) return next();
    const path = c.req.path.slice(kit.base.length) || "/";
    if (path.startsWith("/assets/") || path.startsWith("/portal/")) return next();
    const needed = requiredCapability(c.req.method, path, session.teamId);
    if (needed === null || !session.capabilities.includes(needed)) {
      kit.logger.warn("portal request refused", {
        method: c.req.method,
        path: path.replace(/[0-9a-f-]{36}/g, ":id"),
        needed: needed ?? "outside the portal",
        sessionLabel: session.sessionLabel,
      });
      c.set("portal", session);
      return kit.message(c, 403, "Not available in this portal", <p>This session cannot do this.</p>);
    }
    // view_secrets counts as a change: showing a secret is the core's `manage_webhooks` (ADR-0075).
    const role = session.capabilities.some((cap) => cap !== "view") ? "developer" : "viewer";
    const now = new Date();
    const auth: AuthenticatedSession = {
      session: {
        id: session.linkId,
        memberId: session.linkId,
        teamId: session.teamId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: session.expiresAt,
        ip: null,
        userAgent: null,
      },
      member: {
        id: session.linkId,
        teamId: session.teamId,
        email: `portal session ${session.sessionLabel}`,
        role,
        createdAt: now,
        updatedAt: now,
      },
      // No person signs in: the operator vouches for the session (the gate ran before, on no member).
      twoFactor: { enabled: false, required: false },
    };
    c.set("auth", auth);
    const themeStylesheet = session.theme ? themeStylesheetPath(kit.base, session.theme) : null;
    c.set("portal", { ...session, stylesheet, themeStylesheet, logo });
    return next();
  };
}

/**
 * Lets the operator's origins frame the portal's pages: runs outside the secure headers, and on a
 * portal response replaces `frame-ancestors 'none'` by the allow-list and drops X-Frame-Options.
 */
export function portalFrames(options: PortalOptions): MiddlewareHandler<Env> {
  const allowed = (options.frameAncestors ?? []).join(" ");
  const logo = options.logoOrigin;
  return async (c, next) => {
    await next();
    const csp = c.res.headers.get("content-security-policy");
    if (logo && csp && c.get("portal")) {
      c.res.headers.set("content-security-policy", csp.replace("img-src 'self'", `img-src 'self' ${logo}`));
    }
    if (allowed === "" || (!c.get("portal") && !c.req.path.includes("/portal/"))) return;
    const framed = c.res.headers.get("content-security-policy");
    if (framed) {
      c.res.headers.set(
        "content-security-policy",
        framed.replace("frame-ancestors 'none'", `frame-ancestors ${allowed}`),
      );
    }
    c.res.headers.delete("x-frame-options");
  };
}

function portalCookie(kit: Kit): string {
  return kit.sessionCookie.startsWith("__Host-") ? "__Host-mk_portal" : "mk_portal";
}

/** Registers `/portal/:token`: opens a link once and lands on the team's webhooks. */
export function registerPortal(app: DashboardApp, kit: Kit): void {
  app.get("/portal/:token", async (c) => {
    const opened = await kit.marketplace.portalLinks.open(c.req.param("token"));
    if (!opened) {
      return kit.message(
        c,
        410,
        "This portal link cannot be used",
        <p>It was used already or has expired. Ask for a new link where you found this one.</p>,
      );
    }
    const secure = kit.sessionCookie.startsWith("__Host-");
    const maxAge = Math.max(1, Math.floor((opened.session.expiresAt.getTime() - Date.now()) / 1000));
    // Inside an operator's iframe the site differs: a Secure cookie goes with SameSite=None.
    setCookie(c, portalCookie(kit), opened.sessionToken, {
      path: "/",
      httpOnly: true,
      secure,
      sameSite: secure ? "None" : "Lax",
      maxAge,
    });
    return c.redirect(`${kit.base}/teams/${opened.session.teamId}/webhooks`, 303);
  });
}

/** The portal's colours, for operators who embed it (`DashboardOptions.portalTheme`). */
export interface PortalTheme {
  /** Links and buttons on the light background, e.g. `#7a1fa2`: at least 4.5:1 against white. */
  accent?: string;
  /** The same on the dark background: at least 4.5:1 against `#121212`. */
  accentDark?: string;
}

/** The WCAG contrast ratio of two `#rrggbb` colours (the core's, as the portal links' themes use). */
export function contrast(a: string, b: string): number {
  return contrastRatio(a, b);
}

/**
 * The theme's stylesheet (custom properties over the base stylesheet's), or null without a theme.
 * TypeError for a colour that is not `#rrggbb` or reads below WCAG AA (4.5:1) on its background;
 * text on buttons is white or near-black, whichever contrasts more.
 */
export function portalThemeCss(theme: PortalTheme | undefined): string | null {
  if (!theme || (!theme.accent && !theme.accentDark)) return null;
  const parts: string[] = [];
  for (const [name, value, background, media] of [
    ["accent", theme.accent, "#ffffff", null],
    ["accentDark", theme.accentDark, "#121212", "(prefers-color-scheme:dark)"],
  ] as const) {
    if (value === undefined) continue;
    if (!/^#[0-9a-fA-F]{6}$/.test(value)) throw new TypeError(`createDashboard: portalTheme.${name} must be #rrggbb`);
    if (contrast(value, background) < 4.5) {
      throw new TypeError(`createDashboard: portalTheme.${name} ${value} reads below 4.5:1 on ${background}`);
    }
    const fg = contrast(value, "#ffffff") >= contrast(value, "#0a0a0a") ? "#ffffff" : "#0a0a0a";
    const rule = `:root{--accent:${value};--focus:${value};--accent-fg:${fg}}`;
    parts.push(media ? `@media ${media}{${rule}}` : rule);
  }
  return parts.join("\n");
}
