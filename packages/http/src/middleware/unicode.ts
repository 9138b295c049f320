import { InvalidInputError, isWellFormedText } from "@marketplace/core";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./request-context.ts";

/** A JSON escape of a UTF-16 surrogate (a backslash-escaped backslash before `u` only gives a false alarm). */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/**
 * Rejects a JSON body holding a string with an unpaired UTF-16 surrogate (`"\ud800"` is valid JSON
 * but no text): PostgreSQL refuses it in jsonb and silently replaces it in text, so it is a 400
 * naming the field, for every endpoint, before any use case runs. The body text is cached by Hono
 * for the validators; empty or malformed JSON is left to their 400.
 */
export function rejectMalformedUnicode(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const type = c.req.header("content-type") ?? "";
    if (/^application\/([a-z.+-]+\+)?json/i.test(type) && c.req.header("content-length") !== "0") {
      // Read as text (Hono caches it for the validators); an empty or malformed body is left to them.
      const text = await c.req.text();
      // The text itself is well-formed (decoding UTF-8 replaces what is not), so a lone surrogate can
      // only arrive as a \uD800–\uDFFF escape: without one there is nothing to find, and the body
      // is parsed once, by the validator, not twice (measured by pnpm bench on orders).
      if (!SURROGATE_ESCAPE.test(text)) return next();
      let body: unknown;
      try {
        body = text === "" ? undefined : JSON.parse(text);
      } catch {
        body = undefined;
      }
      const path = body === undefined ? null : findMalformed(body, []);
      if (path !== null) {
        throw new InvalidInputError([`${path || "body"} must be valid Unicode text (it holds an unpaired surrogate)`]);
      }
    }
    await next();
  };
}

function findMalformed(value: unknown, path: (string | number)[]): string | null {
  if (typeof value === "string") return isWellFormedText(value) ? null : path.join(".");
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findMalformed(value[i], [...path, i]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (!isWellFormedText(key)) return [...path, "(key)"].join(".");
      const found = findMalformed(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
