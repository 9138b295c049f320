/**
 * The delivery log: every attempt of the team's endpoints with filters and keyset pages, one
 * attempt's page, resend, and an order's timeline.
 *
 * @module
 */

import { InvalidInputError, type PageRequest, pageRequest, type WebhookDelivery } from "@marketplace/core";
import {
  type AttemptNotice,
  type AttemptQuery,
  parseAttemptQuery,
  type WebhookAttemptFeed,
} from "@marketplace/core/webhooks";
import { streamSSE } from "hono/streaming";
import type { DashboardApp, Kit } from "../../kit.tsx";
import { AttemptPage, AttemptRow, DeliveriesPage, OrderTimelinePage } from "./delivery-pages.tsx";

/** How long one live-tail stream stays open; the browser reconnects, which checks the session again. */
const LIVE_STREAM_MS = 5 * 60 * 1000;
/** A comment line this often keeps proxies from closing an idle stream. */
const KEEP_ALIVE_MS = 20 * 1000;

/**
 * The live tail's fan-out: ONE subscription to the feed per dashboard (made when the first viewer
 * connects), handing each attempt to the viewers of its team. No query per viewer per attempt.
 */
function attemptHub(feed: WebhookAttemptFeed | undefined) {
  const viewers = new Map<string, Set<(attempt: AttemptNotice) => void>>();
  let subscribed = false;
  return {
    live: feed !== undefined,
    join(teamId: string, viewer: (attempt: AttemptNotice) => void): () => void {
      if (feed && !subscribed) {
        subscribed = true;
        feed.subscribe((attempt) => {
          for (const each of viewers.get(attempt.teamId) ?? []) each(attempt);
        });
      }
      const set = viewers.get(teamId) ?? new Set();
      set.add(viewer);
      viewers.set(teamId, set);
      return () => {
        set.delete(viewer);
        if (set.size === 0) viewers.delete(teamId);
      };
    },
  };
}

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
export function registerDeliveries(app: DashboardApp, kit: Kit, feed?: WebhookAttemptFeed): void {
  const portal = kit.marketplace.webhookPortal;
  const hub = attemptHub(feed);

  app.get("/teams/:teamId/webhooks/deliveries", async (c) => {
    const teamId = kit.teamOf(c).id;
    const caller = kit.caller(c);
    const query: AttemptQuery = {};
    for (const name of FILTER_NAMES) {
      const value = c.req.query(name);
      if (value !== undefined) query[name] = value.slice(0, 200);
    }
    const [types, endpoints] = await Promise.all([
      portal.eventTypes(teamId, caller),
      portal.endpointList(teamId, caller),
    ]);
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
    const filtered = Object.entries(query).some(([name, value]) => name !== "webhookId" && value);
    const live =
      hub.live && parsed.ok && !filtered && !c.req.query("cursor")
        ? `${kit.teamPath(kit.teamOf(c), "/webhooks/deliveries/live")}${parsed.value.webhookId ? `?webhookId=${parsed.value.webhookId}` : ""}`
        : null;
    return kit.render(
      c,
      <DeliveriesPage
        live={live}
        ctx={kit.pageContext(c)}
        attempts={attempts}
        nextCursor={nextCursor}
        query={query}
        errors={errors}
        types={[...types.subscribable, types.test]}
        endpoints={endpoints}
      />,
      parsed.ok ? 200 : 400,
    );
  });

  app.get("/teams/:teamId/webhooks/deliveries/live", async (c) => {
    const teamId = kit.teamOf(c).id;
    const caller = kit.caller(c);
    // The role check (and the endpoints' URLs for the rows) before the stream opens.
    const endpoints = await portal.endpointList(teamId, caller);
    const urls = new Map(endpoints.map((webhook) => [webhook.id, webhook.url]));
    const only = c.req.query("webhookId");
    const ctx = kit.pageContext(c);
    return streamSSE(c, async (stream) => {
      const queue: AttemptNotice[] = [];
      let wake: (() => void) | null = null;
      const leave = hub.join(teamId, (attempt) => {
        if (only && attempt.webhookId !== only) return;
        queue.push(attempt);
        wake?.();
      });
      let open = true;
      stream.onAbort(() => {
        open = false;
        wake?.();
      });
      const ends = Date.now() + LIVE_STREAM_MS;
      try {
        await stream.writeSSE({ event: "ready", data: "live" });
        while (open && Date.now() < ends) {
          const attempt = queue.shift();
          if (attempt) {
            const full = { ...attempt, responseBody: "" };
            const row = AttemptRow({ ctx, attempt: full, url: urls.get(attempt.webhookId ?? "") ?? attempt.url });
            const html = await (row as unknown as { toString(): string | Promise<string> }).toString();
            await stream.writeSSE({ event: "attempt", data: html.replaceAll("\n", " "), id: attempt.id });
            continue;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, KEEP_ALIVE_MS);
          });
          wake = null;
          if (queue.length === 0 && open) await stream.write(": keep-alive\n\n");
        }
      } finally {
        leave();
      }
    });
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
