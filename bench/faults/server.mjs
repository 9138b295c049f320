/**
 * The reference server from the build as a child process for `pnpm faults` (bench/faults.mjs), and
 * the calls the scenarios make to it. Every process started here is killed on any exit.
 */

import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { root, sleep } from "../util.mjs";

// ── Processes started here: killed on any exit ───────────────────────────────────────────────────

/** Server processes still running. */
const children = new Set();
/** The embedded cluster's data folder, for a last-resort stop on an abrupt exit. */
let pgdataForExit = null;
process.on("exit", () => {
  for (const child of children) {
    try {
      child.kill("SIGKILL");
    } catch {}
  }
  if (pgdataForExit) {
    try {
      const pid = Number(readFileSync(join(pgdataForExit, "postmaster.pid"), "utf8").split("\n")[0]);
      if (Number.isInteger(pid) && pid > 0) process.kill(pid, "SIGQUIT");
    } catch {}
  }
});

/** Set while the embedded cluster runs (`null` after its stop), for the last-resort stop above. */
export function setPgdataForExit(path) {
  pgdataForExit = path;
}

/** The reference server from the build, stdout parsed as JSON log lines. */
export async function startServer(databaseUrl, env, label) {
  // Demo data into DATABASE_URL only on request; its keys go to a file, never to stdout.
  const keysFile = join(os.tmpdir(), `faults-demo-keys-${process.pid}-${label}-${Date.now()}.env`);
  const child = spawn(process.execPath, [join(root, "examples/server/dist/main.js")], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK: "true",
      MARKETPLACE_LOG_LEVEL: "info",
      MARKETPLACE_METRICS_PORT: "0",
      MARKETPLACE_SEED: "true",
      MARKETPLACE_DEMO_KEYS_FILE: keysFile,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  /** The first 64 KB of stdout (the banner with the demo keys) and the last 4 KB of stderr. */
  let head = "";
  let stderr = "";
  let partial = "";
  const counts = {};
  /** Lines at warn level or above, parsed, with when they arrived. */
  const notable = [];
  let listening = null;
  let stopped = false;
  child.stdout.on("data", (chunk) => {
    const text = chunk.toString("utf8");
    if (head.length < 65_536) head += text;
    partial += text;
    const lines = partial.split("\n");
    partial = lines.pop();
    for (const line of lines) {
      const match = /^\{"level":(\d+)/.exec(line);
      if (!match) continue;
      const level = Number(match[1]);
      counts[level] = (counts[level] ?? 0) + 1;
      const workerLine = line.includes('"msg":"delivery worker') || line.includes('"msg":"outbox relay');
      if (level >= 40 || workerLine || (!listening && line.includes('"msg":"listening"'))) {
        let parsed;
        try {
          parsed = JSON.parse(line);
        } catch {
          continue;
        }
        if (parsed.msg === "listening") listening = parsed;
        if (level >= 40 || workerLine) notable.push({ at: Date.now(), ...parsed });
      }
      if (line.includes('"msg":"stopped"')) stopped = true;
    }
  });
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-4096);
  });
  const exited = new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      children.delete(child);
      resolve(code ?? signal ?? "unknown");
    });
  });
  const deadline = Date.now() + 60_000;
  while (!listening) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server ${label} did not listen (exit ${child.exitCode}):\n${head.slice(-3000)}\n${stderr}`);
    }
    await sleep(50);
  }
  const keys = {};
  const keysText = existsSync(keysFile) ? readFileSync(keysFile, "utf8") : "";
  rmSync(keysFile, { force: true });
  for (const match of keysText.matchAll(/\b(PROVIDER|RESELLER|HYBRID)_KEY=(mk_[A-Za-z0-9_-]{43})/g))
    keys[match[1].toLowerCase()] = match[2];
  const url = `http://127.0.0.1:${listening.port}`;
  return {
    url,
    keys,
    child,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    counts,
    notable,
    stopped: () => stopped,
    stderr: () => stderr,
    /** SIGTERM, then the exit code (SIGKILL after `timeoutMs`, reported as "killed"). */
    async stop(timeoutMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill("SIGTERM");
      const result = await Promise.race([exited, sleep(timeoutMs).then(() => "timeout")]);
      if (result !== "timeout") return result;
      child.kill("SIGKILL");
      await exited;
      return "killed";
    },
  };
}

export async function call(server, key, method, path, body) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, body: json, text };
}

/** Offer id of the seeded "FIBER-500" and a function placing one order for it (resolves with the outcome). */
export async function orderPlacer(server) {
  const offers = await call(server, server.keys.provider, "GET", "/provider/offers");
  const list = Array.isArray(offers.body) ? offers.body : (offers.body?.data ?? []);
  const offerId = list.find((offer) => offer.sku === "FIBER-500")?.id;
  if (!offerId) throw new Error(`seeded offer FIBER-500 not found: ${offers.status} ${offers.text.slice(0, 300)}`);
  const body = JSON.stringify({
    items: [{ offerId }],
    customer: { name: "Ada Lovelace", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
    serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
  });
  return async () => {
    const sentAt = Date.now();
    try {
      const res = await fetch(`${server.url}/reseller/orders`, {
        method: "POST",
        headers: { "x-api-key": server.keys.reseller, "content-type": "application/json" },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      const doneAt = Date.now();
      let orderId = null;
      if (res.status === 201) orderId = JSON.parse(text).id;
      return { sentAt, doneAt, status: res.status, orderId, error: null, detail: res.status >= 500 ? text : null };
    } catch (error) {
      const cause = error?.cause ?? error;
      return { sentAt, doneAt: Date.now(), status: null, orderId: null, error: cause?.code ?? cause?.name ?? "error" };
    }
  };
}

export async function registerWebhook(server, side, key, url, events) {
  const res = await call(server, key, "POST", `/${side}/webhooks`, { url, events });
  if (res.status !== 201) throw new Error(`POST /${side}/webhooks: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
}
