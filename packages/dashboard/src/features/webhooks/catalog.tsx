/**
 * The event catalog: every event type the team may subscribe to, what it means, the JSON Schema of
 * its payload and an example, both from the core (`eventPayloadSchema`, `exampleOf`: the schemas
 * the OpenAPI document's webhooks show, written once), and the newest payload the team received.
 *
 * @module
 */

import type { EventEnvelope, EventType } from "@marketplace/core";
import { EVENT_DESCRIPTIONS, eventPayloadSchema, exampleOf } from "@marketplace/core/event-payloads";
import type { DashboardApp, Kit } from "../../kit.tsx";
import { Layout, type PageContext } from "../../ui/layout.tsx";
import { WebhookTabs } from "./common.tsx";

/** Registers `/teams/:teamId/webhooks/event-catalog`. */
export function registerEventCatalog(app: DashboardApp, kit: Kit): void {
  app.get("/teams/:teamId/webhooks/event-catalog", async (c) => {
    const teamId = kit.teamOf(c).id;
    const caller = kit.caller(c);
    const types = await kit.marketplace.webhookPortal.eventTypes(teamId, caller);
    const principal = { teamId, role: kit.teamOf(c).role, apiKeyId: caller.actor.id ?? "" };
    const examples = await Promise.all(
      types.subscribable.map(async (type) => {
        const page = await kit.marketplace.events.list(principal, { type }, { kind: "page", limit: 1, after: null });
        return (Array.isArray(page) ? page : page.data)[0] ?? null;
      }),
    );
    return kit.render(
      c,
      <CatalogPage
        ctx={kit.pageContext(c)}
        entries={types.subscribable.map((type, i) => ({ type: type as EventType, latest: examples[i] ?? null }))}
        test={types.test}
      />,
    );
  });
}

function CatalogPage(props: {
  ctx: PageContext;
  entries: { type: EventType; latest: EventEnvelope | null }[];
  test: string;
}) {
  return (
    <Layout ctx={props.ctx} title="Event catalog" current="webhooks">
      <h1>Event catalog</h1>
      <WebhookTabs ctx={props.ctx} current="catalog" />
      <p class="muted">
        Every delivery is a signed JSON envelope <code>{"{id, type, version, createdAt, data}"}</code>. The schemas here
        are the ones in the API reference's webhooks.
      </p>
      <ul>
        {props.entries.map(({ type }) => (
          <li>
            <a href={`#type-${type}`}>
              <code>{type}</code>
            </a>
          </li>
        ))}
      </ul>
      {props.entries.map(({ type, latest }) => {
        const schema = eventPayloadSchema(type);
        const example = {
          id: exampleOf({ type: "string", format: "uuid" }),
          type,
          version: 1,
          createdAt: exampleOf({ type: "string", format: "date-time" }),
          data: exampleOf(schema),
        };
        return (
          <section aria-labelledby={`type-${type}`}>
            <h2 id={`type-${type}`}>
              <code>{type}</code>
            </h2>
            <p>{EVENT_DESCRIPTIONS[type]}</p>
            <details>
              <summary>JSON Schema of data</summary>
              <pre class="code" tabindex={0}>
                {JSON.stringify(schema, null, 2)}
              </pre>
            </details>
            <details>
              <summary>Example</summary>
              <pre class="code" tabindex={0}>
                {JSON.stringify(example, null, 2)}
              </pre>
            </details>
            {latest ? (
              <details>
                <summary>The newest {type} your team received</summary>
                <pre class="code" tabindex={0}>
                  {JSON.stringify(latest, null, 2)}
                </pre>
              </details>
            ) : null}
          </section>
        );
      })}
      <section aria-labelledby="type-test">
        <h2 id="type-test">
          <code>{props.test}</code>
        </h2>
        <p>Sent only by “Send a test event”, to that one endpoint; it cannot be subscribed to.</p>
      </section>
    </Layout>
  );
}
