/**
 * The delivery log's pages: the filtered attempt list, one attempt (request as sent, response as
 * recorded), an order's timeline.
 *
 * @module
 */

import { DEFAULT_RETRY_DELAYS_MS, type Webhook, type WebhookDelivery } from "@marketplace/core";
import type { AttemptDetail } from "@marketplace/core/flows";
import { ATTEMPT_TRIGGER_NAMES, type AttemptQuery, type OrderTimelineEvent } from "@marketplace/core/webhooks";
import { describedBy, FieldFrame } from "../../ui/form.tsx";
import { Layout, Notice, type PageContext, When } from "../../ui/layout.tsx";
import { OlderLink, Table } from "../../ui/table.tsx";
import { AttemptOutcome, can, Row, triggerName, WebhookTabs, webhooksPath } from "./common.tsx";

function FilterField(props: {
  name: keyof AttemptQuery;
  label: string;
  query: AttemptQuery;
  errors: Record<string, string>;
  type?: string;
}) {
  const { name } = props;
  const error = props.errors[name];
  const id = `filter-${name}`;
  return (
    <FieldFrame id={id} label={props.label} error={error}>
      <input
        id={id}
        name={name}
        type={props.type ?? "text"}
        value={props.query[name]}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy(id, { error })}
      />
    </FieldFrame>
  );
}

