/** The vitest shim's failed expectation, asymmetric matchers and equality (`toEqual`, `toMatchObject`). */

import { type Constructor, inspect } from "./common.ts";

// ---------------------------------------------------------------------------------------------
// expect

/** A failed expectation. */
export class AssertionError extends Error {
  override name = "AssertionError";
}

/** `expect.any(String)`, `expect.stringMatching(/x/)`, …: matches a class of values inside `toEqual`. */
export abstract class AsymmetricMatcher {
  abstract asymmetricMatch(other: unknown): boolean;
  abstract toString(): string;
  [Symbol.for("Deno.customInspect")](): string {
    return this.toString();
  }
}

export class Any extends AsymmetricMatcher {
  constructor(private readonly type: Constructor) {
    super();
  }
  asymmetricMatch(other: unknown): boolean {
    const type: unknown = this.type;
    if (type === String) return typeof other === "string" || other instanceof String;
    if (type === Number) return typeof other === "number" || other instanceof Number;
    if (type === Boolean) return typeof other === "boolean" || other instanceof Boolean;
    if (type === BigInt) return typeof other === "bigint";
    if (type === Symbol) return typeof other === "symbol";
    if (type === Function) return typeof other === "function";
    if (type === Object) return typeof other === "object" && other !== null;
    return other instanceof this.type;
  }
  toString(): string {
    return `Any<${(this.type as { name?: string }).name ?? "anonymous"}>`;
  }
}

export class Anything extends AsymmetricMatcher {
  asymmetricMatch(other: unknown): boolean {
    return other !== null && other !== undefined;
  }
  toString(): string {
    return "Anything";
  }
}

export class StringMatching extends AsymmetricMatcher {
  constructor(private readonly pattern: string | RegExp) {
    super();
  }
  asymmetricMatch(other: unknown): boolean {
    return typeof other === "string" && new RegExp(this.pattern).test(other);
  }
  toString(): string {
    return `StringMatching ${String(this.pattern)}`;
  }
}

export class StringContaining extends AsymmetricMatcher {
  constructor(private readonly part: string) {
    super();
  }
  asymmetricMatch(other: unknown): boolean {
    return typeof other === "string" && other.includes(this.part);
  }
  toString(): string {
    return `StringContaining ${JSON.stringify(this.part)}`;
  }
}

export class ObjectContaining extends AsymmetricMatcher {
  constructor(private readonly subset: object) {
    super();
  }
  asymmetricMatch(other: unknown): boolean {
    return matchesObject(other, this.subset);
  }
  toString(): string {
    return `ObjectContaining ${inspect(this.subset)}`;
  }
}

export class ArrayContaining extends AsymmetricMatcher {
  constructor(private readonly items: readonly unknown[]) {
    super();
  }
  asymmetricMatch(other: unknown): boolean {
    return Array.isArray(other) && this.items.every((item) => other.some((o) => equals(o, item, false)));
  }
  toString(): string {
    return `ArrayContaining ${inspect(this.items)}`;
  }
}

const tagOf = (value: unknown): string => Object.prototype.toString.call(value);

/** Own enumerable string and symbol keys; `toEqual` leaves out the ones holding `undefined`. */
function keysOf(value: object, strict: boolean): PropertyKey[] {
  const record = value as Record<PropertyKey, unknown>;
  const keys: PropertyKey[] = [
    ...Object.keys(value),
    ...Object.getOwnPropertySymbols(value).filter((s) => Object.prototype.propertyIsEnumerable.call(value, s)),
  ];
  return strict ? keys : keys.filter((key) => record[key] !== undefined);
}

/** vitest's `equals`: `toEqual` when `strict` is false, `toStrictEqual` when true. */
export function equals(a: unknown, b: unknown, strict: boolean, seen: [unknown, unknown][] = []): boolean {
  if (b instanceof AsymmetricMatcher) return b.asymmetricMatch(a);
  if (a instanceof AsymmetricMatcher) return a.asymmetricMatch(b);
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  const tag = tagOf(a);
  if (tag !== tagOf(b)) return false;
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (seen.some(([x, y]) => x === a && y === b)) return true;
  seen = [...seen, [a, b]];
  const eq = (x: unknown, y: unknown) => equals(x, y, strict, seen);

  if (a instanceof Date && b instanceof Date) return Object.is(a.getTime(), b.getTime());
  if (a instanceof RegExp && b instanceof RegExp) return a.source === b.source && a.flags === b.flags;
  if (tag === "[object Number]" || tag === "[object String]" || tag === "[object Boolean]") {
    return Object.is(a.valueOf(), b.valueOf());
  }
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [key, value] of a) {
      if (b.has(key)) {
        if (!eq(value, b.get(key))) return false;
      } else if (![...b].some(([k, v]) => eq(key, k) && eq(value, v))) {
        return false;
      }
    }
    return true;
  }
  if (a instanceof Set && b instanceof Set) {
    if (a.size !== b.size) return false;
    for (const value of a) if (!b.has(value) && ![...b].some((v) => eq(value, v))) return false;
    return true;
  }
  if (ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) {
    const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    return x.length === y.length && x.every((byte, i) => byte === y[i]);
  }
  if (a instanceof ArrayBuffer && b instanceof ArrayBuffer) {
    return eq(new Uint8Array(a), new Uint8Array(b));
  }
  if (a instanceof Error && b instanceof Error) {
    if (a.name !== b.name || a.message !== b.message || !eq(a.cause, b.cause)) return false;
    if (a instanceof AggregateError && b instanceof AggregateError && !eq(a.errors, b.errors)) return false;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      if (strict && Object.hasOwn(a, i) !== Object.hasOwn(b, i)) return false;
      if (!eq(a[i], b[i])) return false;
    }
    return true;
  }
  const aKeys = keysOf(a, strict);
  const bKeys = keysOf(b, strict);
  if (aKeys.length !== bKeys.length) return false;
  const x = a as Record<PropertyKey, unknown>;
  const y = b as Record<PropertyKey, unknown>;
  return aKeys.every((key) => Object.hasOwn(b, key) && eq(x[key], y[key]));
}

/** vitest's `toMatchObject`: every property of `expected` is in `actual` (recursively); arrays match whole. */
export function matchesObject(actual: unknown, expected: unknown): boolean {
  if (expected instanceof AsymmetricMatcher) return expected.asymmetricMatch(actual);
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((e, i) => matchesObject(actual[i], e))
    );
  }
  if (expected !== null && typeof expected === "object" && tagOf(expected) === "[object Object]") {
    if (actual === null || typeof actual !== "object") return false;
    const x = actual as Record<PropertyKey, unknown>;
    const y = expected as Record<PropertyKey, unknown>;
    return keysOf(expected, true).every((key) => key in actual && matchesObject(x[key], y[key]));
  }
  return equals(actual, expected, false);
}
