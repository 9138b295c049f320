/**
 * `pnpm faults`: measures issue 12's targets again, black-box, against the build: the reference
 * server (`examples/server/dist/main.js`) as a child process, a PostgreSQL of this script's own, and
 * webhook receivers on 127.0.0.1. Not a test: `pnpm test` never runs it. About 1 minute after the
 * build on 2 cores when every target holds; up to ~3 when deliveries stall (each restart then waits
 * out its 10 s, and the final SIGTERM its 40 s deadline).
 *
 *   pnpm faults                build, then all three scenarios
 *   node bench/faults.mjs [--only A,B,C] [--restarts N] [--keep]
 *
 * - A. PostgreSQL restarted 8 times under order load (fast and immediate, alternating): the
 *   process stays alive, deliveries resume within 5 s of the database accepting connections, no
 *   5xx once it is back, no event lost (duplicates reported).
 * - B. Isolation: a healthy receiver's p50/p95 delivery time (receivedAt − the order's 201), paced,
 *   without and then with 40 orders queued for a provider endpoint that never answers; 100 orders
 *   at 8/s each, so the window outlasts one delivery timeout (10 s).
 * - C. SIGTERM under keep-alive load (8 connections on /health and /): answered, reset, refused,
 *   exit code, error-level log lines; with MARKETPLACE_SHUTDOWN_DELAY_MS=500, /ready turns 503
 *   before the listener closes.
 *
 * The embedded PostgreSQL (from the build) runs in a temporary folder on a free port with durable
 * commits (synchronous_commit on: an immediate restart is a crash), one database per scenario; the
 * machine's own PostgreSQL is never touched. Prints one line per step, then a table of target vs
 * measured, and writes bench/results/faults.json (git-ignored, like latest.json; it records HEAD
 * and how many source files were uncommitted when it ran). Every process and folder it started is
 * stopped and removed on the way out, failure or not.
 */

import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort, machine, percentile, progressFrom, root, round, sleep, waitFor } from "./util.mjs";

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const ONLY = new Set(option("--only", "A,B,C").split(","));
const SETTINGS = {
  restarts: Number(option("--restarts", 8)),
  orderClients: 4,
  /** Load before the first restart, and between a restart's first delivery and the next restart. */
  warmupMs: 3000,
  steadyMs: 1500,
  /** How long a restart may wait for its first delivery before it counts as not resumed. */
  resumeWaitMs: 10_000,
  resumeTargetMs: 5000,
  pacedOrders: 100,
  /** Slow enough that the measured window (12.5 s) outlasts one delivery timeout (10 s). */
  pacedRate: 8,
  hangingOrders: 40,
  keepAliveConnections: 8,
  sigtermAfterMs: 1000,
  shutdownDelayMs: 500,
};
/** Throwaway cluster, durable commits (fsync off only skips the disk flush; a crash keeps the OS cache). */
const PG_SETTINGS = { fsync: "off", full_page_writes: "off", max_connections: "200" };

const started = Date.now();
const progress = progressFrom(started);

const pgLogger = {
  debug() {},
  info() {},
  warn: (msg, fields) => progress(`postgres: ${msg} ${fields ? JSON.stringify(fields) : ""}`),
  error: (msg, fields) => progress(`postgres: ${msg} ${fields ? JSON.stringify(fields) : ""}`),
};

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

