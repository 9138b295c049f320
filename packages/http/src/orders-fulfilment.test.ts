import { describe, expect, it } from "vitest";
import { activeOffer, eventsOf, place, setup, setupOrdersApp, t } from "../../../test/helpers/http/orders.ts";

setupOrdersApp();

describe("reseller orders", () => {
  it("lists and reads only the team's orders; another team's order is 404", async () => {
    const { provider, reseller } = await setup();
    const offer = await activeOffer(provider.apiKey);
    const order = await (await place(reseller.apiKey, [offer.id])).json();
    const other = await t.createTeam("reseller");
    expect(await (await t.request("GET", "/reseller/orders", { key: other.apiKey })).json()).toEqual([]);
    expect((await t.request("GET", `/reseller/orders/${order.id}`, { key: other.apiKey })).status).toBe(404);
    const page = await (await t.request("GET", "/reseller/orders?limit=1", { key: reseller.apiKey })).json();
    expect(page).toEqual({ data: [order], hasMore: false, nextCursor: null });
  });

  it("cancels every non-final item, recomputes the status, and answers 409 when nothing is left", async () => {
    const { provider, reseller } = await setup();
    const a = await activeOffer(provider.apiKey);
    const b = await activeOffer(provider.apiKey);
    const order = await (await place(reseller.apiKey, [a.id, b.id])).json();
    const completed = order.items[0].id;
    for (const body of [{ status: "accepted" }, { status: "completed" }]) {
      await t.request("PATCH", `/provider/orders/${completed}/status`, { key: provider.apiKey, body });
    }
    const res = await t.request("PATCH", `/reseller/orders/${order.id}/cancel`, { key: reseller.apiKey });
    expect(res.status).toBe(200);
    const cancelled = await res.json();
    expect(cancelled.items.map((i: { status: string }) => i.status)).toEqual(["completed", "cancelled"]);
    expect(cancelled.status).toBe("completed");
    const again = await t.request("PATCH", `/reseller/orders/${order.id}/cancel`, { key: reseller.apiKey });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      statusCode: 409,
      message: `Order ${order.id} has no item that can be cancelled (every item is completed or cancelled)`,
      error: "Conflict",
    });
    const types = (await eventsOf(order.id)).map((e) => e.type);
    expect(types.filter((type) => type === "order.cancelled")).toHaveLength(1);
    const other = await t.createTeam("reseller");
    expect((await t.request("PATCH", `/reseller/orders/${order.id}/cancel`, { key: other.apiKey })).status).toBe(404);
  });

  it("cancels a whole pending order to status cancelled", async () => {
    const { provider, reseller } = await setup();
    const offer = await activeOffer(provider.apiKey);
    const order = await (await place(reseller.apiKey, [offer.id])).json();
    const cancelled = await (
      await t.request("PATCH", `/reseller/orders/${order.id}/cancel`, { key: reseller.apiKey })
    ).json();
    expect(cancelled.status).toBe("cancelled");
  });
});

