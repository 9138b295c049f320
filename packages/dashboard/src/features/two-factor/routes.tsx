/**
 * Two-factor sign-in: the code step after the password, enrolment (QR code, confirm with a code,
 * recovery codes shown once), turning it off, and the gate that sends a member whose team requires
 * it to enrolment before anything else.
 *
 * @module
 */

import {
  type AuthenticatedSession,
  AuthenticationError,
  InvalidInputError,
  NotFoundError,
  RateLimitedError,
} from "@marketplace/core";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { DashboardApp, Env, Kit } from "../../kit.tsx";
import { EMPTY_FORM, type FormState, fieldErrors } from "../../ui/form.tsx";
import { EnrolmentPage, RecoveryCodesPage, SignInCodePage } from "./pages.tsx";

/** The name of the cookie that carries the second step's token (`__Host-` when cookies are secure). */
export function secondStepCookie(kit: Kit): string {
  return kit.sessionCookie.startsWith("__Host-") ? "__Host-mk_sign_in" : "mk_sign_in";
}

/** Where a member goes to set up two-factor sign-in. */
export function enrolmentPath(kit: Kit): string {
  return `${kit.base}/account/two-factor`;
}

/**
 * A member whose team requires two-factor sign-in and who has not set it up reaches only enrolment
 * (and signing out): every other signed-in page sends them there.
 */
export function twoFactorGate(kit: Kit): MiddlewareHandler<Env> {
  const allowed = new Set([enrolmentPath(kit), `${kit.base}/sign-out`]);
  return async (c, next) => {
    const auth = c.get("auth");
    if (!auth?.twoFactor.required || auth.twoFactor.enabled) return next();
    const path = c.req.path;
    if (allowed.has(path) || path.startsWith(`${kit.base}/assets/`)) return next();
    return c.redirect(enrolmentPath(kit), 303);
  };
}

/** Registers `/sign-in/code`, `/account/two-factor` and `/account/two-factor/disable`. */
export function registerTwoFactor(app: DashboardApp, kit: Kit): void {
  const cookie = secondStepCookie(kit);
  const codePage = (c: Context<Env>, form: FormState, status: 200 | 400 | 429 = 200) =>
    kit.render(c, <SignInCodePage ctx={kit.pageContext(c)} form={form} />, status);
  const startAgain = (c: Context<Env>) => {
    deleteCookie(c, cookie, kit.cookieOptions());
    return kit.message(
      c,
      410,
      "Please sign in again",
      <p>
        The code step waited too long or was used already. <a href={`${kit.base}/sign-in`}>Sign in again</a>.
      </p>,
    );
  };

  app.get("/sign-in/code", async (c) => {
    if (c.get("auth")) return c.redirect(`${kit.base}/`, 303);
    if (!(await kit.marketplace.twoFactor.hasChallenge(getCookie(c, cookie) ?? ""))) return startAgain(c);
    return codePage(c, EMPTY_FORM);
  });

  app.post("/sign-in/code", async (c) => {
    const token = getCookie(c, cookie) ?? "";
    const values = await kit.form(c);
    try {
      const signedIn = await kit.marketplace.twoFactor.completeSignIn(token, values.code ?? "", kit.origin(c));
      deleteCookie(c, cookie, kit.cookieOptions());
      setCookie(c, kit.sessionCookie, signedIn.token, kit.cookieOptions());
      return c.redirect(`${kit.base}/teams/${signedIn.member.teamId}`, 303);
    } catch (error) {
      if (NotFoundError.isInstance(error)) return startAgain(c);
      if (InvalidInputError.isInstance(error)) {
        return codePage(c, { values: {}, errors: { code: "Type the 6-digit code your app shows." } }, 400);
      }
      if (AuthenticationError.isInstance(error)) {
        const text = /used already/.test(error.message)
          ? "This code was used already. Wait for the next code of your app and type that one."
          : "This code is not right. Type the code your app shows now, or a recovery code.";
        return codePage(c, { values: {}, errors: { code: text } }, 400);
      }
      if (RateLimitedError.isInstance(error)) {
        return codePage(c, { values: {}, errors: {}, formError: `${error.message}.` }, 429);
      }
      throw error;
    }
  });

  const enrolmentPage = async (c: Context<Env>, form: FormState = EMPTY_FORM, status: 200 | 400 | 429 = 200) => {
    const auth = c.get("auth") as AuthenticatedSession;
    const { secret, uri } = await kit.marketplace.twoFactor.enrolment(auth);
    c.set("team", await kit.marketplace.teams.get(auth.member.teamId));
    return kit.render(
      c,
      <EnrolmentPage
        ctx={kit.pageContext(c)}
        secret={secret}
        uri={uri}
        form={form}
        required={auth.twoFactor.required}
      />,
      status,
    );
  };

  app.get("/account/two-factor", async (c) => {
    const auth = c.get("auth") as AuthenticatedSession;
    if (auth.twoFactor.enabled) return c.redirect(`${kit.base}/account`, 303);
    return enrolmentPage(c);
  });

  app.post("/account/two-factor", async (c) => {
    const auth = c.get("auth") as AuthenticatedSession;
    if (auth.twoFactor.enabled) return c.redirect(`${kit.base}/account`, 303);
    const values = await kit.form(c);
    try {
      const codes = await kit.marketplace.twoFactor.confirmEnrolment(auth, values.code ?? "", kit.origin(c));
      c.set("team", await kit.marketplace.teams.get(auth.member.teamId));
      return kit.render(
        c,
        <RecoveryCodesPage ctx={kit.pageContext(c)} codes={codes} next={`${kit.base}/teams/${auth.member.teamId}`} />,
      );
    } catch (error) {
      if (InvalidInputError.isInstance(error)) {
        const errors = fieldErrors(error.problems);
        return enrolmentPage(c, { values: {}, errors }, 400);
      }
      if (RateLimitedError.isInstance(error)) {
        return enrolmentPage(c, { values: {}, errors: {}, formError: `${error.message}.` }, 429);
      }
      throw error;
    }
  });
}
