/**
 * What the delivery log keeps of a receiver's answer: whether it counts as a success, its body or
 * the error text (at most 4 KiB, storable), and its headers without the receiver's secrets.
 *
 * @module
 */

import { utf8 } from "../crypto.ts";

/** Most bytes of a receiver's response body kept in the delivery log. */
export const MAX_RECORDED_RESPONSE_BYTES = 4096;

/** True for a status that counts as a successful delivery (2xx). */
export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status <= 299;
}

/**
 * A receiver's response body or an error text as the log keeps it: at most 4 KiB of UTF-8 (cut on a
 * character boundary) and no U+0000, which PostgreSQL text cannot hold.
 */
export function recordableText(text: string, maxBytes = MAX_RECORDED_RESPONSE_BYTES): string {
  let clean = text.includes("\u0000") ? text.replaceAll("\u0000", "\uFFFD") : text;
  if (utf8(clean).length > maxBytes) {
    const decoded = new TextDecoder("utf-8", { fatal: false }).decode(utf8(clean).slice(0, maxBytes));
    clean = decoded.endsWith("\uFFFD") ? decoded.slice(0, -1) : decoded;
  }
  return clean;
}

/** Response headers never kept in the log: the receiver's own secrets. */
const UNRECORDED_HEADERS = new Set(["set-cookie", "authorization", "proxy-authenticate", "www-authenticate"]);

/**
 * A receiver's response headers as the log keeps them: names in lower case, without cookies and
 * authentication challenges, at most 40 headers of at most 512 characters each.
 *
 * @example
 * recordableHeaders({ "Content-Type": "text/plain", "Set-Cookie": "s=1" }); // { "content-type": "text/plain" }
 */
export function recordableHeaders(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers).slice(0, 40)) {
    const lower = name.toLowerCase();
    if (UNRECORDED_HEADERS.has(lower)) continue;
    kept[lower] = recordableText(String(value), 512);
  }
  return kept;
}
