/**
 * Recovery's parts: the since-T form with its dry-run count, the progress, and the page that
 * refreshes itself until the recovery is done.
 *
 * @module
 */

import type { Webhook } from "@marketplace/core";
import type { RecoveryProgress, WebhookRecovery } from "@marketplace/core/webhooks";
import { FieldFrame, type FormState } from "../../ui/form.tsx";
import { Layout, type PageContext, When } from "../../ui/layout.tsx";
import { WebhookTabs, webhooksPath } from "./common.tsx";

/** How far the endpoint's latest recovery has got. */
export function RecoveryStatus(props: { ctx: PageContext; webhook: Webhook; progress: RecoveryProgress }) {
  const { progress } = props;
  const total = progress.sent + progress.pending;
  return (
    <section aria-labelledby="recovery-title">
      <h2 id="recovery-title">Recovery</h2>
      <p role="status">
        {progress.pending > 0
          ? `Recovering: ${progress.sent} of ${total} events sent.`
          : `Recovery done: ${progress.sent} events sent.`}{" "}
        Started <When at={progress.startedAt} />.
      </p>
      <progress max={String(Math.max(total, 1))} value={String(progress.sent)} aria-label="Recovery progress" />
      {progress.pending > 0 ? (
        <p>
          <a href={webhooksPath(props.ctx, `/${props.webhook.id}/recovery`)}>Follow the progress</a>
        </p>
      ) : null}
    </section>
  );
}

/** Recover since T: the form, or the dry run's count with its confirmation. */
export function RecoverForm(props: { form: FormState; recovery?: WebhookRecovery; base: string }) {
  const { form, base } = props;
  return (
    <>
      <h2>Recover failed or missed events</h2>
      {props.recovery?.dryRun ? (
        <form method="post" action={`${base}/recover`} class="stack">
          <p role="status">
            {props.recovery.count === 0
              ? "No event since then needs sending again."
              : `${props.recovery.count} events since ${props.recovery.since.toISOString()} failed or were missed.`}
          </p>
          <input type="hidden" name="since" value={props.recovery.since.toISOString()} />
          <input type="hidden" name="until" value={props.recovery.until.toISOString()} />
          {props.recovery.count > 0 ? (
            <div>
              <button type="submit">Send {props.recovery.count} events again</button>
            </div>
          ) : null}
        </form>
      ) : (
        <form method="post" action={`${base}/recover`} class="stack" novalidate>
          <input type="hidden" name="dryRun" value="true" />
          <FieldFrame
            id="field-since"
            label="Since (UTC)"
            hint="At most 30 days back. You see how many events this concerns before anything is sent."
            error={form.errors.since}
          >
            <input
              id="field-since"
              name="since"
              type="datetime-local"
              required
              value={form.values.since}
              aria-invalid={form.errors.since ? "true" : undefined}
              aria-describedby={form.errors.since ? "field-since-hint field-since-error" : "field-since-hint"}
            />
          </FieldFrame>
          <div>
            <button type="submit" class="secondary">
              Count events
            </button>
          </div>
        </form>
      )}
    </>
  );
}

/** The recovery's progress, reloading itself every 2 seconds until done. */
export function RecoveryPage(props: { ctx: PageContext; webhook: Webhook; progress: RecoveryProgress | null }) {
  const { ctx, webhook, progress } = props;
  const running = progress !== null && progress.pending > 0;
  return (
    <Layout
      ctx={ctx}
      title="Recovery"
      current="webhooks"
      head={running ? <meta http-equiv="refresh" content="2" /> : undefined}
    >
      <h1>Recovery</h1>
      <WebhookTabs ctx={ctx} current="endpoints" />
      <p>
        Endpoint <a href={webhooksPath(ctx, `/${webhook.id}`)}>{webhook.url}</a>
      </p>
      {progress ? <RecoveryStatus ctx={ctx} webhook={webhook} progress={progress} /> : <p>No recovery has run.</p>}
      {running ? <p class="muted">This page refreshes itself every 2 seconds until the recovery is done.</p> : null}
    </Layout>
  );
}
