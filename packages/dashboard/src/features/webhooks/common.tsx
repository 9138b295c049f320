/**
 * What the webhooks pages share: the section's tabs, how attempts and endpoint states read, the
 * form words for the API's webhook rules.
 *
 * @module
 */

import { type Member, memberCan, type Team, type Webhook, type WebhookDelivery } from "@marketplace/core";
import { ATTEMPT_TRIGGER_NAMES, type PortalCapability } from "@marketplace/core/webhooks";
import type { Child } from "hono/jsx";
import type { PageContext } from "../../ui/layout.tsx";
import { When } from "../../ui/layout.tsx";

/** The section's link, from the team's base. */
export function webhooksPath(ctx: PageContext, path = ""): string {
  return `${ctx.base}/teams/${(ctx.team as Team).id}/webhooks${path}`;
}

/**
 * True when the page's viewer may do this: a member by role (owners and developers change, every
 * role views), a portal session by its link's capabilities.
 */
export function can(ctx: PageContext, capability: PortalCapability): boolean {
  if (ctx.portal) return ctx.portal.capabilities.includes(capability);
  if (ctx.member === null) return false;
  return memberCan((ctx.member as Member).role, capability === "view" ? "view_webhooks" : "manage_webhooks");
}

/** True when the viewer may add, change and delete endpoints. */
export function canManage(ctx: PageContext): boolean {
  return can(ctx, "manage_endpoints");
}

/** The section's tabs: Endpoints, Deliveries, Event catalog. */
export function WebhookTabs({ ctx, current }: { ctx: PageContext; current: "endpoints" | "deliveries" | "catalog" }) {
  const tabs = [
    { id: "endpoints", label: "Endpoints", href: webhooksPath(ctx) },
    { id: "deliveries", label: "Deliveries", href: webhooksPath(ctx, "/deliveries") },
    { id: "catalog", label: "Event catalog", href: webhooksPath(ctx, "/event-catalog") },
  ];
  return (
    <nav class="tabs" aria-label="Webhooks">
      <ul>
        {tabs.map((tab) => (
          <li>
            <a href={tab.href} aria-current={tab.id === current ? "page" : undefined}>
              {tab.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** An endpoint's state in words: active, paused, or disabled by the service and why. */
export function EndpointState({ webhook, disabledAfter }: { webhook: Webhook; disabledAfter: string }) {
  if (webhook.isActive) {
    return webhook.failingSince ? (
      <span class="state bad">
        Failing since <When at={webhook.failingSince} />
      </span>
    ) : (
      <span class="state ok">Active</span>
    );
  }
  if (webhook.disabledReason === "gone") {
    return <span class="state bad">Disabled: the endpoint answered 410 Gone</span>;
  }
  if (webhook.disabledReason === "failing") {
    return <span class="state bad">Disabled: every attempt failed for {disabledAfter}</span>;
  }
  return <span class="state">Paused</span>;
}

/** The circuit as the portal can tell it from the record: closed, open (failing) or off. */
export function circuitState(webhook: Webhook): string {
  if (!webhook.isActive) return "off";
  return webhook.failingSince ? "open: failing" : "closed";
}

/** An attempt's outcome: the status and whether it counted as delivered. */
export function AttemptOutcome({ attempt }: { attempt: Pick<WebhookDelivery, "success" | "statusCode"> }) {
  const status = attempt.statusCode === null ? "no response" : String(attempt.statusCode);
  return attempt.success ? (
    <span class="state ok">Delivered ({status})</span>
  ) : (
    <span class="state bad">Failed ({status})</span>
  );
}

/** `automatic`, `manual`, `test` or `recovery`. */
export function triggerName(trigger: WebhookDelivery["trigger"]): string {
  return ATTEMPT_TRIGGER_NAMES[trigger];
}

/** Event types as checkboxes (the create and edit forms). */
export function EventPicker(props: { types: readonly string[]; checked: readonly string[]; error?: string }) {
  return (
    <fieldset class="events" aria-describedby={props.error ? "events-error" : undefined}>
      <legend>Events to send</legend>
      {props.error ? (
        <p class="error" id="events-error">
          {props.error}
        </p>
      ) : null}
      {props.types.map((type) => (
        <label class="check">
          <input type="checkbox" name="events" value={type} checked={props.checked.includes(type)} />{" "}
          <code>{type}</code>
        </label>
      ))}
    </fieldset>
  );
}

/** The overlaps offered at rotation, in seconds. */
export const OVERLAPS: readonly { value: string; label: string }[] = [
  { value: "0", label: "no time (the old secret stops now)" },
  { value: "3600", label: "1 hour" },
  { value: "86400", label: "24 hours" },
  { value: "604800", label: "7 days" },
];

/** A definition list row. */
export function Row({ term, children }: { term: string; children?: Child }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}
