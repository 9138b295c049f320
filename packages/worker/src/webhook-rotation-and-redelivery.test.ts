import { verifySignature } from "@marketplace/core/signing";
import { describe, expect, it } from "vitest";
import {
  deliveries,
  envelopeOf,
  freshPath,
  receiver,
  record,
  register,
  t,
  useDeliveryWorkerApp,
} from "../../../test/helpers/delivery-worker-app.ts";
import { eventually, type ReceivedRequest } from "../../../test/helpers/webhook-receiver.ts";

// Secret rotation, test events and redelivery, end to end (setup: test/helpers/delivery-worker-app.ts).

useDeliveryWorkerApp();

describe("secret rotation, tests and redelivery", () => {
  it("signs with both secrets during the overlap", async () => {
    const provider = await t.createTeam("provider");
    const path = freshPath("rotation");
    const hook = await register(provider.apiKey, { url: receiver.url + path, events: ["order.created"] });
    const rotated = await (
      await t.request("POST", `/provider/webhooks/${hook.id}/rotate-secret`, { key: provider.apiKey })
    ).json();
    await record({ type: "order.created", providerTeamIds: [provider.teamId] });
    const [request] = await receiver.waitFor(1, { path });
    const header = request?.headers["x-service-signature"] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    for (const secret of [hook.secret, rotated.secret]) {
      expect(await verifySignature({ payload: request?.body as string, header, secret })).toMatchObject({ ok: true });
    }

    // With no overlap the old secret stops signing at once.
    await t.request("POST", `/provider/webhooks/${hook.id}/rotate-secret`, {
      key: provider.apiKey,
      body: { overlapSeconds: 0 },
    });
    await record({ type: "order.created", providerTeamIds: [provider.teamId] });
    const [, next] = await receiver.waitFor(2, { path });
    expect(next?.headers["x-service-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it("sends a signed webhook.test to one webhook, paused or not, and logs it", async () => {
    const reseller = await t.createTeam("reseller");
    const path = freshPath("test-event");
    const hook = await register(
      reseller.apiKey,
      { url: receiver.url + path, events: ["order.created"], isActive: false },
      "reseller",
    );
    const queued = await (
      await t.request("POST", `/reseller/webhooks/${hook.id}/test`, { key: reseller.apiKey })
    ).json();
    const [request] = await receiver.waitFor(1, { path });
    expect(envelopeOf(request as ReceivedRequest)).toMatchObject({
      id: queued.eventId,
      type: "webhook.test",
      version: 1,
      data: { webhookId: hook.id, training: false },
    });
    const header = request?.headers["x-service-signature"] as string;
    expect(await verifySignature({ payload: request?.body as string, header, secret: hook.secret })).toMatchObject({
      ok: true,
    });
    const log = await eventually(async () => {
      const rows = await deliveries(reseller.apiKey, hook.id, "reseller");
      return rows.length > 0 ? rows : undefined;
    });
    expect(log).toMatchObject([
      { eventId: queued.eventId, eventType: "webhook.test", trigger: "test", attempt: 1, statusCode: 200 },
    ]);
  });

  it("redelivers a recorded event to one webhook as a new attempt", async () => {
    const provider = await t.createTeam("provider");
    const path = freshPath("redeliver");
    const hook = await register(provider.apiKey, { url: receiver.url + path, events: ["order.cancelled"] });
    const event = await record({ type: "order.cancelled", providerTeamIds: [provider.teamId] });
    await receiver.waitFor(1, { path });
    const [first] = await eventually(async () => {
      const rows = await deliveries(provider.apiKey, hook.id);
      return rows.length > 0 ? rows : undefined;
    });
    const res = await t.request("POST", `/provider/webhooks/${hook.id}/deliveries/${first?.id}/redeliver`, {
      key: provider.apiKey,
    });
    expect(res.status).toBe(202);
    const [, again] = await receiver.waitFor(2, { path });
    expect(envelopeOf(again as ReceivedRequest).id).toBe(event.id);
    const log = await eventually(async () => {
      const rows = await deliveries(provider.apiKey, hook.id);
      return rows.length === 2 ? rows : undefined;
    });
    expect(log.map((d) => [d.attempt, d.trigger, d.eventId])).toEqual([
      [2, "redelivery", event.id],
      [1, "event", event.id],
    ]);
  });
});
