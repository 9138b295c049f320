/**
 * What every JSON body must be before a validator parses it: read within the body limit, nested at
 * most `MAX_JSON_DEPTH` levels, and free of unpaired UTF-16 surrogates. It runs as route middleware
 * (`createRoute` adds it to every route that takes a JSON body), so only a route that exists reads a
 * body, after the key was checked and after the route's own middleware (the public rate limits).
 *
 * @module
 */

import { InvalidInputError, PayloadTooLargeError } from "@marketplace/core";
import { isWellFormedText } from "@marketplace/core/kernel";
import type { MiddlewareHandler } from "hono";

/** Deepest nesting of objects and arrays a JSON body may have: `{}` is 1, `{"a":[]}` is 2. */
export const MAX_JSON_DEPTH = 64;

/** A JSON media type, as the validators take it. */
const JSON_TYPE = /^application\/([a-z.+-]+\+)?json/i;

/** A JSON escape of a UTF-16 surrogate (a backslash-escaped backslash before `u` only gives a false alarm). */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * True when the JSON text nests objects and arrays deeper than `max`. One pass over the text, no
 * recursion and no parse: brackets inside strings do not count. Malformed JSON is only counted, and
 * left to the parser to refuse.
 *
 * @example
 * jsonNestingExceeds('{"a":[[1]]}', 2); // true (depth 3)
 */
export function jsonNestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth++;
      if (depth > max) return true;
    } else if ((code === CLOSE_BRACE || code === CLOSE_BRACKET) && depth > 0) {
      // Never below 0: stray closers in front cannot buy deeper nesting after them.
      depth--;
    }
  }
  return false;
}

/**
 * Route middleware for a JSON body: reads it (the body limit counts as it is read: 413 past it),
 * refuses nesting deeper than `MAX_JSON_DEPTH` (400) and strings holding an unpaired UTF-16
 * surrogate (`"\ud800"` is valid JSON but no text: PostgreSQL refuses it in jsonb and silently
 * replaces it in text), a 400 naming the field. Hono caches the text, so the validator parses it once;
 * an empty or malformed body is left to the validator's 400.
 */
export function checkJsonBody(): MiddlewareHandler {
  return async (c, next) => {
    const type = c.req.header("content-type") ?? "";
    if (JSON_TYPE.test(type) && c.req.header("content-length") !== "0") {
      const text = await readBodyText(() => c.req.text());
      if (jsonNestingExceeds(text, MAX_JSON_DEPTH)) {
        throw new InvalidInputError([`body must not nest objects and arrays more than ${MAX_JSON_DEPTH} levels deep`]);
      }
      // The text itself is well-formed (decoding UTF-8 replaces what is not), so a lone surrogate can
      // only arrive as a \uD800–\uDFFF escape: without one there is nothing to find, and the body
      // is parsed once, by the validator, not twice (ADR-0066).
      const path = SURROGATE_ESCAPE.test(text) ? malformedTextIn(text) : null;
      if (path !== null) {
        throw new InvalidInputError([`${path || "body"} must be valid Unicode text (it holds an unpaired surrogate)`]);
      }
    }
    await next();
  };
}

/** The body's text; a body cut off by the client is a 400, one over the limit stays a 413. */
async function readBodyText(read: () => Promise<string>): Promise<string> {
  try {
    return await read();
  } catch (error) {
    if (PayloadTooLargeError.isInstance(error)) throw error;
    throw new InvalidInputError(["body could not be read to its end"], { cause: error });
  }
}

/** The dotted path of the first string (or key) with an unpaired surrogate, "" for the body itself; null when none. */
function malformedTextIn(text: string): string | null {
  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    return null;
  }
  // Nesting is at most MAX_JSON_DEPTH here, so the recursion is shallow.
  return body === undefined ? null : findMalformed(body, []);
}

function findMalformed(value: unknown, path: (string | number)[]): string | null {
  if (typeof value === "string") return isWellFormedText(value) ? null : path.join(".");
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      const found = findMalformed(value[i], path);
      path.pop();
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (!isWellFormedText(key)) return [...path, "(key)"].join(".");
      path.push(key);
      const found = findMalformed(item, path);
      path.pop();
      if (found !== null) return found;
    }
  }
  return null;
}
