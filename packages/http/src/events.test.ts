import { randomUUID } from "node:crypto";
import { PostgresWebhookDeliveryRepository } from "@marketplace/adapters-postgres";
import { deliveryBody } from "@marketplace/core/webhooks";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ALL_TYPES =
  "order.created, order.item.created, order.item.status_changed, order.cancelled, order.consent_recorded, order.consent_revoked";
const RESELLER_TYPES = "order.created, order.item.created, order.item.status_changed, order.cancelled";
const TIMESTAMP_PROBLEM = "must be a timestamp in the form YYYY-MM-DDTHH:mm:ss.sssZ";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const badRequest = (...message: string[]) => ({ statusCode: 400, message, error: "Bad Request" });

interface EventJson {
  id: string;
  type: string;
  version: number;
  createdAt: string;
  data: Record<string, unknown> & { orderId?: string; sequence?: number };
}

async function ok<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as T;
}

/** An active offer of the team (provider or hybrid). */
async function activeOffer(key: string): Promise<string> {
  const draft = await ok<{ id: string }>(
    t.request("POST", "/provider/offers", {
      key,
      body: { name: "TV", sku: `EV-${randomUUID()}`, serviceType: "tv", monthlyPrice: "10.00" },
    }),
    201,
  );
  return (await ok<{ id: string }>(t.request("POST", `/provider/offers/${draft.id}/publish`, { key }))).id;
}

