import { randomUUID } from "node:crypto";
import { verifySignature } from "@marketplace/core/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/helpers/webhook-receiver.ts";
import { apiCaller, type HostName, type ServerProcess, startServerProcess } from "./server-process.ts";

const ADMIN = "e2e-admin-token-0123456789";
const HOSTS: HostName[] = ["node", "deno", "bun"];

/**
 * The contract end to end on every host the project ships: the reference host on Node and the API
 * on Deno (`Deno.serve`) and Bun (`Bun.serve`), each a process on its own database. One walk
 * through the product per host: teams through the admin API, an offer published and duplicated, the
 * bulk CSV template validated, webhooks registered, an order placed and cancelled, its signed
 * events delivered by the host's worker, and a graceful stop. Bodyless routes are called as fetch clients do (JSON content type,
 * empty body): under Deno.serve they once answered 500.
 */
describe.each(HOSTS)("the API on %s", (host) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let server: ServerProcess;
  const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(server)(...args);
  /** A bodyless POST or PATCH as fetch clients send it: JSON content type, empty body. */
  const bodyless = async (key: string, method: string, path: string) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: "",
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const createTeam = async (name: string, role: string) => {
    const res = await fetch(`${server.baseUrl}/admin/teams`, {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" },
      body: JSON.stringify({ name, role }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { apiKey: { key: string } }).apiKey.key;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    server = await startServerProcess(
      {
        DATABASE_URL: database.url,
        MARKETPLACE_ADMIN_TOKEN: ADMIN,
        MARKETPLACE_SEED: "false",
        MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK: "true",
      },
      { host },
    );
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
    await receiver?.close();
    await database?.drop();
  });

  it("serves the contract: offers, orders, signed webhook deliveries; stops gracefully on SIGTERM", async () => {
    expect((await fetch(`${server.baseUrl}/`)).status).toBe(200);
    const health = await fetch(`${server.baseUrl}/health`);
    expect([health.status, await health.json()]).toEqual([200, { status: "ok", database: "up" }]);
    expect(health.headers.get("x-content-type-options")).toBe("nosniff");
    // /docs and Swagger UI's files from the installed swagger-ui-dist, on this runtime too.
    const docs = await fetch(`${server.baseUrl}/docs`);
    expect(docs.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(await docs.text()).toContain('src="/docs/assets/swagger-ui-bundle.js"');
    for (const file of ["swagger-ui-bundle.js", "swagger-ui.css"]) {
      const asset = await fetch(`${server.baseUrl}/docs/assets/${file}`);
      expect([file, asset.status, (await asset.arrayBuffer()).byteLength > 100_000]).toEqual([file, 200, true]);
    }
    // The consent signing key exists from the start on every host (issue 26): JWKS not empty.
    const jwks = await fetch(`${server.baseUrl}/.well-known/consent-keys.json`);
    expect(jwks.status).toBe(200);
    expect(((await jwks.json()) as { keys: unknown[] }).keys.length).toBeGreaterThanOrEqual(1);
    expect(server.logs().some((line) => line.msg === "consent signing key" && line.configured === false)).toBe(true);

    const provider = await createTeam("Acme Fiber", "provider");
    const reseller = await createTeam("Resell Co", "reseller");
    expect((await call(reseller, "GET", "/provider/offers")).status).toBe(403);

    const created = await call(provider, "POST", "/provider/offers", {
      name: "Fiber 500",
      sku: `FIBER-${randomUUID()}`,
      serviceType: "internet",
      monthlyPrice: "49.99",
      internet: { downloadSpeedMbps: 500, uploadSpeedMbps: 500, connectionType: "fiber" },
    });
    expect(created.status).toBe(201);
    const offerId = (created.body as { id: string }).id;
    const published = await bodyless(provider, "POST", `/provider/offers/${offerId}/publish`);
    expect([published.status, published.body.status]).toEqual([200, "active"]);
    const copy = await bodyless(provider, "POST", `/provider/offers/${offerId}/duplicate`);
    expect([copy.status, copy.body.status]).toEqual([201, "draft"]);

    // The bulk CSV path (csv-parse through packages/http's "imports"): the template validates as it is.
    const template = await fetch(`${server.baseUrl}/provider/offers/bulk-upload/template`, {
      headers: { "x-api-key": provider },
    });
    const validated = await fetch(`${server.baseUrl}/provider/offers/bulk-upload/validate`, {
      method: "POST",
      headers: { "x-api-key": provider, "content-type": "text/csv" },
      body: await template.text(),
    });
    expect([validated.status, ((await validated.json()) as { summary: unknown }).summary]).toEqual([
      200,
      { rows: 1, valid: 1, invalid: 0, created: 0 },
    ]);

    const events = ["order.created", "order.cancelled"];
    const hooks = {
      provider: await call(provider, "POST", "/provider/webhooks", { url: `${receiver.url}/provider`, events }),
      reseller: await call(reseller, "POST", "/reseller/webhooks", { url: `${receiver.url}/reseller`, events }),
    };
    expect([hooks.provider.status, hooks.reseller.status]).toEqual([201, 201]);

    const placed = await call(reseller, "POST", "/reseller/orders", {
      items: [{ offerId }],
      customer: { name: "Ada Lovelace", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
      serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
    });
    expect(placed.status).toBe(201);
    const orderId = (placed.body as { id: string }).id;
    const cancelled = await bodyless(reseller, "PATCH", `/reseller/orders/${orderId}/cancel`);
    expect([cancelled.status, cancelled.body.status]).toEqual([200, "cancelled"]);

    for (const side of ["provider", "reseller"] as const) {
      const delivered = await receiver.waitFor(2, { path: `/${side}`, timeoutMs: 20_000 });
      const bodies = delivered.map(
        (request) => JSON.parse(request.body) as { type: string; data: { orderId: string } },
      );
      expect(bodies.map((body) => body.type).sort()).toEqual(["order.cancelled", "order.created"]);
      expect(bodies.every((body) => body.data.orderId === orderId)).toBe(true);
      for (const request of delivered) {
        const header = request.headers["x-service-signature"] as string;
        const { secret } = hooks[side].body as { secret: string };
        expect(await verifySignature({ payload: request.body, header, secret })).toMatchObject({ ok: true });
      }
    }

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.logs().map((line) => line.msg)).toContain("stopped");
  });
});
