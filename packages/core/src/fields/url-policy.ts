/**
 * The one https-URL policy of the service: every URL it stores or delivers to (webhook URLs,
 * `submissionUrl`, brand logos, partner signup links) is checked by `urlProblem`.
 *
 * @module
 */

import { isWellFormedText } from "../text.ts";

/** What a URL field accepts beyond absolute https URLs. */
export interface UrlPolicy {
  /**
   * Also accept `http://` to `localhost`, `127.0.0.1` and `[::1]` (development and tests; the host's
   * `MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK`). Default false.
   */
  allowLoopback?: boolean;
}

const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** True when the URL's host is `localhost`, `127.0.0.1` or `[::1]`. */
export function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK_HOSTNAMES.has(hostname.toLowerCase());
}

/** The problem of a URL that carries credentials (`https://user:pass@host/`). */
export const URL_CREDENTIALS_PROBLEM = "must not contain a user name or password (user:pass@)";

/**
 * Why `value` is not an acceptable URL under `policy`, as the end of a field message, or null when
 * it is. (Offer, brand and signup URL fields word the first two cases "must be an https URL", as the
 * contract always has for them; webhook URLs tell them apart.) A URL written with whitespace or
 * control characters, or that does not parse, is not a valid URL; one that parses must carry no
 * user information (`user:pass@`, even an empty one: credentials in a URL end up in logs and
 * delivery records), and must be https with a host (or http to loopback when the policy allows).
 *
 * @example
 * urlProblem("http://example.com/hook"); // "must be an https URL"
 * urlProblem("http://127.0.0.1:8080/hook", { allowLoopback: true }); // null
 * urlProblem("https://a.test/x y"); // "must be a valid URL"
 * urlProblem("https://user:secret@a.test/hook"); // URL_CREDENTIALS_PROBLEM
 */
export function urlProblem(
  value: string,
  policy: UrlPolicy = {},
): "must be a valid URL" | "must be an https URL" | typeof URL_CREDENTIALS_PROBLEM | null {
  if (/\s/.test(value) || hasControlCharacters(value) || !isWellFormedText(value)) return "must be a valid URL";
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return "must be a valid URL";
  }
  if (hasUserInfo(value, parsed)) return URL_CREDENTIALS_PROBLEM;
  if (parsed.protocol === "https:" && parsed.hostname !== "") return null;
  if (parsed.protocol === "http:" && policy.allowLoopback === true && isLoopbackHostname(parsed.hostname)) return null;
  return "must be an https URL";
}

/**
 * True when the URL has a user-information part: a user name or password, or an `@` before the host
 * as written (`https://@host/`, which the URL parser drops silently).
 */
function hasUserInfo(value: string, parsed: URL): boolean {
  if (parsed.username !== "" || parsed.password !== "") return true;
  // The authority as written: after the scheme and its slashes, up to the path, query or fragment.
  const authority = /^[a-z][a-z0-9+.-]*:[\\/]*([^\\/?#]*)/i.exec(value)?.[1] ?? "";
  return authority.includes("@");
}

/**
 * The message of a URL field that states the contract's "must be an https URL" for every problem
 * but credentials, which it names.
 */
export function httpsUrlFieldProblem(value: string, policy: UrlPolicy = {}): string | null {
  const problem = urlProblem(value, policy);
  if (problem === null) return null;
  return problem === URL_CREDENTIALS_PROBLEM ? problem : "must be an https URL";
}

/** True when `urlProblem` finds nothing wrong with `value` under `policy`. */
export function isHttpsUrl(value: string, policy: UrlPolicy = {}): boolean {
  return urlProblem(value, policy) === null;
}

/** True when `value` holds a C0 control character or DEL. */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
