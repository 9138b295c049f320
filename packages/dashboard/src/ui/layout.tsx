/**
 * The frame of every page: the page context, the navigation (a list each feature adds to), the
 * layout and the message page.
 *
 * @module
 */

import type { Member, Team } from "@marketplace/core";
import { memberCan } from "@marketplace/core";
import type { PortalSession } from "@marketplace/core/webhooks";
import type { Child } from "hono/jsx";
import { SCRIPT_ASSET, STYLESHEET_ASSET } from "../assets.ts";
import { OFFER_NAV_ITEMS } from "../features/offers/nav.ts";
import { WORKSPACE_NAV_ITEMS } from "../features/workspaces/nav.ts";

/** What every page knows: where the dashboard is mounted, the CSP nonce, who is signed in. */
export interface PageContext {
  /** The dashboard's path prefix, e.g. `/dashboard` (empty at the root). */
  base: string;
  nonce: string;
  member: Member | null;
  team: Team | null;
  /** The webhook delivery settings as the pages state them (`DashboardOptions.webhookDelivery`). */
  delivery: DeliveryWords;
  /** A webhooks-portal session: the navigation shows the webhooks only, and no sign-out. */
  portal?:
    | (PortalSession & {
        stylesheet?: string | null;
        /** The link's own colours (after the configured ones). */
        themeStylesheet?: string | null;
        /** The operator's logo, shown in the header. */
        logo?: { url: string; alt: string } | null;
      })
    | null;
}

/** How webhook deliveries are retried and when an endpoint is disabled, in words. */
export interface DeliveryWords {
  /** How long a failing delivery is retried, e.g. `3 days`. */
  retriedFor: string;
  /** How long every attempt must fail before the endpoint is disabled, e.g. `5 days`. */
  disabledAfter: string;
}

