/**
 * `createDashboard`: the team dashboard as a Hono app that any host mounts. Server-rendered pages
 * with plain forms; sessions in the database behind an HttpOnly cookie; CSRF checked on every
 * unsafe request; a CSP with a fresh nonce per page.
 *
 * @module
 */

import {
  type ApiKeyRollOverlap,
  AUDIT_ACTIONS,
  AUDIT_ACTOR_TYPES,
  type AuditActorType,
  type AuditFilter,
  type AuthenticatedSession,
  AuthenticationError,
  type Caller,
  InvalidInputError,
  isDatabaseUnavailable,
  type Logger,
  type Marketplace,
  MEMBER_ROLES,
  type MemberRole,
  memberCaller,
  NotFoundError,
  PermissionError,
  pageRequest,
  RateLimitedError,
  type RequestOrigin,
  requestOrigin,
  silentLogger,
  type Team,
  UnprocessableError,
} from "@marketplace/core";
import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import type { Child } from "hono/jsx";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { ASSETS } from "./assets.ts";
import {
  AccountPage,
  ApiKeysPage,
  AuditLogPage,
  EMPTY_FORM,
  type FormState,
  HomePage,
  InvitePage,
  MembersPage,
  MessagePage,
  type PageContext,
  type ShownKey,
  SignInPage,
} from "./pages.tsx";

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
}

type Env = {
  Variables: {
    secureHeadersNonce?: string;
    auth: AuthenticatedSession | null;
    team: Team | null;
  };
};

