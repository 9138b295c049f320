/**
 * What every feature's routes share: the app's type, rendering, messages, the form reader, who is
 * calling, and the session cookie's settings. `createDashboard` builds one kit and hands it to each
 * feature's `register…(app, kit)`.
 *
 * @module
 */

import {
  type AuthenticatedSession,
  type Caller,
  type Logger,
  type Mailer,
  type MailMessage,
  type Marketplace,
  type Member,
  memberCaller,
  type Principal,
  type RequestOrigin,
  requestOrigin,
  type Team,
} from "@marketplace/core";
import type { Context, Hono } from "hono";
import type { Child } from "hono/jsx";
import { type DeliveryWords, MessagePage, type PageContext } from "./ui/layout.tsx";

/** The dashboard app's variables: the CSP nonce, the session (if any) and the team of the URL. */
export type Env = {
  Variables: {
    secureHeadersNonce?: string;
    /** The request's id, echoed as `x-request-id`, in its log lines and on an error page. */
    requestId: string;
    auth: AuthenticatedSession | null;
    team: Team | null;
    /** A webhooks-portal session (an operator's portal link) instead of a member's; see features/webhooks/portal.tsx. */
    portal?: PageContext["portal"];
  };
};

/** The dashboard's Hono app. */
export type DashboardApp = Hono<Env>;

/** A status a page may answer with. */
export type PageStatus = 200 | 400 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 500 | 503;

/** The shared parts of every route. */
export interface Kit {
  marketplace: Marketplace;
  logger: Logger;
  /** The dashboard's path prefix, e.g. `/dashboard`. */
  base: string;
  /** Where the API reference is. */
  apiDocsUrl: string;
  /** The public origin for links shown to people (invites); default the request's. */
  publicOrigin: (c: Context<Env>) => string;
  sessionCookie: string;
  inviteCookie: string;
  cookieOptions: (maxAge?: number) => {
    path: string;
    httpOnly: boolean;
    secure: boolean;
    sameSite: "Lax";
    maxAge?: number;
  };
  origin: (c: Context<Env>) => RequestOrigin;
  pageContext: (c: Context<Env>) => PageContext;
  render: (c: Context<Env>, node: Child, status?: PageStatus) => Promise<Response>;
  message: (c: Context<Env>, status: PageStatus, title: string, text: Child) => Promise<Response>;
  notFound: (c: Context<Env>) => Promise<Response>;
  /** The posted form's string fields. */
  form: (c: Context<Env>) => Promise<Record<string, string>>;
  /** The signed-in member (routes under `/teams/:teamId` and `/account` have one). */
  member: (c: Context<Env>) => Member;
  /** The signed-in member as the core's caller, with IP and user agent. */
  caller: (c: Context<Env>) => Caller;
  /** The team of the URL (checked to be the member's own). */
  teamOf: (c: Context<Env>) => Team;
  /**
   * The team of the URL as the API's principal (its role, as its keys have it), for the use cases
   * the API calls (orders, customers, storefront, webhooks). Role checks of members are the
   * dashboard's (`memberCan`); the principal carries no key (`apiKeyId: "dashboard"`).
   */
  principal: (c: Context<Env>) => Principal;
  /** The link to a team page, e.g. `teamPath(team, "/api-keys")`. */
  teamPath: (team: Team, path?: string) => string;
  /**
   * Sends an e-mail through the host's mailer without making the request wait (so an answer takes
   * the same time whether or not a mail goes out); the outcome is logged with its purpose and
   * recipient, never its content.
   */
  sendMail: (message: MailMessage, purpose: string) => void;
}

/** What `createKit` needs from the dashboard's options. */
export interface KitOptions {
  marketplace: Marketplace;
  logger: Logger;
  base: string;
  apiDocsUrl: string;
  publicUrl?: string;
  secure: boolean;
  clientIp?: (c: Context) => string | null | undefined;
  mailer?: Mailer;
  /** The delivery settings the webhooks pages state. */
  delivery: DeliveryWords;
}

/** Builds the kit. */
export function createKit(options: KitOptions): Kit {
  const { base, secure } = options;
  const origin = (c: Context<Env>): RequestOrigin =>
    requestOrigin(options.clientIp?.(c) ?? null, c.req.header("user-agent") ?? null);
  const pageContext = (c: Context<Env>): PageContext => ({
    base,
    nonce: c.get("secureHeadersNonce") ?? "",
    member: c.get("auth")?.member ?? null,
    team: c.get("team") ?? null,
    delivery: options.delivery,
    portal: c.get("portal") ?? null,
  });
  const render = async (c: Context<Env>, node: Child, status: PageStatus = 200) => {
    const html = `<!doctype html>${await (node as { toString(): string | Promise<string> }).toString()}`;
    return c.html(html, status, { "cache-control": "no-store" });
  };
  const message = (c: Context<Env>, status: PageStatus, title: string, text: Child) =>
    render(
      c,
      <MessagePage ctx={pageContext(c)} title={title}>
        {text}
      </MessagePage>,
      status,
    );
  const member = (c: Context<Env>): Member => {
    const auth = c.get("auth");
    if (!auth) throw new Error("dashboard: a signed-in route ran without a session");
    return auth.member;
  };
  return {
    marketplace: options.marketplace,
    logger: options.logger,
    base,
    apiDocsUrl: options.apiDocsUrl,
    publicOrigin: (c) => options.publicUrl ?? new URL(c.req.url).origin,
    sessionCookie: secure ? "__Host-mk_session" : "mk_session",
    inviteCookie: secure ? "__Host-mk_invite" : "mk_invite",
    cookieOptions: (maxAge?: number) => ({
      path: "/",
      httpOnly: true,
      secure,
      sameSite: "Lax" as const,
      ...(maxAge !== undefined && { maxAge }),
    }),
    origin,
    pageContext,
    render,
    message,
    notFound: (c) =>
      message(
        c,
        404,
        "Page not found",
        <p>
          There is nothing here, or it belongs to another team. <a href={`${base}/`}>Go to your dashboard</a>.
        </p>,
      ),
    form: async (c) => {
      const body = await c.req.parseBody();
      const values: Record<string, string> = {};
      for (const [name, value] of Object.entries(body)) if (typeof value === "string") values[name] = value;
      return values;
    },
    member,
    caller: (c) => memberCaller(member(c), origin(c)),
    teamOf: (c) => {
      const team = c.get("team");
      if (!team) throw new Error("dashboard: a team route ran without its team");
      return team;
    },
    teamPath: (team, path = "") => `${base}/teams/${team.id}${path}`,
    principal: (c) => {
      const team = c.get("team");
      if (!team) throw new Error("dashboard: a team route ran without its team");
      return { teamId: team.id, role: team.role, apiKeyId: "dashboard" };
    },
    sendMail: (message, purpose) => {
      const { mailer, logger } = options;
      if (!mailer) {
        logger.warn("dashboard: no mailer configured, e-mail not sent", { purpose, to: message.to });
        return;
      }
      mailer.send(message).then(
        () => logger.info("dashboard: e-mail sent", { purpose, to: message.to }),
        (error) =>
          logger.error("dashboard: e-mail could not be sent", { purpose, to: message.to, error: String(error) }),
      );
    },
  };
}
