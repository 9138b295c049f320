import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createPool } from "@marketplace/adapters-postgres";
import type { DomainEvent } from "@marketplace/core";
import { type DeliveryWorker, runDeliveryWorker } from "@marketplace/worker";
import type pg from "pg";
import { expect } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { eventually, recordEvent } from "../../../test/helpers/webhook-receiver.ts";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const exampleDir = fileURLToPath(new URL("..", import.meta.url));

/** A JSON line a receiver printed. */
export type LogLine = { msg: string; id?: string; type?: string; reason?: string; url?: string } & Record<
  string,
  unknown
>;

/** A receiver running as a child process, its stdout parsed as JSON lines. */
export interface ReceiverProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  lines(): LogLine[];
  /** Resolves with the first line matching, or rejects after `timeoutMs`. */
  waitForLine(predicate: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | string>;
}

/** The Deno binary of the `deno` npm package (a root dev dependency): spawned directly, so signals reach it. */
export function denoExecutable(): string {
  const require = createRequire(new URL("../../../package.json", import.meta.url));
  return (require("deno/install_api.cjs") as { runInstall(): string }).runInstall();
}

/** A script of this example's package.json as a command: `node` is this Node.js, `deno` the npm package's binary. */
function scriptCommand(script: string): { command: string; args: string[]; cwd: string } {
  const pkg = JSON.parse(readFileSync(join(exampleDir, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const [program, ...args] = (pkg.scripts[script] as string).trim().split(/\s+/);
  const command = program === "node" ? process.execPath : program === "deno" ? denoExecutable() : (program as string);
  return { command, args, cwd: exampleDir };
}

/**
 * How to start each receiver of this example: exactly its package.json scripts, which the README
 * documents (`pnpm start`, `pnpm start:deno`), run in its folder as pnpm runs them.
 */
export const RECEIVERS = {
  node: () => scriptCommand("start"),
  deno: () => scriptCommand("start:deno"),
} as const;

/** Starts a receiver on a free port of 127.0.0.1 and waits for its `listening` line. */
export async function startReceiverProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  options: { cwd?: string } = {},
): Promise<ReceiverProcess> {
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd ?? root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<number | string>((resolve) => {
    child.on("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  const lines = () =>
    stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as LogLine);
  const waitForLine: ReceiverProcess["waitForLine"] = async (predicate, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = lines().find(predicate);
      if (found) return found;
      if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
        throw new Error(
          `line not seen (exit ${child.exitCode ?? child.signalCode}).\nstdout:\n${stdout}\nstderr:\n${stderr}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  let listening: LogLine;
  try {
    // Deno type-checks the receiver first (--check): allow for a cold start.
    listening = await waitForLine((line) => line.msg === "listening", 60_000);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    url: listening.url as string,
    lines,
    waitForLine,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** A delivery attempt as `GET …/webhooks/{id}/deliveries` shows it. */
export interface DeliveryJson {
  id: string;
  eventId: string;
  eventType: string;
  attempt: number;
  trigger: string;
  statusCode: number | null;
  success: boolean;
  responseBody: string;
}

/**
 * The real delivery path: the HTTP app over a test database, and the delivery worker
 * (graphile-worker, outbox relay, signing, the Node transport) sending to loopback receivers.
 */
export interface DeliveryStack {
  t: TestApp;
  worker: DeliveryWorker;
  /** Creates a provider team and registers a webhook for `order.created` at `url`. */
  registerWebhook(url: string): Promise<{ apiKey: string; teamId: string; webhookId: string; secret: string }>;
  /** Records an `order.created` event for the team through the unit of work and outbox. */
  recordOrderCreated(teamId: string): Promise<DomainEvent>;
  /** Waits until the webhook's delivery log holds `count` attempts; returns them, newest first. */
  deliveries(apiKey: string, webhookId: string, count: number): Promise<DeliveryJson[]>;
  close(): Promise<void>;
}

export async function startDeliveryStack(): Promise<DeliveryStack> {
  const t = await createTestApp({ allowLoopbackWebhooks: true });
  const pool: pg.Pool = createPool({ connectionString: t.database.url, max: 4 });
  const worker = await runDeliveryWorker({
    pgPool: pool,
    allowLoopback: true,
    concurrency: 2,
    pollIntervalMs: 100,
    relayPollIntervalMs: 50,
  });
  return {
    t,
    worker,
    async registerWebhook(url) {
      const team = await t.createTeam("provider");
      const res = await t.request("POST", "/provider/webhooks", {
        key: team.apiKey,
        body: { url, events: ["order.created"] },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const webhook = (await res.json()) as { id: string; secret: string };
      return { apiKey: team.apiKey, teamId: team.teamId, webhookId: webhook.id, secret: webhook.secret };
    },
    recordOrderCreated: (teamId) =>
      recordEvent(
        t.database,
        {
          type: "order.created",
          data: { orderId: crypto.randomUUID(), totalMonthly: "49.99" },
          providerTeamIds: [teamId],
        },
        { onEventsCommitted: () => worker.nudge() },
      ),
    deliveries: (apiKey, webhookId, count) =>
      eventually(async () => {
        const res = await t.request("GET", `/provider/webhooks/${webhookId}/deliveries`, { key: apiKey });
        const rows = (await res.json()) as DeliveryJson[];
        return rows.length >= count ? rows : undefined;
      }, 20_000),
    async close() {
      await worker.stop();
      await pool.end();
      await t.close();
    },
  };
}
