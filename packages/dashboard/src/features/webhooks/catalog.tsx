/**
 * The event catalog: every event type the team may subscribe to, what it means, and the newest
 * payload of that type the team received (a real example, never a second copy of a schema).
 *
 * @module
 */

import type { EventEnvelope } from "@marketplace/core";
import type { DashboardApp, Kit } from "../../kit.tsx";
import { Layout, type PageContext } from "../../ui/layout.tsx";
import { WebhookTabs } from "./common.tsx";

/** What each event type means, in a sentence. */
const MEANINGS: Record<string, string> = {
  "order.created": "A reseller placed an order: the order as a whole, with its items for every provider.",
  "order.item.created": "An item of a new order is yours to fulfil: the item with its order's snapshot.",
  "order.item.status_changed": "An item moved to another status; apply it only when its sequence is higher.",
  "order.cancelled": "The reseller cancelled the order.",
  "order.consent_recorded": "A customer's consent was recorded with an order.",
  "order.consent_revoked": "A customer revoked a consent.",
  "webhook.test": "Sent only by “Send a test event”, to that one endpoint.",
};

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
        entries={types.subscribable.map((type, i) => ({ type, example: examples[i] ?? null }))}
        test={types.test}
      />,
    );
  });
}

function CatalogPage(props: {
  ctx: PageContext;
  entries: { type: string; example: EventEnvelope | null }[];
  test: string;
}) {
  return (
    <Layout ctx={props.ctx} title="Event catalog" current="webhooks">
      <h1>Event catalog</h1>
      <WebhookTabs ctx={props.ctx} current="catalog" />
      <p class="muted">
        Every delivery is a JSON envelope <code>{"{id, type, version, createdAt, data}"}</code>, signed. The envelope's
        schema is in the API reference (the <code>Event</code> schema).
      </p>
      {[...props.entries, { type: props.test, example: null }].map(({ type, example }) => (
        <section aria-labelledby={`type-${type}`}>
          <h2 id={`type-${type}`}>
            <code>{type}</code>
          </h2>
          <p>{MEANINGS[type] ?? ""}</p>
          {example ? (
            <details>
              <summary>The newest {type} your team received</summary>
              <pre class="code" tabindex={0}>
                {JSON.stringify(example, null, 2)}
              </pre>
            </details>
          ) : null}
        </section>
      ))}
    </Layout>
  );
}
