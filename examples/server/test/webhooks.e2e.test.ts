import { verifySignature } from "@marketplace/core/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/helpers/webhook-receiver.ts";
import { demoKeys, type ServerProcess, startServerProcess } from "./server-process.ts";

describe("reference server webhooks", () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    server = await startServerProcess({
      DATABASE_URL: database.url,
      MARKETPLACE_SEED: "true",
      MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK: "true",
    });
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill("SIGKILL");
    await receiver?.close();
    await database?.drop();
  });

  it("with MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK=true, registers an http://127.0.0.1 webhook and delivers a signed test event", async () => {
    expect(server.logs().some((line) => String(line.msg).startsWith("webhooks may target loopback"))).toBe(true);
    const key = demoKeys(server).reseller as string;
    const headers = { "x-api-key": key, "content-type": "application/json" };
    const created = await fetch(`${server.baseUrl}/reseller/webhooks`, {
      method: "POST",
      headers,
      body: JSON.stringify({ url: `${receiver.url}/e2e`, events: ["order.created"] }),
    });
    expect(created.status).toBe(201);
    const webhook = (await created.json()) as { id: string; secret: string };
    const queued = await fetch(`${server.baseUrl}/reseller/webhooks/${webhook.id}/test`, { method: "POST", headers });
    expect(queued.status).toBe(202);
    const { eventId } = (await queued.json()) as { eventId: string };

    const [request] = await receiver.waitFor(1, { path: "/e2e", timeoutMs: 20_000 });
    expect(JSON.parse(request?.body as string)).toMatchObject({ id: eventId, type: "webhook.test" });
    const header = request?.headers["x-service-signature"] as string;
    expect(await verifySignature({ payload: request?.body as string, header, secret: webhook.secret })).toMatchObject({
      ok: true,
    });

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  it("rejects a bad MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK value at start", async () => {
    await expect(
      startServerProcess({ DATABASE_URL: database.url, MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK: "maybe" }),
    ).rejects.toThrow(/MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK/);
  });
});