async function placeOrder(key: string, offerIds: string[]) {
  return ok<{ id: string; items: { id: string }[] }>(
    t.request("POST", "/reseller/orders", {
      key,
      body: {
        items: offerIds.map((offerId) => ({ offerId })),
        customer: { name: "Ada", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
        serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
      },
    }),
    201,
  );
}

const listEvents = (key: string, side: "provider" | "reseller", query = "") =>
  t.request("GET", `/${side}/events${query}`, { key });

describe("GET /{side}/events", () => {
  it("shows a hybrid team each event once, the same on both sides, with the delivered data", async () => {
    const hybrid = await t.createTeam("hybrid");
    const offerId = await activeOffer(hybrid.apiKey);
    const order = await placeOrder(hybrid.apiKey, [offerId]);
    const asProvider = await ok<EventJson[]>(listEvents(hybrid.apiKey, "provider"));
    const asReseller = await ok<EventJson[]>(listEvents(hybrid.apiKey, "reseller"));
    expect(asReseller).toEqual(asProvider);
    expect(asProvider.map((event) => event.type).sort()).toEqual(["order.created", "order.item.created"]);
    // No webhook needed; each event once although the team is in both audiences.
    const stored = new PostgresWebhookDeliveryRepository(t.database.db);
    for (const event of asProvider) {
      expect(event).toEqual({
        id: expect.any(String),
        type: expect.any(String),
        version: 1,
        createdAt: expect.stringMatching(ISO),
        data: expect.objectContaining({ orderId: order.id, training: false }),
      });
      const delivered = await stored.findEvent(event.id);
      expect(delivered).not.toBeNull();
      // The envelope and data are byte for byte what a webhook receives.
      expect(event).toEqual(JSON.parse(deliveryBody(delivered as NonNullable<typeof delivered>)));
      expect(await ok<EventJson>(t.request("GET", `/reseller/events/${event.id}`, { key: hybrid.apiKey }))).toEqual(
        event,
      );
    }
  });

  it("numbers an order's events: data.sequence strictly increasing per order", async () => {
    const provider = await t.createTeam("provider");
    const reseller = await t.createTeam("reseller");
    const offers = [await activeOffer(provider.apiKey), await activeOffer(provider.apiKey)];
    const order = await placeOrder(reseller.apiKey, offers);
    const other = await placeOrder(reseller.apiKey, [offers[0] as string]);
    const itemId = order.items[0]?.id as string;
    await ok(
      t.request("PATCH", `/provider/orders/${itemId}/status`, { key: provider.apiKey, body: { status: "accepted" } }),
    );
    await ok(t.request("PATCH", `/reseller/orders/${order.id}/cancel`, { key: reseller.apiKey }));
    // Events of one transaction share their createdAt: the sequence is what orders them.
    const events = (await ok<EventJson[]>(listEvents(reseller.apiKey, "reseller"))).sort(
      (a, b) => (a.data.sequence ?? 0) - (b.data.sequence ?? 0),
    );
    const ofOrder = events.filter((event) => event.data.orderId === order.id);
    expect(ofOrder.map((event) => [event.type, event.data.sequence])).toEqual([
      ["order.created", 1],
      ["order.item.created", 2],
      ["order.item.created", 3],
      ["order.item.status_changed", 4],
      // Cancelling moves both items, then cancels the order: three events of one transaction.
      ["order.item.status_changed", 5],
      ["order.item.status_changed", 6],
      ["order.cancelled", 7],
    ]);
    expect(events.filter((event) => event.data.orderId === other.id).map((event) => event.data.sequence)).toEqual([
      1, 2,
    ]);
    // The provider sees the same numbers on its events of the order.
    const providerEvents = await ok<EventJson[]>(listEvents(provider.apiKey, "provider"));
    for (const event of providerEvents.filter((e) => e.data.orderId === order.id)) {
      expect(event.data.sequence).toBe(ofOrder.find((e) => e.id === event.id)?.data.sequence);
    }
  });

  it("filters by type (one or a comma list) and by creation time, and pages", async () => {
    const provider = await t.createTeam("provider");
    const reseller = await t.createTeam("reseller");
    const offerId = await activeOffer(provider.apiKey);
    await placeOrder(reseller.apiKey, [offerId]);
    const all = await ok<EventJson[]>(listEvents(reseller.apiKey, "reseller"));
    expect(all).toHaveLength(2);
    const created = await ok<EventJson[]>(listEvents(reseller.apiKey, "reseller", "?type=order.created"));
    expect(created.map((event) => event.type)).toEqual(["order.created"]);
    const both = await ok<EventJson[]>(
      listEvents(reseller.apiKey, "reseller", "?type=order.created,order.item.created"),
    );
    expect(both).toEqual(all);
    const oldest = all.at(-1) as EventJson;
    const newest = all[0] as EventJson;
    const before = new Date(Date.parse(oldest.createdAt) - 1).toISOString();
    expect(await ok(listEvents(reseller.apiKey, "reseller", `?createdAfter=${before}`))).toEqual(all);
    expect(await ok(listEvents(reseller.apiKey, "reseller", `?createdBefore=${before}`))).toEqual([]);
    expect(await ok(listEvents(reseller.apiKey, "reseller", `?createdAfter=${newest.createdAt}`))).toEqual(
      all.filter((event) => event.createdAt > newest.createdAt),
    );
    const first = await ok<{ data: EventJson[]; hasMore: boolean; nextCursor: string }>(
      listEvents(reseller.apiKey, "reseller", "?limit=1"),
    );
    expect(first).toEqual({ data: [all[0]], hasMore: true, nextCursor: expect.any(String) });
    const second = await ok(listEvents(reseller.apiKey, "reseller", `?limit=1&cursor=${first.nextCursor}`));
    expect(second).toEqual({ data: [all[1]], hasMore: false, nextCursor: null });
  });

  it("lists only the team's events, within the retention window", async () => {
    const provider = await t.createTeam("provider");
    const stranger = await t.createTeam("provider");
    const reseller = await t.createTeam("reseller");
    await placeOrder(reseller.apiKey, [await activeOffer(provider.apiKey)]);
    expect(await ok(listEvents(stranger.apiKey, "provider"))).toEqual([]);
    const mine = await ok<EventJson[]>(listEvents(provider.apiKey, "provider"));
    const res = await t.request("GET", `/provider/events/${mine[0]?.id}`, { key: stranger.apiKey });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      statusCode: 404,
      message: `Event ${mine[0]?.id} not found`,
      error: "Not Found",
    });
    expect((await t.request("GET", "/provider/events/not-a-uuid", { key: provider.apiKey })).status).toBe(404);
    // An event older than 30 days is past the window: neither listed nor found.
    const old = randomUUID();
    await sql`
      insert into events (id, type, version, created_at, training, data, provider_team_ids, reseller_team_ids)
      values (${old}, 'order.created', 1, now() - interval '31 days', false, '{"training":false}'::jsonb,
        array[${provider.teamId}]::uuid[], array[]::uuid[])
    `.execute(t.database.db);
    expect((await ok<EventJson[]>(listEvents(provider.apiKey, "provider"))).map((event) => event.id)).not.toContain(
      old,
    );
    expect((await t.request("GET", `/provider/events/${old}`, { key: provider.apiKey })).status).toBe(404);
  });

  it.each([
    ["?type=order.shipped", [`type must be one of the following values, or several separated by commas: ${ALL_TYPES}`]],
    [
      "?type=order.created,",
      [`type must be one of the following values, or several separated by commas: ${ALL_TYPES}`],
    ],
    ["?createdAfter=2026-01-01", [`createdAfter ${TIMESTAMP_PROBLEM}`]],
    ["?createdBefore=2026-02-30T00:00:00.000Z", [`createdBefore ${TIMESTAMP_PROBLEM}`]],
    [
      "?createdAfter=2026-02-01T00:00:00.000Z&createdBefore=2026-01-01T00:00:00.000Z",
      ["createdAfter must not be after createdBefore"],
    ],
    ["?since=2026-01-01T00:00:00.000Z", ["property since should not exist"]],
    ["?limit=0", ["limit must be an integer from 1 to 100"]],
  ])("answers 400 for %s", async (query, message) => {
    const { apiKey } = await t.createTeam("provider");
    const res = await listEvents(apiKey, "provider", query);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest(...message));
  });

  it("names a reseller's own list of types, consent events excluded", async () => {
    const { apiKey } = await t.createTeam("reseller");
    const res = await listEvents(apiKey, "reseller", "?type=order.consent_recorded");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(
      badRequest(`type must be one of the following values, or several separated by commas: ${RESELLER_TYPES}`),
    );
  });

  it("keeps each side to its roles", async () => {
    const { apiKey } = await t.createTeam("reseller");
    expect((await listEvents(apiKey, "provider")).status).toBe(403);
  });
});
