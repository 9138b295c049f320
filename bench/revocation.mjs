/**
 * `pnpm bench:revocation`: how long a consumer's withdrawal takes to reach the provider. Runs the
 * reference server from the build (`examples/server/dist/main.js`, its embedded PostgreSQL in a
 * temporary folder) and a webhook receiver on 127.0.0.1; places public orders with consent, then
 * withdraws each phone with `POST /public/consent/revoke` and times the request's start to the
 * receiver getting that phone's `order.consent_revoked`. Target: p99 < 1 s on loopback (the spec
 * expects providers to honour a withdrawal within ten business days). Not a test: `pnpm test` never
 * runs it. Writes bench/results/revocation.json.
 *
 * Options: --revocations <n> (default 200), --concurrency <n> withdrawals in flight (default 4),
 * --keep (keep the temporary folder); --help prints them.
 */

import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readArgs } from "./args.mjs";
import { freePort, machine, percentile, progressFrom, round, sleep, waitFor } from "./util.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = readArgs({
  command: "bench/revocation.mjs",
  usage: `How long a consumer's withdrawal takes to reach the provider: the reference server from the build
(run pnpm build first, as pnpm bench:revocation does) on an embedded PostgreSQL, public orders with
consent, then each phone withdrawn (POST /public/consent/revoke) and timed to the receiver getting its
order.consent_revoked. Target: p99 < 1 s. Writes bench/results/revocation.json.`,
  options: {
    revocations: { type: "integer", description: "withdrawals measured", default: 200 },
    concurrency: { type: "integer", description: "withdrawals in flight", default: 4 },
    keep: { type: "boolean", description: "keep the temporary folder" },
  },
});
const SETTINGS = {
  revocations: values.revocations,
  concurrency: values.concurrency,
  targetP99Ms: 1000,
};
const ADMIN_TOKEN = "bench-revocation-admin-token";
const progress = progressFrom(Date.now());

/** The reference server from the build; resolves once it logs `listening`. */
async function startServer(tmp) {
  const pgPort = await freePort();
  const metricsPort = await freePort();
  const child = spawn(process.execPath, [join(root, "examples/server/dist/main.js")], {
    cwd: tmp,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: "0",
      HOST: "127.0.0.1",
      MARKETPLACE_DATA_DIR: join(tmp, "postgres"),
      MARKETPLACE_EMBEDDED_PG_PORT: String(pgPort),
      MARKETPLACE_SEED: "false",
      MARKETPLACE_ADMIN_TOKEN: ADMIN_TOKEN,
      MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK: "true",
      MARKETPLACE_LOG_LEVEL: "info",
      // A port of its own: never the default one another server on the machine may hold.
      MARKETPLACE_METRICS_PORT: String(metricsPort),
      MARKETPLACE_METRICS_HOST: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let found = false;
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server not listening after 120 s:\n${output.slice(-2000)}`)),
      120_000,
    );
    // Request log lines keep coming: read (and drop) them, keep only what came before `listening`.
    const onData = (chunk) => {
      if (found) return;
      output += chunk.toString("utf8");
      const match = /"msg":"listening"[^\n]*?"url":"([^"]+)"|"url":"([^"]+)"[^\n]*?"msg":"listening"/.exec(output);
      if (match) {
        found = true;
        clearTimeout(timer);
        resolve(match[1] ?? match[2]);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      if (found) return;
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output.slice(-2000)}`));
    });
  });
  return {
    url,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(20_000).then(() => child.kill("SIGKILL"))]);
    },
  };
}

