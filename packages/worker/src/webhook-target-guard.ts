/**
 * Which addresses a webhook request may connect to. Checked on the resolved address at send time,
 * and the connection goes to the address that was checked (the guard is the socket's DNS lookup), so
 * a DNS answer that changes between registration and delivery (rebinding) cannot reach inside.
 *
 * @module
 */

import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { isLoopbackHostname } from "@marketplace/core/fields";

/** Addresses never reachable by a delivery: private, link-local, reserved, multicast, documentation. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["169.254.0.0", 16], // link-local (cloud metadata lives here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  // IPv4-compatible (deprecated, RFC 4291 §2.5.5.1; `::a.b.c.d` may be tunnelled to that IPv4 address),
  // the unspecified `::` included; `::1` is caught first as loopback.
  ["::", 96],
  // IPv4-mapped `::ffff:0:0/96` needs no entry: BlockList judges it as the IPv4 address it carries.
  ["::ffff:0:0:0", 96], // IPv4-translated (RFC 2765 SIIT)
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments: Teredo (2001::/32, embeds an IPv4 address), ORCHID, …
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4 (embeds any IPv4 address): refused whole, public or not
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** Loopback: refused unless the host allows it (development and tests). */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** Raised (through the socket's lookup) when a target resolves to an address deliveries may not reach. */
export class RefusedTargetError extends Error {
  readonly code = "ERR_WEBHOOK_TARGET_REFUSED";
  constructor(message: string) {
    super(message);
    this.name = "RefusedTargetError";
  }
}

/** Options of the guard. */
export interface TargetPolicy {
  /** Admit loopback addresses, and `http://` to localhost, 127.0.0.1 and [::1]. */
  allowLoopback: boolean;
}

/**
 * Why a delivery may not connect to `address`, or null when it may. IPv4-mapped IPv6 addresses
 * (::ffff:0:0/96) are judged as the IPv4 address they carry, and so are NAT64 (64:ff9b::/96)
 * addresses; IPv4-compatible (::/96), IPv4-translated (::ffff:0:0:0/96), 6to4 (2002::/16) and Teredo
 * addresses are refused whatever they carry.
 *
 * @example
 * addressRefusal("10.0.0.7", { allowLoopback: false }); // "10.0.0.7 is a private, link-local or reserved address"
 */
export function addressRefusal(address: string, policy: TargetPolicy): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const type = family === 4 ? "ipv4" : "ipv6";
  const embedded = family === 6 ? nat64Embedded(address) : null;
  if (embedded !== null) return addressRefusal(embedded, policy);
  if (LOOPBACK.check(address, type)) {
    return policy.allowLoopback ? null : `${address} is a loopback address`;
  }
  if (NOT_PUBLIC.check(address, type)) return `${address} is a private, link-local or reserved address`;
  return null;
}

/**
 * Why a delivery may not go to `url` as written (credentials, scheme, literal address), or null. Host names are
 * checked later, on the addresses they resolve to (see `guardedLookup`).
 */
export function urlRefusal(url: URL, policy: TargetPolicy): string | null {
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  // Registration refuses them; a URL stored before that rule must not send its credentials either.
  if (url.username !== "" || url.password !== "") return "targets with credentials (user:pass@) are refused";
  if (url.protocol === "http:") {
    if (!(policy.allowLoopback && isLoopbackHostname(url.hostname))) {
      return "http:// targets are refused (https only; http to localhost only with allowLoopback)";
    }
  } else if (url.protocol !== "https:") {
    return `${url.protocol} targets are refused (https only)`;
  }
  return isIP(host) === 0 ? null : addressRefusal(host, policy);
}

/**
 * A `lookup` for sockets that resolves every address of the host name and fails with
 * RefusedTargetError when any of them may not be reached; the socket then connects only to the
 * addresses checked here.
 */
export function guardedLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    const lookupOptions: LookupOptions & { all: true } = {
      all: true,
      family: options.family ?? 0,
      hints: options.hints,
    };
    dnsLookup(hostname, lookupOptions, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      if (addresses.length === 0) {
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
      }
      for (const { address } of addresses) {
        const reason = addressRefusal(address, policy);
        if (reason) return callback(new RefusedTargetError(`target refused: ${hostname} resolves to ${reason}`), "", 0);
      }
      const [first] = addresses as [LookupAddress, ...LookupAddress[]];
      if (options.all) return callback(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

/** The IPv4 address inside a NAT64 address (64:ff9b::/96), or null. */
function nat64Embedded(address: string): string | null {
  const groups = expandIpv6(address);
  if (!groups) return null;
  const isNat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (!isNat64) return null;
  const high = groups[6] as number;
  const low = groups[7] as number;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/** The eight 16-bit groups of an IPv6 address (dotted IPv4 tail included), or null. */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = (dotted[1] as string).split(".").map(Number);
    const [a = 0, b = 0, c = 0, d = 0] = parts;
    text = `${text.slice(0, -(dotted[1] as string).length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === undefined || tail === "" ? [] : tail.split(":");
  const missing = 8 - headGroups.length - tailGroups.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  const groups = [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}
