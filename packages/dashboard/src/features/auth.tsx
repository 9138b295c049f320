/**
 * Signing in and out, and accepting an invite (the pages that need no session).
 *
 * @module
 */

import { AuthenticationError, InvalidInputError, RateLimitedError, UnprocessableError } from "@marketplace/core";
import type { OpenInvite } from "@marketplace/core/members";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { DashboardApp, Env, Kit } from "../kit.tsx";
import {
  EMPTY_FORM,
  Field,
  FormError,
  type FormState,
  fieldErrors,
  NewPasswordFields,
  ROLE_HINTS,
  ROLE_LABELS,
} from "../ui/form.tsx";
import { Layout, Notice, type PageContext } from "../ui/layout.tsx";
import { secondStepCookie } from "./two-factor/routes.tsx";

const INVITE_COOKIE_MAX_AGE_S = 30 * 60;

/** Registers `/`, `/sign-in`, `/sign-out` and `/invite`. */
export function registerAuth(app: DashboardApp, kit: Kit): void {
  app.get("/", async (c) => {
    const auth = c.get("auth");
    return c.redirect(auth ? `${kit.base}/teams/${auth.member.teamId}` : `${kit.base}/sign-in`, 303);
  });

  app.get("/sign-in", async (c) => {
    if (c.get("auth")) return c.redirect(`${kit.base}/`, 303);
    const ended = getCookie(c, kit.sessionCookie) !== undefined;
    if (ended) deleteCookie(c, kit.sessionCookie, kit.cookieOptions());
    return kit.render(
      c,
      <SignInPage
        ctx={kit.pageContext(c)}
        form={EMPTY_FORM}
        notice={ended ? "Your session has ended. Sign in again." : undefined}
      />,
    );
  });

  app.post("/sign-in", async (c) => {
    const values = await kit.form(c);
    const email = values.email ?? "";
    try {
      const signedIn = await kit.marketplace.members.signIn({ email, password: values.password ?? "" }, kit.origin(c));
      if ("secondStep" in signedIn) {
        // The password was right: the code step's token (never the password) waits in a short-lived cookie.
        const maxAge = Math.max(1, Math.floor((signedIn.secondStep.expiresAt.getTime() - Date.now()) / 1000));
        setCookie(c, secondStepCookie(kit), signedIn.secondStep.token, kit.cookieOptions(maxAge));
        return c.redirect(`${kit.base}/sign-in/code`, 303);
      }
      setCookie(c, kit.sessionCookie, signedIn.token, kit.cookieOptions());
      return c.redirect(`${kit.base}/teams/${signedIn.member.teamId}`, 303);
    } catch (error) {
      const state: FormState = { values: { email }, errors: {} };
      if (InvalidInputError.isInstance(error)) {
        Object.assign(state.errors, fieldErrors(error.problems));
        return kit.render(c, <SignInPage ctx={kit.pageContext(c)} form={state} />, 400);
      }
      if (AuthenticationError.isInstance(error)) {
        state.formError = "The e-mail address or the password is not right. Check both and try again.";
        return kit.render(c, <SignInPage ctx={kit.pageContext(c)} form={state} />, 400);
      }
      if (RateLimitedError.isInstance(error)) {
        state.formError = `${error.message}.`;
        return kit.render(c, <SignInPage ctx={kit.pageContext(c)} form={state} />, 429);
      }
      throw error;
    }
  });

  app.post("/sign-out", async (c) => {
    const token = getCookie(c, kit.sessionCookie);
    if (token) await kit.marketplace.members.signOut(token, kit.origin(c));
    deleteCookie(c, kit.sessionCookie, kit.cookieOptions());
    return c.redirect(`${kit.base}/sign-in`, 303);
  });

  const inviteGone = (c: Context<Env>) =>
    kit.message(
      c,
      404,
      "This invite link does not work",
      <p>It was used already, it expired, or it was not copied whole. Ask an owner of your team for a new invite.</p>,
    );

  // The link's secret moves into a short-lived cookie at once, and the address bar shows no secret.
  app.get("/invite/:token", async (c) => {
    const token = c.req.param("token");
    if (!(await kit.marketplace.members.findInvite(token))) return inviteGone(c);
    setCookie(c, kit.inviteCookie, token, kit.cookieOptions(INVITE_COOKIE_MAX_AGE_S));
    return c.redirect(`${kit.base}/invite`, 303);
  });

  app.get("/invite", async (c) => {
    const invite = await kit.marketplace.members.findInvite(getCookie(c, kit.inviteCookie) ?? "");
    if (!invite) return inviteGone(c);
    return kit.render(c, <InvitePage ctx={kit.pageContext(c)} invite={invite} form={EMPTY_FORM} />);
  });

  app.post("/invite", async (c) => {
    const token = getCookie(c, kit.inviteCookie) ?? "";
    const invite = await kit.marketplace.members.findInvite(token);
    if (!invite) return inviteGone(c);
    const values = await kit.form(c);
    const password = values.password ?? "";
    const state: FormState = { values: {}, errors: {} };
    if (password !== (values.confirm ?? "")) {
      state.errors.confirm = "The two passwords are not the same. Type the same password twice.";
      return kit.render(c, <InvitePage ctx={kit.pageContext(c)} invite={invite} form={state} />, 400);
    }
    try {
      const signedIn = await kit.marketplace.members.acceptInvite(token, password, kit.origin(c));
      deleteCookie(c, kit.inviteCookie, kit.cookieOptions());
      setCookie(c, kit.sessionCookie, signedIn.token, kit.cookieOptions());
      return c.redirect(`${kit.base}/teams/${signedIn.member.teamId}`, 303);
    } catch (error) {
      if (InvalidInputError.isInstance(error)) {
        Object.assign(state.errors, fieldErrors(error.problems));
        return kit.render(c, <InvitePage ctx={kit.pageContext(c)} invite={invite} form={state} />, 400);
      }
      if (UnprocessableError.isInstance(error)) {
        state.formError = `${error.message}. Sign in instead.`;
        return kit.render(c, <InvitePage ctx={kit.pageContext(c)} invite={invite} form={state} />, 422);
      }
      throw error;
    }
  });
}

