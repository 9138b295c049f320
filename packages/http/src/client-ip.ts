/**
 * The client IP of a request, for the public endpoints' rate limits and consent records: the socket
 * address the host reports, or, behind trusted proxies, the address the outermost trusted proxy saw.
 *
 * @module
 */

import type { ClientInfo } from "@marketplace/core/consents";
import type { Context } from "hono";

/** The client key used when the host reports no address (every such request shares one window). */
export const UNKNOWN_CLIENT = "unknown";

/** Longest User-Agent kept with a consent record or click. */
export const MAX_USER_AGENT_LENGTH = 512;

/** Most proxy hops `trustProxyHops` accepts. */
export const MAX_TRUST_PROXY_HOPS = 32;

/** How `createApp` finds a request's client. */
export interface ClientIpOptions {
  /** The socket address of the request's peer, from the host (e.g. `getConnInfo(c).remote.address`). */
  clientIp?: (c: Context) => string | null | undefined;
  /** How many proxies in front of the app append to `X-Forwarded-For`; 0 ignores the header. */
  trustProxyHops: number;
}

/**
 * The client's address. With `trustProxyHops` n > 0, the n-th `X-Forwarded-For` entry from the right
 * (each trusted proxy appends the address it saw; the leftmost entry when the header is shorter);
 * otherwise, or when that entry is not an address, the socket address; `unknown` when there is none.
 *
 * @example
 * // Behind one load balancer (trustProxyHops 1), "X-Forwarded-For: 198.51.100.1, 203.0.113.9" → "203.0.113.9"
 */
export function resolveClientIp(c: Context, options: ClientIpOptions): string {
  if (options.trustProxyHops > 0) {
    const chain = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "");
    const forwarded = normalizeIp(chain[Math.max(0, chain.length - options.trustProxyHops)]);
    if (forwarded !== null) return forwarded;
  }
  return normalizeIp(options.clientIp?.(c)) ?? UNKNOWN_CLIENT;
}

/** The client as a consent record keeps it: its address and User-Agent (truncated). */
export function clientInfo(c: Context, options: ClientIpOptions): ClientInfo {
  const userAgent = c.req.header("user-agent")?.slice(0, MAX_USER_AGENT_LENGTH) ?? null;
  return { ip: resolveClientIp(c, options), userAgent: userAgent === "" ? null : userAgent };
}

/**
 * An IP address in one spelling: brackets and a port removed, an IPv4-mapped IPv6 address as IPv4,
 * lowercase; null for anything that is not an IPv4 or IPv6 address.
 */
export function normalizeIp(raw: string | null | undefined): string | null {
  if (typeof raw !== "string") return null;
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d{1,5}$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  value = value.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped?.[1]) value = mapped[1];
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(value)) {
    return value.split(".").every((part) => Number(part) <= 255) ? value : null;
  }
  // IPv6: hex groups and colons (an embedded IPv4 tail allowed), optionally a zone index.
  if (value.length <= 64 && value.includes(":") && /^[0-9a-f:.]+(?:%[0-9a-z._-]+)?$/.test(value)) return value;
  return null;
}
