import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN, createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { type Framing, rawRequest } from "../../../test/helpers/raw-request.ts";

/**
 * Hostile bodies on every route of the OpenAPI document, sent over a real socket to the app served
 * by @hono/node-server: bodies over the limit (declared or chunked), just under it, nested deep (with
 * and without surrogate escapes), chunked into odd pieces, sent slowly, cut short, labelled with the
 * wrong content type or none, not JSON or not UTF-8. Whatever comes, the answer is never a 5xx, and
 * every error is the envelope. (The field-by-field rules are fuzzed by differential-*.test.ts.)
 */

const RUNS = 200;
const MB = 1024 * 1024;
const LIMIT = MB;

let t: TestApp;
let hybridKey: string;
let server: ReturnType<typeof serve>;
let baseUrl: string;
/** Every operation of the OpenAPI document, and whether it takes a JSON body. */
let routes: { method: string; path: string; json: boolean }[];

beforeAll(async () => {
  t = await createTestApp();
  ({ apiKey: hybridKey } = await t.createTeam("hybrid"));
  const document = (await (await t.app.request("/openapi.json")).json()) as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
  };
  routes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      json: operation.requestBody?.content?.["application/json"] !== undefined,
    })),
  );
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, hostname: "127.0.0.1", port: 0 }, (info: AddressInfo) => {
      baseUrl = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const encoder = new TextEncoder();

/** What is sent: the framing, the content type (or none), the body's pieces and the pace. */
interface Body {
  kind: string;
  framing: Framing;
  contentType: string | null;
  pieces: Uint8Array[];
  delayMs?: number;
}

/** A body as fast-check reports it: what it is, not its bytes (a counterexample may hold megabytes). */
function body(fields: Omit<Body, "pieces">, pieces: Uint8Array[]): Body {
  const bytes = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
  const head = new TextDecoder().decode(pieces[0]?.subarray(0, 40) ?? new Uint8Array(0));
  return Object.assign(
    { ...fields, pieces },
    {
      [fc.toStringMethod]: () =>
        `${fields.kind}, ${fields.framing}, ${fields.contentType}, ${bytes} bytes in ${pieces.length} pieces${fields.delayMs ? ` ${fields.delayMs} ms apart` : ""}, starting ${JSON.stringify(head)}`,
    },
  );
}

/** `total` bytes: a JSON string field holding `fill`, or bare `fill` bytes, 64 KB a piece. */
function sized(total: number, asJson: boolean, fill: number): Uint8Array[] {
  const head = asJson ? encoder.encode('{"name":"') : new Uint8Array(0);
  const tail = asJson ? encoder.encode('"}') : new Uint8Array(0);
  const pieces: Uint8Array[] = [head];
  let left = total - head.byteLength - tail.byteLength;
  while (left > 0) {
    const size = Math.min(64 * 1024, left);
    pieces.push(new Uint8Array(size).fill(fill));
    left -= size;
  }
  pieces.push(tail);
  return pieces.filter((piece) => piece.byteLength > 0);
}

/** Cuts `bytes` into pieces of 1 to `max` bytes (chunk boundaries inside tokens and characters). */
function cut(bytes: Uint8Array, sizes: number[]): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let at = 0;
  for (let i = 0; at < bytes.byteLength; i++) {
    const size = sizes[i % sizes.length] ?? 1;
    pieces.push(bytes.subarray(at, at + size));
    at += size;
  }
  return pieces;
}

