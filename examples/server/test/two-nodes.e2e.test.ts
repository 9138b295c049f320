import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { eventually, startWebhookReceiver, type WebhookReceiver } from "../../../test/helpers/webhook-receiver.ts";
import { apiCaller, demoKeys, type ServerProcess, startServerProcess } from "./server-process.ts";

const ADMIN_TOKEN = "two-nodes-admin-token-0123456789";

/**
 * Two reference servers, each with its delivery worker, on one PostgreSQL: what docs/operations.md
 * ("Several nodes, one PostgreSQL") promises, kept working by the suite.
 */
describe("two nodes on one database", () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let a: ServerProcess;
  let b: ServerProcess;
  let keys: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    const env = {
      DATABASE_URL: database.url,
      MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK: "true",
      MARKETPLACE_ADMIN_TOKEN: ADMIN_TOKEN,
    };
    a = await startServerProcess({ ...env, MARKETPLACE_SEED: "true" });
    b = await startServerProcess({ ...env, MARKETPLACE_SEED: "false" });
    keys = demoKeys(a);
  });
  afterAll(async () => {
    for (const node of [a, b]) if (node?.child.exitCode === null) node.child.kill("SIGTERM");
    await Promise.all([a?.exited, b?.exited]);
    await receiver?.close();
    await database?.drop();
  });

  it("counts the public rate limit exactly across both nodes", async () => {
    // 30 clicks a minute per client: 40 at once from one address, half to each node.
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const res = await fetch(`${(i % 2 === 0 ? a : b).baseUrl}/public/shop/clicks`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it("refuses on one node a key revoked through the other", async () => {
    const admin = (node: ServerProcess, method: string, path: string, body?: unknown) =>
      fetch(`${node.baseUrl}/admin${path}`, {
        method,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const created = await admin(a, "POST", "/teams", { name: "Two Nodes Ltd", role: "provider" });
    expect(created.status).toBe(201);
    const team = (await created.json()) as { id: string; apiKey: { id: string; key: string } };
    const offers = (node: ServerProcess) =>
      fetch(`${node.baseUrl}/provider/offers`, { headers: { "x-api-key": team.apiKey.key } }).then((res) => res.status);
    // Both nodes accept it (and keep it in their key caches).
    expect(await offers(a)).toBe(200);
    expect(await offers(b)).toBe(200);
    expect((await admin(a, "DELETE", `/teams/${team.id}/api-keys/${team.apiKey.id}`)).status).toBe(200);
    expect(await offers(a)).toBe(401);
    // The other node hears of it through PostgreSQL's notification, within milliseconds.
    await eventually(async () => ((await offers(b)) === 401 ? true : undefined), 2000);
  });

  it("delivers each event exactly once when nothing fails, each node running its worker", async () => {
    const callA = apiCaller(a);
    const callB = apiCaller(b);
    const hook = await callA(keys.provider as string, "POST", "/provider/webhooks", {
      url: `${receiver.url}/two-nodes`,
      events: ["order.created", "order.item.created"],
    });
    expect(hook.status).toBe(201);
    const listed = (await callA(keys.provider as string, "GET", "/provider/offers")).body as {
      id: string;
      sku: string;
    }[];
    const offerId = listed.find((offer) => offer.sku === "FIBER-500")?.id as string;
    const orders = 8;
    const placed = await Promise.all(
      Array.from({ length: orders }, (_, i) =>
        (i % 2 === 0 ? callA : callB)(keys.reseller as string, "POST", "/reseller/orders", {
          items: [{ offerId }],
          customer: { name: "Ada Lovelace", email: `ada${i}@example.com`, phone: "+15125550123", kind: "residential" },
          serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
        }),
      ),
    );
    expect(placed.map((res) => res.status)).toEqual(Array(orders).fill(201));
    // One order.created and one order.item.created per order.
    const expected = orders * 2;
    await receiver.waitFor(expected, { path: "/two-nodes", timeoutMs: 30_000 });
    // Time for a duplicate to show up, had one been sent.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const ids = receiver.on("/two-nodes").map((request) => JSON.parse(request.body).id as string);
    expect(ids).toHaveLength(expected);
    expect(new Set(ids).size).toBe(expected);
  });
});
