import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { verifySignature } from "@marketplace/core/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { scriptCommand } from "../../../test/helpers/package-script.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/helpers/webhook-receiver.ts";

// The embedding example as a user runs it: its documented `pnpm --filter … start` (the command of
// package.json's start script, in its folder) with DATABASE_URL, its own server with the
// marketplace under /marketplace and the delivery worker in the same process.

const exampleDir = fileURLToPath(new URL("..", import.meta.url));

describe("examples/embed-node", () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let child: ChildProcess;
  let stdout = "";
  let stderr = "";
  let exited: Promise<number | string>;
  let base: string;

  const logs = () =>
    stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    const { command, args } = scriptCommand(exampleDir, "start");
    child = spawn(command, args, {
      cwd: exampleDir,
      env: {
        PATH: process.env.PATH ?? "",
        DATABASE_URL: database.url,
        PORT: "0",
        HOST: "127.0.0.1",
        MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK: "true",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal ?? "unknown")));
    const deadline = Date.now() + 60_000;
    for (;;) {
      const listening = logs().find((line) => line.msg === "listening");
      if (listening) {
        base = listening.url as string;
        break;
      }
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`did not start (exit ${child.exitCode})\n${stdout}\n${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    if (child?.exitCode === null) child.kill("SIGKILL");
    await receiver?.close();
    await database?.drop();
  });

  it("serves its own routes and the marketplace under /marketplace", async () => {
    expect(await (await fetch(`${base}/`)).json()).toEqual({ service: "embed-node", marketplace: "/marketplace" });
    const health = await fetch(`${base}/marketplace/health`);
    expect([health.status, await health.json()]).toEqual([200, { status: "ok", database: "up" }]);
    expect(await (await fetch(`${base}/marketplace/`)).json()).toMatchObject({
      docs: "/marketplace/docs",
      openapi: "/marketplace/openapi.json",
    });
    const docs = await (await fetch(`${base}/marketplace/docs`)).text();
    expect(docs).toContain('"/marketplace/openapi.json"');
    // Swagger UI from this service, not a CDN: the page works with no network.
    expect(docs).not.toMatch(/https?:\/\//);
    for (const src of docs.match(/(?:href|src)="([^"]+)"/g) ?? []) {
      const path = /"([^"]+)"/.exec(src)?.[1] as string;
      const asset = await fetch(`${base}${path}`);
      // The icon is 628 bytes; the script and the stylesheet are far larger.
      expect([path, asset.status, (await asset.arrayBuffer()).byteLength > 500]).toEqual([path, 200, true]);
    }
    const doc = (await (await fetch(`${base}/marketplace/openapi.json`)).json()) as { servers: unknown };
    expect(doc.servers).toEqual([{ url: "/marketplace" }]);
    expect((await fetch(`${base}/provider/offers`)).status).toBe(404); // only under the prefix
    // The reference host's composition: readiness and the dashboard come with it, under the prefix.
    const ready = await fetch(`${base}/marketplace/ready`);
    expect([ready.status, ((await ready.json()) as { worker: string }).worker]).toEqual([200, "running"]);
    const signIn = await fetch(`${base}/marketplace/dashboard/sign-in`);
    expect([signIn.status, signIn.headers.get("content-type")]).toEqual([200, "text/html; charset=UTF-8"]);
    expect(await signIn.text()).toContain('action="/marketplace/dashboard/sign-in"');
  });

  it("creates a team through its own route (use cases called directly); the key works on the mounted API", async () => {
    const created = await fetch(`${base}/partners`, {
      method: "POST",
      body: JSON.stringify({ name: "Acme Partners" }),
    });
    expect(created.status).toBe(201);
    const { apiKey } = (await created.json()) as { apiKey: string };
    const orders = await fetch(`${base}/marketplace/reseller/orders`, { headers: { "x-api-key": apiKey } });
    expect([orders.status, await orders.json()]).toEqual([200, []]);
    expect((await fetch(`${base}/partners`, { method: "POST", body: "{}" })).status).toBe(400);
  });

  it("delivers webhooks from the worker running in the same process", async () => {
    const created = await fetch(`${base}/partners`, { method: "POST", body: JSON.stringify({ name: "Hooked" }) });
    const { apiKey } = (await created.json()) as { apiKey: string };
    const headers = { "x-api-key": apiKey, "content-type": "application/json" };
    const registered = await fetch(`${base}/marketplace/reseller/webhooks`, {
      method: "POST",
      headers,
      body: JSON.stringify({ url: `${receiver.url}/embed`, events: ["order.created"] }),
    });
    expect(registered.status).toBe(201);
    const webhook = (await registered.json()) as { id: string; secret: string };
    const queued = await fetch(`${base}/marketplace/reseller/webhooks/${webhook.id}/test`, {
      method: "POST",
      headers: { "x-api-key": apiKey },
    });
    expect(queued.status).toBe(202);
    const { eventId } = (await queued.json()) as { eventId: string };

    const [request] = await receiver.waitFor(1, { path: "/embed", timeoutMs: 20_000 });
    expect(JSON.parse(request?.body as string)).toMatchObject({ id: eventId, type: "webhook.test" });
    const header = request?.headers["x-service-signature"] as string;
    expect(await verifySignature({ payload: request?.body as string, header, secret: webhook.secret })).toMatchObject({
      ok: true,
    });
  });

  it("stops in order on SIGTERM and exits 0", async () => {
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(logs().some((line) => line.msg === "stopping")).toBe(true);
    expect(stderr).toBe("");
  });
});
