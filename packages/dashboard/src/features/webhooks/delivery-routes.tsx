/**
 * The delivery log: every attempt of the team's endpoints with filters and keyset pages, one
 * attempt's page, resend, and an order's timeline.
 *
 * @module
 */

import {
  type AttemptQuery,
  InvalidInputError,
  type PageRequest,
  pageRequest,
  parseAttemptQuery,
  type WebhookDelivery,
} from "@marketplace/core";
import type { DashboardApp, Kit } from "../../kit.tsx";
import { AttemptPage, DeliveriesPage, OrderTimelinePage } from "./delivery-pages.tsx";

/** Attempts per page of the log. */
export const ATTEMPTS_PER_PAGE = 50;

const FILTER_NAMES = [
  "webhookId",
  "eventType",
  "outcome",
  "statusCode",
  "trigger",
  "from",
  "to",
  "eventId",
  "orderId",
] as const;

/** Registers `/teams/:teamId/webhooks/deliveries…` and `/teams/:teamId/webhooks/orders/:orderId`. */
export function registerDeliveries(app: DashboardApp, kit: Kit): void {
  const portal = kit.marketplace.webhookPortal;

  app.get("/teams/:teamId/webhooks/deliveries", async (c) => {
    const teamId = kit.teamOf(c).id;
    const caller = kit.caller(c);
    const query: AttemptQuery = {};
    for (const name of FILTER_NAMES) {
      const value = c.req.query(name);
      if (value !== undefined) query[name] = value.slice(0, 200);
    }
    const [types, endpoints] = await Promise.all([portal.eventTypes(teamId, caller), portal.endpoints(teamId, caller)]);
    const parsed = parseAttemptQuery(query, [...types.subscribable, types.test]);
    let page: PageRequest & { kind: "page" };
    try {
      page = pageRequest("webhook-attempts", {
        limit: ATTEMPTS_PER_PAGE,
        cursor: c.req.query("cursor") || undefined,
      }) as PageRequest & { kind: "page" };
    } catch (error) {
      if (!InvalidInputError.isInstance(error)) throw error;
      page = { kind: "page", limit: ATTEMPTS_PER_PAGE, after: null };
    }
    let attempts: WebhookDelivery[] = [];
    let nextCursor: string | null = null;
    if (parsed.ok) {
      const result = await portal.attempts(teamId, parsed.value, page, caller);
      attempts = Array.isArray(result) ? result : result.data;
      nextCursor = Array.isArray(result) ? null : result.nextCursor;
    }
    const errors = parsed.ok
      ? {}
      : Object.fromEntries(
          Object.entries(parsed.problems).map(([field, text]) => [
            field,
            `${text.charAt(0).toUpperCase()}${text.slice(1)}.`,
          ]),
        );
    return kit.render(
      c,
      <DeliveriesPage
        ctx={kit.pageContext(c)}
        attempts={attempts}
        nextCursor={nextCursor}
        query={query}
        errors={errors}
        types={[...types.subscribable, types.test]}
        endpoints={endpoints.map((e) => e.webhook)}
      />,
      parsed.ok ? 200 : 400,
    );
  });

  app.get("/teams/:teamId/webhooks/deliveries/:attemptId", async (c) => {
    const detail = await portal.attempt(kit.teamOf(c).id, c.req.param("attemptId"), kit.caller(c));
    return kit.render(c, <AttemptPage ctx={kit.pageContext(c)} detail={detail} />);
  });

  app.post("/teams/:teamId/webhooks/deliveries/:attemptId/resend", async (c) => {
    const teamId = kit.teamOf(c).id;
    const queued = await portal.resend(teamId, c.req.param("attemptId"), kit.caller(c));
    const detail = await portal.attempt(teamId, c.req.param("attemptId"), kit.caller(c));
    const notice = `The event ${queued.eventId} is sent again to this endpoint; the new attempt appears in the log.`;
    return kit.render(c, <AttemptPage ctx={kit.pageContext(c)} detail={detail} notice={notice} />);
  });

  app.get("/teams/:teamId/webhooks/orders/:orderId", async (c) => {
    const orderId = c.req.param("orderId");
    const events = await portal.orderTimeline(kit.teamOf(c).id, orderId, kit.caller(c));
    return kit.render(c, <OrderTimelinePage ctx={kit.pageContext(c)} orderId={orderId} events={events} />);
  });
}
