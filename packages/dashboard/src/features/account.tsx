/**
 * The member's own account: password, two-factor sign-in and sessions.
 *
 * @module
 */

import { type AuthenticatedSession, InvalidInputError, type Member, NotFoundError } from "@marketplace/core";
import { type MemberSession, MIN_PASSWORD_LENGTH, type TwoFactorStatus } from "@marketplace/core/members";
import type { Context } from "hono";
import { deleteCookie } from "hono/cookie";
import type { DashboardApp, Env, Kit } from "../kit.tsx";
import { browserName, EMPTY_FORM, Field, FormError, type FormState, fieldErrors } from "../ui/form.tsx";
import { Layout, Notice, type PageContext, When } from "../ui/layout.tsx";
import { Table } from "../ui/table.tsx";
import { RecoveryCodesPage, TwoFactorSection } from "./two-factor/pages.tsx";

/** Registers `/account` and its actions. */
export function registerAccount(app: DashboardApp, kit: Kit): void {
  // The member's own account
  const accountPage = async (
    c: Context<Env>,
    extra: { form?: FormState; twoFactorForm?: FormState; notice?: string } = {},
    status: 200 | 400 = 200,
  ) => {
    const auth = c.get("auth") as AuthenticatedSession;
    const [sessions, twoFactor] = await Promise.all([
      kit.marketplace.members.listSessions(auth.member.id),
      kit.marketplace.twoFactor.status(auth.member.id),
    ]);
    c.set("team", await kit.marketplace.teams.get(auth.member.teamId));
    return kit.render(
      c,
      <AccountPage
        ctx={kit.pageContext(c)}
        sessions={sessions}
        currentSessionId={auth.session.id}
        form={extra.form ?? EMPTY_FORM}
        twoFactor={twoFactor}
        twoFactorForm={extra.twoFactorForm ?? EMPTY_FORM}
        notice={extra.notice}
      />,
      status,
    );
  };

  app.get("/account", (c) => accountPage(c));

  app.post("/account/password", async (c) => {
    const values = await kit.form(c);
    try {
      await kit.marketplace.members.changePassword(
        c.get("auth") as AuthenticatedSession,
        { current: values.current ?? "", next: values.next ?? "" },
        kit.origin(c),
      );
      return accountPage(c, { notice: "Your password is changed. Your other sessions have ended." });
    } catch (error) {
      if (InvalidInputError.isInstance(error)) {
        return accountPage(c, { form: { values: {}, errors: fieldErrors(error.problems) } }, 400);
      }
      throw error;
    }
  });

  app.post("/account/two-factor/disable", async (c) => {
    const values = await kit.form(c);
    try {
      await kit.marketplace.twoFactor.disable(
        c.get("auth") as AuthenticatedSession,
        values.password ?? "",
        kit.origin(c),
      );
      return accountPage(c, { notice: "Two-factor sign-in is off. Signing in asks for your password only." });
    } catch (error) {
      if (InvalidInputError.isInstance(error)) {
        const text = "This password is not right. Type your current password to turn two-factor sign-in off.";
        return accountPage(c, { twoFactorForm: { values: {}, errors: { password: text } } }, 400);
      }
      throw error;
    }
  });

  app.post("/account/two-factor/recovery-codes", async (c) => {
    const values = await kit.form(c);
    const auth = c.get("auth") as AuthenticatedSession;
    try {
      const codes = await kit.marketplace.twoFactor.replaceRecoveryCodes(auth, values.password ?? "", kit.origin(c));
      c.set("team", await kit.marketplace.teams.get(auth.member.teamId));
      return kit.render(
        c,
        <RecoveryCodesPage ctx={kit.pageContext(c)} codes={codes} next={`${kit.base}/account`} replaced />,
      );
    } catch (error) {
      if (InvalidInputError.isInstance(error)) {
        const text = "This password is not right. Type your current password to get new recovery codes.";
        return accountPage(c, { twoFactorForm: { values: {}, errors: { password: text } } }, 400);
      }
      throw error;
    }
  });

  app.post("/account/sessions/:sessionId/end", async (c) => {
    const auth = c.get("auth") as AuthenticatedSession;
    const sessionId = c.req.param("sessionId");
    const ended =
      sessionId !== auth.session.id && (await kit.marketplace.members.endSession(auth, sessionId, kit.origin(c)));
    if (!ended) throw new NotFoundError("Session", sessionId);
    return accountPage(c, { notice: "That session is signed out." });
  });

  app.post("/account/sign-out-everywhere", async (c) => {
    await kit.marketplace.members.signOutEverywhere(c.get("auth") as AuthenticatedSession, kit.origin(c));
    deleteCookie(c, kit.sessionCookie, kit.cookieOptions());
    return c.redirect(`${kit.base}/sign-in`, 303);
  });
}

/** The member's own account: password, two-factor sign-in and sessions. */
export function AccountPage(props: {
  ctx: PageContext;
  sessions: MemberSession[];
  currentSessionId: string;
  form: FormState;
  twoFactor: TwoFactorStatus;
  twoFactorForm: FormState;
  notice?: string;
}) {
  const { ctx, form } = props;
  return (
    <Layout ctx={ctx} title="Your account" current="account">
      <h1>Your account</h1>
      <Notice text={props.notice} />
      <h2>Change your password</h2>
      <FormError form={form} />
      <form method="post" action={`${ctx.base}/account/password`} class="stack" novalidate>
        <input type="hidden" name="email" value={(ctx.member as Member).email} autocomplete="username" />
        <Field
          form={form}
          name="current"
          label="Current password"
          type="password"
          autocomplete="current-password"
          keep={false}
        />
        <Field
          form={form}
          name="next"
          label="New password"
          type="password"
          autocomplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. Your other sessions end when it changes.`}
          keep={false}
        />
        <div>
          <button type="submit">Change password</button>
        </div>
      </form>
      <TwoFactorSection ctx={ctx} status={props.twoFactor} form={props.twoFactorForm} />
      <h2>Where you are signed in</h2>
      <Table
        caption="Your active sessions, most recent first"
        headers={["Browser", "Address", "Signed in", "Last active", "Actions"]}
      >
        {props.sessions.map((session) => (
          <tr>
            <td>
              {session.userAgent ? browserName(session.userAgent) : "unknown"}
              {session.id === props.currentSessionId ? <span class="muted"> (this browser)</span> : null}
            </td>
            <td>{session.ip ?? "unknown"}</td>
            <td>
              <When at={session.createdAt} />
            </td>
            <td>
              <When at={session.lastSeenAt} />
            </td>
            <td>
              {session.id === props.currentSessionId ? null : (
                <form method="post" action={`${ctx.base}/account/sessions/${session.id}/end`} class="inline">
                  <button type="submit" class="secondary" aria-label="Sign out this session">
                    Sign out
                  </button>
                </form>
              )}
            </td>
          </tr>
        ))}
      </Table>
      <form
        method="post"
        action={`${ctx.base}/account/sign-out-everywhere`}
        data-confirm="Sign out on every browser, this one included?"
      >
        <p>
          <button type="submit" class="danger">
            Sign out everywhere
          </button>
        </p>
      </form>
    </Layout>
  );
}