async function call(server, method, path, { key, admin, body } = {}) {
  const headers = { "content-type": "application/json" };
  if (key) headers["x-api-key"] = key;
  if (admin) headers.authorization = `Bearer ${ADMIN_TOKEN}`;
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

async function expectStatus(promise, status, what) {
  const res = await promise;
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
}

/** A receiver answering 200 at once; the first `order.consent_revoked` arrival per phone. */
function startReceiver() {
  const arrivals = new Map();
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const at = performance.now();
      try {
        const envelope = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        if (envelope.type === "order.consent_revoked" && !arrivals.has(envelope.data.phone)) {
          arrivals.set(envelope.data.phone, at);
        }
      } catch {}
      res.writeHead(200).end("ok");
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}/hook`,
        arrivals,
        close: () => new Promise((done) => server.close(done)),
      }),
    );
  });
}

/**
 * The server's own figure: `marketplace_webhook_event_first_attempt_latency_seconds` for
 * `order.consent_revoked` (from the revocation's commit to its first delivery attempt), from
 * /metrics: the count, the mean, and the p99 as the bucket bound it falls under.
 */
async function serverMetric(server) {
  const res = await fetch(server.metricsUrl).catch(() => null);
  if (!res?.ok) return null;
  const text = await res.text();
  const name = "marketplace_webhook_event_first_attempt_latency_seconds";
  const label = 'event_type="order.consent_revoked"';
  const buckets = [];
  let count = null;
  let sum = null;
  for (const line of text.split("\n")) {
    if (!line.startsWith(name) || !line.includes(label)) continue;
    const value = Number(line.slice(line.lastIndexOf(" ") + 1));
    const le = /le="([^"]+)"/.exec(line)?.[1];
    if (line.startsWith(`${name}_bucket`) && le) buckets.push({ le: le === "+Inf" ? Infinity : Number(le), value });
    else if (line.startsWith(`${name}_count`)) count = value;
    else if (line.startsWith(`${name}_sum`)) sum = value;
  }
  if (!count) return null;
  const p99Bucket = buckets.sort((a, b) => a.le - b.le).find((bucket) => bucket.value >= 0.99 * count);
  const withinOneSecond = buckets.find((bucket) => bucket.le === 1)?.value ?? null;
  return {
    count,
    meanMs: round((sum / count) * 1000, 1),
    p99AtMostMs: p99Bucket && Number.isFinite(p99Bucket.le) ? p99Bucket.le * 1000 : null,
    withinOneSecond,
  };
}

async function main() {
  if (!existsSync(join(root, "examples/server/dist/main.js"))) {
    throw new Error("examples/server/dist/main.js is missing: run pnpm build (pnpm bench:revocation does)");
  }
  progress(`settings: ${JSON.stringify(SETTINGS)}`);
  const tmp = mkdtempSync(join(os.tmpdir(), "marketplace-revocation-"));
  chmodSync(tmp, 0o755); // the embedded server runs as the postgres user, which must reach it
  const server = await startServer(tmp);
  const receiver = await startReceiver();
  try {
    progress(`server at ${server.url}, receiver at ${receiver.url}`);
    const provider = await expectStatus(
      call(server, "POST", "/admin/teams", { admin: true, body: { name: "Bench Fiber", role: "provider" } }),
      201,
      "provider team",
    );
    const reseller = await expectStatus(
      call(server, "POST", "/admin/teams", { admin: true, body: { name: "Bench Reseller", role: "reseller" } }),
      201,
      "reseller team",
    );
    const providerKey = provider.apiKey.key;
    const offer = await expectStatus(
      call(server, "POST", "/provider/offers", {
        key: providerKey,
        body: {
          name: "Fiber 500",
          sku: "BENCH-REVOKE",
          serviceType: "internet",
          monthlyPrice: "49.99",
          internet: { downloadSpeedMbps: 500, connectionType: "fiber" },
        },
      }),
      201,
      "offer",
    );
    await expectStatus(
      call(server, "POST", `/provider/offers/${offer.id}/publish`, { key: providerKey }),
      200,
      "publish",
    );
    await expectStatus(
      call(server, "POST", "/provider/webhooks", {
        key: providerKey,
        body: { url: receiver.url, events: ["order.consent_revoked"] },
      }),
      201,
      "webhook",
    );
    const link = await expectStatus(
      call(server, "POST", "/reseller/links", { key: reseller.apiKey.key, body: { offerIds: [offer.id] } }),
      201,
      "link",
    );

    const phones = Array.from(
      { length: SETTINGS.revocations },
      (_, i) => `+1512${String(5_000_000 + i).padStart(7, "0")}`,
    );
    for (const [i, phone] of phones.entries()) {
      await expectStatus(
        call(server, "POST", `/public/links/${link.slug}/orders`, {
          body: {
            items: [{ offerId: offer.id }],
            customer: { name: "Ada", email: `bench${i}@example.com`, phone, kind: "residential" },
            serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
            consents: [
              { kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" },
              { kind: "marketing_calls_texts", granted: true, disclosureVersion: "marketing_calls_texts.v1" },
            ],
          },
        }),
        201,
        "public order",
      );
    }
    progress(`${phones.length} public orders placed with consent`);

    const sentAt = new Map();
    const queue = [...phones];
    const worker = async () => {
      for (let phone = queue.shift(); phone !== undefined; phone = queue.shift()) {
        sentAt.set(phone, performance.now());
        await expectStatus(call(server, "POST", "/public/consent/revoke", { body: { phone } }), 200, "revoke");
        // Paced, like consumers: each in-flight slot sends again when its request is answered.
      }
    };
    const began = performance.now();
    await Promise.all(Array.from({ length: SETTINGS.concurrency }, worker));
    const delivered = await waitFor(() => receiver.arrivals.size >= phones.length, 30_000, 5);
    const wallS = (performance.now() - began) / 1000;
    const latencies = phones
      .filter((phone) => receiver.arrivals.has(phone))
      .map((phone) => receiver.arrivals.get(phone) - sentAt.get(phone));
    const result = {
      revocations: phones.length,
      delivered: latencies.length,
      p50Ms: round(percentile(latencies, 50), 1),
      p90Ms: round(percentile(latencies, 90), 1),
      p99Ms: round(percentile(latencies, 99), 1),
      maxMs: round(Math.max(...latencies), 1),
      wallS: round(wallS, 2),
    };
    const pass = delivered && result.p99Ms !== null && result.p99Ms < SETTINGS.targetP99Ms;
    const metric = await serverMetric(server);
    const report = {
      when: new Date().toISOString(),
      machine: machine(),
      settings: SETTINGS,
      result,
      serverMetric: metric,
      pass,
    };
    mkdirSync(join(root, "bench/results"), { recursive: true });
    writeFileSync(join(root, "bench/results/revocation.json"), `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(
      `\n| revocations | delivered | p50 ms | p90 ms | p99 ms | max ms | target p99 |\n|---|---|---|---|---|---|---|\n` +
        `| ${result.revocations} | ${result.delivered} | ${result.p50Ms} | ${result.p90Ms} | ${result.p99Ms} | ${result.maxMs} | < ${SETTINGS.targetP99Ms} ms: ${pass ? "met" : "MISSED"} |\n\n`,
    );
    progress(
      metric
        ? `server metric (event commit → first attempt, order.consent_revoked): ${metric.count} events, mean ${metric.meanMs} ms, p99 ≤ ${metric.p99AtMostMs} ms, ${metric.withinOneSecond} within 1 s`
        : "server metric: /metrics not available (MARKETPLACE_METRICS_PORT off, or a build without metrics)",
    );
    progress("wrote bench/results/revocation.json");
    if (!pass) process.exitCode = 1;
  } finally {
    await receiver.close();
    await server.stop();
    if (!values.keep) rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`bench:revocation failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
