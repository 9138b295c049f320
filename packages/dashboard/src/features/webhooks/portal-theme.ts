/**
 * A portal link's own colours and the operator's logo (issue 29: "theming: colours and logo").
 * The colours come with the link (`POST /admin/teams/{id}/portal-links` `theme`, checked for WCAG AA
 * contrast by the core) and reach the session's pages as a stylesheet whose URL names them,
 * `/assets/theme/<accent>[-<background>].css`: no state, no inline style (CSP `style-src 'self'`),
 * cacheable forever, the same in every process. The logo is configuration (an https URL and its
 * alternative text), shown in a portal session's header; only those pages' CSP allow its origin.
 *
 * @module
 */

import { contrastRatio, type PortalLinkTheme, parsePortalLinkTheme } from "@marketplace/core/webhooks";
import type { DashboardApp } from "../../kit.tsx";

/** The operator's logo on portal pages (`DashboardOptions.portalLogo`). */
export interface PortalLogo {
  /** An https URL of the image. */
  url: string;
  /** What the image says, for people who do not see it (e.g. the operator's name). */
  alt: string;
}

/** The logo checked: https only, with alternative text; TypeError otherwise. */
export function checkedPortalLogo(logo: PortalLogo | undefined): (PortalLogo & { origin: string }) | null {
  if (!logo) return null;
  let url: URL;
  try {
    url = new URL(logo.url);
  } catch {
    throw new TypeError("createDashboard: portalLogo.url must be an https URL");
  }
  if (url.protocol !== "https:") throw new TypeError("createDashboard: portalLogo.url must be an https URL");
  if (logo.alt.trim() === "") throw new TypeError("createDashboard: portalLogo.alt must describe the logo");
  return { url: url.href, alt: logo.alt.trim(), origin: url.origin };
}

/** The stylesheet's path for a link's theme (colours without `#`, lower case). */
export function themeStylesheetPath(base: string, theme: PortalLinkTheme): string {
  const name = theme.background ? `${theme.accent.slice(1)}-${theme.background.slice(1)}` : theme.accent.slice(1);
  return `${base}/assets/theme/${name}.css`;
}

const LIGHT = { muted: "#595959", danger: "#b3261e", ok: "#1e6b34" };
const DARK = { muted: "#b0b0b0", danger: "#f2b8b5", ok: "#7fd49a" };

/** The first colour reading at least 4.5:1 on `background`. */
function readable(background: string, ...candidates: string[]): string {
  return candidates.find((colour) => contrastRatio(colour, background) >= 4.5) ?? (candidates.at(-1) as string);
}

/**
 * A link theme's stylesheet: custom properties over the dashboard's. Without a background, the
 * accent holds in the light scheme only; with one, in both, and every text colour is chosen to read
 * at least 4.5:1 on it.
 */
export function portalLinkThemeCss(theme: PortalLinkTheme): string {
  const { accent } = theme;
  const onAccent = contrastRatio(accent, "#ffffff") >= contrastRatio(accent, "#0a0a0a") ? "#ffffff" : "#0a0a0a";
  const accentRule = `--accent:${accent};--focus:${accent};--accent-fg:${onAccent}`;
  if (!theme.background) return `@media (prefers-color-scheme:light){:root{${accentRule}}}`;
  const bg = theme.background;
  const fg = contrastRatio("#1a1a1a", bg) >= contrastRatio("#ececec", bg) ? "#1a1a1a" : "#ececec";
  const scheme = fg === "#1a1a1a" ? "light" : "dark";
  const muted = readable(bg, LIGHT.muted, DARK.muted, fg);
  const danger = readable(bg, LIGHT.danger, DARK.danger, fg);
  const ok = readable(bg, LIGHT.ok, DARK.ok, fg);
  return `:root{color-scheme:${scheme};--bg:${bg};--panel:${bg};--fg:${fg};--muted:${muted};--line:${muted};--danger:${danger};--ok:${ok};${accentRule}}`;
}

/** Registers `/assets/theme/<accent>[-<background>].css`: 404 unless the colours pass the link's rule. */
export function registerThemeStylesheets(app: DashboardApp): void {
  app.get("/assets/theme/:file", (c) => {
    const match = /^([0-9a-f]{6})(?:-([0-9a-f]{6}))?\.css$/.exec(c.req.param("file"));
    const theme = match
      ? parsePortalLinkTheme({ accent: `#${match[1]}`, ...(match[2] && { background: `#${match[2]}` }) })
      : null;
    if (!theme) return c.text("Not found", 404);
    return c.body(portalLinkThemeCss(theme), 200, {
      "content-type": "text/css; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });
  });
}
