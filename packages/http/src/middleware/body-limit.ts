/**
 * The request body limit of every request: a body over the limit is a 413 as soon as that is known,
 * and nothing here reads a body. A body with a Content-Length is judged by the header alone; any
 * other body (chunked) is handed on as a stream that counts its bytes as the route reads them and
 * fails at the first byte past the limit. So a request no route reads (a 404, a 401, a route without
 * a body) never has its body read at all, and a route that reads holds at most the limit.
 *
 * A 413 does not say `Connection: close`. Node's server closes such a socket as soon as the answer is
 * written, with the rest of the body unread, so the kernel resets the connection, and the reset can
 * destroy the 413 before the client has read it (seen in 3 of 13 requests of the end-to-end test).
 * Without it, @hono/node-server reads and discards what follows for up to 500 ms or 64 MB (a
 * lingering close, RFC 9112 §9.6) and then closes the socket, so the client reads its 413.
 *
 * @module
 */

import { PayloadTooLargeError } from "@marketplace/core";
import type { Context, MiddlewareHandler } from "hono";
import { isCsvUploadType } from "../csv-upload.ts";
import type { AppEnv } from "./request-context.ts";

/** Requests that `allowCsvUpload` let through to `readCsvUpload`, which enforces the CSV limit itself. */
const csvUploads = new WeakSet<Context>();

/**
 * Marks a POST with a CSV content type (multipart/form-data or text/csv) to the bulk CSV route it is
 * registered on: `limitRequestBody` then leaves its body to `readCsvUpload`, which holds it to the
 * CSV limit (10 MB) by Content-Length and while it streams. Register it on the exact routes only,
 * before `limitRequestBody`.
 */
export function allowCsvUpload(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === "POST" && isCsvUploadType(c.req.header("content-type") ?? "")) csvUploads.add(c);
    await next();
  };
}

/**
 * Holds every request body to `maxBytes` (but the CSV uploads `allowCsvUpload` marked): 413 at once
 * for a declared Content-Length over it, and for a chunked body at the byte that crosses it, when
 * the route reads that far. Whatever a reader makes of the failed read (Hono's validators call any
 * failure "Malformed JSON"), the answer is the 413.
 *
 * Not touching `c.req.raw.body` unless the body is chunked spares @hono/node-server building a
 * Request and a stream for every request (ADR-0016, ADR-0066; figures: docs/performance.md,
 * "Request hot path").
 */
export function limitRequestBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  const tooLarge = () => new PayloadTooLargeError(`Request body must not exceed ${maxBytes} bytes`);
  return async (c, next) => {
    if (csvUploads.has(c)) return next();
    const { headers } = c.req.raw;
    if (!headers.has("transfer-encoding")) {
      // Without Transfer-Encoding the HTTP parser holds a body to exactly Content-Length bytes
      // (RFC 9112 §6.3), so the header is the body's size.
      const length = headers.get("content-length");
      if (length !== null) {
        if (Number(length) <= maxBytes) return next();
        throw tooLarge();
      }
      // A GET or HEAD with neither header has no body (fetch's Request refuses one).
      if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    }
    const source = c.req.raw.body;
    if (source === null) return next();
    let crossed = false;
    c.req.raw = withCountedBody(c.req.raw, source, maxBytes, () => {
      crossed = true;
      return tooLarge();
    });
    await next();
    if (crossed && c.res.status !== 413) throw tooLarge();
  };
}

/**
 * A copy of `request` whose body is `source` read on demand (never ahead of its reader), failing
 * with `overLimit()` at the chunk that brings it past `maxBytes`. The rest of the body is left
 * unread: the 413 closes the connection.
 */
function withCountedBody(
  request: Request,
  source: ReadableStream<Uint8Array>,
  maxBytes: number,
  overLimit: () => Error,
): Request {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let total = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reader ??= source.getReader();
        const { done, value } = await reader.read();
        if (done) return controller.close();
        total += value.byteLength;
        if (total > maxBytes) return controller.error(overLimit());
        controller.enqueue(value);
      },
      cancel(reason) {
        return (reader ?? source).cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  // `duplex` is required with a stream body (Node's fetch), and not yet in every RequestInit type.
  return new Request(request, { body, duplex: "half" } as RequestInit);
}
