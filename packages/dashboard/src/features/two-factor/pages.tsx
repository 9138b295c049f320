/**
 * The two-factor pages: the code step of sign-in, enrolment with a QR code, the recovery codes
 * (shown once), and the account page's section.
 *
 * @module
 */

import type { TwoFactorStatus } from "@marketplace/core/members";
import { Field, FormError, type FormState } from "../../ui/form.tsx";
import { Layout, type PageContext } from "../../ui/layout.tsx";
import { QrCode } from "../../ui/qr-code.tsx";

/** The second step of sign-in: a code of the app, or a recovery code. */
export function SignInCodePage(props: { ctx: PageContext; form: FormState }) {
  const { ctx, form } = props;
  return (
    <Layout ctx={ctx} title="Enter your code">
      <h1>Enter your code</h1>
      <p>Your password is right. Open your authenticator app and type the 6-digit code it shows for this account.</p>
      <FormError form={form} />
      <form method="post" action={`${ctx.base}/sign-in/code`} class="stack" novalidate>
        <Field
          form={form}
          name="code"
          label="Code"
          autocomplete="one-time-code"
          hint="6 digits from your app, or one of your recovery codes (such as k7m2p-xq9rt) if you lost your device."
          keep={false}
        />
        <div>
          <button type="submit">Sign in</button>
        </div>
      </form>
      <p class="muted">
        Not you, or want to start again? <a href={`${ctx.base}/sign-in`}>Back to sign-in</a>.
      </p>
    </Layout>
  );
}

/** Enrolment: scan the QR code (or type the key), then confirm with a code. */
export function EnrolmentPage(props: {
  ctx: PageContext;
  secret: string;
  uri: string;
  form: FormState;
  required: boolean;
}) {
  const { ctx, form } = props;
  const grouped = props.secret.replace(/(.{4})/g, "$1 ").trim();
  return (
    <Layout ctx={ctx} title="Set up two-factor sign-in" current="account">
      <h1>Set up two-factor sign-in</h1>
      {props.required ? (
        <div class="notice bad" role="alert">
          Your team requires two-factor sign-in. Set it up to continue to the dashboard.
        </div>
      ) : null}
      <FormError form={form} />
      <ol class="steps">
        <li>
          <p>
            Open an authenticator app (for example Google Authenticator, Microsoft Authenticator, 1Password or Aegis).
          </p>
        </li>
        <li>
          <p>Scan this QR code with the app:</p>
          <QrCode text={props.uri} label="QR code to add this account to your authenticator app" />
          <p>
            Cannot scan it? Type this key into the app instead (time-based, 6 digits):{" "}
            <code class="secret-text" id="totp-secret" data-secret={props.secret}>
              {grouped}
            </code>
          </p>
        </li>
        <li>
          <p>Type the code the app shows now, to confirm it works.</p>
          <form method="post" action={`${ctx.base}/account/two-factor`} class="stack" novalidate>
            <Field form={form} name="code" label="Code from your app" autocomplete="one-time-code" keep={false} />
            <div>
              <button type="submit">Turn on two-factor sign-in</button>
            </div>
          </form>
        </li>
      </ol>
      {props.required ? null : (
        <p>
          <a href={`${ctx.base}/account`}>Not now: back to your account</a>
        </p>
      )}
    </Layout>
  );
}

/** The recovery codes, shown once after enrolment. */
export function RecoveryCodesPage(props: { ctx: PageContext; codes: string[]; next: string; replaced?: boolean }) {
  const { ctx } = props;
  return (
    <Layout ctx={ctx} title="Save your recovery codes" current="account">
      <h1>{props.replaced ? "Your new recovery codes" : "Two-factor sign-in is on"}</h1>
      <section class="notice" aria-labelledby="recovery-title">
        <h2 id="recovery-title">Save your recovery codes</h2>
        <p>
          If you lose your device, each of these codes signs you in once instead of a code of the app. Keep them
          somewhere safe, such as a password manager. <strong>They are not shown again.</strong>
        </p>
        <ul class="codes" id="recovery-codes">
          {props.codes.map((code) => (
            <li>{code}</li>
          ))}
        </ul>
        <button type="button" class="secondary" data-copy="recovery-codes" hidden>
          Copy the codes
        </button>
        <p class="muted" id="recovery-codes-status" role="status"></p>
      </section>
      <p>
        <a class="button" href={props.next}>
          {props.replaced ? "Back to your account" : "Continue to the dashboard"}
        </a>
      </p>
    </Layout>
  );
}

/** The account page's section: on (with codes left and a form to turn it off) or off (a link to set it up). */
export function TwoFactorSection(props: { ctx: PageContext; status: TwoFactorStatus; form: FormState }) {
  const { ctx, status, form } = props;
  return (
    <section aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-factor sign-in</h2>
      {status.enabled ? (
        <>
          <p>
            <span class="done">On.</span> Signing in asks for a code of your authenticator app after your password. You
            have {status.recoveryCodesLeft} recovery code{status.recoveryCodesLeft === 1 ? "" : "s"} left.
          </p>
          <form method="post" action={`${ctx.base}/account/two-factor/disable`} class="stack" novalidate>
            <Field
              form={form}
              name="password"
              label="Your password, to change two-factor sign-in"
              type="password"
              autocomplete="current-password"
              hint="New recovery codes replace the ones you have: those stop working."
              keep={false}
            />
            <div class="inline">
              <button type="submit" class="secondary" formaction={`${ctx.base}/account/two-factor/recovery-codes`}>
                Get new recovery codes
              </button>
              <button type="submit" class="danger">
                Turn off two-factor sign-in
              </button>
            </div>
          </form>
        </>
      ) : (
        <>
          <p>Off. With it on, signing in also asks for a code from an app on your phone.</p>
          <p>
            <a class="button" href={`${ctx.base}/account/two-factor`}>
              Set up two-factor sign-in
            </a>
          </p>
        </>
      )}
    </section>
  );
}
