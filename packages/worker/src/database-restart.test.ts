import { createDatabase, createPool, type Database } from "@marketplace/adapters-postgres";
import type { Kysely } from "kysely";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturingLogger, insertWebhook } from "../../../test/helpers/delivery.ts";
import { insertTeam } from "../../../test/helpers/fixtures.ts";
import { type OwnPostgres, startOwnPostgres } from "../../../test/helpers/own-postgres.ts";
import {
  eventually,
  recordEvent,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../../test/helpers/webhook-receiver.ts";
import { type DeliveryWorker, type DeliveryWorkerStatus, runDeliveryWorker } from "./run-delivery-worker.ts";

// PostgreSQL restarted under the delivery worker, as an operator, a minor-version upgrade or a
// managed failover does it: every event still arrives, the worker comes back on its own, and
// nothing escapes as an unhandled rejection (which would end a host process). The server is one
// this test started itself: the shared test server and the machine's are never touched.

let own: OwnPostgres;
let pool: pg.Pool;
let db: Kysely<Database>;
let receiver: WebhookReceiver;
let worker: DeliveryWorker;
const states: DeliveryWorkerStatus[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
const log = capturingLogger();
let teamId: string;

beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled);
  own = await startOwnPostgres();
  pool = createPool({ connectionString: own.url, max: 8, logger: log.logger });
  db = createDatabase(pool);
  receiver = await startWebhookReceiver();
  // Slow enough that deliveries are in flight when the server goes away.
  receiver.reply(() => ({ status: 200, body: "ok", delayMs: 15 }));
  teamId = (await insertTeam(db, { role: "reseller", name: "Reseller" })).id;
  await insertWebhook(db, { teamId, url: `${receiver.url}/hook`, events: ["order.created"] });
  worker = await runDeliveryWorker({
    pgPool: pool,
    logger: log.logger,
    allowLoopback: true,
    concurrency: 4,
    pollIntervalMs: 200,
    relayPollIntervalMs: 50,
    heartbeatIntervalMs: 200,
    staleWorkerAfterMs: 2000,
    restartDelayMs: { min: 100, max: 1000 },
    endpoints: { maxInFlight: 4 },
    onStateChange: (status) => states.push(status),
  });
});

afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await db?.destroy();
  await own?.stop();
  process.off("unhandledRejection", onUnhandled);
});

/** Records `count` events, retrying each one that could not be recorded (the server is away). */
async function recordEvents(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const event = await eventually(
      () => recordEvent({ db }, { type: "order.created", resellerTeamIds: [teamId] }).catch(() => undefined),
      30_000,
    );
    ids.push(event.id);
  }
  return ids;
}

const deliveredIds = () => new Set(receiver.on("/hook").map((request) => JSON.parse(request.body).id as string));

describe.each(["fast", "immediate"] as const)("a PostgreSQL restart (-m %s) mid-delivery", (mode) => {
  it("loses no event, keeps the worker alive, and resumes on its own", async () => {
    const before = await recordEvents(120);
    // Wait until deliveries are under way, then restart the server under them.
    await eventually(async () => (before.some((id) => deliveredIds().has(id)) ? true : undefined));
    await own.restart(mode);
    const restartedAt = Date.now();
    const after = await recordEvents(40);

    // Every event arrives (at least once), the ones recorded after the restart included.
    await eventually(
      async () => ([...before, ...after].every((id) => deliveredIds().has(id)) ? true : undefined),
      30_000,
    );
    const firstAfter = Math.min(
      ...receiver
        .on("/hook")
        .filter((request) => after.includes(JSON.parse(request.body).id))
        .map((request) => request.receivedAt),
    );
    expect(firstAfter - restartedAt).toBeLessThan(5_000);

    expect(worker.status().state).toBe("running");
    expect(unhandled).toEqual([]);
    expect(log.lines.filter((line) => line.level === "error")).toEqual([]);
  });
});

it("told an observer that the runner was restarting, then running again", () => {
  // The restarts above ended at least one runner (an in-flight job could not be completed or failed).
  expect(worker.status().restarts).toBeGreaterThanOrEqual(1);
  const sequence = states.map((status) => status.state);
  expect(sequence).toContain("restarting");
  expect(sequence.at(-1)).toBe("running");
  expect(log.lines.some((line) => line.message === "delivery worker restarted its job runner")).toBe(true);
});
