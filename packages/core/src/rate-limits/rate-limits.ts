/**
 * Rate limits of the public endpoints: requests per client IP over a sliding window, kept in a store
 * every server process shares (never in process memory).
 *
 * @module
 */

/** A limit: at most `limit` admitted requests in any `windowMs` milliseconds. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** The limited buckets: the spec's two public shop endpoints (orders through a link are not limited). */
export const RATE_LIMITS = Object.freeze({
  "public.shop.clicks": { limit: 30, windowMs: 60_000 },
  "public.shop.orders": { limit: 10, windowMs: 60_000 },
} as const satisfies Record<string, RateLimitRule>);

/** A limited bucket. */
export type RateLimitBucket = keyof typeof RATE_LIMITS;

/**
 * Buckets an operator may turn on with a limit of its own (off by default, so the contract's two
 * limited endpoints stay the only ones): orders through a shareable link, and public consent
 * withdrawals.
 */
export const OPT_IN_RATE_LIMIT_BUCKETS = Object.freeze(["public.links.orders", "public.consent.revoke"] as const);

/** A bucket that is limited only when the operator configures a rule for it. */
export type OptInRateLimitBucket = (typeof OPT_IN_RATE_LIMIT_BUCKETS)[number];

/**
 * The client a rate limit counts for an address: an IPv4 address as it is; an IPv6 address by its
 * /64 network (`2001:db8:1:2::/64`), because one subscriber is given a whole /64 and can pick a new
 * address in it for every request. Anything else (`unknown`, a malformed value) as it is.
 *
 * @example
 * rateLimitClient("2001:db8:1:2:aaaa::1") // "2001:db8:1:2::/64"
 * rateLimitClient("203.0.113.7")          // "203.0.113.7"
 */
export function rateLimitClient(ip: string): string {
  const groups = ipv6Groups(ip);
  if (groups === null) return ip;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, an IPv4 tail and a zone allowed), or null. */
function ipv6Groups(ip: string): number[] | null {
  const address = ip.toLowerCase().split("%")[0] ?? "";
  if (!address.includes(":")) return null;
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string | undefined): number[] | null => {
    if (!part) return [];
    const out: number[] = [];
    const pieces = part.split(":");
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i] as string;
      if (i === pieces.length - 1 && piece.includes(".")) {
        const octets = piece.split(".");
        if (octets.length !== 4 || !octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255)) return null;
        const [a, b, c, d] = octets.map(Number) as [number, number, number, number];
        out.push(a * 256 + b, c * 256 + d);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) {
        out.push(Number.parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  if (head === null || tail === null) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...new Array<number>(missing).fill(0), ...tail] : null;
}