/** The reference server from the build, stdout parsed as JSON log lines. */
async function startServer(databaseUrl, env, label) {
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

async function call(server, key, method, path, body) {
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
async function orderPlacer(server) {
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

async function registerWebhook(server, side, key, url, events) {
  const res = await call(server, key, "POST", `/${side}/webhooks`, { url, events });
  if (res.status !== 201) throw new Error(`POST /${side}/webhooks: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
}

/**
 * A webhook receiver on 127.0.0.1: answers 200 at once, or (`hang`) accepts and never answers.
 * Records every request with its event id, type and orderId, and the first arrival per orderId for
 * `type`.
 */
function startReceiver({ hang = false, type = "order.created" } = {}) {
  const requests = [];
  /** orderId → first arrival (ms) of its `type` event. */
  const firstByOrder = new Map();
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const at = Date.now();
      let envelope = null;
      try {
        envelope = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {}
      const orderId = envelope?.data?.orderId ?? null;
      requests.push({ at, eventId: envelope?.id ?? null, type: envelope?.type ?? null, orderId });
      if (envelope?.type === type && orderId && !firstByOrder.has(orderId)) firstByOrder.set(orderId, at);
      if (hang) return; // accepted, read, never answered
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        requests,
        firstByOrder,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** What the database holds of the delivery pipeline now (for the report; read-only). */
async function pipelineSnapshot(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => {});
  try {
    await client.connect();
    const outbox = await client.query("select count(*)::int as n from event_outbox");
    const jobs = await client.query(`
      select count(*)::int as total,
             count(*) filter (where locked_at is not null)::int as locked,
             count(*) filter (where run_at > now())::int as scheduled_later,
             round(extract(epoch from (max(run_at) - now())))::int as latest_run_in_s,
             count(*) filter (where locked_at is null and run_at <= now() and attempts < max_attempts)::int as runnable,
             max(attempts)::int as max_attempts
      from graphile_worker._private_jobs`);
    // Who holds the locked jobs, and whether that runner still beats (then no sweep unlocks them).
    const holders = await client.query(`
      select j.locked_by as worker, count(*)::int as jobs,
             round(extract(epoch from (now() - min(j.locked_at))))::int as locked_for_s,
             round(extract(epoch from (now() - w.heartbeat_at)))::int as heartbeat_age_s
      from graphile_worker._private_jobs j left join delivery_workers w on w.id = j.locked_by
      where j.locked_at is not null group by j.locked_by, w.heartbeat_at`);
    const workers = await client.query(`
      select id, round(extract(epoch from (now() - started_at)))::int as started_s_ago,
             round(extract(epoch from (now() - heartbeat_at)))::int as heartbeat_age_s
      from delivery_workers order by started_at`);
    const deliveries = await client.query(`
      select success, left(split_part(response_body, ';', 1), 90) as body, count(*)::int as n
      from webhook_deliveries group by 1, 2 order by 3 desc limit 6`);
    const sessions = await client.query(`
      select application_name as app, state, coalesce(wait_event, '') as wait, left(query, 60) as query, count(*)::int as n
      from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
      group by 1, 2, 3, 4 order by 5 desc limit 8`);
    return {
      outbox: outbox.rows[0].n,
      jobs: jobs.rows[0],
      lockHolders: holders.rows,
      workers: workers.rows,
      deliveries: deliveries.rows,
      sessions: sessions.rows,
    };
  } catch (error) {
    return { error: String(error?.message ?? error) };
  } finally {
    await client.end().catch(() => {});
  }
}

async function readiness(server) {
  try {
    const res = await fetch(`${server.url}/ready`, { signal: AbortSignal.timeout(5000) });
    return { status: res.status, body: await res.json() };
  } catch (error) {
    return { error: String(error?.cause?.code ?? error) };
  }
}

// ── A: PostgreSQL restarts under order load ───────────────────────────────────────────────────────

async function scenarioA(cluster, cleanups) {
  const databaseUrl = await cluster.createDatabase("marketplace");
  const receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  const server = await startServer(databaseUrl, {}, "A");
  cleanups.push(() => server.stop(5000));
  progress(`A: server on ${server.url} (pid ${server.child.pid}), receiver on ${receiver.url}`);
  await registerWebhook(server, "reseller", server.keys.reseller, `${receiver.url}/orders`, ["order.created"]);
  const place = await orderPlacer(server);

  /** Every order request: { sentAt, doneAt, status, orderId, error }. */
  const records = [];
  let loading = true;
  const clients = Array.from({ length: SETTINGS.orderClients }, async () => {
    while (loading) {
      const record = await place();
      records.push(record);
      // A failing request is retried after a breath, not in a tight loop against a down database.
      if (record.status !== 201) await sleep(20);
    }
  });

  const restarts = [];
  try {
    await sleep(SETTINGS.warmupMs);
    const warm = records.filter((r) => r.status === 201).length;
    progress(`A: ${SETTINGS.orderClients} clients placing orders: ${warm} in ${SETTINGS.warmupMs / 1000} s warm-up`);
    for (let n = 1; n <= SETTINGS.restarts; n++) {
      const mode = n % 2 === 1 ? "fast" : "immediate";
      const restartAt = Date.now();
      let restartError = null;
      await cluster.restart(mode).catch((error) => {
        restartError = error.message;
      });
      const backAt = Date.now();
      // The first delivery of an order placed after the database accepted connections again.
      const firstIndex = records.length;
      let resumedAt = null;
      await waitFor(() => {
        for (let i = firstIndex; i < records.length; i++) {
          const r = records[i];
          if (r.orderId === null || r.sentAt < backAt) continue;
          const at = receiver.firstByOrder.get(r.orderId);
          if (at !== undefined && (resumedAt === null || at < resumedAt)) resumedAt = at;
        }
        return resumedAt !== null || !server.alive();
      }, SETTINGS.resumeWaitMs);
      const workerState = (await readiness(server)).body?.worker ?? "unanswered";
      await sleep(SETTINGS.steadyMs);
      const alive = server.alive();
      restarts.push({
        n,
        mode,
        restartAt,
        backAt,
        restartMs: backAt - restartAt,
        restartError,
        alive,
        resumeMs: resumedAt === null ? null : resumedAt - backAt,
        workerState,
      });
      progress(
        `A: restart ${n}/${SETTINGS.restarts} (${mode}) took ${backAt - restartAt} ms${restartError ? ` (FAILED: ${restartError})` : ""}; process ${alive ? "alive" : `EXITED (${server.child.exitCode ?? server.child.signalCode})`}; first delivery of a new order ${resumedAt === null ? `not within ${SETTINGS.resumeWaitMs / 1000} s` : `${resumedAt - backAt} ms`} after the database was back; /ready worker: ${workerState}`,
      );
      if (!alive) break;
    }
  } finally {
    loading = false;
    await Promise.all(clients);
  }
  const loadEndedAt = Date.now();

  // Requests by when they ran: in flight during a restart (sent before the database was back and
  // answered after the restart began) may fail; every other one must not.
  const windowOf = (r) => {
    for (const restart of restarts) {
      if (r.sentAt < restart.backAt && r.doneAt >= restart.restartAt) return { restart, exposed: true };
    }
    let last = null;
    for (const restart of restarts) if (r.sentAt >= restart.backAt) last = restart;
    return { restart: last, exposed: false };
  };
  const failedOf = (rs) => ({
    fiveXx: rs.filter((r) => r.status !== null && r.status >= 500).length,
    networkErrors: rs.filter((r) => r.status === null).length,
    other: rs.filter((r) => r.status !== null && r.status !== 201 && r.status < 500).length,
  });
  const byRestart = new Map(restarts.map((restart) => [restart, { exposed: [], after: [] }]));
  const beforeFirst = [];
  for (const r of records) {
    const { restart, exposed } = windowOf(r);
    if (restart === null) beforeFirst.push(r);
    else byRestart.get(restart)[exposed ? "exposed" : "after"].push(r);
  }
  const failureSamples = [];
  for (const restart of restarts) {
    const { exposed, after } = byRestart.get(restart);
    restart.requestsAfter = after.length;
    restart.failedAfter = failedOf(after);
    restart.requestsDuring = exposed.length;
    restart.failedDuring = failedOf(exposed);
    const firstOk = after.find((r) => r.status === 201);
    restart.firstOrderOkMs = firstOk ? firstOk.doneAt - restart.backAt : null;
    for (const r of after) {
      if (r.status !== 201 && failureSamples.length < 5) {
        failureSamples.push({
          restart: restart.n,
          msAfterBack: r.sentAt - restart.backAt,
          status: r.status,
          error: r.error,
          detail: r.detail?.slice(0, 300) ?? null,
        });
      }
    }
  }
  const baseline = failedOf(beforeFirst);

  // Every order answered 201 must have its order.created delivered.
  const ordered = records.filter((r) => r.status === 201).map((r) => r.orderId);
  const missing = () => ordered.filter((id) => !receiver.firstByOrder.has(id)).length;
  progress(
    `A: load stopped; ${ordered.length} orders answered 201; waiting for their deliveries (${missing()} missing)`,
  );
  let lastMissing = missing();
  let lastProgressAt = Date.now();
  while (missing() > 0 && server.alive() && Date.now() - lastProgressAt < 10_000 && Date.now() - loadEndedAt < 60_000) {
    await sleep(250);
    const now = missing();
    if (now < lastMissing) {
      lastMissing = now;
      lastProgressAt = Date.now();
    }
  }
  const deliveredAllAfterMs = missing() === 0 ? Date.now() - loadEndedAt : null;
  const lost = missing();
  const createdRequests = receiver.requests.filter((r) => r.type === "order.created");
  const eventIds = new Set(createdRequests.map((r) => r.eventId));
  const orderIdsDelivered = new Set(createdRequests.map((r) => r.orderId));
  const duplicates = createdRequests.length - eventIds.size;
  const ready = await readiness(server);
  const pipeline = await pipelineSnapshot(databaseUrl);
  progress(
    `A: ${ordered.length - lost}/${ordered.length} delivered${deliveredAllAfterMs !== null ? ` (all within ${(deliveredAllAfterMs / 1000).toFixed(1)} s of the load's end)` : ""}, ${lost} lost, ${duplicates} duplicate deliveries; /ready ${ready.status ?? ready.error} ${ready.body ? JSON.stringify(ready.body) : ""}`,
  );
  progress(`A: pipeline in the database now: ${JSON.stringify(pipeline)}`);
  const aliveAtEnd = server.alive();
  // Longer than close-with-grace's own deadline (shutdown delay + timeout + 30 s), to see how it ends.
  const sigtermAt = Date.now();
  const exit = await server.stop(45_000);
  const sigtermMs = Date.now() - sigtermAt;
  const warnings = {};
  for (const line of server.notable) {
    // Messages carry stack traces and ids: first line, digits folded, 100 characters.
    const key = `${line.level} ${String(line.msg).split("\n")[0].replace(/\d+/g, "N").slice(0, 100)}`;
    warnings[key] = (warnings[key] ?? 0) + 1;
  }
  progress(
    `A: SIGTERM → exit ${exit} after ${(sigtermMs / 1000).toFixed(1)} s; log lines ≥ 40 (and the worker's own) by message: ${JSON.stringify(warnings)}`,
  );
  if (!aliveAtEnd) progress(`A: server stderr tail: ${server.stderr().slice(-1500)}`);
  await receiver.close();
  return {
    restarts: restarts.map(({ restartAt, backAt, ...rest }) => rest),
    ordersAnswered201: ordered.length,
    requests: records.length,
    baselineFailures: baseline,
    distinctOrdersDelivered: ordered.filter((id) => orderIdsDelivered.has(id)).length,
    lost,
    deliveriesOfOrderCreated: createdRequests.length,
    duplicates,
    deliveredAllAfterMs,
    readyAtEnd: ready,
    pipelineAtEnd: pipeline,
    aliveAtEnd,
    exitOnSigterm: exit,
    sigtermMs,
    logLinesByLevel: { ...server.counts },
    warnings,
    errorLines: server.notable.filter((l) => l.level >= 50).slice(0, 10),
    failureSamples,
  };
}

// ── B: a hanging endpoint beside a healthy one ────────────────────────────────────────────────────

/** `count` orders evenly spaced at `rate` per second; resolves with their outcomes. */
async function pacedOrders(place, count, rate) {
  const outcomes = [];
  const inflight = new Set();
  const start = Date.now();
  for (let sent = 0; sent < count; sent++) {
    const wait = start + (sent * 1000) / rate - Date.now();
    if (wait > 1) await sleep(wait);
    const request = place().then((outcome) => {
      outcomes.push(outcome);
      inflight.delete(request);
    });
    inflight.add(request);
  }
  await Promise.all(inflight);
  return outcomes;
}

async function latencies(receiver, outcomes, label) {
  const ok = outcomes.filter((o) => o.status === 201);
  await waitFor(() => ok.every((o) => receiver.firstByOrder.has(o.orderId)), 30_000, 100);
  const values = ok
    .filter((o) => receiver.firstByOrder.has(o.orderId))
    .map((o) => receiver.firstByOrder.get(o.orderId) - o.doneAt);
  const result = {
    orders: outcomes.length,
    ok: ok.length,
    delivered: values.length,
    p50Ms: percentile(values, 50),
    p95Ms: percentile(values, 95),
    maxMs: values.length ? Math.max(...values) : null,
    /** Each delivered order's latency, in the order the orders were sent (ms). */
    series: [...ok]
      .sort((a, b) => a.sentAt - b.sentAt)
      .map((o) => (receiver.firstByOrder.has(o.orderId) ? receiver.firstByOrder.get(o.orderId) - o.doneAt : null)),
  };
  progress(
    `B: ${label}: ${result.delivered}/${result.ok} delivered (of ${result.orders} orders), p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, max ${result.maxMs} ms`,
  );
  return result;
}

/** Rows graphile-worker's job table has taken so far (a job per event, per retry and per deferral). */
async function jobsInserted(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select pg_stat_force_next_flush()");
    const { rows } = await client.query(
      "select n_tup_ins::int as n from pg_stat_user_tables where schemaname = 'graphile_worker' and relname = '_private_jobs'",
    );
    return rows[0]?.n ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

async function scenarioB(cluster, cleanups) {
  const databaseUrl = await cluster.createDatabase("faults_b");
  const healthy = await startReceiver();
  const hanging = await startReceiver({ hang: true });
  cleanups.push(
    () => healthy.close(),
    () => hanging.close(),
  );
  const server = await startServer(databaseUrl, {}, "B");
  cleanups.push(() => server.stop(5000));
  progress(`B: server on ${server.url}; healthy receiver ${healthy.url}, hanging receiver ${hanging.url}`);
  await registerWebhook(server, "reseller", server.keys.reseller, `${healthy.url}/orders`, ["order.created"]);
  const place = await orderPlacer(server);
  // Warm-up (not measured): JIT, pool, and the gate learning that the healthy endpoint is prompt.
  await latencies(healthy, await pacedOrders(place, 20, SETTINGS.pacedRate), "warm-up, 20 orders");

  const jobs0 = await jobsInserted(databaseUrl);
  const without = await latencies(
    healthy,
    await pacedOrders(place, SETTINGS.pacedOrders, SETTINGS.pacedRate),
    `without the hang, ${SETTINGS.pacedOrders} orders at ${SETTINGS.pacedRate}/s`,
  );

  const jobs1 = await jobsInserted(databaseUrl);
  await registerWebhook(server, "provider", server.keys.provider, `${hanging.url}/hook`, [
    "order.created",
    "order.item.created",
  ]);
  const hangStartedAt = Date.now();
  const queued = [];
  for (let i = 0; i < SETTINGS.hangingOrders; i += 8) {
    queued.push(...(await Promise.all(Array.from({ length: Math.min(8, SETTINGS.hangingOrders - i) }, () => place()))));
  }
  progress(
    `B: provider webhook to the hanging endpoint registered; ${queued.filter((o) => o.status === 201).length}/${SETTINGS.hangingOrders} orders queued in ${Date.now() - hangStartedAt} ms`,
  );
  const withHang = await latencies(
    healthy,
    await pacedOrders(place, SETTINGS.pacedOrders, SETTINGS.pacedRate),
    `with ${SETTINGS.hangingOrders} orders queued for the hanging endpoint, ${SETTINGS.pacedOrders} orders at ${SETTINGS.pacedRate}/s`,
  );
  const jobs2 = await jobsInserted(databaseUrl);
  const jobs = {
    withoutHang: jobs1 !== null && jobs0 !== null ? jobs1 - jobs0 : null,
    withHang: jobs2 !== null && jobs1 !== null ? jobs2 - jobs1 : null,
  };
  const queuedDelivered = queued.filter((o) => healthy.firstByOrder.has(o.orderId)).length;
  const hangRequests = hanging.requests.length;
  const hangByType = {};
  for (const r of hanging.requests) hangByType[r.type] = (hangByType[r.type] ?? 0) + 1;
  progress(
    `B: the hanging endpoint received ${hangRequests} requests in ${((Date.now() - hangStartedAt) / 1000).toFixed(1)} s (${JSON.stringify(hangByType)}); healthy deliveries of the 40 queued orders: ${queuedDelivered}; delivery jobs enqueued: ${jobs.withoutHang} for the ${SETTINGS.pacedOrders} orders without the hang, ${jobs.withHang} for the ${SETTINGS.hangingOrders + SETTINGS.pacedOrders} with it`,
  );
  const alive = server.alive();
  const exit = await server.stop();
  progress(`B: SIGTERM → exit ${exit}; log lines ≥ 50: ${server.notable.filter((l) => l.level >= 50).length}`);
  await healthy.close();
  await hanging.close();
  return {
    without,
    withHang,
    ratio: without.p95Ms > 0 ? round(withHang.p95Ms / without.p95Ms, 2) : null,
    hangRequests,
    hangByType,
    jobsEnqueued: jobs,
    hangWindowS: round((Date.now() - hangStartedAt) / 1000, 1),
    queuedOrdersDeliveredToHealthy: queuedDelivered,
    aliveAtEnd: alive,
    exitOnSigterm: exit,
    errorLines: server.notable.filter((l) => l.level >= 50).slice(0, 10),
  };
}

// ── C: SIGTERM under keep-alive load ──────────────────────────────────────────────────────────────

function get(agent, url) {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, timeout: 15_000 }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode, connection: response.headers.connection }));
      response.on("error", (error) => resolve({ error: error.code ?? error.message }));
    });
    request.on("timeout", () => request.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    request.on("error", (error) => resolve({ error: error.code ?? error.message }));
  });
}

