import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";

// Every request body is bounded before it is read (issue 25): by its Content-Length at once, or
// counted as a route reads it (413 at the byte past the limit). Nothing reads a body before the route
// and its key are known, so a 401 or 404 never pulls a byte of it. Only the exact bulk CSV routes, with
// a CSV content type, take more than the JSON limit. The JSON limit is skipped for a GET or HEAD that
// declares no body (fetch gives such a request no body, and @hono/node-server would build one on
// access). End-to-end, on a listening server: examples/server/test/body-limits.e2e.test.ts.

const MB = 1024 * 1024;
const LIMIT = MB;

let t: TestApp;
let key: string;
let providerKey: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ apiKey: key } = await t.createTeam("reseller"));
  ({ apiKey: providerKey } = await t.createTeam("provider"));
});
afterAll(() => t.close());

/** A body streamed without Content-Length, chunk by chunk as it is read; `pulled()` tells how far. */
function streamed(chunks: Iterable<Uint8Array | string>, options: { delayMs?: number; failAfter?: number } = {}) {
  const iterator = chunks[Symbol.iterator]();
  const encoder = new TextEncoder();
  let pulled = 0;
  let reads = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        if (options.failAfter !== undefined && reads++ >= options.failAfter) {
          controller.error(new Error("client went away"));
          return;
        }
        const next = iterator.next();
        if (next.done) return controller.close();
        const bytes = typeof next.value === "string" ? encoder.encode(next.value) : next.value;
        pulled += bytes.byteLength;
        controller.enqueue(bytes);
      },
    },
    { highWaterMark: 0 },
  );
  return { body, pulled: () => pulled };
}

/** `total` bytes of "[", 64 KB a chunk. */
function* brackets(total: number): Generator<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(0x5b);
  for (let sent = 0; sent < total; sent += chunk.byteLength) yield chunk;
}

function post(path: string, body: BodyInit, headers: Record<string, string>) {
  return t.app.request(path, { method: "POST", headers, body, duplex: "half" } as RequestInit);
}

const tooLarge = {
  statusCode: 413,
  message: `Request body must not exceed ${LIMIT} bytes`,
  error: "Payload Too Large",
};

describe("JSON body limit on bodiless requests", () => {
  it("lets a GET without Content-Length or Transfer-Encoding through", async () => {
    const res = await t.app.request("/reseller/catalog?limit=1", { headers: { "x-api-key": key } });
    expect(res.status).toBe(200);
  });

  it("still limits a POST that declares a body over the limit", async () => {
    const res = await t.app.request("/reseller/orders", {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json", "content-length": String(2 * 1024 * 1024) },
      body: "{}",
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ statusCode: 413, error: "Payload Too Large" });
  });
});

describe("every body is bounded before it is read", () => {
  it("answers a chunked body past the limit with 413 at the limit, having read no further", async () => {
    const { body, pulled } = streamed(brackets(400 * MB));
    const res = await post("/provider/offers", body, { "x-api-key": providerKey, "content-type": "application/json" });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);
    expect(pulled()).toBeLessThanOrEqual(LIMIT + 64 * 1024);
  });

  it("reads nothing of the body for a 401 or a 404, whatever path it names", async () => {
    const cases: [string, Record<string, string>, number][] = [
      ["/provider/offers", {}, 401],
      ["/provider/offers/bulk-upload", {}, 401],
      ["/reseller/orders", { "x-api-key": "mk_wrong" }, 401],
      // The probe's path: it ends like a bulk CSV route, which once skipped the limit.
      ["/x/provider/offers/bulk-upload", {}, 404],
      ["/x/provider/offers/bulk-upload", { "x-api-key": providerKey }, 404],
      ["/nothing/here", {}, 404],
    ];
    for (const [path, headers, status] of cases) {
      const { body, pulled } = streamed(brackets(400 * MB));
      const res = await post(path, body, { ...headers, "content-type": "application/json" });
      expect(res.status, path).toBe(status);
      expect(await res.json(), path).toMatchObject({ statusCode: status });
      expect(pulled(), path).toBe(0);
    }
  });

  it("refuses a declared Content-Length over the limit on any path, a route or not", async () => {
    for (const path of ["/x/provider/offers/bulk-upload", "/public/consent/revoke", "/health/x"]) {
      const res = await t.app.request(path, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(400 * MB) },
        body: "{}",
      });
      expect(res.status, path).toBe(413);
      expect(await res.json(), path).toEqual(tooLarge);
    }
  });

  it("takes a chunked body under the limit, even one sent slowly", async () => {
    const json = JSON.stringify({ name: "Streamed", serviceType: "tv", description: "d".repeat(4000) });
    const pieces = json.match(/.{1,700}/gs) ?? [];
    const { body, pulled } = streamed(pieces, { delayMs: 20 });
    const res = await post("/provider/offers", body, { "x-api-key": providerKey, "content-type": "application/json" });
    expect(res.status).toBe(201);
    expect((await res.json()).name).toBe("Streamed");
    expect(pulled()).toBe(json.length);
  });

  it("answers a body the client stops sending halfway with 400, not 500", async () => {
    const { body } = streamed(['{"name":"Half', 'way","serviceType":"tv"'], { failAfter: 1 });
    const res = await post("/provider/offers", body, { "x-api-key": providerKey, "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      message: ["body could not be read to its end"],
      error: "Bad Request",
    });
  });
});

