/**
 * The endpoints pages: the list with each endpoint's health, the create form, one endpoint with its
 * actions (edit, pause and resume, re-enable, rotate the secret, test, recover, delete).
 *
 * @module
 */

import type { Webhook } from "@marketplace/core";
import type { EndpointOverview } from "@marketplace/core/flows";
import { type RecoveryProgress, successRate, type WebhookRecovery } from "@marketplace/core/webhooks";
import { FieldFrame, FormError, type FormState, ShownOnce } from "../../ui/form.tsx";
import { Layout, Notice, type PageContext, When } from "../../ui/layout.tsx";
import { Table } from "../../ui/table.tsx";
import {
  AttemptOutcome,
  can,
  canManage,
  circuitState,
  EndpointState,
  EventPicker,
  OVERLAPS,
  Row,
  WebhookTabs,
  webhooksPath,
} from "./common.tsx";
import { RecoverForm, RecoveryStatus } from "./recovery-pages.tsx";
import { type RevealState, SecretReveal } from "./secret-reveal.tsx";

/** A secret just issued (creation or rotation), shown once. */
export interface ShownSecret {
  secret: string;
  rotated: boolean;
  previousUntil: Date | null;
}

function UrlField({ form }: { form: FormState }) {
  const error = form.errors.url;
  return (
    <FieldFrame
      id="field-url"
      label="Endpoint URL"
      hint="An https address of your system that accepts POST requests."
      error={error}
    >
      <input
        id="field-url"
        name="url"
        type="url"
        required
        value={form.values.url}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={error ? "field-url-hint field-url-error" : "field-url-hint"}
      />
    </FieldFrame>
  );
}

/** The list of endpoints with health, and the create form. */
export function EndpointsPage(props: {
  ctx: PageContext;
  endpoints: EndpointOverview[];
  types: readonly string[];
  form: FormState;
  checked: readonly string[];
  created?: { webhook: Webhook; shown: ShownSecret };
  notice?: string;
}) {
  const { ctx, form } = props;
  const manage = canManage(ctx);
  return (
    <Layout ctx={ctx} title="Webhooks" current="webhooks">
      <h1>Webhooks</h1>
      <WebhookTabs ctx={ctx} current="endpoints" />
      <p class="muted">
        Endpoints receive the team's events as signed POST requests, retried for {ctx.delivery.retriedFor} until they
        answer 2xx.
      </p>
      {props.created ? (
        <ShownOnce id="new-secret" title="The endpoint's signing secret" secret={props.created.shown.secret}>
          <p>
            Endpoint <code>{props.created.webhook.url}</code> is registered. Copy its secret now to verify signatures:{" "}
            <strong>it will not be shown again.</strong>
          </p>
        </ShownOnce>
      ) : null}
      <Notice text={props.notice} />
      <h2>Endpoints</h2>
      {props.endpoints.length === 0 ? (
        <p>No endpoint yet.</p>
      ) : (
        <Table
          caption="Health over the last 24 hours"
          headers={["URL", "State", "Success rate", "Last attempt", "Circuit"]}
        >
          {props.endpoints.map(({ webhook, health }) => {
            const rate = successRate(health);
            return (
              <tr>
                <td>
                  <a href={webhooksPath(ctx, `/${webhook.id}`)}>{webhook.url}</a>
                </td>
                <td>
                  <EndpointState webhook={webhook} disabledAfter={ctx.delivery.disabledAfter} />
                </td>
                <td>{rate === null ? <span class="muted">no attempts</span> : `${rate} % of ${health.attempts}`}</td>
                <td>
                  {health.lastAttemptAt ? (
                    <>
                      <When at={health.lastAttemptAt} />{" "}
                      <AttemptOutcome
                        attempt={{ success: health.lastSuccess === true, statusCode: health.lastStatusCode }}
                      />
                    </>
                  ) : (
                    <span class="muted">none in 24 h</span>
                  )}
                </td>
                <td>{circuitState(webhook)}</td>
              </tr>
            );
          })}
        </Table>
      )}
      {manage ? (
        <>
          <h2>Add an endpoint</h2>
          <FormError form={form} />
          <form method="post" action={webhooksPath(ctx)} class="stack" novalidate>
            <UrlField form={form} />
            <EventPicker types={props.types} checked={props.checked} error={form.errors.events} />
            <div class="field">
              <label for="field-scheme">Signature headers</label>
              <select id="field-scheme" name="signatureScheme">
                <option value="service" selected={form.values.signatureScheme !== "standard"}>
                  X-Service-Signature (default)
                </option>
                <option value="standard" selected={form.values.signatureScheme === "standard"}>
                  Standard Webhooks headers as well
                </option>
              </select>
            </div>
            <div>
              <button type="submit">Add endpoint</button>
            </div>
          </form>
        </>
      ) : (
        <p>
          {ctx.portal
            ? "This session can see the endpoints but not change them."
            : "Your role can see the endpoints but not change them."}
        </p>
      )}
    </Layout>
  );
}

