/**
 * Streams the content of one field of a `multipart/form-data` body as it arrives, without buffering
 * the body: only a tail shorter than the boundary (and one part's headers) is held between chunks.
 *
 * @module
 */

import { InvalidInputError } from "@marketplace/core";

const encoder = new TextEncoder();
const CRLF = encoder.encode("\r\n");
const CRLF_CRLF = encoder.encode("\r\n\r\n");
const DASH = 0x2d;
/** Longest accepted header section of one part. */
const MAX_PART_HEADER_BYTES = 16 * 1024;

/** The boundary parameter of a `multipart/form-data` content type, or null when there is none. */
export function multipartBoundary(contentType: string): string | null {
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * Yields the bytes of the first part named `field`, then stops reading the body. InvalidInputError
 * when the body is not well-formed multipart or has no such part.
 *
 * @example
 * for await (const bytes of multipartField(chunks, boundary, "file")) parser.write(bytes);
 */
export async function* multipartField(
  chunks: AsyncIterable<Uint8Array>,
  boundary: string,
  field: string,
): AsyncGenerator<Uint8Array> {
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  const iterator = chunks[Symbol.asyncIterator]();
  // A CRLF in front lets the first boundary, at the very start of the body, be found like the others.
  let buffer: Uint8Array = CRLF;
  let state: "preamble" | "boundary" | "headers" | "body" = "preamble";
  let inField = false;

  const more = async (context: string): Promise<void> => {
    const next = await iterator.next();
    if (next.done) throw malformed(`the body ends ${context}`);
    buffer = concat(buffer, next.value);
  };

  try {
    for (;;) {
      if (state === "preamble" || state === "body") {
        const at = indexOf(buffer, delimiter);
        if (at >= 0) {
          if (inField) {
            if (at > 0) yield buffer.subarray(0, at);
            return;
          }
          buffer = buffer.subarray(at + delimiter.length);
          state = "boundary";
          continue;
        }
        // Keep a tail that may be the start of the delimiter; the rest is the part's content.
        const keep = Math.min(buffer.length, delimiter.length - 1);
        if (inField && buffer.length > keep) yield buffer.subarray(0, buffer.length - keep);
        buffer = buffer.subarray(buffer.length - keep);
        await more(state === "preamble" ? "before its first boundary" : "before its closing boundary");
      } else if (state === "boundary") {
        if (buffer.length >= 2 && buffer[0] === DASH && buffer[1] === DASH) break;
        const eol = indexOf(buffer, CRLF);
        if (eol < 0) {
          if (buffer.length > 256) throw malformed("a boundary line is not followed by a line break");
          await more("after a boundary");
          continue;
        }
        if (!/^[ \t]*$/.test(decode(buffer.subarray(0, eol)))) {
          throw malformed("a boundary line is not followed by a line break");
        }
        buffer = buffer.subarray(eol + CRLF.length);
        state = "headers";
      } else {
        // A part with no headers starts with the blank line at once.
        const end = startsWith(buffer, CRLF) ? 0 : indexOf(buffer, CRLF_CRLF);
        if (end < 0) {
          if (buffer.length > MAX_PART_HEADER_BYTES) throw malformed("a part's headers are too long");
          await more("inside a part's headers");
          continue;
        }
        inField = partName(decode(buffer.subarray(0, end))) === field;
        buffer = buffer.subarray(end === 0 ? CRLF.length : end + CRLF_CRLF.length);
        state = "body";
      }
    }
  } finally {
    await iterator.return?.();
  }
  throw new InvalidInputError([`${field} is required: send the CSV file as the multipart/form-data field ${field}`]);
}

/** The `name` of a part, from its Content-Disposition header. */
function partName(headers: string): string | null {
  for (const line of headers.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== "content-disposition") continue;
    const match = /;\s*name\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(line.slice(colon + 1));
    return match ? (match[1] ?? match[2] ?? null) : null;
  }
  return null;
}

function malformed(reason: string): InvalidInputError {
  return new InvalidInputError([`body is not valid multipart/form-data: ${reason}`]);
}

function decode(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

function startsWith(haystack: Uint8Array, prefix: Uint8Array): boolean {
  if (haystack.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (haystack[i] !== prefix[i]) return false;
  return true;
}

/** Index of `needle` in `haystack`, or -1 (a native scan for the first byte, then a compare). */
function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  const first = needle[0] as number;
  const last = haystack.length - needle.length;
  for (let i = haystack.indexOf(first); i !== -1 && i <= last; i = haystack.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}
