/**
 * Helpers shared by the bench scripts (run.mjs, scale.mjs, prune.mjs, logging.mjs, revocation.mjs,
 * faults.mjs, and the in-process ones): progress lines, percentiles, ports, the builds an in-process
 * bench imports, the processes a bench starts (the reference server from the build, the bare
 * server), a webhook receiver, /proc readings, the machine, paced orders.
 */

import { spawn } from "node:child_process";
import { existsSync, openSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root (bench/..). */
export const root = fileURLToPath(new URL("..", import.meta.url));

export const MB = 1024 * 1024;

/**
 * The builds an in-process bench imports (after `pnpm build`): `core`, `adapters` (PostgreSQL),
 * `embedded` (the reference server's embedded PostgreSQL) and, when asked, `dashboard`. Throws,
 * naming the file, when one is missing.
 */
export async function importBuilds({ dashboard = false } = {}) {
  const files = {
    core: "packages/core/dist/index.js",
    adapters: "packages/adapters-postgres/dist/index.js",
    ...(dashboard && { dashboard: "packages/dashboard/dist/index.js" }),
    embedded: "examples/server/dist/embedded-postgres.js",
  };
  for (const file of Object.values(files)) {
    if (!existsSync(join(root, file))) throw new Error(`${file} is missing: run pnpm build first`);
  }
  const modules = await Promise.all(Object.values(files).map((file) => import(join(root, file))));
  return Object.fromEntries(Object.keys(files).map((name, index) => [name, modules[index]]));
}

/** Prints `[  12s] message`, seconds since `started`. */
export function progressFrom(started) {
  return (message) => {
    const s = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
    process.stdout.write(`[${s}s] ${message}\n`);
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The p-th percentile (nearest rank) of `values`, or null when there are none. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The median of the finite `values` (the mean of the middle two for an even count), or null when there are none. */
export function median(values) {
  const sorted = values.filter((v) => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** `value` rounded to `digits`; null (or undefined) stays null. */
export const round = (value, digits = 0) =>
  value === null || value === undefined ? null : Number(value.toFixed(digits));

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Places orders (POST `url`, body from `body()`) evenly spaced at `rate` per second for `seconds`,
 * or, with `until`, until `until()` is true (at least `seconds`, at most `maxSeconds`), at most 64
 * in flight. Evenly spaced, not in bursts: a burst would measure queueing behind it, not latency.
 * `onOrder(id, at)` is told of each 201. The same pacing as run.mjs's event → first delivery figure.
 */
export async function pacedOrders(url, headers, body, { rate, seconds, until, maxSeconds = seconds, onOrder }) {
  const inflight = new Set();
  const durations = [];
  let ok = 0;
  let failed = 0;
  const start = performance.now();
  const more = (sent) => {
    const elapsedS = (performance.now() - start) / 1000;
    if (!until) return sent < Math.round(rate * seconds);
    return elapsedS < maxSeconds && (elapsedS < seconds || !until());
  };
  for (let sent = 0; more(sent); ) {
    const wait = start + (sent * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    if (inflight.size >= 64) {
      await Promise.race(inflight);
      continue;
    }
    sent += 1;
    const t0 = performance.now();
    const request = fetch(url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: body(),
    })
      .then(async (res) => {
        const text = await res.text();
        durations.push(performance.now() - t0);
        if (res.status === 201) {
          ok += 1;
          onOrder?.(JSON.parse(text).id, Date.now());
        } else failed += 1;
      })
      .catch(() => {
        failed += 1;
      })
      .finally(() => inflight.delete(request));
    inflight.add(request);
  }
  await Promise.all(inflight);
  return {
    ok,
    failed,
    seconds: (performance.now() - start) / 1000,
    p50Ms: round(percentile(durations, 50), 1),
    p99Ms: round(percentile(durations, 99), 1),
  };
}

/** Polls `predicate` (sync or async) every `stepMs` until it holds (true) or `timeoutMs` pass (false). */
export async function waitFor(predicate, timeoutMs, stepMs = 50) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await predicate()) return true;
    await sleep(stepMs);
  }
  return Boolean(await predicate());
}

/** Resident memory of a process in bytes, from /proc (null where there is none). */
export function rssOf(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (null where it is missing). */
export function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every 100 ms while it runs; `peak()` since the last `reset()`. */
export function rssSampler(pid) {
  let peak = rssOf(pid) ?? 0;
  const timer = setInterval(() => {
    const rss = rssOf(pid);
    if (rss !== null && rss > peak) peak = rss;
  }, 100);
  timer.unref();
  return {
    /** Starts a new peak from the current RSS, which it returns. */
    reset() {
      peak = rssOf(pid) ?? 0;
      return peak;
    },
    peak: () => Math.max(peak, rssOf(pid) ?? 0),
    stop: () => clearInterval(timer),
  };
}

/** The embedded PostgreSQL's logger for a bench: its warnings and errors as progress lines. */
export function postgresLogger(progress) {
  const line = (msg, fields) => progress(`postgres: ${msg}${fields ? ` ${JSON.stringify(fields)}` : ""}`);
  return { debug() {}, info() {}, warn: line, error: line };
}

/** Stops a child process of the bench: SIGTERM, then SIGKILL after `graceMs`. Safe to call twice. */
export function stopper(child, graceMs = 15_000) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const result = await Promise.race([exited, sleep(graceMs).then(() => "timeout")]);
    if (result === "timeout") child.kill("SIGKILL");
  };
}

/** Resolves once `url`/health answers 2xx; throws when the child exits first or `timeoutMs` pass. */
export async function waitHealthy(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it listened`);
    try {
      const res = await fetch(`${url}/health`);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs} ms`);
}