describe("provider fulfilment", () => {
  it("walks an item through accept, schedule, reschedule and complete, recomputing the order status", async () => {
    const { provider, reseller } = await setup();
    const a = await activeOffer(provider.apiKey);
    const b = await activeOffer(provider.apiKey);
    const order = await (await place(reseller.apiKey, [a.id, b.id])).json();
    const [first, second] = order.items.map((i: { id: string }) => i.id);
    const step = async (itemId: string, body: Record<string, unknown>) => {
      const res = await t.request("PATCH", `/provider/orders/${itemId}/status`, { key: provider.apiKey, body });
      expect(res.status, await res.clone().text()).toBe(200);
      return res.json();
    };
    expect((await step(first, { status: "accepted" })).order.status).toBe("in_progress");
    expect(await step(first, { status: "scheduled", scheduledDate: "2026-12-05" })).toMatchObject({
      status: "scheduled",
      scheduledDate: "2026-12-05",
    });
    expect((await step(first, { status: "scheduled", scheduledDate: "2026-12-07" })).scheduledDate).toBe("2026-12-07");
    expect((await step(first, { status: "completed" })).order.status).toBe("in_progress");
    expect((await step(second, { status: "rejected", reason: "No coverage" })).order.status).toBe("completed");
    const events = (await eventsOf(order.id)).filter((e) => e.type === "order.item.status_changed");
    expect(events.map((e) => [e.data.from, e.data.to, e.data.orderStatus])).toEqual([
      ["pending", "accepted", "in_progress"],
      ["accepted", "scheduled", "in_progress"],
      ["scheduled", "scheduled", "in_progress"],
      ["scheduled", "completed", "in_progress"],
      ["pending", "rejected", "completed"],
    ]);
    expect(
      events.every(
        (e) => e.provider_team_ids.join() === provider.teamId && e.reseller_team_ids.join() === reseller.teamId,
      ),
    ).toBe(true);
  });

  it("answers 409 for an illegal transition and 400 for a bad body", async () => {
    const { provider, reseller } = await setup();
    const offer = await activeOffer(provider.apiKey);
    const order = await (await place(reseller.apiKey, [offer.id])).json();
    const itemId = order.items[0].id;
    const completeFirst = await t.request("PATCH", `/provider/orders/${itemId}/status`, {
      key: provider.apiKey,
      body: { status: "completed" },
    });
    expect(completeFirst.status).toBe(409);
    expect(await completeFirst.json()).toEqual({
      statusCode: 409,
      message: `Order item ${itemId} cannot move from pending to completed`,
      error: "Conflict",
    });
    const noDate = await t.request("PATCH", `/provider/orders/${itemId}/status`, {
      key: provider.apiKey,
      body: { status: "scheduled" },
    });
    expect(noDate.status).toBe(400);
    expect(await noDate.json()).toEqual({
      statusCode: 400,
      message: ["scheduledDate must be a calendar date (YYYY-MM-DD)"],
      error: "Bad Request",
    });
    const badStatus = await t.request("PATCH", `/provider/orders/${itemId}/status`, {
      key: provider.apiKey,
      body: { status: "cancelled" },
    });
    expect(badStatus.status).toBe(400);
    const other = await t.createTeam("provider");
    expect(
      (
        await t.request("PATCH", `/provider/orders/${itemId}/status`, {
          key: other.apiKey,
          body: { status: "accepted" },
        })
      ).status,
    ).toBe(404);
  });

  it("lists the team's items with a status filter (invalid value 400) and shows item detail with consents", async () => {
    const { provider, reseller } = await setup();
    const offer = await activeOffer(provider.apiKey);
    const order = await (await place(reseller.apiKey, [offer.id, offer.id])).json();
    await t.request("PATCH", `/provider/orders/${order.items[0].id}/status`, {
      key: provider.apiKey,
      body: { status: "accepted" },
    });
    const accepted = await (
      await t.request("GET", "/provider/orders?status=accepted", { key: provider.apiKey })
    ).json();
    expect(accepted.map((i: { id: string }) => i.id)).toEqual([order.items[0].id]);
    const all = await (await t.request("GET", "/provider/orders", { key: provider.apiKey })).json();
    expect(all).toHaveLength(2);
    const bad = await t.request("GET", "/provider/orders?status=shipped", { key: provider.apiKey });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      statusCode: 400,
      message: [
        "status must be one of the following values: pending, handoff, accepted, rejected, scheduled, completed, cancelled",
      ],
      error: "Bad Request",
    });
    const detail = await (
      await t.request("GET", `/provider/orders/${order.items[1].id}`, { key: provider.apiKey })
    ).json();
    expect(detail.order).toMatchObject({
      id: order.id,
      consents: [],
      customer: { email: "ada@example.com" },
      serviceAddress: { zipCode: "78701" },
    });
    const otherProvider = await t.createTeam("provider");
    expect(await (await t.request("GET", "/provider/orders", { key: otherProvider.apiKey })).json()).toEqual([]);
  });
});
