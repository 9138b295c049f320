import { verifySignature } from "@marketplace/core/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/helpers/webhook-receiver.ts";
import { apiCaller, demoKeys, type ServerProcess, startServerProcess } from "./server-process.ts";

/**
 * The whole path a real order's events take: the reference server as a process, webhooks
 * registered through the API, an order placed through the API, signed deliveries to a receiver.
 */
describe("order events reach webhooks through the reference server", () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let server: ServerProcess;
  let keys: Record<string, string>;

  const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(server)(...args);
  const register = async (
    key: string,
    side: "provider" | "reseller",
    path: string,
    events: string[],
    isActive = true,
  ) => {
    const res = await call(key, "POST", `/${side}/webhooks`, { url: `${receiver.url}${path}`, events, isActive });
    expect(res.status).toBe(201);
    return res.body as { id: string; secret: string };
  };
  const offerBySku = async (key: string, sku: string) => {
    const offers = (await call(key, "GET", "/provider/offers")).body as { id: string; sku: string }[];
    return offers.find((offer) => offer.sku === sku)?.id as string;
  };
  const orderBody = (offerId: string, extra: Record<string, unknown> = {}) => ({
    items: [{ offerId }],
    customer: { name: "Ada Lovelace", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
    serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
    ...extra,
  });
  const typesOn = (path: string) =>
    receiver
      .on(path)
      .map((request) => JSON.parse(request.body).type as string)
      .sort();

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    server = await startServerProcess({
      DATABASE_URL: database.url,
      MARKETPLACE_SEED: "true",
      MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK: "true",
    });
    keys = demoKeys(server);
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill("SIGTERM");
    await server?.exited;
    await receiver?.close();
    await database?.drop();
  });

  it("delivers signed order.created and order.item.created to provider and reseller webhooks, none to a paused one", async () => {
    const orderEvents = ["order.created", "order.item.created", "order.item.status_changed", "order.cancelled"];
    const providerHook = await register(keys.provider as string, "provider", "/provider", orderEvents);
    const resellerHook = await register(keys.reseller as string, "reseller", "/reseller", [
      "order.created",
      "order.item.created",
    ]);
    await register(keys.provider as string, "provider", "/paused", orderEvents, false);

    const offerId = await offerBySku(keys.provider as string, "FIBER-500");
    const placed = await call(keys.reseller as string, "POST", "/reseller/orders", orderBody(offerId));
    expect(placed.status).toBe(201);
    const order = placed.body as { id: string; items: { id: string }[] };

    const toProvider = await receiver.waitFor(2, { path: "/provider", timeoutMs: 20_000 });
    const toReseller = await receiver.waitFor(2, { path: "/reseller", timeoutMs: 20_000 });
    expect(typesOn("/provider")).toEqual(["order.created", "order.item.created"]);
    expect(typesOn("/reseller")).toEqual(["order.created", "order.item.created"]);
    for (const [requests, secret] of [
      [toProvider, providerHook.secret],
      [toReseller, resellerHook.secret],
    ] as const) {
      for (const request of requests) {
        const header = request.headers["x-service-signature"] as string;
        const envelope = JSON.parse(request.body);
        expect(envelope).toMatchObject({ version: 1, data: { orderId: order.id, training: false } });
        expect("x-service-training" in request.headers).toBe(false);
        expect(await verifySignature({ payload: request.body, header, secret })).toMatchObject({ ok: true });
        const tampered = request.body.replace(
          order.id,
          order.id.replace(/.$/, (c) => (c === "0" ? "1" : "0")),
        );
        expect(await verifySignature({ payload: tampered, header, secret })).toEqual({
          ok: false,
          reason: "no_matching_signature",
        });
      }
    }

    // An accepted item reaches the provider as order.item.status_changed (the reseller did not subscribe to it).
    await call(keys.provider as string, "PATCH", `/provider/orders/${order.items[0]?.id}/status`, {
      status: "accepted",
    });
    const [changed] = (await receiver.waitFor(3, { path: "/provider", timeoutMs: 20_000 })).filter(
      (request) => JSON.parse(request.body).type === "order.item.status_changed",
    );
    expect(JSON.parse(changed?.body as string).data).toMatchObject({
      from: "pending",
      to: "accepted",
      orderStatus: "in_progress",
    });

    // The delivery log lists every attempt, newest first.
    const log = await call(keys.reseller as string, "GET", `/reseller/webhooks/${resellerHook.id}/deliveries`);
    expect(log.status).toBe(200);
    expect((log.body as { statusCode: number }[]).map((attempt) => attempt.statusCode)).toEqual([200, 200]);
    expect(receiver.on("/paused")).toEqual([]);
  });

  it("marks training deliveries with X-Service-Training: true", async () => {
    await register(keys.reseller as string, "reseller", "/training", ["order.created"]);
    const offerId = await offerBySku(keys.provider as string, "FIBER-500");
    await call(keys.reseller as string, "POST", "/reseller/orders", orderBody(offerId, { isTraining: true }));
    const [request] = await receiver.waitFor(1, { path: "/training", timeoutMs: 20_000 });
    expect(request?.headers["x-service-training"]).toBe("true");
    expect(JSON.parse(request?.body as string).data.training).toBe(true);
  });

  it("gives a hybrid team each event once when it orders its own offer", async () => {
    await register(keys.hybrid as string, "provider", "/hybrid", ["order.created", "order.item.created"]);
    const offerId = await offerBySku(keys.hybrid as string, "SEC-BASIC");
    const placed = await call(keys.hybrid as string, "POST", "/reseller/orders", orderBody(offerId));
    expect(placed.status).toBe(201);
    await receiver.waitFor(2, { path: "/hybrid", timeoutMs: 20_000 });
    // Give a duplicate every chance to arrive before checking there is none.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(typesOn("/hybrid")).toEqual(["order.created", "order.item.created"]);
  });
});