/**
 * Starts the reference server of the build (`examples/server/dist/main.js`) on a free port of
 * 127.0.0.1 against `databaseUrl`, its output to `<tmp>/server-<label>.log`; resolves once /health
 * answers. Demo seeding off, `warn` logging, metrics on a port of the OS's choosing
 * (`BENCH_METRICS_PORT=9464` to curl /metrics during a run, one server at a time); `env` adds to or
 * overrides that, `nodeArgs` go before the script (profiling flags).
 */
export async function startReferenceServer({ tmp, databaseUrl, label, env = {}, nodeArgs = [] }) {
  const port = await freePort();
  const logFile = join(tmp, `server-${label}.log`);
  const out = openSync(logFile, "w");
  const child = spawn(process.execPath, [...nodeArgs, join(root, "examples/server/dist/main.js")], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      MARKETPLACE_SEED: "false",
      MARKETPLACE_LOG_LEVEL: "warn",
      MARKETPLACE_METRICS_PORT: process.env.BENCH_METRICS_PORT ?? "0",
      ...env,
    },
    stdio: ["ignore", out, out],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child);
  try {
    await waitHealthy(url, child);
  } catch (error) {
    await stop();
    throw new Error(`${error.message}\n${readFileSync(logFile, "utf8").slice(-3000)}`);
  }
  return { url, pid: child.pid, logFile, stop };
}

/** Starts `bench/bare-server.mjs` with `config` (written to `<tmp>/bare-config.json`); resolves once it listens. */
export async function startBareServer({ tmp, config }) {
  const file = join(tmp, "bare-config.json");
  writeFileSync(file, JSON.stringify(config));
  const child = spawn(process.execPath, [join(root, "bench/bare-server.mjs"), file], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = stopper(child, 5_000);
  const port = await new Promise((resolve, reject) => {
    let buffer = "";
    child.stdout.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      const match = /\{"listening":(\d+)\}/.exec(buffer);
      if (match) resolve(Number(match[1]));
    });
    child.on("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop };
}

/**
 * A local webhook receiver on 127.0.0.1 that answers 200 at once, on any path. `arrivals` holds the
 * first arrival of each event id: `{ at, createdAt, type, data }` (`at` from `Date.now()`, `createdAt`
 * parsed from the envelope); `total()` counts every request, retries included. `url` ends in /hook.
 */
export function startReceiver() {
  const arrivals = new Map();
  let total = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const at = Date.now();
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      total += 1;
      try {
        const envelope = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        if (!arrivals.has(envelope.id)) {
          arrivals.set(envelope.id, {
            at,
            createdAt: Date.parse(envelope.createdAt),
            type: envelope.type,
            data: envelope.data,
          });
        }
      } catch {}
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}/hook`,
        arrivals,
        total: () => total,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}

/** The machine a run measured on, for its report. */
export function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model?.trim() ?? "unknown",
    memoryGb: round(os.totalmem() / 1024 ** 3, 1),
    platform: `${process.platform}-${process.arch}`,
    node: process.version,
    loadAverage: os.loadavg().map((l) => round(l, 2)),
  };
}
