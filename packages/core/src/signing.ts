/**
 * Signing and verifying webhook deliveries (`X-Service-Signature`), with Web Crypto only: import this
 * entry point (`@marketplace/core/signing`) in a receiver on Node 20+, Deno, Bun, browsers or edge
 * workers.
 *
 * Header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`, with one `v1` per
 * valid secret while a secret is being rotated. Stripe-compatible: the HMAC key is the secret string
 * as UTF-8 bytes.
 *
 * Webhooks registered with `signatureScheme: "standard"` also carry the Standard Webhooks headers
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`; https://www.standardwebhooks.com): see
 * `signStandardWebhook` and `verifyStandardWebhook`. Any Standard Webhooks library verifies them too.
 *
 * @example
 * // In a receiver, with `verifySignature` imported from the `@marketplace/core/signing` entry point:
 * const result = await verifySignature({
 *   payload: rawBody, // the exact bytes or string received, never a re-serialised object
 *   header: request.headers.get("x-service-signature"),
 *   secret: webhookSecret, // whsec_…, from your configuration
 * });
 * if (!result.ok) return new Response(result.reason, { status: 400 });
 *
 * @module
 */

import { fromBase64, fromHex, timingSafeEqual, toBase64, toHex, utf8 } from "./crypto.ts";

/** Name of the signature header (HTTP header names are case-insensitive). */
export const SIGNATURE_HEADER = "X-Service-Signature";

/** Default accepted distance between the signature time and now, in seconds. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** Raw request body: the exact bytes received, or the same as a string. */
export type Payload = string | Uint8Array;

/** Input of `signPayload`. */
export interface SignOptions {
  payload: Payload;
  /** One secret, or several while rotating (one `v1` each). */
  secret: string | readonly string[];
  /** Signature time in unix seconds; defaults to now. */
  timestamp?: number;
}

/**
 * Computes the `X-Service-Signature` header value for a payload.
 *
 * @example
 * const header = await signPayload({ payload: body, secret: "whsec_…" });
 * // "t=1700000000,v1=5257a869…"
 */
export async function signPayload(options: SignOptions): Promise<string> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new RangeError("timestamp must be unix seconds");
  const secrets = typeof options.secret === "string" ? [options.secret] : options.secret;
  if (secrets.length === 0) throw new RangeError("at least one secret is required");
  const signed = signedContent(timestamp, options.payload);
  const parts = [`t=${timestamp}`];
  for (const secret of secrets) parts.push(`v1=${toHex(await hmacSha256(secret, signed))}`);
  return parts.join(",");
}

/** Why a signature was rejected. */
export type VerifyFailure =
  | "missing_header"
  | "malformed_header"
  | "timestamp_outside_tolerance"
  | "no_matching_signature";

/** Outcome of `verifySignature`. */
export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: VerifyFailure };

/** Input of `verifySignature`. */
export interface VerifyOptions {
  payload: Payload;
  /** The header value as received (null or undefined when absent). */
  header: string | null | undefined;
  /** The webhook secret, or several (e.g. old and new during your own rotation). */
  secret: string | readonly string[];
  /** Accepted age (and clock skew into the future) in seconds; default 300. */
  toleranceSeconds?: number;
  /** Current time in unix seconds; defaults to now. */
  now?: number;
}

/**
 * Verifies a delivery: the header must be well formed, its timestamp within the tolerance, and at
 * least one `v1` must equal the HMAC under one of the secrets (compared hex-decoded, lengths first,
 * in constant time).
 */
export async function verifySignature(options: VerifyOptions): Promise<VerifyResult> {
  if (options.header == null || options.header === "") return { ok: false, reason: "missing_header" };
  const parsed = parseSignatureHeader(options.header);
  if (!parsed) return { ok: false, reason: "malformed_header" };
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - parsed.timestamp) > tolerance) return { ok: false, reason: "timestamp_outside_tolerance" };
  const secrets = typeof options.secret === "string" ? [options.secret] : options.secret;
  const signed = signedContent(parsed.timestamp, options.payload);
  let matched = false;
  for (const secret of secrets) {
    const expected = await hmacSha256(secret, signed);
    for (const candidate of parsed.signatures) {
      // No early exit: every candidate is compared, so timing does not tell which one matched.
      if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = true;
    }
  }
  return matched ? { ok: true, timestamp: parsed.timestamp } : { ok: false, reason: "no_matching_signature" };
}