function FilterSelect(props: {
  name: keyof AttemptQuery;
  label: string;
  query: AttemptQuery;
  errors: Record<string, string>;
  options: readonly { value: string; label: string }[];
}) {
  const id = `filter-${props.name}`;
  const error = props.errors[props.name];
  return (
    <FieldFrame id={id} label={props.label} error={error}>
      <select id={id} name={props.name} aria-describedby={describedBy(id, { error })}>
        <option value="">Any</option>
        {props.options.map((o) => (
          <option value={o.value} selected={props.query[props.name] === o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** The attempt log with its filters. */
export function DeliveriesPage(props: {
  ctx: PageContext;
  /** The live tail's stream, or null (filters, later pages, or no feed). */
  live: string | null;
  attempts: WebhookDelivery[];
  nextCursor: string | null;
  query: AttemptQuery;
  errors: Record<string, string>;
  types: readonly string[];
  endpoints: Webhook[];
}) {
  const { ctx, query, errors } = props;
  const urlOf = new Map(props.endpoints.map((w) => [w.id, w.url]));
  const next = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""),
  );
  if (props.nextCursor) next.set("cursor", props.nextCursor);
  return (
    <Layout ctx={ctx} title="Deliveries" current="webhooks">
      <h1>Deliveries</h1>
      <WebhookTabs ctx={ctx} current="deliveries" />
      <form method="get" action={webhooksPath(ctx, "/deliveries")} class="filters" aria-label="Filter the attempts">
        <FilterSelect
          name="webhookId"
          label="Endpoint"
          query={query}
          errors={errors}
          options={props.endpoints.map((w) => ({ value: w.id, label: w.url }))}
        />
        <FilterSelect
          name="eventType"
          label="Event type"
          query={query}
          errors={errors}
          options={props.types.map((t) => ({ value: t, label: t }))}
        />
        <FilterSelect
          name="outcome"
          label="Outcome"
          query={query}
          errors={errors}
          options={[
            { value: "succeeded", label: "Delivered" },
            { value: "failed", label: "Failed" },
          ]}
        />
        <FilterSelect
          name="trigger"
          label="Trigger"
          query={query}
          errors={errors}
          options={Object.values(ATTEMPT_TRIGGER_NAMES).map((t) => ({ value: t, label: t }))}
        />
        <FilterField name="statusCode" label="HTTP status (0: none)" query={query} errors={errors} />
        <FilterField name="from" label="From (UTC)" type="datetime-local" query={query} errors={errors} />
        <FilterField name="to" label="Until (UTC)" type="datetime-local" query={query} errors={errors} />
        <FilterField name="eventId" label="Event id" query={query} errors={errors} />
        <FilterField name="orderId" label="Order id" query={query} errors={errors} />
        <div>
          <button type="submit">Filter</button>
        </div>
      </form>
      {query.orderId && !errors.orderId ? (
        <p>
          <a href={webhooksPath(ctx, `/orders/${query.orderId}`)}>See this order's timeline</a>
        </p>
      ) : null}
      {props.live ? (
        <div class="live">
          <button type="button" id="live-toggle" class="secondary" aria-pressed="false" hidden>
            Pause live updates
          </button>
          <p id="live-status" class="muted" role="status"></p>
        </div>
      ) : null}
      <Table
        caption="Attempts, newest first"
        headers={["When", "Event", "Endpoint", "Outcome", "Trigger", "Attempt"]}
        attributes={{ id: "attempts", "data-live": props.live ?? undefined }}
      >
        {props.attempts.map((a) => (
          <AttemptRow ctx={ctx} attempt={a} url={urlOf.get(a.webhookId ?? "") ?? a.url} />
        ))}
      </Table>
      {props.attempts.length === 0 ? <p id="no-attempts">No attempt matches.</p> : null}
      <OlderLink href={props.nextCursor ? `${webhooksPath(ctx, "/deliveries")}?${next.toString()}` : null}>
        Older attempts
      </OlderLink>
    </Layout>
  );
}

/** One row of the log (also what the live tail inserts). */
export function AttemptRow({ ctx, attempt, url }: { ctx: PageContext; attempt: WebhookDelivery; url: string }) {
  return (
    <tr>
      <td>
        <a href={webhooksPath(ctx, `/deliveries/${attempt.id}`)}>
          <When at={attempt.createdAt} />
        </a>
      </td>
      <td>
        <code>{attempt.eventType}</code>
      </td>
      <td class="url">{url}</td>
      <td>
        <AttemptOutcome attempt={attempt} />
      </td>
      <td>{triggerName(attempt.trigger)}</td>
      <td>{attempt.attempt}</td>
    </tr>
  );
}

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** One attempt: the request as sent and the response as recorded. */
export function AttemptPage(props: { ctx: PageContext; detail: AttemptDetail; notice?: string }) {
  const { ctx, detail } = props;
  const { attempt } = detail;
  const data = (detail.event?.data ?? {}) as { orderId?: unknown };
  const orderId = typeof data.orderId === "string" ? data.orderId : null;
  const delay = DEFAULT_RETRY_DELAYS_MS[attempt.attempt - 1];
  const retries = !attempt.success && attempt.trigger === "event" && delay !== undefined;
  return (
    <Layout ctx={ctx} title="Delivery attempt" current="webhooks">
      <h1>Delivery attempt</h1>
      <WebhookTabs ctx={ctx} current="deliveries" />
      <Notice text={props.notice} />
      <dl class="facts">
        <Row term="Outcome">
          <AttemptOutcome attempt={attempt} />
        </Row>
        <Row term="When">
          <When at={attempt.createdAt} />
        </Row>
        <Row term="Duration">{`${attempt.durationMs} ms`}</Row>
        <Row term="Attempt">{`${attempt.attempt} (${triggerName(attempt.trigger)})`}</Row>
        <Row term="Next retry">
          {retries ? (
            <>
              about <When at={new Date(attempt.createdAt.getTime() + delay)} /> (±20 %), unless another endpoint's
              attempt of the round changed it
            </>
          ) : (
            <span class="muted">none</span>
          )}
        </Row>
        <Row term="Endpoint">
          {detail.webhook ? (
            <a href={webhooksPath(ctx, `/${detail.webhook.id}`)}>{attempt.url}</a>
          ) : (
            <code>{attempt.url}</code>
          )}
        </Row>
        <Row term="Event">
          <a href={webhooksPath(ctx, `/deliveries?eventId=${attempt.eventId}`)}>
            <code>{attempt.eventType}</code> {attempt.eventId}
          </a>
        </Row>
        {orderId ? (
          <Row term="Order">
            <a href={webhooksPath(ctx, `/orders/${orderId}`)}>{orderId} (timeline)</a>
          </Row>
        ) : null}
      </dl>
      {can(ctx, "replay") && detail.webhook ? (
        <form method="post" action={webhooksPath(ctx, `/deliveries/${attempt.id}/resend`)} class="actions">
          <button type="submit">Resend this event to this endpoint</button>
        </form>
      ) : null}
      <h2>Request as sent</h2>
      <h3>Headers</h3>
      {attempt.requestHeaders ? (
        <pre class="code" tabindex={0}>
          {Object.entries(attempt.requestHeaders)
            .map(([name, value]) => `${name}: ${value}`)
            .join("\n")}
        </pre>
      ) : (
        <p class="muted">Not recorded (no request went out, or the attempt predates header recording).</p>
      )}
      <h3>Body</h3>
      {detail.body ? (
        <>
          <pre class="code" tabindex={0}>
            {pretty(detail.body)}
          </pre>
          <details>
            <summary>Raw body</summary>
            <pre class="code" tabindex={0}>
              {detail.body}
            </pre>
          </details>
        </>
      ) : (
        <p class="muted">The event is past its retention window.</p>
      )}
      <h2>Response</h2>
      <dl class="facts">
        <Row term="Status">{attempt.statusCode === null ? "no response" : String(attempt.statusCode)}</Row>
      </dl>
      <h3>Headers</h3>
      {attempt.responseHeaders ? (
        <pre class="code" tabindex={0}>
          {Object.entries(attempt.responseHeaders)
            .map(([name, value]) => `${name}: ${value}`)
            .join("\n")}
        </pre>
      ) : (
        <p class="muted">Not recorded (no response arrived, or the attempt predates header recording).</p>
      )}
      <h3>{attempt.statusCode === null ? "Error" : "Body (first 4 KiB)"}</h3>
      <pre class="code" tabindex={0}>
        {attempt.responseBody === "" ? "(empty)" : pretty(attempt.responseBody)}
      </pre>
    </Layout>
  );
}

/** An order's events for this team, in sequence order, each with its attempts. */
export function OrderTimelinePage(props: { ctx: PageContext; orderId: string; events: OrderTimelineEvent[] }) {
  const { ctx } = props;
  return (
    <Layout ctx={ctx} title="Order timeline" current="webhooks">
      <h1>Order timeline</h1>
      <WebhookTabs ctx={ctx} current="deliveries" />
      <p>
        Order <code>{props.orderId}</code>: every event it produced for your team, in sequence order.
      </p>
      {props.events.length === 0 ? <p>No event of this order reached your team in the last 30 days.</p> : null}
      <ol class="steps">
        {props.events.map((event) => (
          <li>
            <h2>
              {event.sequence !== null ? `${event.sequence}. ` : ""}
              <code>{event.type}</code>
            </h2>
            <p class="muted">
              <When at={event.createdAt} /> · event {event.id}
            </p>
            {event.attempts.length === 0 ? (
              <p>No attempt at any endpoint.</p>
            ) : (
              <ul>
                {event.attempts.map((a) => (
                  <li>
                    <a href={webhooksPath(ctx, `/deliveries/${a.id}`)}>
                      <When at={a.createdAt} />
                    </a>{" "}
                    {a.url} · <AttemptOutcome attempt={a} /> · attempt {a.attempt} ({triggerName(a.trigger)})
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </Layout>
  );
}
