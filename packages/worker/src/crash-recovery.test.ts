import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { verifySignature } from "@marketplace/core/signing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import {
  eventually,
  recordEvent,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../../test/helpers/webhook-receiver.ts";

// A worker killed (SIGKILL) in the middle of a delivery loses no event: once its heartbeat is stale,
// another worker unlocks its job and delivers the event (at least once).

const script = fileURLToPath(new URL("../test/delivery-worker-process.mjs", import.meta.url));
const built = fileURLToPath(new URL("../dist/index.js", import.meta.url));

const WORKER_OPTIONS = {
  allowLoopback: true,
  concurrency: 2,
  pollIntervalMs: 200,
  relayPollIntervalMs: 100,
  heartbeatIntervalMs: 200,
  staleWorkerAfterMs: 1500,
};

interface WorkerProcess {
  child: ChildProcess;
  workerId: string;
  exited: Promise<number | string>;
  output(): string;
}

async function startWorkerProcess(databaseUrl: string): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [script, JSON.stringify(WORKER_OPTIONS)], {
    env: { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  const exited = new Promise<number | string>((resolve) => {
    child.on("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  const workerId = await eventually(async () => {
    if (child.exitCode !== null) throw new Error(`worker process exited early:\n${output}`);
    const started = output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg?: string; workerId?: string })
      .find((line) => line.msg === "started");
    return started?.workerId;
  }, 30_000);
  return { child, workerId, exited, output: () => output };
}

let t: TestApp;
let receiver: WebhookReceiver;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (!existsSync(built)) throw new Error(`${built} is missing: run pnpm build first (the worker runs from the build)`);
  t = await createTestApp({ allowLoopbackWebhooks: true });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await receiver?.close();
  await t?.close();
});

async function lockedBy(eventId: string): Promise<string | null | undefined> {
  const { rows } = await sql<{ locked_by: string | null }>`
    select locked_by from graphile_worker._private_jobs where payload->>'eventId' = ${eventId}
  `.execute(t.database.db);
  return rows[0]?.locked_by;
}

describe("a delivery worker killed mid-delivery", () => {
  it("loses no event: after a restart the receiver gets it", async () => {
    const { apiKey, teamId } = await t.createTeam("reseller");
    const res = await t.request("POST", "/reseller/webhooks", {
      key: apiKey,
      body: { url: `${receiver.url}/crash`, events: ["order.created"] },
    });
    expect(res.status).toBe(201);
    const webhook = await res.json();
    // The first request hangs (the worker is killed while waiting); later ones succeed.
    receiver.reply((_request, n) => (n === 1 ? "hang" : { status: 200, body: "ok" }));

    const first = await startWorkerProcess(t.database.url);
    children.push(first.child);
    const event = await recordEvent(t.database, { type: "order.created", resellerTeamIds: [teamId] });
    await receiver.waitFor(1, { path: "/crash", timeoutMs: 20_000 });
    expect(await lockedBy(event.id)).toBe(first.workerId);

    first.child.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    // graphile-worker alone would leave the job locked for 4 hours.
    expect(await lockedBy(event.id)).toBe(first.workerId);

    const second = await startWorkerProcess(t.database.url);
    children.push(second.child);
    expect(second.workerId).not.toBe(first.workerId);
    const [, redelivered] = await receiver.waitFor(2, { path: "/crash", timeoutMs: 20_000 });
    expect(JSON.parse(redelivered?.body as string).id).toBe(event.id);
    expect(
      await verifySignature({
        payload: redelivered?.body as string,
        header: redelivered?.headers["x-service-signature"] as string,
        secret: webhook.secret,
      }),
    ).toMatchObject({ ok: true });

    // The taken-again job counts as attempt 2; the killed attempt left no record.
    const log = await eventually(async () => {
      const rows = await (
        await t.request("GET", `/reseller/webhooks/${webhook.id}/deliveries`, { key: apiKey })
      ).json();
      return rows.length > 0 ? rows : undefined;
    });
    expect(log).toMatchObject([{ eventId: event.id, attempt: 2, statusCode: 200, success: true }]);
    await eventually(async () => ((await lockedBy(event.id)) === undefined ? true : undefined));
    const workers = await t.database.db.selectFrom("delivery_workers").select("id").execute();
    expect(workers.map((w) => w.id)).toEqual([second.workerId]);
    expect(second.output()).toContain("unlocked the jobs of dead delivery workers");

    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    expect(await t.database.db.selectFrom("delivery_workers").select("id").execute()).toEqual([]);
  });
});