describe("the bulk CSV routes' larger limit", () => {
  const csvHeader = "sku,name,serviceType\r\n";

  it("applies to the exact routes with a CSV content type only", async () => {
    const declared = { "x-api-key": providerKey, "content-length": String(2 * MB) };
    // text/csv on the route: past the JSON limit into readCsvUpload (whose file here is a header).
    const csv = await post("/provider/offers/bulk-upload/validate", csvHeader, {
      ...declared,
      "content-type": "text/csv",
    });
    expect(csv.status).toBe(200);
    expect((await csv.json()).summary).toMatchObject({ rows: 0 });
    // Any other content type on the same route: the JSON limit.
    const json = await post("/provider/offers/bulk-upload/validate", "{}", {
      ...declared,
      "content-type": "application/json",
    });
    expect(json.status).toBe(413);
    // Another method, or a path that merely contains a bulk route: the JSON limit.
    for (const path of ["/provider/offers/bulk-upload/validate/x", "/x/provider/offers/bulk-update"]) {
      const res = await post(path, csvHeader, { ...declared, "content-type": "text/csv" });
      expect(res.status, path).toBe(413);
    }
    const put = await t.app.request("/provider/offers/bulk-upload", {
      method: "PUT",
      headers: { ...declared, "content-type": "text/csv" },
      body: csvHeader,
    });
    expect(put.status).toBe(413);
  });

  it("counts a chunked CSV file against its own limit, not the JSON one", async () => {
    const row = (sku: string) => `${sku},"${"n".repeat(700_000)}",internet\r\n`;
    const { body, pulled } = streamed([csvHeader, row("SKU-1"), row("SKU-2")]);
    const res = await post("/provider/offers/bulk-upload/validate", body, {
      "x-api-key": providerKey,
      "content-type": "text/csv",
    });
    expect(pulled()).toBeGreaterThan(LIMIT);
    // The whole file was read: each row's name is over the name rule's length.
    expect(res.status).toBe(200);
    expect((await res.json()).summary).toMatchObject({ rows: 2, valid: 0, invalid: 2 });
  });

  it("refuses a record of more than a million characters at that point, not at 10 MB", async () => {
    const { body, pulled } = streamed([csvHeader, ...brackets(400 * MB)]);
    const res = await post("/provider/offers/bulk-upload/validate", body, {
      "x-api-key": providerKey,
      "content-type": "text/csv",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      message: ["file is not valid CSV: the record starting at line 2: a record is longer than 1048576 characters"],
      error: "Bad Request",
    });
    expect(pulled()).toBeLessThan(2 * MB);
  });
});

describe("JSON nesting depth", () => {
  const deep = (depth: number, inner = "1") => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;
  const depthProblem = {
    statusCode: 400,
    message: ["body must not nest objects and arrays more than 64 levels deep"],
    error: "Bad Request",
  };

  it("takes 64 levels (the validator then judges the fields) and refuses 65 with 400", async () => {
    const at64 = await t.request("POST", "/provider/brands", {
      key: providerKey,
      body: `{"name":"Deep","zz":${deep(63)}}`,
    });
    expect(at64.status).toBe(400);
    expect((await at64.json()).message).toEqual(["property zz should not exist"]);
    const at65 = await t.request("POST", "/provider/brands", {
      key: providerKey,
      body: `{"name":"Deep","zz":${deep(64)}}`,
    });
    expect(at65.status).toBe(400);
    expect(await at65.json()).toEqual(depthProblem);
  });

  it("answers a very deep body with a surrogate escape with 400, not a stack overflow's 500", async () => {
    for (const body of [deep(200_000, '"\\ud800"'), `{"name":${deep(500_000, '"\\udc00"')}}`]) {
      const res = await t.request("POST", "/provider/offers", { key: providerKey, body });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(depthProblem);
    }
    // On a public route too (no key).
    const res = await t.request("POST", "/public/consent/revoke", { body: deep(100_000) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(depthProblem);
  });
});
