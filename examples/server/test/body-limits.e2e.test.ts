import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { type Framing, measureRssGrowth, rawRequest } from "../../../test/helpers/raw-request.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";

// Issue 25's probe, on the reference server from its build: a 400 MB body, with and without an API
// key, framed by Content-Length and chunked, to a route that exists and to a path that does not
// (`/x/provider/offers/bulk-upload` once skipped the body limit because it ends like a bulk CSV route,
// and the Unicode check then read the whole body before routing: the server's RSS went 112 MB →
// 1,291 MB). Every request is answered before the body could follow it into memory: a 413 in the
// envelope as soon as the limit is crossed, or the 401/404/415 that comes first without reading it.

const ADMIN = "e2e-admin-token-0123456789";
const MB = 1024 * 1024;
const BODY_BYTES = 400 * MB;
/** The target: the server's memory grows by at most this much while refusing. */
const MAX_RSS_GROWTH = 32 * MB;
/** Far less than the body: what the sockets' buffers can hold before the answer stops the writer. */
const MAX_SENT_BEFORE_ANSWER = 48 * MB;

describe("request bodies on the reference server", () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let key: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServerProcess({
      DATABASE_URL: database.url,
      MARKETPLACE_ADMIN_TOKEN: ADMIN,
      MARKETPLACE_SEED: "false",
      MARKETPLACE_WORKER: "false",
    });
    const res = await fetch(`${server.baseUrl}/admin/teams`, {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Body limits", role: "provider" }),
    });
    expect(res.status).toBe(201);
    key = ((await res.json()) as { apiKey: { key: string } }).apiKey.key;
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    await database?.drop();
  });

  type Case = [path: string, withKey: boolean, framing: Framing, contentType: string, status: number];
  const cases: Case[] = [
    // The probe's path: no route, no authentication (it is not under /provider).
    ["/x/provider/offers/bulk-upload", false, "length", "application/json", 413],
    ["/x/provider/offers/bulk-upload", false, "chunked", "application/json", 404],
    ["/x/provider/offers/bulk-upload", true, "length", "application/json", 413],
    ["/x/provider/offers/bulk-upload", true, "chunked", "application/json", 404],
    // A route that reads a JSON body.
    ["/provider/offers", false, "length", "application/json", 401],
    ["/provider/offers", false, "chunked", "application/json", 401],
    ["/provider/offers", true, "length", "application/json", 413],
    ["/provider/offers", true, "chunked", "application/json", 413],
    // The bulk CSV route with a JSON body: the JSON limit, and 415 before a byte is read.
    ["/provider/offers/bulk-upload", false, "chunked", "application/json", 401],
    ["/provider/offers/bulk-upload", true, "length", "application/json", 413],
    ["/provider/offers/bulk-upload", true, "chunked", "application/json", 415],
    // The bulk CSV route with a CSV body: its own 10 MB limit, counted as the file streams.
    ["/provider/offers/bulk-upload", true, "length", "text/csv", 413],
    ["/provider/offers/bulk-upload", true, "chunked", "text/csv", 413],
  ];

  /** A CSV file of `total` bytes: the header, then rows (a valid file, so only its size can stop it). */
  function* csvChunks(total: number): Generator<Uint8Array> {
    const header = new TextEncoder().encode("sku,name,serviceType\r\n");
    const rows = new TextEncoder().encode("SKU-1,Offer,internet\r\n".repeat(3000));
    yield header;
    for (let sent = header.byteLength; sent < total; sent += rows.byteLength) yield rows;
  }

  it.each(cases)(
    "POST %s (key: %s, %s, %s) of 400 MB: %i without the body in memory",
    async (path, withKey, framing, contentType, status) => {
      const pid = server.child.pid as number;
      const { result, growth } = await measureRssGrowth(pid, () =>
        rawRequest(server.baseUrl, {
          path,
          framing,
          totalBytes: BODY_BYTES,
          chunks: contentType === "text/csv" ? () => csvChunks(BODY_BYTES) : undefined,
          headers: { "content-type": contentType, ...(withKey ? { "x-api-key": key } : {}) },
        }),
      );
      expect(result.status).toBe(status);
      expect(JSON.parse(result.body)).toMatchObject({ statusCode: status, error: expect.any(String) });
      expect(result.sentBeforeAnswer, "bytes written before the answer").toBeLessThan(MAX_SENT_BEFORE_ANSWER);
      expect(growth, `RSS growth (answered after ${result.answeredAfterMs} ms)`).toBeLessThanOrEqual(MAX_RSS_GROWTH);
    },
  );

  it("still takes a JSON body under the limit, chunked or not, and a CSV file over the JSON limit", async () => {
    const offer = (sku: string) =>
      new TextEncoder().encode(
        JSON.stringify({ name: "Fiber", sku, serviceType: "internet", description: "x".repeat(900_000) }),
      );
    for (const framing of ["length", "chunked"] as const) {
      const bytes = offer(`BODY-${framing}`);
      const res = await rawRequest(server.baseUrl, {
        path: "/provider/offers",
        framing,
        totalBytes: bytes.byteLength,
        chunks: () => [bytes.subarray(0, 1000), bytes.subarray(1000)],
        headers: { "content-type": "application/json", "x-api-key": key },
      });
      // The description is over its own 5,000-character rule: a 400 from the validator, so the
      // whole body was read and parsed (a 413 would mean the limit cut it off).
      expect(res.status, framing).toBe(400);
      expect(JSON.parse(res.body).message).toEqual(["description must be at most 5000 characters"]);
    }
    const header = "sku,name,serviceType\r\n";
    const rows = Array.from(
      { length: 20_000 },
      (_, i) => `CSV-BODY-${i},Offer ${i} of the body limit test,internet\r\n`,
    ).join("");
    const csv = new TextEncoder().encode(header + rows);
    expect(csv.byteLength).toBeGreaterThan(MB);
    const upload = await rawRequest(server.baseUrl, {
      path: "/provider/offers/bulk-upload/validate",
      framing: "chunked",
      totalBytes: csv.byteLength,
      chunks: () => [csv],
      headers: { "content-type": "text/csv", "x-api-key": key },
    });
    expect(upload.status).toBe(200);
    expect(JSON.parse(upload.body).summary).toMatchObject({ rows: 20_000, valid: 20_000 });
  });
});
