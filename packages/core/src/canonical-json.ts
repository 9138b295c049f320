/**
 * Canonical JSON: object keys sorted at every depth, so equal values serialise identically.
 *
 * @module
 */

/**
 * Serialises `value` with sorted keys (undefined properties dropped, as JSON.stringify does).
 *
 * @example
 * canonicalJson({ b: 1, a: [{ d: 1, c: 2 }] }); // '{"a":[{"c":2,"d":1}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object" && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}