/** A time as people read it, in UTC, inside a machine-readable `<time>`. */
export function When({ at }: { at: Date | null | undefined }) {
  if (!at) return <span class="muted">never</span>;
  const text = `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return <time datetime={at.toISOString()}>{text}</time>;
}

/** One entry of the main navigation; `section` is what a page passes as `current`. */
export interface NavItem {
  section: string;
  label: string;
  /** The link, from the team's base path (`/dashboard/teams/<id>`) and the dashboard's base. */
  href: (teamBase: string, base: string) => string;
  /** Shown only when this holds for the signed-in member and their team; default always. */
  visible?: (member: Member, team: Team) => boolean;
}

/**
 * The main navigation, in order. A feature adds its entry here (one line), with the role and team
 * kind that see it.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { section: "home", label: "Home", href: (teamBase) => teamBase },
  ...OFFER_NAV_ITEMS,
  ...WORKSPACE_NAV_ITEMS,
  { section: "keys", label: "API keys", href: (teamBase) => `${teamBase}/api-keys` },
  { section: "members", label: "Members", href: (teamBase) => `${teamBase}/members` },
  {
    section: "audit",
    label: "Audit log",
    href: (teamBase) => `${teamBase}/audit-log`,
    visible: (member) => memberCan(member.role, "view_audit_log"),
  },
  { section: "analytics", label: "Analytics", href: (teamBase) => `${teamBase}/analytics` },
  {
    section: "webhooks",
    label: "Webhooks",
    href: (teamBase) => `${teamBase}/webhooks`,
    visible: (member) => memberCan(member.role, "view_webhooks"),
  },
  { section: "account", label: "Your account", href: (_teamBase, base) => `${base}/account` },
];

/**
 * The navigation's groups, in order, by section: a hybrid team sees about twenty entries, so they
 * are grouped by what they are for (the provider's side, the reseller's, figures, integration, the
 * team). A section not named here stands alone, before the groups (Home) or after them (account).
 */
const NAV_GROUPS: readonly { id: string; label: string; sections: readonly string[] }[] = [
  { id: "provider", label: "Provider", sections: ["offers", "brands", "markets", "fulfilment", "provider-customers"] },
  { id: "reseller", label: "Reseller", sections: ["catalog", "reseller-orders", "storefront", "reseller-customers"] },
  { id: "insights", label: "Figures", sections: ["analytics"] },
  { id: "developers", label: "Developers", sections: ["keys", "webhooks"] },
  { id: "team", label: "Team", sections: ["members", "audit"] },
];

function Nav({ ctx, current }: { ctx: PageContext; current: string | null }) {
  const { member, team } = ctx;
  if (!member || !team) return null;
  const teamBase = `${ctx.base}/teams/${team.id}`;
  const items = NAV_ITEMS.filter((item) =>
    ctx.portal ? item.section === "webhooks" : (item.visible?.(member, team) ?? true),
  );
  const link = (item: NavItem) => (
    <li>
      <a href={item.href(teamBase, ctx.base)} aria-current={item.section === current ? "page" : undefined}>
        {item.label}
      </a>
    </li>
  );
  const grouped = new Set(NAV_GROUPS.flatMap((group) => group.sections));
  const before = items.filter((item) => !grouped.has(item.section) && item.section === "home");
  const after = items.filter((item) => !grouped.has(item.section) && item.section !== "home");
  return (
    <nav class="main" aria-label="Dashboard">
      <ul>
        {before.map(link)}
        {NAV_GROUPS.map((group) => {
          const members = group.sections
            .map((section) => items.find((item) => item.section === section))
            .filter((item): item is NavItem => item !== undefined);
          if (members.length === 0) return null;
          return (
            <li class="nav-group">
              <span class="nav-group-label" id={`nav-group-${group.id}`}>
                {group.label}
              </span>
              <ul aria-labelledby={`nav-group-${group.id}`}>{members.map(link)}</ul>
            </li>
          );
        })}
        {after.map(link)}
      </ul>
    </nav>
  );
}

/** The frame of every page. */
export function Layout(props: { ctx: PageContext; title: string; current?: string; head?: Child; children?: Child }) {
  const { ctx, title } = props;
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        <title>{`${title} · Marketplace dashboard`}</title>
        <link rel="stylesheet" href={`${ctx.base}/assets/${STYLESHEET_ASSET.file}`} />
        <script src={`${ctx.base}/assets/${SCRIPT_ASSET.file}`} nonce={ctx.nonce} defer></script>
        {ctx.portal?.stylesheet ? <link rel="stylesheet" href={ctx.portal.stylesheet} /> : null}
        {ctx.portal?.themeStylesheet ? <link rel="stylesheet" href={ctx.portal.themeStylesheet} /> : null}
        {props.head}
      </head>
      <body>
        <a class="skip" href="#content">
          Skip to content
        </a>
        <header class="top">
          {ctx.portal?.logo ? <img class="portal-logo" src={ctx.portal.logo.url} alt={ctx.portal.logo.alt} /> : null}
          <a class="brand" href={ctx.team ? `${ctx.base}/teams/${ctx.team.id}` : `${ctx.base}/`}>
            {ctx.team ? ctx.team.name : "Marketplace"}
          </a>
          <Nav ctx={ctx} current={props.current ?? null} />
          {ctx.member && !ctx.portal ? (
            <form method="post" action={`${ctx.base}/sign-out`} class="inline">
              <span class="muted">{ctx.member.email}</span>
              <button type="submit" class="secondary">
                Sign out
              </button>
            </form>
          ) : null}
        </header>
        <main id="content">{props.children}</main>
      </body>
    </html>
  );
}

/** A page that only says something (not found, forbidden, try again). */
export function MessagePage(props: { ctx: PageContext; title: string; children?: Child }) {
  return (
    <Layout ctx={props.ctx} title={props.title}>
      <h1>{props.title}</h1>
      {props.children}
    </Layout>
  );
}

/** A status line after an action ("The key is revoked."), read out by screen readers. */
export function Notice({ text }: { text?: string | undefined }) {
  if (!text) return null;
  return (
    <div class="notice" role="status">
      {text}
    </div>
  );
}
