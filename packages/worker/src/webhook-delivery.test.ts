import { parseSignatureHeader, verifySignature } from "@marketplace/core/signing";
import { describe, expect, it } from "vitest";
import {
  deliveries,
  envelopeOf,
  freshPath,
  RETRY_DELAY_MS,
  receiver,
  record,
  register,
  settle,
  t,
  useDeliveryWorkerApp,
} from "../../../test/helpers/delivery-worker-app.ts";
import { eventually, type ReceivedRequest } from "../../../test/helpers/webhook-receiver.ts";

// Delivery of signed events end to end: signatures over the exact bytes, retries on the schedule,
// giving up, redirects (the shared setup: test/helpers/delivery-worker-app.ts).

useDeliveryWorkerApp();

describe("delivery of signed events", () => {
  it("delivers order.created and order.item.created, signed over the exact bytes sent", async () => {
    const provider = await t.createTeam("provider");
    const reseller = await t.createTeam("reseller");
    const providerPath = freshPath("provider");
    const resellerPath = freshPath("reseller");
    const events = ["order.created", "order.item.created"];
    const providerHook = await register(provider.apiKey, { url: receiver.url + providerPath, events });
    const resellerHook = await register(reseller.apiKey, { url: receiver.url + resellerPath, events }, "reseller");

    const audience = { providerTeamIds: [provider.teamId], resellerTeamIds: [reseller.teamId] };
    const created = await record({
      type: "order.created",
      data: { orderId: "o-1", totalMonthly: "49.99" },
      ...audience,
    });
    const item = await record({
      type: "order.item.created",
      data: { orderId: "o-1", orderItemId: "i-1", status: "pending", offerName: "Fibre 500 ✓" },
      ...audience,
    });

    for (const [path, secret] of [
      [providerPath, providerHook.secret],
      [resellerPath, resellerHook.secret],
    ] as const) {
      const got = await receiver.waitFor(2, { path });
      const byType = new Map(got.map((request) => [envelopeOf(request).type, request]));
      for (const event of [created, item]) {
        const request = byType.get(event.type) as ReceivedRequest;
        expect(request.method).toBe("POST");
        expect(request.headers["content-type"]).toBe("application/json");
        expect(request.headers["x-service-training"]).toBeUndefined();
        expect(JSON.parse(request.body)).toEqual({
          id: event.id,
          type: event.type,
          version: 1,
          createdAt: event.createdAt.toISOString(),
          // Events about an order are numbered per order when recorded (data.sequence).
          data: { ...event.data, training: false, sequence: expect.any(Number) },
        });
        const header = request.headers["x-service-signature"] as string;
        expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        expect(Math.abs(Number(parseSignatureHeader(header)?.timestamp) - Date.now() / 1000)).toBeLessThan(30);
        expect(await verifySignature({ payload: request.body, header, secret })).toEqual({
          ok: true,
          timestamp: expect.any(Number),
        });
        // A tampered copy, another secret, or a re-serialised body with a changed byte all fail.
        const tampered = request.body.replace('"training":false', '"training":true');
        expect(tampered).not.toBe(request.body);
        expect(await verifySignature({ payload: tampered, header, secret })).toEqual({
          ok: false,
          reason: "no_matching_signature",
        });
        expect(await verifySignature({ payload: `${request.body} `, header, secret })).toMatchObject({ ok: false });
        const otherSecret = secret === providerHook.secret ? resellerHook.secret : providerHook.secret;
        expect(await verifySignature({ payload: request.body, header, secret: otherSecret })).toMatchObject({
          ok: false,
        });
      }
    }

    const log = await eventually(async () => {
      const rows = await deliveries(provider.apiKey, providerHook.id);
      return rows.length === 2 ? rows : undefined;
    });
    expect(log.map((d) => d.eventType).sort()).toEqual(["order.created", "order.item.created"]);
    for (const entry of log) {
      expect(entry).toEqual({
        id: expect.any(String),
        webhookId: providerHook.id,
        eventId: entry.eventType === "order.created" ? created.id : item.id,
        eventType: entry.eventType,
        attempt: 1,
        trigger: "event",
        url: receiver.url + providerPath,
        statusCode: 200,
        success: true,
        responseBody: "ok",
        durationMs: expect.any(Number),
        createdAt: expect.any(String),
      });
    }
    expect(await deliveries(reseller.apiKey, resellerHook.id, "reseller")).toHaveLength(2);
  });

  it("retries a failed event for every subscribed webhook, and logs every attempt", async () => {
    const provider = await t.createTeam("provider");
    const reseller = await t.createTeam("reseller");
    const failing = freshPath("failing");
    const healthy = freshPath("healthy");
    const providerHook = await register(provider.apiKey, { url: receiver.url + failing, events: ["order.created"] });
    const resellerHook = await register(
      reseller.apiKey,
      { url: receiver.url + healthy, events: ["order.created"] },
      "reseller",
    );
    receiver.reply((request, n) =>
      request.path === failing && n === 1 ? { status: 500, body: "database exploded" } : { status: 200, body: "ok" },
    );
    try {
      const event = await record({
        type: "order.created",
        providerTeamIds: [provider.teamId],
        resellerTeamIds: [reseller.teamId],
      });
      const [first, second] = await receiver.waitFor(2, { path: failing });
      const healthyGot = await receiver.waitFor(2, { path: healthy });
      // Per event, not per target: the healthy webhook gets the retry too, with the same envelope id.
      for (const request of [first, second, ...healthyGot] as ReceivedRequest[]) {
        expect(envelopeOf(request).id).toBe(event.id);
      }
      expect((second as ReceivedRequest).body).toBe((first as ReceivedRequest).body);
      expect((second as ReceivedRequest).receivedAt - (first as ReceivedRequest).receivedAt).toBeGreaterThanOrEqual(
        RETRY_DELAY_MS - 50,
      );

      const failingLog = await eventually(async () => {
        const rows = await deliveries(provider.apiKey, providerHook.id);
        return rows.length === 2 ? rows : undefined;
      });
      expect(failingLog.map((d) => [d.attempt, d.statusCode, d.success, d.responseBody])).toEqual([
        [2, 200, true, "ok"],
        [1, 500, false, "database exploded"],
      ]);
      const healthyLog = await eventually(async () => {
        const rows = await deliveries(reseller.apiKey, resellerHook.id, "reseller");
        return rows.length === 2 ? rows : undefined;
      });
      expect(healthyLog.map((d) => [d.attempt, d.statusCode, d.success])).toEqual([
        [2, 200, true],
        [1, 200, true],
      ]);
      await settle();
      expect(receiver.on(failing)).toHaveLength(2);
      expect(receiver.on(healthy)).toHaveLength(2);
    } finally {
      receiver.reply(() => ({ status: 200, body: "ok" }));
    }
  });

  it("gives up after the last attempt of the schedule", async () => {
    const provider = await t.createTeam("provider");
    const path = freshPath("down");
    const hook = await register(provider.apiKey, { url: receiver.url + path, events: ["order.cancelled"] });
    receiver.reply((request) => (request.path === path ? { status: 503, body: "down" } : { status: 200, body: "ok" }));
    try {
      await record({ type: "order.cancelled", providerTeamIds: [provider.teamId] });
      await receiver.waitFor(3, { path });
      await settle(3 * RETRY_DELAY_MS);
      expect(receiver.on(path)).toHaveLength(3);
      const log = await deliveries(provider.apiKey, hook.id);
      expect(log.map((d) => [d.attempt, d.statusCode, d.success])).toEqual([
        [3, 503, false],
        [2, 503, false],
        [1, 503, false],
      ]);
    } finally {
      receiver.reply(() => ({ status: 200, body: "ok" }));
    }
  });

  it("treats a redirect as a failure and does not follow it", async () => {
    const provider = await t.createTeam("provider");
    const path = freshPath("redirect");
    const target = freshPath("redirect-target");
    const hook = await register(provider.apiKey, { url: receiver.url + path, events: ["order.cancelled"] });
    receiver.reply((request) =>
      request.path === path
        ? { status: 307, body: "moved", headers: { location: receiver.url + target } }
        : { status: 200, body: "ok" },
    );
    try {
      await record({ type: "order.cancelled", providerTeamIds: [provider.teamId] });
      const log = await eventually(async () => {
        const rows = await deliveries(provider.apiKey, hook.id);
        return rows.length > 0 ? rows : undefined;
      });
      expect(log[log.length - 1]).toMatchObject({ attempt: 1, statusCode: 307, success: false, responseBody: "moved" });
      expect(receiver.on(target)).toEqual([]);
    } finally {
      receiver.reply(() => ({ status: 200, body: "ok" }));
    }
  });
});