async function sigterm(cluster, cleanups, delayMs) {
  const label = `C (delay ${delayMs} ms)`;
  const databaseUrl = await cluster.createDatabase(`faults_c_${delayMs}`);
  const server = await startServer(
    databaseUrl,
    { MARKETPLACE_SEED: "false", MARKETPLACE_SHUTDOWN_DELAY_MS: String(delayMs) },
    label,
  );
  cleanups.push(() => server.stop(5000));
  const agent = new http.Agent({ keepAlive: true, maxSockets: SETTINGS.keepAliveConnections });
  const outcomes = [];
  let signalledAt = Number.POSITIVE_INFINITY;
  const deadline = Date.now() + 20_000;
  const clients = Array.from({ length: SETTINGS.keepAliveConnections }, async (_, i) => {
    for (;;) {
      if (Date.now() > deadline) return;
      const sentAt = Date.now();
      const outcome = await get(agent, `${server.url}/${i % 2 === 0 ? "health" : ""}`);
      outcomes.push({ sentAt, at: Date.now(), ...outcome });
      if (outcome.error === "ECONNREFUSED") return; // the listener is closed: this client is done
    }
  });
  await sleep(SETTINGS.sigtermAfterMs);
  // /ready polled on fresh connections (no keep-alive): sees 503 while draining, then a refusal
  // once the listener has closed.
  const polls = [];
  let polling = true;
  const poller = (async () => {
    while (polling && Date.now() < deadline) {
      const outcome = await get(false, `${server.url}/ready`);
      polls.push({ at: Date.now(), ...outcome });
      if (outcome.error === "ECONNREFUSED") return;
      await sleep(10);
    }
  })();
  await sleep(50);
  signalledAt = Date.now();
  server.child.kill("SIGTERM");
  await Promise.all(clients);
  polling = false;
  await poller;
  agent.destroy();
  const exit = await Promise.race([server.exited, sleep(20_000).then(() => "no exit within 20 s")]);
  if (server.alive()) server.child.kill("SIGKILL");

  const answered = outcomes.filter((o) => o.status !== undefined);
  const refused = outcomes.filter((o) => o.error === "ECONNREFUSED");
  const resets = outcomes.filter((o) => o.error !== undefined && o.error !== "ECONNREFUSED");
  const after = answered.filter((o) => o.at > signalledAt);
  const statuses = {};
  for (const o of answered) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
  const first503 = polls.find((p) => p.status === 503);
  const refusals = [...polls, ...outcomes].filter((o) => o.error === "ECONNREFUSED").map((o) => o.at);
  const firstRefusedAt = refusals.length ? Math.min(...refusals) : null;
  const errorLines = server.notable.filter((l) => l.level >= 50);
  const result = {
    delayMs,
    requests: outcomes.length,
    answered: answered.length,
    statuses,
    answeredAfterSignal: after.length,
    answeredAfterSignalWithClose: after.filter((o) => o.connection === "close").length,
    resets: resets.length,
    resetSamples: resets.slice(0, 5).map((o) => ({ error: o.error, msAfterSignal: o.sentAt - signalledAt })),
    refused: refused.length,
    exit,
    stoppedLogged: server.stopped(),
    errorLines: errorLines.slice(0, 10),
    readyPolls: polls.length,
    first503MsAfterSignal: first503 ? first503.at - signalledAt : null,
    listenerClosedMsAfterSignal: firstRefusedAt === null ? null : firstRefusedAt - signalledAt,
    ready503BeforeListenerClosed: first503 !== undefined && firstRefusedAt !== null && first503.at < firstRefusedAt,
  };
  progress(
    `${label}: ${result.answered} answered (${JSON.stringify(statuses)}; ${result.answeredAfterSignal} after the signal, ${result.answeredAfterSignalWithClose} with Connection: close), ${result.resets} resets${resets.length ? ` ${JSON.stringify(result.resetSamples)}` : ""}, ${result.refused} refused; exit ${exit}; ${errorLines.length} log lines ≥ 50${errorLines.length ? ` ${JSON.stringify(errorLines.map((l) => l.msg))}` : ""}; /ready 503 at +${result.first503MsAfterSignal ?? "—"} ms, listener closed (first refusal) at +${result.listenerClosedMsAfterSignal ?? "—"} ms`,
  );
  return result;
}