/** The parts of a signature header; null when malformed (no `t`, no `v1`, or bad values). */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: Uint8Array[] } | null {
  if (header.length > 8192) return null;
  let timestamp: number | null = null;
  const signatures: Uint8Array[] = [];
  for (const part of header.split(",")) {
    const index = part.indexOf("=");
    if (index <= 0) return null;
    const key = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (key === "t") {
      if (timestamp !== null || !/^\d{1,12}$/.test(value)) return null;
      timestamp = Number(value);
    } else if (key === "v1") {
      const bytes = fromHex(value);
      if (!bytes || bytes.length === 0) return null;
      signatures.push(bytes);
    }
    // Other schemes (v0, future versions) are ignored, as Stripe's verifiers do.
  }
  if (timestamp === null || signatures.length === 0) return null;
  return { timestamp, signatures };
}

function signedContent(timestamp: number, payload: Payload): Uint8Array<ArrayBuffer> {
  const prefix = utf8(`${timestamp}.`);
  const body = typeof payload === "string" ? utf8(payload) : payload;
  const out = new Uint8Array(prefix.length + body.length);
  out.set(prefix, 0);
  out.set(body, prefix.length);
  return out;
}

async function hmacSha256(secret: string, content: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", utf8(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, content));
}

/** Names of the Standard Webhooks headers (lowercase, as the specification writes them). */
export const STANDARD_WEBHOOK_HEADERS = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
} as const;

/** The three Standard Webhooks headers of one delivery. */
export type StandardWebhookHeaders = {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
};

/** Input of `signStandardWebhook`. */
export interface StandardSignOptions {
  /** The message id: the envelope id, the same on every attempt of an event. */
  id: string;
  payload: Payload;
  /** One `whsec_…` secret, or several while rotating (one `v1,` signature each). */
  secret: string | readonly string[];
  /** Signature time in unix seconds; defaults to now. */
  timestamp?: number;
}

/**
 * The HMAC key of a Standard Webhooks secret: the bytes of the base64 after the `whsec_` prefix (the
 * prefix is optional; either base64 alphabet, padded or not); null when that is not base64 or empty.
 *
 * @example
 * standardWebhookKey("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"); // 24 bytes
 */
export function standardWebhookKey(secret: string): Uint8Array | null {
  const encoded = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret;
  const key = fromBase64(encoded);
  return key && key.length > 0 ? key : null;
}

/**
 * The Standard Webhooks headers of a delivery: `webhook-signature` holds `v1,<base64 HMAC-SHA256(key,
 * id + "." + timestamp + "." + raw body)>` per secret, space-separated, where the key is the
 * base64-decoded part of the secret after `whsec_`.
 *
 * @example
 * const headers = await signStandardWebhook({ id: event.id, payload: body, secret: "whsec_…" });
 * // { "webhook-id": "…", "webhook-timestamp": "1700000000", "webhook-signature": "v1,K5oZ…=" }
 */
export async function signStandardWebhook(options: StandardSignOptions): Promise<StandardWebhookHeaders> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new RangeError("timestamp must be unix seconds");
  if (options.id === "" || /[\s,]/.test(options.id))
    throw new RangeError("id must be non-empty, without spaces or commas");
  const secrets = typeof options.secret === "string" ? [options.secret] : options.secret;
  if (secrets.length === 0) throw new RangeError("at least one secret is required");
  const content = standardContent(options.id, timestamp, options.payload);
  const signatures: string[] = [];
  for (const secret of secrets) {
    const key = standardWebhookKey(secret);
    if (!key) throw new RangeError("a Standard Webhooks secret is whsec_ followed by base64");
    signatures.push(`v1,${toBase64(await hmacSha256Key(key, content))}`);
  }
  return {
    "webhook-id": options.id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatures.join(" "),
  };
}

/** Headers as a receiver has them: a Fetch `Headers`, or a plain record (Node's `req.headers`). */
export type ReceivedHeaders =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/** Input of `verifyStandardWebhook`. */
export interface StandardVerifyOptions {
  payload: Payload;
  headers: ReceivedHeaders;
  /** The webhook secret (`whsec_…`), or several. */
  secret: string | readonly string[];
  /** Accepted age (and clock skew into the future) in seconds; default 300. */
  toleranceSeconds?: number;
  /** Current time in unix seconds; defaults to now. */
  now?: number;
}

