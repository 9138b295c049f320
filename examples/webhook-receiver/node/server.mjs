/**
 * A webhook receiver on `node:http` alone (no framework, no build step).
 *
 * - Verifies `X-Service-Signature` over the raw body bytes with `@marketplace/core/signing`
 *   (HMAC-SHA256, timestamp within 300 s, constant-time comparison); a bad signature is 400.
 *   With `SIGNATURE_SCHEME=standard` (a webhook registered with `signatureScheme: "standard"`) it
 *   verifies the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`)
 *   instead, as any Standard Webhooks library would.
 * - Deduplicates on the envelope `id`: deliveries are at least once (retries, redeliveries, a
 *   worker that died mid-round), so the same event may arrive again; a repeat is answered 200 and
 *   not handled twice.
 * - Drops an event older than one of its order already handled (`data.sequence`, strictly
 *   increasing per order): a retried status change may arrive after a newer one.
 * - Answers 200 at once and handles the event afterwards: the sender waits 10 s at most, and
 *   anything but a timely 2xx is retried.
 *
 * Run (after `pnpm install && pnpm build`):
 *   WEBHOOK_SECRET=whsec_… PORT=8080 node examples/webhook-receiver/node/server.mjs
 *
 * Environment: `WEBHOOK_SECRET` (required; several comma-separated while you rotate: the new one
 * and the old one), `SIGNATURE_SCHEME` (`service`, the default, or `standard`), `PORT` (default
 * 8080; 0 picks a free one), `HOST` (default 127.0.0.1).
 * One JSON line per request on stdout: `listening`, `accepted`, `duplicate`, `rejected`, `handled`.
 */

import { createServer } from "node:http";
import { isStaleForOrder, orderPosition, verifySignature, verifyStandardWebhook } from "@marketplace/core/signing";

const TOLERANCE_SECONDS = 300;
const MAX_BODY_BYTES = 1024 * 1024;
const MAX_REMEMBERED_IDS = 10_000;

const secrets = (process.env.WEBHOOK_SECRET ?? "")
  .split(",")
  .map((secret) => secret.trim())
  .filter((secret) => secret !== "");
if (secrets.length === 0) {
  console.error("WEBHOOK_SECRET is required (the webhook's whsec_… secret; comma-separated while you rotate)");
  process.exit(2);
}
const scheme = process.env.SIGNATURE_SCHEME ?? "service";
if (scheme !== "service" && scheme !== "standard") {
  console.error("SIGNATURE_SCHEME must be service or standard");
  process.exit(2);
}
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? "127.0.0.1";

/** One JSON line on stdout. */
function log(fields) {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...fields })}\n`);
}

// Ids of the events already accepted, oldest first (a Set keeps insertion order), at most
// MAX_REMEMBERED_IDS. In memory, this forgets everything on restart and is not shared between
// instances: a production receiver records the id in a durable store instead (a unique key in its
// own database, written in the same transaction as the work the event triggers).
const seen = new Set();
function remember(id) {
  seen.add(id);
  if (seen.size > MAX_REMEMBERED_IDS) seen.delete(seen.values().next().value);
}

// The sequence of the last event handled per order. In memory here; keep it with the order in your
// own database, and compare in the transaction that applies the change.
const lastApplied = new Map();

/** Your work goes here. It runs after the answer was sent, so it may take its time. */
async function handle(event) {
  const position = orderPosition(event);
  if (position) {
    if (isStaleForOrder(event, lastApplied.get(position.orderId))) {
      log({ msg: "stale", id: event.id, type: event.type, orderId: position.orderId, sequence: position.sequence });
      return;
    }
    lastApplied.set(position.orderId, position.sequence);
  }
  log({ msg: "handled", id: event.id, type: event.type, training: event.data?.training === true });
}

function reply(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function receive(req, res, body) {
  const verified =
    scheme === "standard"
      ? await verifyStandardWebhook({
          payload: body, // the exact bytes received: never a re-serialised object
          headers: req.headers, // webhook-id, webhook-timestamp, webhook-signature
          secret: secrets,
          toleranceSeconds: TOLERANCE_SECONDS,
        })
      : await verifySignature({
          payload: body, // the exact bytes received: never a re-serialised object
          header: req.headers["x-service-signature"],
          secret: secrets,
          toleranceSeconds: TOLERANCE_SECONDS,
        });
  if (!verified.ok) {
    log({ msg: "rejected", reason: verified.reason });
    return reply(res, 400, { error: verified.reason });
  }
  let event;
  try {
    event = JSON.parse(body.toString("utf8"));
  } catch {
    event = null;
  }
  if (typeof event?.id !== "string" || typeof event.type !== "string") {
    log({ msg: "rejected", reason: "not_an_event" });
    return reply(res, 400, { error: "not_an_event" });
  }
  if (seen.has(event.id)) {
    log({ msg: "duplicate", id: event.id, type: event.type });
    return reply(res, 200, { received: true, duplicate: true });
  }
  remember(event.id);
  reply(res, 200, { received: true });
  log({ msg: "accepted", id: event.id, type: event.type });
  setImmediate(() => {
    handle(event).catch((error) => log({ msg: "handler failed", id: event.id, error: String(error) }));
  });
}

const server = createServer((req, res) => {
  if (req.method !== "POST") {
    res.writeHead(405, { allow: "POST" }).end();
    return;
  }
  const chunks = [];
  let size = 0;
  req.on("data", (chunk) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  });
  req.on("end", () => {
    if (size > MAX_BODY_BYTES) return reply(res, 413, { error: "body_too_large" });
    receive(req, res, Buffer.concat(chunks)).catch((error) => {
      log({ msg: "failed", error: String(error) });
      if (!res.headersSent) reply(res, 500, { error: "internal" });
    });
  });
});

server.listen(port, host, () => {
  const address = server.address();
  log({ msg: "listening", url: `http://${host.includes(":") ? `[${host}]` : host}:${address.port}` });
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  });
}
