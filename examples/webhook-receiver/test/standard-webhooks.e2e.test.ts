import { spawnSync } from "node:child_process";
import type { IncomingHttpHeaders } from "node:http";
import { fileURLToPath } from "node:url";
import { verifySignature } from "@marketplace/core/signing";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ReceivedRequest,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../../test/helpers/webhook-receiver.ts";
import { type DeliveryStack, RECEIVERS, startDeliveryStack, startReceiverProcess } from "./harness.ts";

// Webhooks registered with signatureScheme "standard", delivered by the real worker to receivers
// started here, and verified by the `standardwebhooks` npm package (the Standard Webhooks
// project's own library), by a verifier in another language (Python, standard library only:
// examples/webhook-receiver/python/verify_standard.py) and by the example receivers.

const STANDARD_SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const PYTHON_VERIFIER = fileURLToPath(new URL("../python/verify_standard.py", import.meta.url));

let stack: DeliveryStack;
let receiver: WebhookReceiver;
let pathCounter = 0;

beforeAll(async () => {
  [stack, receiver] = await Promise.all([startDeliveryStack(), startWebhookReceiver()]);
});
afterAll(async () => {
  await receiver?.close();
  await stack?.close();
});

interface Registered {
  apiKey: string;
  teamId: string;
  id: string;
  secret: string;
  path: string;
}

