import http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";

// A deploy: SIGTERM while keep-alive clients keep sending. Readiness turns 503 at once, every
// request the server accepted is answered (those after the signal with Connection: close), idle
// keep-alive sockets close without a reset, the process exits 0 and logs no error line.

let database: TestDatabase;
let server: ServerProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServerProcess({
    DATABASE_URL: database.url,
    MARKETPLACE_SEED: "false",
    MARKETPLACE_SHUTDOWN_DELAY_MS: "300",
  });
});
afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill("SIGKILL");
  await database?.drop();
});

interface Outcome {
  status?: number;
  connection?: string;
  error?: string;
}

function get(agent: http.Agent, url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode, connection: response.headers.connection }));
      response.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

it("drains on SIGTERM under keep-alive load: no reset, readiness 503 first, exit 0, no error line", async () => {
  expect((await fetch(`${server.baseUrl}/ready`)).status).toBe(200);

  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const outcomes: { at: number; outcome: Outcome }[] = [];
  let signalledAt = Number.POSITIVE_INFINITY;
  let refused = false;
  const deadline = Date.now() + 20_000;
  // 8 clients, each sending its next request as soon as the last is answered.
  const clients = Array.from({ length: 8 }, async (_, i) => {
    while (!refused && Date.now() < deadline) {
      const outcome = await get(agent, `${server.baseUrl}/${i % 2 === 0 ? "health" : ""}`);
      outcomes.push({ at: Date.now(), outcome });
      if (outcome.error === "ECONNREFUSED") refused = true; // the listener is closed: the deploy is done
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 400));
  const readinessDuringDrain = new Promise<{ status: number; body: unknown }>((resolve) => {
    const poll = async () => {
      const response = await fetch(`${server.baseUrl}/ready`).catch(() => null);
      if (response && response.status === 503) return resolve({ status: 503, body: await response.json() });
      setTimeout(poll, 20);
    };
    setTimeout(poll, 20);
  });
  signalledAt = Date.now();
  server.child.kill("SIGTERM");

  const ready = await readinessDuringDrain;
  expect(ready.body).toMatchObject({ status: "not_ready", draining: true, database: "up" });
  await Promise.all(clients);
  agent.destroy();
  expect(await server.exited).toBe(0);

  const answered = outcomes.filter(({ outcome }) => outcome.status !== undefined);
  const failed = outcomes.filter(({ outcome }) => outcome.error !== undefined && outcome.error !== "ECONNREFUSED");
  expect(failed).toEqual([]);
  expect(answered.every(({ outcome }) => outcome.status === 200)).toBe(true);
  // Traffic went on after the signal, and those answers told the client to close.
  const after = answered.filter(({ at }) => at > signalledAt);
  expect(after.length).toBeGreaterThan(0);
  expect(after.some(({ outcome }) => outcome.connection === "close")).toBe(true);

  expect(server.logs().filter((line) => (line.level as number) >= 50)).toEqual([]);
  expect(server.logs().some((line) => line.msg === "stopped")).toBe(true);
});

it("answers every request on SIGTERM with one connection per request and no shutdown delay: 0 resets", {
  timeout: 90_000,
}, async () => {
  // Each request its own connection (no agent, Connection: close), as many clients do: a request
  // still in the listener's accept queue when it closed was reset before (issue 25). Now the drain
  // holds new requests until the wire is quiet, closes the listener, then answers them.
  const own = await createTestDatabase();
  const node = await startServerProcess({
    DATABASE_URL: own.url,
    MARKETPLACE_SEED: "false",
    MARKETPLACE_SHUTDOWN_DELAY_MS: "0",
  });
  try {
    const outcomes: { sentAt: number; outcome: Outcome }[] = [];
    let refused = false;
    const deadline = Date.now() + 20_000;
    const getOnce = (url: string): Promise<Outcome> =>
      new Promise((resolve) => {
        const request = http.get(url, { agent: false, headers: { connection: "close" } }, (response) => {
          response.resume();
          response.on("end", () => resolve({ status: response.statusCode, connection: response.headers.connection }));
          response.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
        });
        request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      });
    const clients = Array.from({ length: 8 }, async (_, i) => {
      while (!refused && Date.now() < deadline) {
        const sentAt = Date.now();
        const outcome = await getOnce(`${node.baseUrl}/${i % 2 === 0 ? "health" : ""}`);
        outcomes.push({ sentAt, outcome });
        if (outcome.error === "ECONNREFUSED") refused = true;
      }
    });
    // Under way first: 16 answers (whatever the machine's load), then the signal.
    while (outcomes.length < 16 && Date.now() < deadline - 10_000) await new Promise((r) => setTimeout(r, 20));
    const signalledAt = Date.now();
    node.child.kill("SIGTERM");
    await Promise.all(clients);
    expect(await node.exited).toBe(0);

    const errors = outcomes.filter(({ outcome }) => outcome.error !== undefined);
    expect(errors.filter(({ outcome }) => outcome.error !== "ECONNREFUSED")).toEqual([]); // no ECONNRESET
    const before = outcomes.filter(({ sentAt }) => sentAt < signalledAt);
    expect(before.length).toBeGreaterThanOrEqual(16);
    expect(before.every(({ outcome }) => outcome.status === 200)).toBe(true);
    // The clients kept sending across the signal, and the run ended on a closed port.
    expect(outcomes.some(({ sentAt, outcome }) => sentAt >= signalledAt && outcome.status === 200)).toBe(true);
    expect(refused).toBe(true);
    expect(node.logs().filter((line) => (line.level as number) >= 50)).toEqual([]);
  } finally {
    if (node.child.exitCode === null) node.child.kill("SIGKILL");
    await own.drop();
  }
});
