/**
 * "Forgot your password?": a reset link by e-mail (single use, 30 minutes), and the page that sets a
 * new password. The answer to a request is the same whether or not the address belongs to a member,
 * and the mail leaves outside the request's time. The link's secret moves from the URL into a
 * short-lived cookie at once, as an invite's does, so it stays out of the address bar and Referer.
 *
 * @module
 */

import { InvalidInputError, RateLimitedError } from "@marketplace/core";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { DashboardApp, Env, Kit } from "../kit.tsx";
import { EMPTY_FORM, Field, FormError, type FormState, fieldErrors, NewPasswordFields } from "../ui/form.tsx";
import { Layout, type PageContext } from "../ui/layout.tsx";

const RESET_COOKIE_MAX_AGE_S = 30 * 60;

function resetCookie(kit: Kit): string {
  return kit.sessionCookie.startsWith("__Host-") ? "__Host-mk_reset" : "mk_reset";
}

/** The reset e-mail's text. */
export function resetMail(link: string, expiresAt: Date): { subject: string; text: string; html: string } {
  const until = `${expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const escaped = link.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return {
    subject: "Reset your Marketplace dashboard password",
    text: `Someone asked to reset the password of your Marketplace dashboard account.\n\nTo choose a new password, open this link (it works once, until ${until}):\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
    html: `<p>Someone asked to reset the password of your Marketplace dashboard account.</p><p><a href="${escaped}">Choose a new password</a> (the link works once, until ${until}).</p><p>If it was not you, ignore this e-mail: your password stays as it is.</p>`,
  };
}

/** Registers `/forgot-password` and `/reset-password`. */
export function registerPasswordReset(app: DashboardApp, kit: Kit): void {
  const cookie = resetCookie(kit);

  app.get("/forgot-password", (c) => kit.render(c, <ForgotPasswordPage ctx={kit.pageContext(c)} form={EMPTY_FORM} />));

  app.post("/forgot-password", async (c) => {
    const values = await kit.form(c);
    const email = values.email ?? "";
    try {
      const request = await kit.marketplace.passwordResets.request(email, kit.origin(c));
      if (request) {
        const link = `${kit.publicOrigin(c)}${kit.base}/reset-password/${request.token}`;
        kit.sendMail({ to: request.email, ...resetMail(link, request.expiresAt) }, "password reset");
      }
      return kit.render(c, <ResetSentPage ctx={kit.pageContext(c)} />);
    } catch (error) {
      const state: FormState = { values: { email }, errors: {} };
      if (InvalidInputError.isInstance(error)) {
        state.errors = fieldErrors(error.problems);
        return kit.render(c, <ForgotPasswordPage ctx={kit.pageContext(c)} form={state} />, 400);
      }
      if (RateLimitedError.isInstance(error)) {
        state.formError = `${error.message}.`;
        return kit.render(c, <ForgotPasswordPage ctx={kit.pageContext(c)} form={state} />, 429);
      }
      throw error;
    }
  });

  const linkGone = (c: Context<Env>) => {
    deleteCookie(c, cookie, kit.cookieOptions());
    return kit.message(
      c,
      404,
      "This reset link does not work",
      <p>
        It was used already, it expired (links work for 30 minutes), or it was not copied whole.{" "}
        <a href={`${kit.base}/forgot-password`}>Ask for a new link</a>.
      </p>,
    );
  };

  app.get("/reset-password/:token", async (c) => {
    const token = c.req.param("token");
    if (!(await kit.marketplace.passwordResets.find(token))) return linkGone(c);
    setCookie(c, cookie, token, kit.cookieOptions(RESET_COOKIE_MAX_AGE_S));
    return c.redirect(`${kit.base}/reset-password`, 303);
  });

  app.get("/reset-password", async (c) => {
    const open = await kit.marketplace.passwordResets.find(getCookie(c, cookie) ?? "");
    if (!open) return linkGone(c);
    return kit.render(c, <ResetPasswordPage ctx={kit.pageContext(c)} email={open.email} form={EMPTY_FORM} />);
  });

  app.post("/reset-password", async (c) => {
    const token = getCookie(c, cookie) ?? "";
    const open = await kit.marketplace.passwordResets.find(token);
    if (!open) return linkGone(c);
    const values = await kit.form(c);
    const password = values.password ?? "";
    const page = (form: FormState) => <ResetPasswordPage ctx={kit.pageContext(c)} email={open.email} form={form} />;
    if (password !== (values.confirm ?? "")) {
      return kit.render(
        c,
        page({ values: {}, errors: { confirm: "The two passwords are not the same. Type the same password twice." } }),
        400,
      );
    }
    try {
      await kit.marketplace.passwordResets.complete(token, password, kit.origin(c));
    } catch (error) {
      if (InvalidInputError.isInstance(error)) {
        return kit.render(c, page({ values: {}, errors: fieldErrors(error.problems) }), 400);
      }
      throw error;
    }
    deleteCookie(c, cookie, kit.cookieOptions());
    // Every session ended with the change, this browser's included.
    deleteCookie(c, kit.sessionCookie, kit.cookieOptions());
    return kit.message(
      c,
      200,
      "Your password is changed",
      <p>
        You are signed out everywhere. <a href={`${kit.base}/sign-in`}>Sign in with your new password</a>.
      </p>,
    );
  });
}

/** Asking for a reset link. */
export function ForgotPasswordPage(props: { ctx: PageContext; form: FormState }) {
  const { ctx, form } = props;
  return (
    <Layout ctx={ctx} title="Forgot your password?">
      <h1>Forgot your password?</h1>
      <p>Type the e-mail address you sign in with. We send a link to choose a new password to it.</p>
      <FormError form={form} />
      <form method="post" action={`${ctx.base}/forgot-password`} class="stack" novalidate>
        <Field form={form} name="email" label="E-mail address" type="email" autocomplete="username" />
        <div>
          <button type="submit">Send the link</button>
        </div>
      </form>
      <p>
        <a href={`${ctx.base}/sign-in`}>Back to sign-in</a>
      </p>
    </Layout>
  );
}

/** The same answer whether or not the address belongs to a member. */
export function ResetSentPage(props: { ctx: PageContext }) {
  const { ctx } = props;
  return (
    <Layout ctx={ctx} title="Check your e-mail">
      <h1>Check your e-mail</h1>
      <div class="notice" role="status">
        If an account uses this address, a link to choose a new password is on its way. It works once, for 30 minutes.
      </div>
      <p>
        Nothing after a few minutes? Check the spam folder, or <a href={`${ctx.base}/forgot-password`}>ask again</a>.
      </p>
    </Layout>
  );
}

/** Choosing a new password. */
export function ResetPasswordPage(props: { ctx: PageContext; email: string; form: FormState }) {
  const { ctx, form } = props;
  return (
    <Layout ctx={ctx} title="Choose a new password">
      <h1>Choose a new password</h1>
      <p>
        For <strong>{props.email}</strong>. Every browser signed in to this account is signed out when it changes.
      </p>
      <FormError form={form} />
      <form method="post" action={`${ctx.base}/reset-password`} class="stack" novalidate>
        <input type="hidden" name="email" value={props.email} autocomplete="username" />
        <NewPasswordFields form={form} label="New password" />
        <div>
          <button type="submit">Set the new password</button>
        </div>
      </form>
    </Layout>
  );
}