async function register(body: Record<string, unknown> = { signatureScheme: "standard" }): Promise<Registered> {
  const team = await stack.t.createTeam("provider");
  const path = `/standard-${++pathCounter}`;
  const res = await stack.t.request("POST", "/provider/webhooks", {
    key: team.apiKey,
    body: { url: receiver.url + path, events: ["order.created"], ...body },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const webhook = (await res.json()) as { id: string; secret: string };
  return { apiKey: team.apiKey, teamId: team.teamId, id: webhook.id, secret: webhook.secret, path };
}

/** Node's headers as the library takes them: every value a string. */
function plainHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (typeof value === "string") out[name] = value;
  return out;
}

/** Runs the Python verifier on a received request; its JSON answer. */
function verifyInPython(request: Pick<ReceivedRequest, "headers" | "body">, secrets: string[]) {
  const run = spawnSync("python3", [PYTHON_VERIFIER], {
    input: JSON.stringify({ headers: plainHeaders(request.headers), body: request.body }),
    env: { PATH: process.env.PATH ?? "", WEBHOOK_SECRET: secrets.join(",") },
    encoding: "utf8",
    timeout: 20_000,
  });
  if (run.error) throw run.error;
  expect(run.stderr).toBe("");
  return { status: run.status, result: JSON.parse(run.stdout) as { ok: boolean; id?: string; reason?: string } };
}

/** The library's verdict: the parsed envelope, or the error's message. */
function verifyWithLibrary(secret: string, request: Pick<ReceivedRequest, "headers" | "body">): unknown {
  try {
    return new Webhook(secret).verify(request.body, plainHeaders(request.headers));
  } catch (error) {
    if (error instanceof WebhookVerificationError) return `rejected: ${error.message}`;
    throw error;
  }
}

describe("a webhook registered with signatureScheme standard", () => {
  let hook: Registered;
  let first: ReceivedRequest;

  beforeAll(async () => {
    hook = await register();
  });

  it("gets deliveries the standardwebhooks library and the Python verifier accept, X-Service-Signature too", async () => {
    expect(hook.secret).toMatch(STANDARD_SECRET);
    const event = await stack.recordOrderCreated(hook.teamId);
    [first] = (await receiver.waitFor(1, { path: hook.path })) as [ReceivedRequest];

    expect(first.headers["webhook-id"]).toBe(event.id);
    const timestamp = first.headers["webhook-timestamp"] as string;
    expect(timestamp).toMatch(/^\d{10}$/);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(first.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    // In addition to the spec's header, with the same timestamp.
    expect(first.headers["x-service-signature"]).toMatch(new RegExp(`^t=${timestamp},v1=[0-9a-f]{64}$`));

    const envelope = verifyWithLibrary(hook.secret, first);
    expect(envelope).toEqual(JSON.parse(first.body));
    expect(envelope).toMatchObject({ id: event.id, type: "order.created" });
    expect(verifyInPython(first, [hook.secret])).toEqual({ status: 0, result: { ok: true, id: event.id } });
    expect(
      await verifySignature({
        payload: first.body,
        header: first.headers["x-service-signature"] as string,
        secret: hook.secret,
      }),
    ).toMatchObject({ ok: true });
  });

  it("is rejected by both verifiers when the body, the id or the secret differs", async () => {
    const tampered = { ...first, body: first.body.replace('"49.99"', '"0.01"') };
    expect(tampered.body).not.toBe(first.body);
    const otherId = { ...first, headers: { ...first.headers, "webhook-id": crypto.randomUUID() } };
    const other = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    for (const [request, secret] of [
      [tampered, hook.secret],
      [otherId, hook.secret],
      [first, other],
    ] as const) {
      expect(verifyWithLibrary(secret, request)).toBe("rejected: No matching signature found");
      expect(verifyInPython(request, [secret])).toEqual({
        status: 1,
        result: { ok: false, reason: "no_matching_signature" },
      });
    }
  });

  it("signs with both secrets during a rotation's overlap: one v1 each, each verifies alone", async () => {
    const rotated = await stack.t.request("POST", `/provider/webhooks/${hook.id}/rotate-secret`, {
      key: hook.apiKey,
      body: { overlapSeconds: 3600 },
    });
    expect(rotated.status).toBe(200);
    const { secret: newSecret } = (await rotated.json()) as { secret: string };
    expect(newSecret).toMatch(STANDARD_SECRET);

    const queued = await stack.t.request("POST", `/provider/webhooks/${hook.id}/test`, { key: hook.apiKey });
    expect(queued.status).toBe(202);
    const { eventId } = (await queued.json()) as { eventId: string };
    const requests = await receiver.waitFor(2, { path: hook.path });
    const test = requests[1] as ReceivedRequest;
    expect(test.headers["webhook-id"]).toBe(eventId);
    const signatures = (test.headers["webhook-signature"] as string).split(" ");
    expect(signatures).toHaveLength(2);
    for (const secret of [newSecret, hook.secret]) {
      expect(verifyWithLibrary(secret, test)).toMatchObject({ id: eventId, type: "webhook.test" });
      expect(verifyInPython(test, [secret])).toEqual({ status: 0, result: { ok: true, id: eventId } });
    }
    hook.secret = newSecret;
  });

  it("signs redeliveries and recoveries the same way, with the event's id as webhook-id", async () => {
    const list = await stack.deliveries(hook.apiKey, hook.id, 2);
    const original = list.find((delivery) => delivery.trigger === "event");
    const redeliver = await stack.t.request(
      "POST",
      `/provider/webhooks/${hook.id}/deliveries/${original?.id}/redeliver`,
      { key: hook.apiKey },
    );
    expect(redeliver.status).toBe(202);
    const redelivered = (await receiver.waitFor(3, { path: hook.path }))[2] as ReceivedRequest;
    expect(redelivered.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(redelivered.body).toBe(first.body);
    expect(verifyWithLibrary(hook.secret, redelivered)).toMatchObject({ id: original?.eventId });

    // Recovery: an event the webhook never got while paused, re-sent on request.
    const pause = (isActive: boolean) =>
      stack.t.request("PATCH", `/provider/webhooks/${hook.id}`, { key: hook.apiKey, body: { isActive } });
    expect((await pause(false)).status).toBe(200);
    const since = new Date(Date.now() - 1000).toISOString();
    const missed = await stack.recordOrderCreated(hook.teamId);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.on(hook.path)).toHaveLength(3);
    expect((await pause(true)).status).toBe(200);
    const recover = await stack.t.request("POST", `/provider/webhooks/${hook.id}/recover`, {
      key: hook.apiKey,
      body: { since },
    });
    expect(recover.status, await recover.clone().text()).toBe(202);
    const recovered = (await receiver.waitFor(4, { path: hook.path }))[3] as ReceivedRequest;
    expect(recovered.headers["webhook-id"]).toBe(missed.id);
    expect(verifyWithLibrary(hook.secret, recovered)).toMatchObject({ id: missed.id });
    expect(verifyInPython(recovered, [hook.secret])).toEqual({ status: 0, result: { ok: true, id: missed.id } });
  });
});

describe("a webhook registered without signatureScheme", () => {
  it("keeps the spec's delivery: X-Service-Signature only, a base64url secret", async () => {
    const hook = await register({});
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const event = await stack.recordOrderCreated(hook.teamId);
    const [request] = (await receiver.waitFor(1, { path: hook.path })) as [ReceivedRequest];
    expect(Object.keys(request.headers).filter((name) => name.startsWith("webhook-"))).toEqual([]);
    expect(JSON.parse(request.body).id).toBe(event.id);
    expect(
      await verifySignature({
        payload: request.body,
        header: request.headers["x-service-signature"] as string,
        secret: hook.secret,
      }),
    ).toMatchObject({ ok: true });
  });
});

describe.each(Object.keys(RECEIVERS) as (keyof typeof RECEIVERS)[])(
  "the %s example receiver with SIGNATURE_SCHEME=standard",
  (kind) => {
    it("accepts a real Standard Webhooks delivery and rejects a forged one", async () => {
      const hook = await register();
      const { command, args, cwd } = RECEIVERS[kind]();
      const process = await startReceiverProcess(
        command,
        args,
        { WEBHOOK_SECRET: hook.secret, SIGNATURE_SCHEME: "standard" },
        { cwd },
      );
      try {
        const endpoint = `${process.url}/hooks/marketplace`;
        const patched = await stack.t.request("PATCH", `/provider/webhooks/${hook.id}`, {
          key: hook.apiKey,
          body: { url: endpoint },
        });
        expect(patched.status).toBe(200);
        const event = await stack.recordOrderCreated(hook.teamId);
        await process.waitForLine((line) => line.msg === "handled" && line.id === event.id);
        const [attempt] = await stack.deliveries(hook.apiKey, hook.id, 1);
        expect(attempt).toMatchObject({ eventId: event.id, statusCode: 200, success: true });

        // A request signed by the library with another secret is refused with the reason.
        const body = JSON.stringify({ id: crypto.randomUUID(), type: "order.created", version: 1, data: {} });
        const forger = new Webhook("whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=");
        const id = crypto.randomUUID();
        const now = new Date();
        const forged = await fetch(endpoint, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "webhook-id": id,
            "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
            "webhook-signature": forger.sign(id, now, body),
          },
          body,
        });
        expect([forged.status, await forged.json()]).toEqual([400, { error: "no_matching_signature" }]);
      } finally {
        expect(await process.stop()).toBe(0);
      }
    });
  },
);