/**
 * Verifies a Standard Webhooks delivery: the three headers present, the timestamp within the
 * tolerance, and at least one `v1,` signature equal to the HMAC under one of the secrets (compared
 * base64-decoded, lengths first, in constant time). `ok` carries the message id to deduplicate on.
 */
export async function verifyStandardWebhook(
  options: StandardVerifyOptions,
): Promise<{ ok: true; id: string; timestamp: number } | { ok: false; reason: VerifyFailure }> {
  const id = headerValue(options.headers, STANDARD_WEBHOOK_HEADERS.id);
  const stamp = headerValue(options.headers, STANDARD_WEBHOOK_HEADERS.timestamp);
  const signature = headerValue(options.headers, STANDARD_WEBHOOK_HEADERS.signature);
  if (!id || !stamp || !signature) return { ok: false, reason: "missing_header" };
  if (!/^\d{1,12}$/.test(stamp) || signature.length > 8192) return { ok: false, reason: "malformed_header" };
  const timestamp = Number(stamp);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > tolerance) return { ok: false, reason: "timestamp_outside_tolerance" };
  const candidates: Uint8Array[] = [];
  for (const part of signature.split(" ")) {
    const [version, value] = part.split(",", 2);
    // Other versions (v1a: asymmetric) are skipped, as the specification's verifiers do.
    if (version !== "v1" || value === undefined) continue;
    const bytes = fromBase64(value);
    if (bytes && bytes.length > 0) candidates.push(bytes);
  }
  if (candidates.length === 0) return { ok: false, reason: "malformed_header" };
  const secrets = typeof options.secret === "string" ? [options.secret] : options.secret;
  const content = standardContent(id, timestamp, options.payload);
  let matched = false;
  for (const secret of secrets) {
    const key = standardWebhookKey(secret);
    if (!key) continue;
    const expected = await hmacSha256Key(key, content);
    for (const candidate of candidates) {
      if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = true;
    }
  }
  return matched ? { ok: true, id, timestamp } : { ok: false, reason: "no_matching_signature" };
}

function headerValue(headers: ReceivedHeaders, name: string): string | null {
  if (typeof (headers as { get?: unknown }).get === "function") {
    return (headers as { get(name: string): string | null }).get(name);
  }
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  for (const key of Object.keys(record)) {
    if (key.toLowerCase() !== name) continue;
    const value = record[key];
    return typeof value === "string" ? value : (value?.[0] ?? null);
  }
  return null;
}

function standardContent(id: string, timestamp: number, payload: Payload): Uint8Array<ArrayBuffer> {
  const prefix = utf8(`${id}.${timestamp}.`);
  const body = typeof payload === "string" ? utf8(payload) : payload;
  const out = new Uint8Array(prefix.length + body.length);
  out.set(prefix, 0);
  out.set(body, prefix.length);
  return out;
}

async function hmacSha256Key(key: Uint8Array, content: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const imported = await crypto.subtle.importKey(
    "raw",
    new Uint8Array(key) as Uint8Array<ArrayBuffer>,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", imported, content));
}

/** Where an event stands among its order's events: `data.orderId` and `data.sequence`. */
export interface OrderPosition {
  orderId: string;
  /** Strictly increasing per order, in the order the service recorded the order's events. */
  sequence: number;
}

/**
 * The order and sequence of a received envelope, or null for an event about no order (or one
 * recorded before sequences existed).
 *
 * @example
 * orderPosition({ data: { orderId: "5b1…", sequence: 4 } }); // { orderId: "5b1…", sequence: 4 }
 */
export function orderPosition(envelope: unknown): OrderPosition | null {
  const data = (envelope as { data?: { orderId?: unknown; sequence?: unknown } } | null)?.data;
  if (typeof data?.orderId !== "string" || !Number.isSafeInteger(data.sequence)) return null;
  return { orderId: data.orderId, sequence: data.sequence as number };
}

/**
 * True when the envelope is older than (or the same as) the last event of its order the receiver
 * applied: deliveries are retried per event, so a late retry may arrive after a newer status change;
 * drop it. False for an event about no order, and when nothing of its order was applied yet.
 *
 * @example
 * const last = lastApplied.get(orderId); // the sequence you stored with the order
 * if (isStaleForOrder(event, last)) return; // a newer change of this order is already applied
 */
export function isStaleForOrder(envelope: unknown, lastAppliedSequence: number | null | undefined): boolean {
  const position = orderPosition(envelope);
  return position !== null && lastAppliedSequence != null && position.sequence <= lastAppliedSequence;
}
