import { signPayload } from "@marketplace/core/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type DeliveryStack,
  RECEIVERS,
  type ReceiverProcess,
  startDeliveryStack,
  startReceiverProcess,
} from "./harness.ts";

// Each example receiver, run as its own process (node node/server.mjs; deno run deno/server.ts),
// against deliveries sent by the real worker: signed over the exact bytes, retried and redelivered
// with the same envelope id.

let stack: DeliveryStack;

beforeAll(async () => {
  stack = await startDeliveryStack();
});
afterAll(async () => {
  await stack?.close();
});

describe.each(Object.keys(RECEIVERS) as (keyof typeof RECEIVERS)[])("the %s receiver", (kind) => {
  let receiver: ReceiverProcess;
  let hook: Awaited<ReturnType<DeliveryStack["registerWebhook"]>>;
  let endpoint: string;

  beforeAll(async () => {
    // The secret exists once the webhook does, and the receiver needs it to start: register with a
    // placeholder URL, start the receiver, then point the webhook at it.
    hook = await stack.registerWebhook("http://127.0.0.1:9/placeholder");
    const { command, args, cwd } = RECEIVERS[kind]();
    // Two secrets, comma-separated, as while rotating: the first is not this webhook's.
    receiver = await startReceiverProcess(command, args, { WEBHOOK_SECRET: `whsec_retired, ${hook.secret}` }, { cwd });
    endpoint = `${receiver.url}/hooks/marketplace`;
    const patched = await stack.t.request("PATCH", `/provider/webhooks/${hook.webhookId}`, {
      key: hook.apiKey,
      body: { url: endpoint },
    });
    expect(patched.status).toBe(200);
  });
  afterAll(async () => {
    if (receiver) expect(await receiver.stop()).toBe(0);
  });

  it("accepts a delivery signed by the worker, answers 200, then handles it", async () => {
    const event = await stack.recordOrderCreated(hook.teamId);

    const accepted = await receiver.waitForLine((line) => line.msg === "accepted" && line.id === event.id);
    expect(accepted.type).toBe("order.created");
    await receiver.waitForLine((line) => line.msg === "handled" && line.id === event.id);
    const [attempt] = await stack.deliveries(hook.apiKey, hook.webhookId, 1);
    expect(attempt).toMatchObject({
      eventId: event.id,
      attempt: 1,
      trigger: "event",
      statusCode: 200,
      success: true,
      responseBody: '{"received":true}',
    });
    // Handled after the answer: the accepted line comes first.
    const order = receiver.lines().map((line) => `${line.msg}:${line.id}`);
    expect(order.indexOf(`accepted:${event.id}`)).toBeLessThan(order.indexOf(`handled:${event.id}`));
  });

  it("deduplicates a redelivery of the same event: 200, handled once", async () => {
    const event = await stack.recordOrderCreated(hook.teamId);
    await receiver.waitForLine((line) => line.msg === "handled" && line.id === event.id);
    const first = (await stack.deliveries(hook.apiKey, hook.webhookId, 1)).find((d) => d.eventId === event.id);
    expect(first?.success).toBe(true);

    const redelivered = await stack.t.request(
      "POST",
      `/provider/webhooks/${hook.webhookId}/deliveries/${first?.id}/redeliver`,
      { key: hook.apiKey },
    );
    expect(redelivered.status).toBe(202);
    await receiver.waitForLine((line) => line.msg === "duplicate" && line.id === event.id);
    const attempts = (await stack.deliveries(hook.apiKey, hook.webhookId, 3)).filter((d) => d.eventId === event.id);
    expect(attempts.map((d) => [d.trigger, d.statusCode, d.responseBody])).toEqual([
      ["redelivery", 200, '{"received":true,"duplicate":true}'],
      ["event", 200, '{"received":true}'],
    ]);
    expect(receiver.lines().filter((line) => line.msg === "handled" && line.id === event.id)).toHaveLength(1);
  });

  it("rejects tampered, unsigned, stale and foreign signatures with 400 and handles none", async () => {
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      type: "order.created",
      version: 1,
      createdAt: new Date().toISOString(),
      data: { orderId: "o-1", totalMonthly: "49.99", training: false },
    });
    const header = await signPayload({ payload: body, secret: hook.secret });
    const send = (payload: string, signature: string | null) =>
      fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", ...(signature ? { "x-service-signature": signature } : {}) },
        body: payload,
      });
    const cases: [string, Promise<Response>, string][] = [
      ["tampered body", send(body.replace('"49.99"', '"0.01"'), header), "no_matching_signature"],
      ["re-serialised body", send(JSON.stringify(JSON.parse(body), null, 1), header), "no_matching_signature"],
      ["no header", send(body, null), "missing_header"],
      ["garbage header", send(body, "sha256=abc"), "malformed_header"],
      [
        "stale timestamp",
        send(
          body,
          await signPayload({ payload: body, secret: hook.secret, timestamp: Math.floor(Date.now() / 1000) - 301 }),
        ),
        "timestamp_outside_tolerance",
      ],
      [
        "another secret",
        send(body, await signPayload({ payload: body, secret: "whsec_someone_else" })),
        "no_matching_signature",
      ],
    ];
    for (const [label, response, reason] of cases) {
      const res = await response;
      expect([label, res.status, await res.json()]).toEqual([label, 400, { error: reason }]);
    }
    expect(receiver.lines().filter((line) => line.id === JSON.parse(body).id)).toEqual([]);

    // The same body with its genuine signature is accepted: the rejections were about the signature.
    expect((await send(body, header)).status).toBe(200);
  });

  it("answers 400 to a real delivery signed with a secret it does not hold (recorded as a failed attempt)", async () => {
    // Rotate with no overlap: the worker now signs with a new secret only, which the receiver lacks.
    const rotated = await stack.t.request("POST", `/provider/webhooks/${hook.webhookId}/rotate-secret`, {
      key: hook.apiKey,
      body: { overlapSeconds: 0 },
    });
    expect(rotated.status).toBe(200);
    const queued = await stack.t.request("POST", `/provider/webhooks/${hook.webhookId}/test`, { key: hook.apiKey });
    expect(queued.status).toBe(202);
    const { eventId } = (await queued.json()) as { eventId: string };

    await receiver.waitForLine((line) => line.msg === "rejected" && line.reason === "no_matching_signature");
    const attempts = await stack.deliveries(hook.apiKey, hook.webhookId, 4);
    expect(attempts.find((d) => d.eventId === eventId)).toMatchObject({
      trigger: "test",
      statusCode: 400,
      success: false,
      responseBody: '{"error":"no_matching_signature"}',
    });
  });
});