/** One endpoint: its facts and, for those who may, its actions. */
export function EndpointPage(props: {
  ctx: PageContext;
  webhook: Webhook;
  types: readonly string[];
  form: FormState;
  shown?: ShownSecret;
  notice?: string;
  recovery?: WebhookRecovery;
  reveal?: RevealState;
  progress: RecoveryProgress | null;
}) {
  const { ctx, webhook, form } = props;
  const base = webhooksPath(ctx, `/${webhook.id}`);
  const checked = form.values.events !== undefined ? form.values.events.split(",") : webhook.events;
  return (
    <Layout ctx={ctx} title={`Endpoint ${webhook.url}`} current="webhooks">
      <h1>Endpoint</h1>
      <WebhookTabs ctx={ctx} current="endpoints" />
      {props.shown ? (
        <ShownOnce id="new-secret" title="The new signing secret" secret={props.shown.secret}>
          <p>
            Copy it now: <strong>it will not be shown again.</strong>{" "}
            {props.shown.previousUntil ? (
              <>
                The old secret keeps signing too until <When at={props.shown.previousUntil} />.
              </>
            ) : (
              "The old secret no longer signs."
            )}
          </p>
        </ShownOnce>
      ) : null}
      <Notice text={props.notice} />
      <FormError form={form} />
      <dl class="facts">
        <Row term="URL">
          <code>{webhook.url}</code>
        </Row>
        <Row term="State">
          <EndpointState webhook={webhook} disabledAfter={ctx.delivery.disabledAfter} />
        </Row>
        <Row term="Circuit">{circuitState(webhook)}</Row>
        <Row term="Events">{webhook.events.join(", ")}</Row>
        <Row term="Signature">
          {webhook.signatureScheme === "standard" ? "Standard Webhooks" : "X-Service-Signature"}
        </Row>
        <Row term="Secret">
          <code>whsec_••••</code> <SecretReveal ctx={ctx} base={base} reveal={props.reveal} />
        </Row>
        <Row term="Created">
          <When at={webhook.createdAt} />
        </Row>
      </dl>
      <p>
        <a href={webhooksPath(ctx, `/deliveries?webhookId=${webhook.id}`)}>See this endpoint's deliveries</a>
      </p>
      {props.progress ? <RecoveryStatus ctx={ctx} webhook={webhook} progress={props.progress} /> : null}
      <EndpointActions {...props} base={base} checked={checked} />
    </Layout>
  );
}

function EndpointActions(props: {
  ctx: PageContext;
  webhook: Webhook;
  types: readonly string[];
  form: FormState;
  recovery?: WebhookRecovery;
  base: string;
  checked: readonly string[];
}) {
  const { ctx, webhook, form, base } = props;
  const manage = can(ctx, "manage_endpoints");
  const actions = manage || can(ctx, "send_tests") || can(ctx, "rotate_secrets");
  return (
    <>
      {manage ? (
        <>
          <h2>Change</h2>
          <form method="post" action={base} class="stack" novalidate>
            <UrlField form={{ ...form, values: { url: form.values.url ?? webhook.url } }} />
            <EventPicker types={props.types} checked={props.checked} error={form.errors.events} />
            <div>
              <button type="submit">Save changes</button>
            </div>
          </form>
        </>
      ) : null}
      {actions ? <h2>Actions</h2> : null}
      <div class="actions">
        {!manage ? null : webhook.isActive ? (
          <form method="post" action={`${base}/pause`} class="inline">
            <button type="submit" class="secondary">
              Pause
            </button>
          </form>
        ) : (
          <form method="post" action={`${base}/resume`} class="inline">
            <button type="submit">{webhook.disabledReason ? "Re-enable" : "Resume"}</button>
          </form>
        )}
        {can(ctx, "send_tests") ? (
          <form method="post" action={`${base}/test`} class="inline">
            <label for="test-type">Test event</label>
            <select id="test-type" name="eventType">
              <option value="">webhook.test (a ping)</option>
              {props.types.map((type) => (
                <option value={type}>{`${type} (example, training)`}</option>
              ))}
            </select>
            <button type="submit" class="secondary">
              Send a test event
            </button>
          </form>
        ) : null}
        {can(ctx, "rotate_secrets") ? (
          <form method="post" action={`${base}/rotate`} class="inline">
            <label for="overlap">The old secret keeps signing for</label>
            <select id="overlap" name="overlapSeconds">
              {OVERLAPS.map((o) => (
                <option value={o.value} selected={o.value === "86400"}>
                  {o.label}
                </option>
              ))}
            </select>
            <button type="submit" class="secondary">
              Rotate secret
            </button>
          </form>
        ) : null}
      </div>
      {can(ctx, "replay") ? <RecoverForm {...props} /> : null}
      {manage ? (
        <>
          <h2>Delete</h2>
          <form
            method="post"
            action={`${base}/delete`}
            data-confirm={`Delete the endpoint ${webhook.url}? Its delivery log goes with it.`}
          >
            <button type="submit" class="danger">
              Delete endpoint
            </button>
          </form>
        </>
      ) : null}
    </>
  );
}