const ONE_YEAR_S = 365 * 24 * 60 * 60;
const INVITE_COOKIE_MAX_AGE_S = 30 * 60;

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
  const secure = options.secureCookies ?? true;
  const sessionCookie = secure ? "__Host-mk_session" : "mk_session";
  const inviteCookie = secure ? "__Host-mk_invite" : "mk_invite";
  const apiDocsUrl = options.apiDocsUrl ?? "/docs";

  const app = new Hono<Env>().basePath(base || "/");

  const origin = (c: Context): RequestOrigin =>
    requestOrigin(options.clientIp?.(c) ?? null, c.req.header("user-agent") ?? null);
  const pageContext = (c: Context<Env>): PageContext => ({
    base,
    nonce: c.get("secureHeadersNonce") ?? "",
    member: c.get("auth")?.member ?? null,
    team: c.get("team") ?? null,
  });
  const render = async (
    c: Context<Env>,
    node: Child,
    status: 200 | 400 | 403 | 404 | 409 | 422 | 429 | 500 | 503 = 200,
  ) => {
    const html = `<!doctype html>${await (node as { toString(): string | Promise<string> }).toString()}`;
    return c.html(html, status, { "cache-control": "no-store" });
  };
  const cookieOptions = (maxAge?: number) => ({
    path: "/",
    httpOnly: true,
    secure,
    sameSite: "Lax" as const,
    ...(maxAge !== undefined && { maxAge }),
  });
  const message = (c: Context<Env>, status: 403 | 404 | 429 | 500 | 503, title: string, text: Child) =>
    render(
      c,
      <MessagePage ctx={pageContext(c)} title={title}>
        {text}
      </MessagePage>,
      status,
    );
  const notFound = (c: Context<Env>) =>
    message(
      c,
      404,
      "Page not found",
      <p>
        There is nothing here, or it belongs to another team. <a href={`${base}/`}>Go to your dashboard</a>.
      </p>,
    );

  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status === 403) {
      return message(
        c,
        403,
        "This form was not accepted",
        <p>It did not come from this dashboard, so nothing was changed. Go back, reload the page and try again.</p>,
      );
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn("dashboard request failed: database unavailable", { error: String(error) });
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
    logger.error("dashboard request failed", { error: String(error), stack: (error as Error).stack });
    return message(
      c,
      500,
      "Something went wrong",
      <p>Nothing was changed. Try again; if it keeps happening, tell the operator.</p>,
    );
  });
  app.notFound((c) => notFound(c));

  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    logger.info("dashboard request", {
      method: c.req.method,
      // Invite links carry a secret in their path: never logged.
      path: c.req.path.replace(/\/invite\/[^/]+$/, "/invite/…"),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  app.get("/assets/:file", (c) => {
    const asset = ASSETS.get(c.req.param("file"));
    if (!asset) return c.text("Not found", 404);
    return c.body(asset.body, 200, {
      "content-type": asset.type,
      "cache-control": `public, max-age=${ONE_YEAR_S}, immutable`,
      "x-content-type-options": "nosniff",
    });
  });

  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'none'"],
        scriptSrc: [NONCE],
        styleSrc: ["'self'"],
        imgSrc: ["'self'"],
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
    if (!/^application\/x-www-form-urlencoded\b/i.test(type)) throw new HTTPException(403, { message: "not a form" });
    const length = Number(c.req.header("content-length") ?? "0");
    if (length > 64 * 1024) return c.text("Form too large", 413);
    return next();
  });

  app.use("*", async (c, next) => {
    c.set("auth", await marketplace.members.authenticate(getCookie(c, sessionCookie)));
    c.set("team", null);
    return next();
  });

  const form = async (c: Context<Env>): Promise<Record<string, string>> => {
    const body = await c.req.parseBody();
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(body)) if (typeof value === "string") values[name] = value;
    return values;
  };

  const requireSession = async (c: Context<Env>) => {
    // Without a valid session the cookie stays: the sign-in page clears it and says the session ended.
    return c.get("auth");
  };
  const toSignIn = (c: Context<Env>) => c.redirect(`${base}/sign-in`, 303);

  // ---- Sign-in and invites (no session needed) ----

  app.get("/", async (c) => {
    const auth = c.get("auth");
    return c.redirect(auth ? `${base}/teams/${auth.member.teamId}` : `${base}/sign-in`, 303);
  });

  app.get("/sign-in", async (c) => {
    if (c.get("auth")) return c.redirect(`${base}/`, 303);
    const ended = getCookie(c, sessionCookie) !== undefined;
    if (ended) deleteCookie(c, sessionCookie, cookieOptions());
    return render(
      c,
      <SignInPage
        ctx={pageContext(c)}
        form={EMPTY_FORM}
        notice={ended ? "Your session has ended. Sign in again." : undefined}
      />,
    );
  });

  app.post("/sign-in", async (c) => {
    const values = await form(c);
    const email = values.email ?? "";
    try {
      const signedIn = await marketplace.members.signIn({ email, password: values.password ?? "" }, origin(c));
      setCookie(c, sessionCookie, signedIn.token, cookieOptions());
      return c.redirect(`${base}/teams/${signedIn.member.teamId}`, 303);
    } catch (error) {
      const state: FormState = { values: { email }, errors: {} };
      if (InvalidInputError.isInstance(error)) {
        Object.assign(state.errors, fieldErrors(error.problems));
        return render(c, <SignInPage ctx={pageContext(c)} form={state} />, 400);
      }
      if (AuthenticationError.isInstance(error)) {
        state.formError = "The e-mail address or the password is not right. Check both and try again.";
        return render(c, <SignInPage ctx={pageContext(c)} form={state} />, 400);
      }
      if (RateLimitedError.isInstance(error)) {
        state.formError = `${error.message}.`;
        return render(c, <SignInPage ctx={pageContext(c)} form={state} />, 429);
      }
      throw error;
    }
  });

  app.post("/sign-out", async (c) => {
    const token = getCookie(c, sessionCookie);
    if (token) await marketplace.members.signOut(token, origin(c));
    deleteCookie(c, sessionCookie, cookieOptions());
    return c.redirect(`${base}/sign-in`, 303);
  });

  const inviteGone = (c: Context<Env>) =>
    message(
      c,
      404,
      "This invite link does not work",
      <p>It was used already, it expired, or it was not copied whole. Ask an owner of your team for a new invite.</p>,
    );

  // The link's secret moves into a short-lived cookie at once, and the address bar shows no secret.
  app.get("/invite/:token", async (c) => {
    const token = c.req.param("token");
    if (!(await marketplace.members.findInvite(token))) return inviteGone(c);
    setCookie(c, inviteCookie, token, cookieOptions(INVITE_COOKIE_MAX_AGE_S));
    return c.redirect(`${base}/invite`, 303);
  });

  app.get("/invite", async (c) => {
    const invite = await marketplace.members.findInvite(getCookie(c, inviteCookie) ?? "");
    if (!invite) return inviteGone(c);
    return render(c, <InvitePage ctx={pageContext(c)} invite={invite} form={EMPTY_FORM} />);
  });

  app.post("/invite", async (c) => {
    const token = getCookie(c, inviteCookie) ?? "";
    const invite = await marketplace.members.findInvite(token);
    if (!invite) return inviteGone(c);
    const values = await form(c);
    const password = values.password ?? "";
    const state: FormState = { values: {}, errors: {} };
    if (password !== (values.confirm ?? "")) {
      state.errors.confirm = "The two passwords are not the same. Type the same password twice.";
      return render(c, <InvitePage ctx={pageContext(c)} invite={invite} form={state} />, 400);
    }
    try {
      const signedIn = await marketplace.members.acceptInvite(token, password, origin(c));
      deleteCookie(c, inviteCookie, cookieOptions());
      setCookie(c, sessionCookie, signedIn.token, cookieOptions());
      return c.redirect(`${base}/teams/${signedIn.member.teamId}`, 303);
    } catch (error) {
      if (InvalidInputError.isInstance(error)) {
        Object.assign(state.errors, fieldErrors(error.problems));
        return render(c, <InvitePage ctx={pageContext(c)} invite={invite} form={state} />, 400);
      }
      if (UnprocessableError.isInstance(error)) {
        state.formError = `${error.message}. Sign in instead.`;
        return render(c, <InvitePage ctx={pageContext(c)} invite={invite} form={state} />, 422);
      }
      throw error;
    }
  });

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

  const caller = (c: Context<Env>): Caller => memberCaller((c.get("auth") as AuthenticatedSession).member, origin(c));
  const teamOf = (c: Context<Env>) => c.get("team") as Team;

  app.get("/teams/:teamId", async (c) => {
    const team = teamOf(c);
    const now = new Date();
    const [keys, members] = await Promise.all([
      marketplace.apiKeys.list(team.id, caller(c)),
      marketplace.members.list(team.id, caller(c)),
    ]);
    let webhooks: number | null = null;
    try {
      const principal = { teamId: team.id, role: team.role, apiKeyId: "dashboard" };
      const listed = await marketplace.webhooks.list(principal, { kind: "page", limit: 1, after: null });
      webhooks = Array.isArray(listed) ? listed.length : listed.data.length;
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      logger.warn("dashboard: could not count webhooks", { error: String(error) });
    }
    const activeKeys = keys.filter((key) => !key.revokedAt && !(key.expiresAt && key.expiresAt <= now)).length;
    return render(
      c,
      <HomePage
        ctx={pageContext(c)}
        facts={{ activeKeys, webhooks, members: members.length }}
        apiDocsUrl={apiDocsUrl}
      />,
    );
  });

  // API keys
  const keysPage = async (
    c: Context<Env>,
    extra: { form?: FormState; shown?: ShownKey; notice?: string } = {},
    status: 200 | 400 | 422 = 200,
  ) => {
    const keys = await marketplace.apiKeys.list(teamOf(c).id, caller(c));
    return render(
      c,
      <ApiKeysPage
        ctx={pageContext(c)}
        keys={keys}
        form={extra.form ?? EMPTY_FORM}
        shown={extra.shown}
        notice={extra.notice}
        now={new Date()}
      />,
      status,
    );
  };

  app.get("/teams/:teamId/api-keys", (c) => keysPage(c));

  app.post("/teams/:teamId/api-keys", async (c) => {
    const values = await form(c);
    const name = (values.name ?? "").trim();
    if (name === "") {
      return keysPage(
        c,
        { form: { values, errors: { name: "Give the key a name, so you know later what uses it." } } },
        400,
      );
    }
    try {
      const issued = await marketplace.apiKeys.create(teamOf(c).id, { name }, caller(c));
      // The key is in this response's body only: never in a URL, a redirect or a log line.
      return keysPage(c, { shown: { key: issued.key, name: issued.name } });
    } catch (error) {
      if (InvalidInputError.isInstance(error)) {
        return keysPage(c, { form: { values, errors: fieldErrors(error.problems) } }, 400);
      }
      throw error;
    }
  });

  app.post("/teams/:teamId/api-keys/:keyId/roll", async (c) => {
    const values = await form(c);
    const overlap = (values.overlap ?? "") as ApiKeyRollOverlap;
    if (!["now", "1h", "24h", "7d"].includes(overlap)) {
      return keysPage(
        c,
        { form: { values: {}, errors: {}, formError: "Choose how long the old key keeps working." } },
        400,
      );
    }
    try {
      const rolled = await marketplace.apiKeys.roll(teamOf(c).id, c.req.param("keyId"), overlap, caller(c));
      return keysPage(c, {
        shown: {
          key: rolled.issued.key,
          name: rolled.issued.name,
          rolledFrom: { prefix: rolled.previous.prefix, expiresAt: rolled.previous.expiresAt ?? null },
        },
      });
    } catch (error) {
      if (UnprocessableError.isInstance(error)) {
        return keysPage(c, { form: { values: {}, errors: {}, formError: `${error.message}.` } }, 422);
      }
      throw error;
    }
  });

  app.post("/teams/:teamId/api-keys/:keyId/revoke", async (c) => {
    const key = await marketplace.apiKeys.revoke(teamOf(c).id, c.req.param("keyId"), caller(c));
    return keysPage(c, { notice: `The key ${key.prefix}… is revoked: the API refuses it from now on.` });
  });

  // Members
  const membersPage = async (
    c: Context<Env>,
    extra: { form?: FormState; inviteUrl?: string; notice?: string } = {},
    status: 200 | 400 | 422 = 200,
  ) => {
    const team = teamOf(c);
    const me = (c.get("auth") as AuthenticatedSession).member;
    const [members, invites] = await Promise.all([
      marketplace.members.list(team.id, caller(c)),
      me.role === "owner" ? marketplace.members.listInvites(team.id, caller(c)) : Promise.resolve(null),
    ]);
    return render(
      c,
      <MembersPage
        ctx={pageContext(c)}
        members={members}
        invites={invites}
        form={extra.form ?? EMPTY_FORM}
        inviteUrl={extra.inviteUrl}
        notice={extra.notice}
      />,
      status,
    );
  };

  app.get("/teams/:teamId/members", (c) => membersPage(c));

  app.post("/teams/:teamId/invites", async (c) => {
    const values = await form(c);
    const role = values.role as MemberRole;
    try {
      const { token } = await marketplace.members.invite(teamOf(c).id, { email: values.email ?? "", role }, caller(c));
      const publicUrl = options.publicUrl ?? new URL(c.req.url).origin;
      return membersPage(c, { inviteUrl: `${publicUrl}${base}/invite/${token}` });
    } catch (error) {
      if (InvalidInputError.isInstance(error)) {
        return membersPage(c, { form: { values, errors: fieldErrors(error.problems) } }, 400);
      }
      if (UnprocessableError.isInstance(error)) {
        return membersPage(c, { form: { values, errors: { email: `${error.message}.` } } }, 422);
      }
      throw error;
    }
  });

  app.post("/teams/:teamId/invites/:inviteId/revoke", async (c) => {
    await marketplace.members.revokeInvite(teamOf(c).id, c.req.param("inviteId"), caller(c));
    return membersPage(c, { notice: "The invite is withdrawn: its link no longer works." });
  });

  app.post("/teams/:teamId/members/:memberId/role", async (c) => {
    const values = await form(c);
    const role = values.role ?? "";
    if (!(MEMBER_ROLES as readonly string[]).includes(role)) {
      return membersPage(
        c,
        { form: { values: {}, errors: {}, formError: "Choose one of the roles in the list." } },
        400,
      );
    }
    try {
      const member = await marketplace.members.changeRole(
        teamOf(c).id,
        c.req.param("memberId"),
        role as MemberRole,
        caller(c),
      );
      return membersPage(c, { notice: `${member.email} is now ${role}.` });
    } catch (error) {
      if (UnprocessableError.isInstance(error)) {
        return membersPage(c, { form: { values: {}, errors: {}, formError: `${error.message}.` } }, 422);
      }
      throw error;
    }
  });

  app.post("/teams/:teamId/members/:memberId/remove", async (c) => {
    const me = (c.get("auth") as AuthenticatedSession).member;
    const memberId = c.req.param("memberId");
    try {
      await marketplace.members.remove(teamOf(c).id, memberId, caller(c));
    } catch (error) {
      if (UnprocessableError.isInstance(error)) {
        return membersPage(c, { form: { values: {}, errors: {}, formError: `${error.message}.` } }, 422);
      }
      throw error;
    }
    if (memberId === me.id) {
      deleteCookie(c, sessionCookie, cookieOptions());
      return c.redirect(`${base}/sign-in`, 303);
    }
    return membersPage(c, { notice: "The member is removed and signed out everywhere." });
  });

  // Audit log
  app.get("/teams/:teamId/audit-log", async (c) => {
    const me = (c.get("auth") as AuthenticatedSession).member;
    if (me.role !== "owner" && me.role !== "developer") throw new PermissionError("audit log");
    const action = c.req.query("action") ?? "";
    const actor = c.req.query("actor") ?? "";
    const filter: AuditFilter = {
      ...((AUDIT_ACTIONS as readonly string[]).includes(action) && { action: action as AuditFilter["action"] }),
      ...((AUDIT_ACTOR_TYPES as readonly string[]).includes(actor) && { actorType: actor as AuditActorType }),
    };
    let page: ReturnType<typeof pageRequest>;
    try {
      page = pageRequest("audit_log", { limit: 50, cursor: c.req.query("cursor") || undefined });
    } catch {
      page = pageRequest("audit_log", { limit: 50 });
    }
    const result = await marketplace.members.auditLog(teamOf(c).id, filter, page);
    const entries = Array.isArray(result) ? result : result.data;
    const nextCursor = Array.isArray(result) ? null : result.nextCursor;
    return render(c, <AuditLogPage ctx={pageContext(c)} entries={entries} filter={filter} nextCursor={nextCursor} />);
  });

  // The member's own account
  const accountPage = async (
    c: Context<Env>,
    extra: { form?: FormState; notice?: string } = {},
    status: 200 | 400 = 200,
  ) => {
    const auth = c.get("auth") as AuthenticatedSession;
    const sessions = await marketplace.members.listSessions(auth.member.id);
    c.set("team", await marketplace.teams.get(auth.member.teamId));
    return render(
      c,
      <AccountPage
        ctx={pageContext(c)}
        sessions={sessions}
        currentSessionId={auth.session.id}
        form={extra.form ?? EMPTY_FORM}
        notice={extra.notice}
      />,
      status,
    );
  };

  app.get("/account", (c) => accountPage(c));

  app.post("/account/password", async (c) => {
    const values = await form(c);
    try {
      await marketplace.members.changePassword(
        c.get("auth") as AuthenticatedSession,
        { current: values.current ?? "", next: values.next ?? "" },
        origin(c),
      );
      return accountPage(c, { notice: "Your password is changed. Your other sessions have ended." });
    } catch (error) {
      if (InvalidInputError.isInstance(error)) {
        return accountPage(c, { form: { values: {}, errors: fieldErrors(error.problems) } }, 400);
      }
      throw error;
    }
  });

  app.post("/account/sessions/:sessionId/end", async (c) => {
    const auth = c.get("auth") as AuthenticatedSession;
    const sessionId = c.req.param("sessionId");
    const ended = sessionId !== auth.session.id && (await marketplace.members.endSession(auth, sessionId, origin(c)));
    if (!ended) throw new NotFoundError("Session", sessionId);
    return accountPage(c, { notice: "That session is signed out." });
  });

  app.post("/account/sign-out-everywhere", async (c) => {
    await marketplace.members.signOutEverywhere(c.get("auth") as AuthenticatedSession, origin(c));
    deleteCookie(c, sessionCookie, cookieOptions());
    return c.redirect(`${base}/sign-in`, 303);
  });

  return app;
}

const FIELD_NAMES: Record<string, string> = {
  "new password": "next",
  "current password": "current",
};

/**
 * The core's problems (`"email must be an email"`) by form field, in words a person reads:
 * `{ email: "Enter an e-mail address such as name@example.com." }`.
 */
export function fieldErrors(problems: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    const twoWords = problem.split(" ").slice(0, 2).join(" ");
    const field = FIELD_NAMES[twoWords] ?? problem.split(/[ .[]/)[0] ?? "";
    const text =
      problem === "email must be an email" || /^email must /.test(problem)
        ? "Enter an e-mail address such as name@example.com."
        : `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`;
    errors[field] ??= text;
  }
  return errors;
}