// ── Report ────────────────────────────────────────────────────────────────────────────────────────

function buildTable(results) {
  const rows = [];
  const row = (figure, target, measured, met) => rows.push({ figure, target, measured, met });
  const { A, B, C } = results;
  if (A) {
    const n = A.restarts.length;
    const alive = A.restarts.filter((r) => r.alive).length;
    const resumed = A.restarts.filter((r) => r.resumeMs !== null && r.resumeMs <= SETTINGS.resumeTargetMs);
    const resumeList = A.restarts
      .map((r) => (r.resumeMs === null ? "none" : `${(r.resumeMs / 1000).toFixed(1)}`))
      .join(" / ");
    const fiveXx = A.restarts.reduce((sum, r) => sum + r.failedAfter.fiveXx, 0);
    const netAfter = A.restarts.reduce((sum, r) => sum + r.failedAfter.networkErrors, 0);
    const otherAfter = A.restarts.reduce((sum, r) => sum + r.failedAfter.other, 0);
    const requestsAfter = A.restarts.reduce((sum, r) => sum + r.requestsAfter, 0);
    const during = A.restarts.reduce(
      (sum, r) => sum + r.failedDuring.fiveXx + r.failedDuring.networkErrors + r.failedDuring.other,
      0,
    );
    const duringRequests = A.restarts.reduce((sum, r) => sum + r.requestsDuring, 0);
    row(
      `A. process alive through ${SETTINGS.restarts} PostgreSQL restarts`,
      `${SETTINGS.restarts}/${SETTINGS.restarts}`,
      `${alive}/${SETTINGS.restarts}${n < SETTINGS.restarts ? ` (stopped after ${n})` : ""}`,
      alive === SETTINGS.restarts && A.aliveAtEnd,
    );
    row(
      "A. deliveries resume after the database accepts (s, per restart)",
      `≤ 5 s, ${SETTINGS.restarts}/${SETTINGS.restarts}`,
      `${resumed.length}/${SETTINGS.restarts}: ${resumeList}`,
      resumed.length === SETTINGS.restarts,
    );
    row(
      "A. 5xx once the database is back",
      "0",
      `${fiveXx} of ${requestsAfter} requests (+${netAfter} network errors, ${otherAfter} other non-201)`,
      fiveXx === 0 && netAfter === 0,
    );
    row(
      "A. events lost (orders 201 vs distinct orderIds delivered by the end)",
      "0",
      `${A.lost} (${A.distinctOrdersDelivered}/${A.ordersAnswered201} delivered${A.pipelineAtEnd?.jobs ? `; queue at the end: ${A.pipelineAtEnd.jobs.total} jobs, ${A.pipelineAtEnd.jobs.locked} locked, outbox ${A.pipelineAtEnd.outbox}` : ""})`,
      A.lost === 0,
    );
    row("A. duplicate deliveries (info)", "—", `${A.duplicates} of ${A.deliveriesOfOrderCreated}`, null);
    row("A. failed requests in flight during a restart (info)", "may fail", `${during} of ${duringRequests}`, null);
    row("A. SIGTERM after the restarts (info)", "exit 0", `exit ${A.exitOnSigterm}`, null);
  }
  if (B) {
    const limit = B.without.p95Ms === null ? null : 2 * B.without.p95Ms;
    row(
      "B. healthy p50 / p95 without the hang",
      "—",
      `${B.without.p50Ms} / ${B.without.p95Ms} ms (${B.without.delivered}/${B.without.ok})`,
      null,
    );
    row(
      `B. healthy p95 with ${SETTINGS.hangingOrders} orders queued for a hanging endpoint`,
      `≤ 2 × ${B.without.p95Ms} = ${limit} ms`,
      `p50 ${B.withHang.p50Ms} / p95 ${B.withHang.p95Ms} ms (${B.ratio}×; ${B.withHang.delivered}/${B.withHang.ok})`,
      limit !== null &&
        B.withHang.p95Ms !== null &&
        B.withHang.p95Ms <= limit &&
        B.withHang.delivered === B.withHang.ok,
    );
    row("B. requests the hanging endpoint received (info)", "—", `${B.hangRequests} in ${B.hangWindowS} s`, null);
  }
  for (const c of C ?? []) {
    row(
      `C. SIGTERM, delay ${c.delayMs} ms: resets of accepted requests`,
      "0",
      `${c.resets} (${c.answered} answered, ${c.answeredAfterSignal} after the signal; ${c.refused} refused)`,
      c.resets === 0,
    );
    row(`C. SIGTERM, delay ${c.delayMs} ms: exit code`, "0", String(c.exit), c.exit === 0);
    row(
      `C. SIGTERM, delay ${c.delayMs} ms: log lines ≥ 50`,
      "none",
      String(c.errorLines.length),
      c.errorLines.length === 0,
    );
    if (c.delayMs > 0) {
      row(
        `C. SIGTERM, delay ${c.delayMs} ms: /ready 503 before the listener closed`,
        "yes",
        `503 at +${c.first503MsAfterSignal ?? "—"} ms, closed at +${c.listenerClosedMsAfterSignal ?? "—"} ms`,
        c.ready503BeforeListenerClosed,
      );
    }
  }
  const mark = (met) => (met === null ? "" : met ? "✅ met" : "❌ not met");
  const lines = ["| Figure | Target | Measured | Result |", "|---|---|---|---|"];
  for (const r of rows) lines.push(`| ${r.figure} | ${r.target} | ${r.measured} | ${mark(r.met)} |`);
  return { rows, markdown: lines.join("\n") };
}

