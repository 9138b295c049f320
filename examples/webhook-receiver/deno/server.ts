/**
 * A webhook receiver on Deno alone (`Deno.serve`, no framework, no network at start: the import
 * map in `deno.json` points `@marketplace/core/signing` at the core's source in this repository;
 * in your own project map it to `jsr:@marketplace/core/signing` or to the built file instead).
 *
 * - Verifies `X-Service-Signature` over the raw body bytes (HMAC-SHA256, timestamp within 300 s,
 *   constant-time comparison); a bad signature is 400. With `SIGNATURE_SCHEME=standard` it verifies
 *   the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`) instead.
 * - Deduplicates on the envelope `id`: deliveries are at least once, so a repeat is answered 200
 *   and not handled twice.
 * - Answers 200 at once and handles the event afterwards (the sender waits 10 s at most).
 *
 * Run from examples/webhook-receiver:
 *   WEBHOOK_SECRET=whsec_… PORT=8080 pnpm start:deno
 *
 * Environment: `WEBHOOK_SECRET` (required; comma-separated while you rotate), `SIGNATURE_SCHEME`
 * (`service`, the default, or `standard`), `PORT` (default 8080; 0 picks a free one), `HOST`
 * (default 127.0.0.1). One JSON line per request on stdout.
 */

import { isStaleForOrder, orderPosition, verifySignature, verifyStandardWebhook } from "@marketplace/core/signing";

const TOLERANCE_SECONDS = 300;
const MAX_BODY_BYTES = 1024 * 1024;
const MAX_REMEMBERED_IDS = 10_000;

const secrets = (Deno.env.get("WEBHOOK_SECRET") ?? "")
  .split(",")
  .map((secret) => secret.trim())
  .filter((secret) => secret !== "");
if (secrets.length === 0) {
  console.error("WEBHOOK_SECRET is required (the webhook's whsec_… secret; comma-separated while you rotate)");
  Deno.exit(2);
}
const scheme = Deno.env.get("SIGNATURE_SCHEME") ?? "service";
if (scheme !== "service" && scheme !== "standard") {
  console.error("SIGNATURE_SCHEME must be service or standard");
  Deno.exit(2);
}
const port = Number(Deno.env.get("PORT") ?? 8080);
const hostname = Deno.env.get("HOST") ?? "127.0.0.1";

interface EventEnvelope {
  id: string;
  type: string;
  version: number;
  createdAt: string;
  data: { training?: boolean; [key: string]: unknown };
}

/** One JSON line on stdout. */
function log(fields: Record<string, unknown>): void {
  console.log(JSON.stringify({ time: new Date().toISOString(), ...fields }));
}

// Ids of the events already accepted, oldest first, at most MAX_REMEMBERED_IDS. In memory, this
// forgets everything on restart and is not shared between instances: a production receiver records
// the id in a durable store instead (a unique key in its own database, in the same transaction as
// the work the event triggers).
const seen = new Set<string>();
function remember(id: string): void {
  seen.add(id);
  if (seen.size > MAX_REMEMBERED_IDS) seen.delete(seen.values().next().value as string);
}

/** Your work goes here. It runs after the answer was sent, so it may take its time. */
// The sequence of the last event handled per order (data.sequence, strictly increasing per order).
// In memory here; keep it with the order in your own database.
const lastApplied = new Map<string, number>();

async function handle(event: EventEnvelope): Promise<void> {
  const position = orderPosition(event);
  if (position) {
    // A retried status change may arrive after a newer one: drop it.
    if (isStaleForOrder(event, lastApplied.get(position.orderId))) {
      log({ msg: "stale", id: event.id, type: event.type, orderId: position.orderId, sequence: position.sequence });
      return;
    }
    lastApplied.set(position.orderId, position.sequence);
  }
  log({ msg: "handled", id: event.id, type: event.type, training: event.data?.training === true });
}

const json = (status: number, body: unknown) => Response.json(body, { status });

async function receive(request: Request): Promise<Response> {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { allow: "POST" } });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    return json(413, { error: "body_too_large" });
  }
  const body = new Uint8Array(await request.arrayBuffer()); // the exact bytes received
  if (body.byteLength > MAX_BODY_BYTES) return json(413, { error: "body_too_large" });
  const verified =
    scheme === "standard"
      ? await verifyStandardWebhook({
          payload: body,
          headers: request.headers,
          secret: secrets,
          toleranceSeconds: TOLERANCE_SECONDS,
        })
      : await verifySignature({
          payload: body,
          header: request.headers.get("x-service-signature"),
          secret: secrets,
          toleranceSeconds: TOLERANCE_SECONDS,
        });
  if (!verified.ok) {
    log({ msg: "rejected", reason: verified.reason });
    return json(400, { error: verified.reason });
  }
  let event: EventEnvelope | null;
  try {
    event = JSON.parse(new TextDecoder().decode(body));
  } catch {
    event = null;
  }
  if (typeof event?.id !== "string" || typeof event.type !== "string") {
    log({ msg: "rejected", reason: "not_an_event" });
    return json(400, { error: "not_an_event" });
  }
  if (seen.has(event.id)) {
    log({ msg: "duplicate", id: event.id, type: event.type });
    return json(200, { received: true, duplicate: true });
  }
  remember(event.id);
  log({ msg: "accepted", id: event.id, type: event.type });
  const accepted = event;
  // After the answer: a timer runs once this handler has returned its response.
  setTimeout(() => {
    handle(accepted).catch((error) => log({ msg: "handler failed", id: accepted.id, error: String(error) }));
  }, 0);
  return json(200, { received: true });
}

const server = Deno.serve(
  {
    port,
    hostname,
    onListen: ({ hostname, port }) => {
      log({ msg: "listening", url: `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}` });
    },
  },
  receive,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => {
    server.shutdown().then(() => Deno.exit(0));
  });
}
