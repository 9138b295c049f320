/**
 * "Show the secret" on an endpoint's page (issue 29: viewing the secret again requires recent
 * sign-in). A member who signed in, or stepped up, within the last 10 minutes sees the secret on
 * that response alone; otherwise the page asks for the password (and a code with two-factor) and
 * shows it after. A portal session (no password) may see it within 10 minutes of opening its link.
 * The secret is only ever in a `no-store` response body: never in a URL, a redirect or a log line.
 *
 * @module
 */

import { InvalidInputError, PermissionError, RateLimitedError } from "@marketplace/core";
import { mayRevealSecret } from "@marketplace/core/flows";
import type { Context } from "hono";
import type { DashboardApp, Env, Kit, PageStatus } from "../../kit.tsx";
import { Field, FormError, type FormState, ShownOnce } from "../../ui/form.tsx";
import type { PageContext } from "../../ui/layout.tsx";
import { can } from "./common.tsx";
import { portalOf } from "./portal.tsx";

/** What the endpoint page shows of the secret: shown now, or the step-up form. */
export interface RevealState {
  /** The secret, shown on this response only. */
  secret?: string;
  /** The step-up form (password, and a code when `twoFactor`). */
  form?: FormState;
  twoFactor?: boolean;
  /** A portal session past its window: nothing to type, a sentence instead. */
  portalTooLate?: boolean;
}

/** True when the page's viewer may ask for the secret again. */
export function mayAskSecret(ctx: PageContext): boolean {
  return ctx.portal ? ctx.portal.capabilities.includes("view_secrets") : can(ctx, "manage_endpoints");
}

/** The secret's row content: the mask and the button, the shown secret, or the step-up form. */
export function SecretReveal(props: { ctx: PageContext; base: string; reveal?: RevealState }) {
  const { ctx, base, reveal } = props;
  if (reveal?.secret) {
    return (
      <ShownOnce id="shown-secret" title="The endpoint's signing secret" secret={reveal.secret}>
        <p>Copy it now: it is not kept on this page. Showing it again asks for a recent sign-in.</p>
      </ShownOnce>
    );
  }
  if (reveal?.portalTooLate) {
    return (
      <p class="notice" role="status">
        This portal session shows secrets only in its first 10 minutes. Ask for a new portal link.
      </p>
    );
  }
  if (reveal?.form) {
    return (
      <section class="notice" aria-labelledby="step-up-title">
        <h2 id="step-up-title">Confirm it is you</h2>
        <p>You signed in more than 10 minutes ago. Enter your password to see the secret.</p>
        <FormError form={reveal.form} />
        <form method="post" action={`${base}/secret`} class="stack" novalidate>
          <Field form={reveal.form} name="password" label="Password" type="password" autocomplete="current-password" />
          {reveal.twoFactor ? (
            <Field
              form={reveal.form}
              name="code"
              label="Code from your authenticator app"
              autocomplete="one-time-code"
              hint="Six digits."
            />
          ) : null}
          <div>
            <button type="submit">Show the secret</button>
          </div>
        </form>
      </section>
    );
  }
  if (!mayAskSecret(ctx)) return <span class="muted">(shown only when created or rotated)</span>;
  return (
    <form method="post" action={`${base}/secret`} class="inline">
      <button type="submit" class="secondary">
        Show the secret
      </button>
    </form>
  );
}

type EndpointPage = (c: Context<Env>, extra: { reveal?: RevealState }, status?: PageStatus) => Promise<Response>;

/** Registers `POST /teams/:teamId/webhooks/:webhookId/secret`. */
export function registerSecretReveal(app: DashboardApp, kit: Kit, endpointPage: EndpointPage): void {
  const portal = kit.marketplace.webhookPortal;
  app.post("/teams/:teamId/webhooks/:webhookId/secret", async (c) => {
    const teamId = kit.teamOf(c).id;
    const webhookId = c.req.param("webhookId");
    const session = portalOf(c);
    // Another team's or an unknown endpoint is 404 before anything else is said.
    await portal.endpoint(teamId, webhookId, kit.caller(c));
    if (session) {
      if (!session.capabilities.includes("view_secrets"))
        throw new PermissionError("this portal session may not see secrets");
      const opened = session.openedAt ?? null;
      if (!mayRevealSecret(opened, new Date())) return endpointPage(c, { reveal: { portalTooLate: true } }, 403);
      return endpointPage(c, {
        reveal: { secret: await portal.revealSecret(teamId, webhookId, kit.caller(c), opened) },
      });
    }
    const auth = c.get("auth");
    if (!auth) return kit.notFound(c);
    if (!can(kit.pageContext(c), "manage_endpoints")) throw new PermissionError("this role may not see secrets");
    const twoFactor = auth.twoFactor.enabled;
    const values = await kit.form(c);
    let signedInAt = latest(auth.session.createdAt, auth.session.reauthenticatedAt ?? null);
    if (values.password !== undefined) {
      const kept = { values: { code: values.code ?? "" }, errors: {} };
      try {
        signedInAt = await kit.marketplace.twoFactor.reauthenticate(
          auth,
          values.password,
          values.code ?? "",
          kit.origin(c),
        );
      } catch (error) {
        if (RateLimitedError.isInstance(error)) {
          const form = { ...kept, formError: "Too many attempts: wait 15 minutes, then try again." };
          return endpointPage(c, { reveal: { form, twoFactor } }, 429);
        }
        if (!InvalidInputError.isInstance(error)) throw error;
        const wrongCode = error.problems.some((p) => p.startsWith("code"));
        const errors: Record<string, string> = wrongCode
          ? { code: "This code is not right: enter the six digits your app shows now." }
          : { password: "This password is not right." };
        return endpointPage(c, { reveal: { form: { ...kept, errors }, twoFactor } }, 400);
      }
    }
    if (!mayRevealSecret(signedInAt, new Date())) {
      return endpointPage(c, { reveal: { form: { values: {}, errors: {} }, twoFactor } });
    }
    const secret = await portal.revealSecret(teamId, webhookId, kit.caller(c), signedInAt);
    return endpointPage(c, { reveal: { secret } });
  });
}

function latest(a: Date, b: Date | null): Date {
  return b !== null && b > a ? b : a;
}