const JSON_TYPE = "application/json";
const framing = fc.constantFrom<Framing>("length", "chunked");
const nesting = (depth: number, inner: string, object: boolean) =>
  object ? `${'{"a":'.repeat(depth)}${inner}${"}".repeat(depth)}` : `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;
const smallJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? "null"),
  fc.constantFrom('{"name":"x","serviceType":"tv"}', '{"items":[]}', "{}", "[]", '"\\ud800"', '{"\\udfff":1}'),
);

const bodies: fc.Arbitrary<Body> = fc.oneof(
  // Large: over the limit by one byte or by far, declared or chunked; and just under it.
  {
    weight: 2,
    arbitrary: fc
      .record({
        framing,
        total: fc.constantFrom(LIMIT + 1, 2 * MB, 12 * MB),
        asJson: fc.boolean(),
        contentType: fc.constantFrom(JSON_TYPE, "text/csv", "application/octet-stream"),
      })
      .map(({ framing, total, asJson, contentType }) =>
        body({ kind: "large", framing, contentType }, sized(total, asJson, 0x78)),
      ),
  },
  fc
    .record({ framing, total: fc.constantFrom(LIMIT - 64, LIMIT) })
    .map(({ framing, total }) =>
      body({ kind: "at the limit", framing, contentType: JSON_TYPE }, sized(total, true, 0x78)),
    ),
  // Deep: around the 64 levels and far past them, arrays or objects, with a surrogate escape inside.
  {
    weight: 3,
    arbitrary: fc
      .record({
        framing,
        depth: fc.constantFrom(63, 64, 65, 1000, 100_000, 400_000),
        inner: fc.constantFrom('"\\ud800"', '"\\ud800"', '{"\\udfff":1}', "1", ""),
        object: fc.boolean(),
      })
      .map(({ framing, depth, inner, object }) =>
        body({ kind: "deep", framing, contentType: JSON_TYPE }, [encoder.encode(nesting(depth, inner, object))]),
      ),
  },
  // Chunked into odd pieces (splitting escapes and UTF-8 sequences), or slow.
  {
    weight: 2,
    arbitrary: fc
      .record({
        json: smallJson,
        sizes: fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 4 }),
        delayMs: fc.constantFrom(0, 0, 15, 40),
      })
      .map(({ json, sizes, delayMs }) =>
        body(
          { kind: delayMs > 0 ? "slow" : "chunked", framing: "chunked", contentType: JSON_TYPE, delayMs },
          cut(encoder.encode(`{"name":"日本語 🚀","x":${json}}`), delayMs > 0 ? [40] : sizes),
        ),
      ),
  },
  // Wrongly typed: another content type or none for JSON, JSON's type for what is not JSON.
  {
    weight: 2,
    arbitrary: fc
      .record({
        framing,
        contentType: fc.constantFrom(
          null,
          "",
          "text/plain",
          "text/csv",
          "multipart/form-data",
          "multipart/form-data; boundary=xyz",
          "application/x-www-form-urlencoded",
          "application/xml",
          "application/json; charset=utf-16",
          "application/vnd.api+json",
          "application/jsonx",
          "garbage",
          JSON_TYPE,
        ),
        bytes: fc.oneof(
          smallJson.map((json) => encoder.encode(json)),
          fc.uint8Array({ minLength: 1, maxLength: 300 }),
          fc.constantFrom(
            new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]),
            new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x22, 0x7d]),
            encoder.encode("--xyz\r\ncontent-disposition: form-data; name=file\r\n\r\nsku\r\n--xyz--\r\n"),
            encoder.encode("sku,name,serviceType\r\nA,B,tv\r\n"),
            encoder.encode('{"name": "truncated'),
            new Uint8Array(0),
          ),
        ),
      })
      .map(({ framing, contentType, bytes }) => body({ kind: "wrongly typed", framing, contentType }, [bytes])),
  },
);

/** The key a path needs (or a wrong one, or none): routes are reached past authentication most of the time. */
const credentials = fc.constantFrom("right", "right", "right", "right", "wrong", "none");

function headersFor(path: string, credential: string, contentType: string | null): Record<string, string> {
  const headers: Record<string, string> = contentType === null ? {} : { "content-type": contentType };
  if (credential === "none") return headers;
  if (path.startsWith("/admin")) {
    headers.authorization = `Bearer ${credential === "right" ? ADMIN_TOKEN : "wrong-token-0123456789"}`;
  } else {
    headers["x-api-key"] = credential === "right" ? hybridKey : "mk_wrong";
  }
  return headers;
}

describe("body fuzzing: large, deep, chunked, slow and wrongly typed bodies on every route", () => {
  it("never answers 5xx, and every error is the envelope", { timeout: 180_000 }, async () => {
    expect(routes.length).toBeGreaterThan(40);
    const statuses = new Map<number, number>();
    const kinds = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        // Mostly routes that read a JSON body, where the body's checks are.
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...routes.filter((route) => route.json)) },
          { weight: 1, arbitrary: fc.constantFrom(...routes.filter((route) => !route.json)) },
        ),
        fc.uuid({ version: 4 }),
        fc.boolean().chain((other) => (other ? fc.boolean() : fc.constant(false))),
        bodies,
        credentials,
        async (route, id, otherMethod, sent, credential) => {
          const path = route.path.replace(/\{[^}]+\}/g, id);
          const method = otherMethod ? (route.method === "POST" ? "PUT" : "POST") : route.method;
          const totalBytes = sent.pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
          const res = await rawRequest(baseUrl, {
            method,
            path,
            framing: sent.framing,
            totalBytes,
            chunks: () => sent.pieces,
            delayMs: sent.delayMs,
            headers: headersFor(route.path, credential, sent.contentType),
          });
          kinds.add(sent.kind);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const what = `${method} ${path} (${sent.kind}, ${sent.framing}, ${sent.contentType}, ${totalBytes} bytes): ${res.status} ${res.body.slice(0, 200)}`;
          expect(res.status, what).toBeLessThan(500);
          if (res.status >= 400) {
            const envelope = JSON.parse(res.body) as { statusCode?: number; error?: unknown };
            expect(typeof envelope.error, what).toBe("string");
            // The publish validation body alone has no statusCode (the spec's shape).
            if (envelope.statusCode !== undefined) expect(envelope.statusCode, what).toBe(res.status);
          }
        },
      ),
      { numRuns: RUNS },
    );
    // The fuzzer reached past each gate: a generator that only ever met 401s would prove nothing.
    for (const status of [400, 401, 404, 413, 415]) expect(statuses.get(status), `status ${status}`).toBeGreaterThan(0);
    expect([...kinds].sort()).toEqual(["at the limit", "chunked", "deep", "large", "slow", "wrongly typed"]);
    const health = await fetch(`${baseUrl}/health`);
    expect(health.status).toBe(200);
  });
});
