import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CUSTOMER = { name: "Ada Lovelace", email: "ada@example.com", phone: "+15125550123", kind: "residential" };
const ADDRESS = { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" };

async function setup() {
  const provider = await t.createTeam("provider", "Fiber Co");
  const reseller = await t.createTeam("reseller");
  const created = await t.request("POST", "/provider/offers", {
    key: provider.apiKey,
    body: {
      name: "Fiber 500",
      sku: `SKU-${randomUUID()}`,
      serviceType: "internet",
      monthlyPrice: "49.99",
      commission: "30.00",
      internet: { downloadSpeedMbps: 500, connectionType: "fiber" },
    },
  });
  const offer = await created.json();
  expect((await t.request("POST", `/provider/offers/${offer.id}/publish`, { key: provider.apiKey })).status).toBe(200);
  return { provider, reseller, offerId: offer.id as string };
}

async function place(key: string, offerIds: string[], isTraining = false) {
  const res = await t.request("POST", "/reseller/orders", {
    key,
    body: { items: offerIds.map((offerId) => ({ offerId })), customer: CUSTOMER, serviceAddress: ADDRESS, isTraining },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json() as Promise<{ id: string; items: { id: string; status: string }[] }>;
}

async function eventCount(): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select (select count(*) from events) + (select count(*) from event_outbox) as n
  `.execute(t.database.db);
  return Number(rows[0]?.n);
}

function moveItem(key: string, itemId: string, body: Record<string, unknown>) {
  return t.request("PATCH", `/provider/orders/${itemId}/status`, { key, body });
}

describe("DELETE /reseller/orders/{id}", () => {
  it("deletes a training order with open items: 200 without a body, no event, then 404 on every reseller read", async () => {
    const { provider, reseller, offerId } = await setup();
    const order = await place(reseller.apiKey, [offerId], true);
    const kept = await place(reseller.apiKey, [offerId], true);
    const before = await eventCount();

    const res = await t.request("DELETE", `/reseller/orders/${order.id}`, { key: reseller.apiKey });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    expect(await eventCount()).toBe(before);

    expect((await t.request("GET", `/reseller/orders/${order.id}`, { key: reseller.apiKey })).status).toBe(404);
    const list = await (await t.request("GET", "/reseller/orders", { key: reseller.apiKey })).json();
    expect(list.map((o: { id: string }) => o.id)).toEqual([kept.id]);
    const page = await (await t.request("GET", "/reseller/orders?limit=10", { key: reseller.apiKey })).json();
    expect(page.data.map((o: { id: string }) => o.id)).toEqual([kept.id]);
    const cancel = await t.request("PATCH", `/reseller/orders/${order.id}/cancel`, { key: reseller.apiKey });
    expect(cancel.status).toBe(404);
    const again = await t.request("DELETE", `/reseller/orders/${order.id}`, { key: reseller.apiKey });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({
      statusCode: 404,
      error: "Not Found",
      message: expect.stringContaining(order.id),
    });

    // Written to the reseller's audit log, by its key, without the customer's personal data.
    const audit = await (
      await t.request("GET", "/reseller/audit-log?action=order.deleted", { key: reseller.apiKey })
    ).json();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "order.deleted",
      actor: { type: "api_key", label: expect.stringMatching(/^mk_.+…$/) },
      target: { type: "order", id: order.id, label: `Training order ${order.id}` },
      detail: "training order; items: pending",
    });
    expect(JSON.stringify(audit)).not.toContain("Ada");
    expect(await eventCount()).toBe(before);

    // The provider's records are kept.
    const item = order.items[0]?.id as string;
    expect((await t.request("GET", `/provider/orders/${item}`, { key: provider.apiKey })).status).toBe(200);
    const items = await (await t.request("GET", "/provider/orders", { key: provider.apiKey })).json();
    expect(items.map((i: { id: string }) => i.id)).toContain(item);
    expect(await eventCount()).toBe(before);
  });

  it("refuses a live order with open items: 409 in the envelope with the rule, and changes nothing", async () => {
    const { provider, reseller, offerId } = await setup();
    const order = await place(reseller.apiKey, [offerId, offerId]);
    const first = order.items[0]?.id as string;
    expect((await moveItem(provider.apiKey, first, { status: "rejected" })).status).toBe(200);
    const before = await eventCount();

    const res = await t.request("DELETE", `/reseller/orders/${order.id}`, { key: reseller.apiKey });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body).toEqual({ statusCode: 409, error: "Conflict", message: expect.any(String) });
    expect(body.message).toContain("still has open items (pending)");
    expect(body.message).toContain("every item is rejected, completed or cancelled; cancel it first");
    expect(await eventCount()).toBe(before);
    expect((await t.request("GET", `/reseller/orders/${order.id}`, { key: reseller.apiKey })).status).toBe(200);
    const { rows } = await sql<{ deleted_at: Date | null }>`
      select deleted_at from orders where id = ${order.id}
    `.execute(t.database.db);
    expect(rows[0]?.deleted_at).toBeNull();
  });

  it("deletes a live order once every item is final (completed, rejected, cancelled)", async () => {
    const { provider, reseller, offerId } = await setup();
    const order = await place(reseller.apiKey, [offerId, offerId, offerId]);
    const [a, b] = order.items.map((item) => item.id) as [string, string, string];
    expect((await moveItem(provider.apiKey, a, { status: "accepted" })).status).toBe(200);
    expect((await moveItem(provider.apiKey, a, { status: "completed" })).status).toBe(200);
    expect((await moveItem(provider.apiKey, b, { status: "rejected" })).status).toBe(200);
    // An accepted item is still open.
    expect((await t.request("DELETE", `/reseller/orders/${order.id}`, { key: reseller.apiKey })).status).toBe(409);
    expect((await t.request("PATCH", `/reseller/orders/${order.id}/cancel`, { key: reseller.apiKey })).status).toBe(
      200,
    );
    const before = await eventCount();
    expect((await t.request("DELETE", `/reseller/orders/${order.id}`, { key: reseller.apiKey })).status).toBe(200);
    expect(await eventCount()).toBe(before);
    expect((await t.request("GET", `/reseller/orders/${order.id}`, { key: reseller.apiKey })).status).toBe(404);
    // The provider still sees every item and can read it.
    expect((await t.request("GET", `/provider/orders/${a}`, { key: provider.apiKey })).status).toBe(200);
  });

  it("answers 404 for another team's order, an unknown id and a malformed id; 403 for a provider key", async () => {
    const { provider, reseller, offerId } = await setup();
    const other = await t.createTeam("reseller");
    const order = await place(reseller.apiKey, [offerId], true);
    expect((await t.request("DELETE", `/reseller/orders/${order.id}`, { key: other.apiKey })).status).toBe(404);
    expect((await t.request("DELETE", `/reseller/orders/${randomUUID()}`, { key: reseller.apiKey })).status).toBe(404);
    expect((await t.request("DELETE", "/reseller/orders/not-a-uuid", { key: reseller.apiKey })).status).toBe(404);
    expect((await t.request("DELETE", `/reseller/orders/${order.id}`, { key: provider.apiKey })).status).toBe(403);
    expect((await t.request("DELETE", `/reseller/orders/${order.id}`)).status).toBe(401);
    // Still there for its own team.
    expect((await t.request("GET", `/reseller/orders/${order.id}`, { key: reseller.apiKey })).status).toBe(200);
  });

  it("answers 400 for an unknown query parameter and for a body", async () => {
    const { reseller, offerId } = await setup();
    const order = await place(reseller.apiKey, [offerId], true);
    const query = await t.request("DELETE", `/reseller/orders/${order.id}?force=true`, { key: reseller.apiKey });
    expect(query.status).toBe(400);
    expect((await query.json()).message).toEqual(["property force should not exist"]);
    const body = await t.request("DELETE", `/reseller/orders/${order.id}`, { key: reseller.apiKey, body: { x: 1 } });
    expect(body.status).toBe(400);
    expect((await t.request("GET", `/reseller/orders/${order.id}`, { key: reseller.apiKey })).status).toBe(200);
  });

  it("is declared in the OpenAPI document with 200, 404 and 409", async () => {
    const doc = await (await t.request("GET", "/openapi.json")).json();
    const operation = doc.paths["/reseller/orders/{id}"].delete;
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["200", "404", "409"]));
    expect(operation.description).toContain("No event is recorded and no webhook is sent");
  });
});
