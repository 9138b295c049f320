/**
 * Canonical JSON: the JSON Canonicalization Scheme (JCS, RFC 8785) of a JSON value, so equal values
 * serialise to the same text (and the same UTF-8 bytes) everywhere.
 *
 * - Object members are sorted by their names' UTF-16 code units (RFC 8785 §3.2.3), which is what
 *   `Array.prototype.sort` does with no comparator; at every depth. Arrays keep their order.
 * - Strings and numbers are serialised as ECMAScript's `JSON.stringify` does, which RFC 8785 §3.2.2
 *   adopts: the shortest round-trip number form (`1e+21`, `0.000001`, `-0` → `0`), the short escapes
 *   `\b \t \n \f \r \" \\`, other control characters as `\u00xx` (lowercase hex), everything else
 *   unescaped (no `\/`, non-ASCII as is).
 * - No whitespace.
 *
 * Numbers that JSON cannot hold (NaN, ±Infinity) are refused, as RFC 8785 requires; `undefined`
 * members are dropped, as `JSON.stringify` drops them. The consent evidence format
 * (docs/consent-evidence-format.md) hashes and signs this text.
 *
 * @module
 */

/**
 * Serialises `value` as RFC 8785 canonical JSON. Throws a TypeError for NaN or an infinite number.
 *
 * @example
 * canonicalJson({ b: 1, a: [{ d: 1, c: 2 }] }); // '{"a":[{"c":2,"d":1}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return serialize(value) as string;
}

// Built member by member, not through JSON.stringify of a sorted copy: an object lists integer-like
// names ("9", "10") first in numeric order whatever their insertion order, and RFC 8785 sorts them
// as strings ("10" < "9").
function serialize(value: unknown): string | undefined {
  if (typeof value === "number" && !Number.isFinite(value)) {
    throw new TypeError(`canonical JSON has no form for ${value} (RFC 8785 §3.2.2.3)`);
  }
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") return serialize(toJSON.call(value));
  if (Array.isArray(value)) return `[${value.map((item) => serialize(item) ?? "null").join(",")}]`;
  const members: string[] = [];
  for (const key of Object.keys(value).sort()) {
    const text = serialize((value as Record<string, unknown>)[key]);
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${members.join(",")}}`;
}
