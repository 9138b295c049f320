import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OwnPostgres, startOwnPostgres } from "../../../test/helpers/own-postgres.ts";
import { eventually, startWebhookReceiver, type WebhookReceiver } from "../../../test/helpers/webhook-receiver.ts";
import { apiCaller, demoKeys, type HostName, type ServerProcess, startServerProcess } from "./server-process.ts";

// Every host (Node, Deno, Bun: the one composition over each runtime) while its PostgreSQL restarts
// under order load, as a managed database's failover or a minor-version upgrade does it. The
// process must stay up (it exits on any unhandled rejection, so this also proves there is none),
// /ready must say what is going on, every order's event must arrive, and once the database is back
// no request may fail. The PostgreSQL is one this test started itself (one for the file, a
// database of its own for each host, which is started once and stopped after its test).

let own: OwnPostgres;
beforeAll(async () => {
  own = await startOwnPostgres();
});
afterAll(async () => {
  await own?.stop();
});

/** A database of the host's own in the test's PostgreSQL. */
async function databaseFor(host: string): Promise<string> {
  const client = new pg.Client({ connectionString: own.url });
  await client.connect();
  try {
    await client.query(`create database restart_${host}`);
  } finally {
    await client.end();
  }
  const url = new URL(own.url);
  url.pathname = `/restart_${host}`;
  return url.toString();
}

/** A log line's severity as a number: pino's on Node, the JSON-lines logger's names on Deno and Bun. */
const severity = (line: Record<string, unknown>) =>
  typeof line.level === "number"
    ? line.level
    : ({ debug: 20, info: 30, warn: 40, error: 50 }[line.level as string] ?? 0);

describe.each(["node", "deno", "bun"] satisfies HostName[])("on %s", (host) => {
  let receiver: WebhookReceiver;
  let server: ServerProcess;
  let keys: Record<string, string>;

  const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(server)(...args);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startServerProcess(
      {
        DATABASE_URL: await databaseFor(host),
        MARKETPLACE_SEED: "true",
        MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK: "true",
      },
      { host },
    );
    keys = demoKeys(server);
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill("SIGTERM");
    await server?.exited;
    await receiver?.close();
  });

  it("stays up through two restarts (fast, immediate), delivers every order's event, and is ready again", {
    timeout: 90_000,
  }, async () => {
    const reseller = keys.reseller as string;
    const hook = await call(reseller, "POST", "/reseller/webhooks", {
      url: `${receiver.url}/orders`,
      events: ["order.created"],
    });
    expect(hook.status).toBe(201);
    const offers = (await call(keys.provider as string, "GET", "/provider/offers")).body as {
      id: string;
      sku: string;
    }[];
    const offerId = offers.find((offer) => offer.sku === "FIBER-500")?.id as string;
    const order = () =>
      call(reseller, "POST", "/reseller/orders", {
        items: [{ offerId }],
        customer: { name: "Ada Lovelace", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
        serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
      });

    const placed: string[] = [];
    for (const mode of ["fast", "immediate"] as const) {
      for (let i = 0; i < 15; i++) {
        const res = await order();
        expect(res.status).toBe(201);
        placed.push(res.body.id);
      }
      await own.restart(mode);
      // The database accepts connections again: from here on, no request may fail.
      for (let i = 0; i < 30; i++) {
        const res = await order();
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        placed.push(res.body.id);
      }
      expect(server.child.exitCode).toBeNull();
    }

    // Every order's event arrives.
    const missing = () => {
      const delivered = new Set(receiver.on("/orders").map((request) => JSON.parse(request.body).data.orderId));
      return placed.filter((id) => !delivered.has(id));
    };
    await eventually(async () => (missing().length === 0 ? true : undefined), 30_000).catch((error) => {
      const notes = server.logs().filter((line) => severity(line) >= 40);
      throw new Error(
        `${missing().length} of ${placed.length} orders' events missing; warnings:\n${JSON.stringify(notes, null, 1)}`,
        { cause: error },
      );
    });
    const ready = await fetch(`${server.baseUrl}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: "ready",
      database: "up",
      migrations: "current",
      worker: "running",
      draining: false,
    });
    expect(server.logs().filter((line) => severity(line) >= 60)).toEqual([]);
  });
});