/** What was built: HEAD and the source files changed in the shared working tree beside it. */
function buildInfo() {
  const git = (...gitArgs) => {
    try {
      return execFileSync("git", gitArgs, { cwd: root, encoding: "utf8" }).trim();
    } catch {
      return null;
    }
  };
  const changed = git("status", "--porcelain", "--", "packages", "examples");
  return {
    head: git("log", "-1", "--format=%h %s"),
    uncommittedSourceFiles: changed === null ? null : changed.split("\n").filter(Boolean).length,
  };
}

// ── Main ──────────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const mainJs = join(root, "examples/server/dist/main.js");
  if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run pnpm build (pnpm faults does)`);
  const { startEmbeddedPostgres } = await import(join(root, "examples/server/dist/embedded-postgres.js"));
  progress(`settings: ${JSON.stringify(SETTINGS)}`);
  const build = buildInfo();
  progress(`build of ${build.head} + ${build.uncommittedSourceFiles} uncommitted files under packages/ and examples/`);

  const tmp = mkdtempSync(join(os.tmpdir(), "marketplace-faults-"));
  chmodSync(tmp, 0o755); // the postgres user must reach it
  const cleanups = [];
  let cleaned = null;
  const cleanup = () => {
    cleaned ??= (async () => {
      for (const fn of cleanups.reverse())
        await Promise.resolve()
          .then(fn)
          .catch(() => {});
      if (!flag("--keep")) rmSync(tmp, { recursive: true, force: true });
    })();
    return cleaned;
  };
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      progress(`${signal}: cleaning up`);
      cleanup().finally(() => process.exit(130));
    });
  }
  // Bounded: whatever happens, everything started here is stopped after 8 minutes.
  const watchdog = setTimeout(
    () => {
      progress("watchdog: ran for 8 minutes; stopping");
      cleanup().finally(() => process.exit(1));
    },
    8 * 60 * 1000,
  );
  watchdog.unref();

  const results = {};
  try {
    const pgPort = await freePort();
    pgdataForExit = join(tmp, "pgdata");
    const postgres = await startEmbeddedPostgres({ dir: tmp, port: pgPort, logger: pgLogger, settings: PG_SETTINGS });
    cleanups.push(() => postgres.stop());
    const admin = async (sql) => {
      const client = new pg.Client({ connectionString: postgres.connectionString() });
      await client.connect();
      try {
        return await client.query(sql);
      } finally {
        await client.end();
      }
    };
    const { rows } = await admin(
      "select current_setting('server_version') as v, current_setting('synchronous_commit') as sc",
    );
    progress(`embedded PostgreSQL ${rows[0].v} on port ${pgPort} (${tmp}), synchronous_commit ${rows[0].sc}`);
    const cluster = {
      async createDatabase(name) {
        await admin(`create database ${name}`);
        return postgres.connectionString(name);
      },
      restart: (mode) => postgres.restart({ mode }),
    };

    if (ONLY.has("A")) results.A = await scenarioA(cluster, cleanups);
    if (ONLY.has("B")) results.B = await scenarioB(cluster, cleanups);
    if (ONLY.has("C")) {
      results.C = [];
      for (const delayMs of [0, SETTINGS.shutdownDelayMs]) results.C.push(await sigterm(cluster, cleanups, delayMs));
    }
    const { rows: tableRows, markdown } = buildTable(results);
    const report = {
      when: new Date().toISOString(),
      machine: { ...machine(), postgres: rows[0].v },
      build,
      settings: SETTINGS,
      pgSettings: PG_SETTINGS,
      durationS: round((Date.now() - started) / 1000, 1),
      results,
      table: tableRows,
      markdown,
    };
    mkdirSync(join(root, "bench/results"), { recursive: true });
    writeFileSync(join(root, "bench/results/faults.json"), `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`\n${markdown}\n\n`);
    progress(`wrote bench/results/faults.json (${report.durationS} s in all)`);
  } finally {
    await cleanup();
    pgdataForExit = null;
  }
}

main().catch((error) => {
  process.stderr.write(`faults failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