/** Sign-in. */
export function SignInPage(props: { ctx: PageContext; form: FormState; notice?: string }) {
  const { ctx, form } = props;
  return (
    <Layout ctx={ctx} title="Sign in">
      <h1>Sign in</h1>
      <Notice text={props.notice} />
      <FormError form={form} />
      <form method="post" action={`${ctx.base}/sign-in`} class="stack" novalidate>
        <Field form={form} name="email" label="E-mail address" type="email" autocomplete="username" />
        <Field
          form={form}
          name="password"
          label="Password"
          type="password"
          autocomplete="current-password"
          keep={false}
        />
        <div>
          <button type="submit">Sign in</button>
        </div>
      </form>
      <p>
        <a href={`${ctx.base}/forgot-password`}>Forgot your password?</a>
      </p>
      <p class="muted">No account yet? Ask an owner of your team to invite you.</p>
    </Layout>
  );
}

/** Accepting an invite: choose a password. */
export function InvitePage(props: { ctx: PageContext; invite: OpenInvite; form: FormState }) {
  const { ctx, invite, form } = props;
  return (
    <Layout ctx={ctx} title="Join your team">
      <h1>{`Join ${invite.teamName}`}</h1>
      <p>
        You were invited as <strong>{ROLE_LABELS[invite.role]}</strong> ({ROLE_HINTS[invite.role]}) with the e-mail
        address <strong>{invite.email}</strong>. Choose a password to finish.
      </p>
      <FormError form={form} />
      <form method="post" action={`${ctx.base}/invite`} class="stack" novalidate>
        <input type="hidden" name="email" value={invite.email} autocomplete="username" />
        <NewPasswordFields form={form} label="Password" />
        <div>
          <button type="submit">Join the team</button>
        </div>
      </form>
    </Layout>
  );
}
